"""Telling an add-on's failure from playaid's own, and from the user's wish to stop.

- An add-on's code that fails leaves its frames in the traceback (`Registry.culprit`); a
  failure in playaid's code while it works on an add-on's data (a `tables()` of the wrong
  type, a missing `build`, a missing template) does not, so that work runs inside
  `working_for(game, step)`, which marks what escapes with the game and the step.
- The same block bounds an add-on's step in time (`PLAYAID_ADD_ON_SECONDS`): odds that never
  end must not hang `playaid demo` for every game.
- An add-on's import that calls `sys.exit` or raises KeyboardInterrupt is its own failure,
  but a Ctrl-C (or SIGTERM) that lands while it loads is the user's: `exits_as_errors` tells
  them apart by listening for the signal itself while the import runs.
"""

from __future__ import annotations

import os
import signal
import threading
from contextlib import contextmanager
from typing import Callable, Iterator

SECONDS = "PLAYAID_ADD_ON_SECONDS"
"""Set in the environment: how long one step of an add-on may take, in seconds (0: no bound)."""
DEFAULT_SECONDS = 60.0
"""A built-in's slowest step (a packet's odds handout) takes a few seconds; a minute is no hang."""
_MARK = "_playaid_add_on"
_STOPS = ("SIGINT", "SIGTERM", "SIGHUP")
_bounded = False
"""Whether an outer step already holds the timer: a step within it counts against the same bound."""


class StrayExit(ImportError):
    """An add-on's import asked the program to end: a failure of the add-on, not a wish to stop."""


class RanOver(BaseException):
    """Raised into an add-on's running step when its time is up: not an Exception, so an
    add-on's `except Exception` does not swallow it; `working_for` turns it into `TooSlow`."""


class TooSlow(RuntimeError):
    """An add-on's step took longer than its bound."""


def bound() -> float:
    """Seconds one step of an add-on may take, from the environment; 0 for no bound."""
    try:
        return max(0.0, float(os.environ.get(SECONDS, DEFAULT_SECONDS)))
    except ValueError:
        return DEFAULT_SECONDS


def marked(exc: BaseException) -> tuple[str, str] | None:
    """(game, step) of the `working_for` block an exception (or one it came from) escaped."""
    seen = set()
    while exc is not None and id(exc) not in seen:
        seen.add(id(exc))
        if getattr(exc, _MARK, None):
            return getattr(exc, _MARK)
        exc = exc.__cause__ or exc.__context__
    return None


@contextmanager
def working_for(game: str, step: str, built_in: bool) -> Iterator[None]:
    """Work on add-on `game`'s behalf at `step`: what escapes is marked as the add-on's
    (the innermost block names it; an attribute, so it crosses a worker process's pickling)
    and the work is stopped once it runs over `bound()`. A built-in's work runs as it is."""
    global _bounded
    if built_in:
        yield
        return
    seconds = bound()
    # a timer needs the main thread of a process (a render worker's task runs in its own)
    armed = bool(seconds) and not _bounded and hasattr(signal, "setitimer") \
        and threading.current_thread() is threading.main_thread()
    if armed:
        def over(_signum, _frame):
            raise RanOver()

        previous = signal.signal(signal.SIGALRM, over)
        signal.setitimer(signal.ITIMER_REAL, seconds)
        _bounded = True
    try:
        yield
    except RanOver:
        raise _mark(TooSlow(f"its {step} ran over {seconds:g} s, the time one step of an add-on may take "
                            f"(set {SECONDS} to change it)"), game, step) from None
    except Exception as exc:
        _mark(exc, game, step)
        raise
    finally:
        if armed:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, previous)
            _bounded = False


def _mark(exc: BaseException, game: str, step: str) -> BaseException:
    if marked(exc) is None:
        setattr(exc, _MARK, (game, step))
    return exc


@contextmanager
def exits_as_errors(what: str) -> Iterator[None]:
    """Import `what` (an add-on's module): SystemExit or KeyboardInterrupt raised by the
    import itself becomes a `StrayExit`; one raised because a stop signal arrived meanwhile
    (the user's Ctrl-C, a SIGTERM) goes on stopping the program."""
    seen: list[int] = []
    restore = _listen(seen)
    try:
        yield
    except (SystemExit, KeyboardInterrupt) as exc:
        if seen:
            raise
        asked = f"sys.exit({exc.code!r})" if isinstance(exc, SystemExit) else type(exc).__name__
        raise StrayExit(f"importing {what} raised {asked}") from None
    finally:
        restore()


def _listen(seen: list[int]) -> Callable[[], None]:
    """Note each stop signal in `seen` before its handler runs; → what undoes it. Only the
    main thread gets signals (elsewhere a KeyboardInterrupt is always the code's own), and a
    signal left to the system (SIG_DFL, SIG_IGN) raises nothing in Python to mistake."""
    if threading.current_thread() is not threading.main_thread():
        return lambda: None
    kept = {}
    for name in _STOPS:
        number = getattr(signal, name, None)
        handler = signal.getsignal(number) if number is not None else None
        if callable(handler):
            kept[number] = handler
            signal.signal(number, _noting(seen, handler))

    def restore() -> None:
        for number, handler in kept.items():
            signal.signal(number, handler)

    return restore


def _noting(seen: list[int], handler: Callable) -> Callable:
    def noted(signum, frame):
        seen.append(signum)
        return handler(signum, frame)

    return noted
