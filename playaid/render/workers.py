"""A process pool for rendering whose workers never outlive the run.

Two leaks this prevents:
- Pool workers blocked on their task queue do not notice when the main process is
  killed (with `fork` they hold the queue's other end themselves), so they would idle
  on, 100 MB each. Each worker asks the kernel for a signal when its parent dies
  (Linux), and also watches its parent id (everywhere else).
- WeasyPrint copies fonts into a `weasyprint-*` temporary folder that it removes only
  when its font configuration is garbage-collected, which a pool worker's exit skips.
  The workers' temporary files go to one scratch folder that the pool removes when it
  closes, and that a worker removes when its parent dies.
"""

from __future__ import annotations

import ctypes
import multiprocessing
import os
import shutil
import signal
import sys
import tempfile
import threading
import time
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager
from typing import Iterator

_PR_SET_PDEATHSIG = 1
_WATCH_SECONDS = 0.5


@contextmanager
def render_pool(workers: int) -> Iterator[ProcessPoolExecutor]:
    """A pool of `workers` processes, shut down and cleaned up when the block ends."""
    scratch = tempfile.mkdtemp(prefix="playaid-render-")
    # Fork where there is one: workers start with WeasyPrint already imported.
    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("fork" if "fork" in methods else None)
    try:
        with ProcessPoolExecutor(max_workers=workers, mp_context=context, initializer=_start_worker,
                                 initargs=(os.getpid(), scratch)) as pool:
            yield pool
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def _start_worker(parent: int, scratch: str) -> None:
    """Pool initializer: temporary files into `scratch`; end (and clear it) when `parent` does."""
    tempfile.tempdir = scratch

    def leave(*_args) -> None:
        shutil.rmtree(scratch, ignore_errors=True)
        os._exit(1)

    # Ctrl-C and a hung-up terminal reach every process of the group: the parent stops the
    # run and cleans up (see `playaid.stopping`); a worker just leaves, without a traceback
    for name in ("SIGTERM", "SIGINT", "SIGHUP"):
        if hasattr(signal, name):
            signal.signal(getattr(signal, name), leave)
    if sys.platform.startswith("linux"):
        try:
            ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_PDEATHSIG, signal.SIGTERM)
        except (OSError, AttributeError):
            pass  # the watcher below still notices, a moment later
    if os.getppid() != parent:  # the parent died before the request took effect
        leave()
    threading.Thread(target=_watch, args=(parent, leave), daemon=True, name="parent-watch").start()


def _watch(parent: int, leave) -> None:
    while os.getppid() == parent:
        time.sleep(_WATCH_SECONDS)
    leave()
