"""One writer at a time per table: the lock file `.playaid/lock`.

The file is created with `O_EXCL` (only one process can create it) and holds who made it:
the machine, the process id, the command and when. A second writer waits for it to go
(`PLAYAID_LOCK_WAIT` seconds, 10 by default) and is then refused with a message naming the
holder. A lock whose process no longer runs on this machine is stale (a kill -9, a crash)
and is taken over; so is an empty lock file older than a minute (killed between creating
the file and writing into it). The lock is re-entrant within one process, so `playaid roll`
can hold it while it reads the files and resolves, and `apply_result` take it again (in
the same thread: two threads of one process exclude each other like two processes).
"""

from __future__ import annotations

import json
import os
import socket
import threading
import time
from contextlib import contextmanager
from datetime import datetime, timezone
from pathlib import Path
from typing import Iterator

from .store import HIDDEN, CampaignError, Store

WAIT = 10.0
_held: dict[tuple[str, int], int] = {}
"""(folder, thread) pairs holding the lock of a folder, with how many times it was taken: another
thread of the same process (the studio's) waits on the lock file like another process."""


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError, OSError):
        return True  # someone else's process, or a number we cannot ask about: assume it runs
    return True


def _holder(path: Path) -> dict | None:
    """What the lock file says, {} when it is empty or unreadable, None when it is gone."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return None
    except OSError:
        return {}
    try:
        found = json.loads(text)
    except ValueError:
        return {}
    return found if isinstance(found, dict) else {}


def _stale(path: Path, holder: dict) -> bool:
    if not holder:
        try:
            return time.time() - path.stat().st_mtime > 60
        except FileNotFoundError:
            return True
    pid = holder.get("pid")
    return holder.get("host") == socket.gethostname() and isinstance(pid, int) and not _alive(pid)


def _wait() -> float:
    try:
        return max(0.0, float(os.environ.get("PLAYAID_LOCK_WAIT", WAIT)))
    except ValueError:
        return WAIT


@contextmanager
def table_lock(folder: Path, command: str = "", wait: float | None = None) -> Iterator[None]:
    """Hold the lock of the table in `folder` for the `with` block (see the module's note);
    `wait` seconds at most for another holder (PLAYAID_LOCK_WAIT, or 10, by default)."""
    store = Store(folder)
    key = (os.path.abspath(store.folder), threading.get_ident())  # re-entrant per thread, not per process
    if _held.get(key):
        _held[key] += 1
        try:
            yield
        finally:
            _held[key] -= 1
        return
    store.ensure()
    path = store.hidden / "lock"
    me = json.dumps({"pid": os.getpid(), "host": socket.gethostname(), "command": command,
                     "since": datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")})
    deadline = time.monotonic() + (_wait() if wait is None else wait)
    while True:
        try:
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
        except FileExistsError:
            holder = _holder(path)
            if holder is None:
                continue  # let go between our two looks: try again at once
            if _stale(path, holder):
                _take_over(path, holder)
                continue
            if time.monotonic() >= deadline:
                raise CampaignError(_busy(folder, holder)) from None
            time.sleep(0.05)
            continue
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(me)
            f.flush()
            os.fsync(f.fileno())
        break
    _held[key] = 1
    try:
        yield
    finally:
        _held.pop(key, None)
        try:
            os.unlink(path)
        except FileNotFoundError:
            pass


def _take_over(path: Path, stale: dict) -> None:
    """Remove the stale lock, unless another process took it over first: two processes that
    both saw it stale must not remove each other's new lock, so breaking one is itself
    done by one process at a time (`lock.break`, made with O_EXCL)."""
    guard = path.with_name("lock.break")
    try:
        os.close(os.open(guard, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644))
    except FileExistsError:
        try:
            if time.time() - guard.stat().st_mtime > 60:  # a breaker killed in the act
                os.unlink(guard)
        except FileNotFoundError:
            pass
        time.sleep(0.05)
        return
    try:
        if _holder(path) == stale:
            os.unlink(path)
    except FileNotFoundError:
        pass
    finally:
        os.unlink(guard)


def _busy(folder: Path, holder: dict) -> str:
    who = f"process {holder.get('pid', '?')} on {holder.get('host', '?')}"
    what = f" (`{holder['command']}`, since {holder.get('since', '?')})" if holder.get("command") else ""
    return (f"another playaid is changing the files of the table in {folder}: {who}{what}; wait for it to "
            f"finish and try again; if no playaid runs any more, remove {Path(folder) / HIDDEN / 'lock'}")
