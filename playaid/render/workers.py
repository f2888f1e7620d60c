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
from concurrent.futures import CancelledError, InvalidStateError, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from contextlib import contextmanager
from typing import Iterator

from .. import stopping

_PR_SET_PDEATHSIG = 1
_WATCH_SECONDS = 0.5


@contextmanager
def render_pool(workers: int) -> Iterator[ProcessPoolExecutor]:
    """A pool of `workers` processes, shut down and cleaned up when the block ends."""
    scratch = tempfile.mkdtemp(prefix="playaid-render-")
    # Fork where there is one: workers start with WeasyPrint already imported.
    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("fork" if "fork" in methods else None)
    hook = threading.excepthook
    threading.excepthook = _quiet_about_cancelled(hook)
    running: list[ProcessPoolExecutor] = []
    try:
        with stopping.deferred(lambda: _end_workers(running)) as asked:
            with ProcessPoolExecutor(max_workers=workers, mp_context=context, initializer=_start_worker,
                                     initargs=(os.getpid(), scratch)) as pool:
                running.append(pool)
                try:
                    yield pool
                except (BrokenProcessPool, CancelledError):
                    if asked is None or asked.signum is None:
                        raise  # a worker that died of its own accord: the caller's to report
            if asked is not None:
                asked.stop()  # the pool has unwound: now the run stops as the signal asked
    finally:
        threading.excepthook = hook  # the pool's thread is joined by now
        shutil.rmtree(scratch, ignore_errors=True)


def _end_workers(running: list[ProcessPoolExecutor]) -> bool:
    """Called from the stop signal's handler: each worker leaves (its SIGTERM handler), so the
    pool breaks and the main thread's wait on it ends. Whether there was a worker to end."""
    processes = list(getattr(running[0], "_processes", None) or {}) if running else []
    for pid in processes:
        try:
            os.kill(pid, signal.SIGTERM)
        except OSError:
            pass  # it has left already
    return bool(processes)


def _quiet_about_cancelled(hook):
    """A thread exception hook that lets one known race pass in silence: when a stop signal
    reaches the workers (they leave) and the parent (it cancels what was queued) at once, the
    pool's manager thread marks an already cancelled future as broken, and CPython before 3.12
    raises InvalidStateError there, printed as a traceback after the run has stopped cleanly."""
    def quiet(args) -> None:
        if isinstance(args.exc_value, InvalidStateError) and type(args.thread).__name__ == "_ExecutorManagerThread":
            return
        hook(args)

    return quiet


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
