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
"""

from __future__ import annotations

import os
import signal
import threading
from types import FrameType

RETRY_SECONDS = 0.05
HANDLED = ("SIGINT", "SIGTERM", "SIGHUP")


class Stopped(SystemExit):
    """SIGTERM or SIGHUP: exit with the shell's code for a signal, 128 + its number."""


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
    if signum == signal.SIGINT:
        raise KeyboardInterrupt
    # once unwinding has begun, a second request must not cut the cleanup short
    for name in HANDLED[1:]:
        signal.signal(getattr(signal, name), signal.SIG_IGN)
    raise Stopped(128 + signum)


def install() -> None:
    """Handle every stop signal this platform has alike; call from the main thread."""
    for name in HANDLED:
        number = getattr(signal, name, None)
        if number is not None:
            signal.signal(number, _stop)
