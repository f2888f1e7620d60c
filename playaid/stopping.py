"""Stopping a run the same way whichever signal asks: Ctrl-C, SIGTERM or a hung-up terminal.

Python turns only Ctrl-C (SIGINT) into an exception; SIGTERM and SIGHUP end the process
on the spot, so an interrupted packet left its `.part` files in the output folder and
WeasyPrint's and our temporary folders (holding the cast's YAML) behind. Here all three
unwind the stack, so every `finally`, batch and temporary folder cleans up as for Ctrl-C.

A signal is handled between two bytecodes of whatever runs, which may be a finalizer
(WeasyPrint's `FontConfiguration.__del__`, run by the garbage collector mid-render):
an exception raised there is printed as "Exception ignored in …" with a traceback and
then lost, and the run goes on. So a signal that lands in a finalizer is sent again a
moment later, when the finalizer has returned.

While the main thread waits on a pool of render workers, an exception raised at a random
bytecode of `concurrent.futures` (or of a fork handler) escapes as a traceback of the
library's own. There the signal is `deferred`: it ends the workers, the wait breaks with the
pool's own error, and the pool's block raises the stop once it has unwound.
"""

from __future__ import annotations

import os
import signal
import threading
from contextlib import contextmanager
from types import FrameType
from typing import Callable, Iterator

RETRY_SECONDS = 0.05
HANDLED = ("SIGINT", "SIGTERM", "SIGHUP")


class Stopped(SystemExit):
    """SIGTERM or SIGHUP: exit with the shell's code for a signal, 128 + its number."""


class Deferral:
    """A stop asked for while a block waits on workers: `ended()` makes the workers leave and
    says whether there were any to end; `signum` is the signal, once one came."""

    def __init__(self, ended: Callable[[], bool]):
        self.ended = ended
        self.signum: int | None = None

    def stop(self) -> None:
        """Raise the stop that was asked for, as `_stop` would have; nothing if none was."""
        if self.signum is not None:
            raise _exception(self.signum)


_deferrals: list[Deferral] = []


@contextmanager
def deferred(ended: Callable[[], bool]) -> Iterator[Deferral | None]:
    """Within the block, a stop signal calls `ended` instead of raising; the block's owner
    calls `stop()` when it has unwound. Only where `install` handles the signals, on the main
    thread (a studio's or a test's pool keeps its host's own handling): else None."""
    if threading.current_thread() is not threading.main_thread() or signal.getsignal(signal.SIGINT) is not _stop:
        yield None
        return
    deferral = Deferral(ended)
    _deferrals.append(deferral)
    try:
        yield deferral
    finally:
        _deferrals.remove(deferral)


def _exception(signum: int) -> BaseException:
    return KeyboardInterrupt() if signum == signal.SIGINT else Stopped(128 + signum)


def _in_finalizer(frame: FrameType | None) -> bool:
    while frame is not None:
        if frame.f_code.co_name == "__del__":
            return True
        frame = frame.f_back
    return False


def _stop(signum: int, frame: FrameType | None) -> None:
    if _in_finalizer(frame):
        threading.Timer(RETRY_SECONDS, os.kill, (os.getpid(), signum)).start()
        return
    if signum != signal.SIGINT:
        # once unwinding has begun, a second request must not cut the cleanup short; a Python
        # handler that does nothing, not SIG_IGN: a signal already caught but not yet handled
        # would find SIG_IGN and be reported as "ignored due to race condition"
        for name in HANDLED[1:]:
            signal.signal(getattr(signal, name), _already_stopping)
    if _deferrals and _deferrals[-1].signum is None:
        deferral = _deferrals[-1]
        deferral.signum = signum
        if deferral.ended():
            return  # the wait on the workers breaks; their block raises the stop
    raise _exception(signum)


def _already_stopping(signum: int, frame: FrameType | None) -> None:
    """A stop asked again while the first one unwinds: the first one goes on."""


def _leave(signum: int, frame: FrameType | None) -> None:
    os._exit(128 + signum)


def _in_child() -> None:
    """A forked child (a render worker being made) leaves at once on a stop signal until it
    sets its own handling: the parent's handler would unwind the parent's copy of the run,
    and a worker's own scratch is removed by the parent. Still a Python handler, for the
    reason `_already_stopping` gives."""
    _deferrals.clear()
    for name in HANDLED:
        number = getattr(signal, name, None)
        if number is not None and signal.getsignal(number) in (_stop, _already_stopping):
            signal.signal(number, _leave)


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_in_child)


def install() -> None:
    """Handle every stop signal this platform has alike; call from the main thread."""
    for name in HANDLED:
        number = getattr(signal, name, None)
        if number is not None:
            signal.signal(number, _stop)
