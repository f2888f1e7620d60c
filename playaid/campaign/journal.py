"""Changing the GM's files as one journalled step: write-ahead, apply, mark done.

1. Every old and new version of each file goes into `.playaid/objects/` (synced).
2. The entry — what happened and, per file, the hash of its bytes before and after — is
   appended to the journal and synced. From here on the change is decided.
3. Each file is replaced by its new bytes (temporary file + rename: old or new, never a mix).
4. `{"done": N}` is appended.

A process killed anywhere leaves each file old or new. `recover`, run under the table's
lock before any command changes or reads the table, finishes an entry that has no "done":
it writes the new version of each file still old, then marks it done (`"recovered":
"finished"`); if a file holds neither version (edited by hand since), nothing more is
written, the files already new are put back, and the entry is marked rolled back.
"""

from __future__ import annotations

import glob
import os
import re
import time
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from .store import CampaignError, Store, digest, write_atomic

HASH = re.compile(r"[0-9a-f]{64}")


def now() -> str:
    """The one clock read of an entry, in UTC to the second (SOURCE_DATE_EPOCH, when set,
    stands in for the clock, so the same rolls give the same journal bytes)."""
    fixed = os.environ.get("SOURCE_DATE_EPOCH", "")
    moment = datetime.fromtimestamp(int(fixed), timezone.utc) if fixed.isdigit() else datetime.now(timezone.utc)
    return moment.strftime("%Y-%m-%dT%H:%M:%SZ")


def pause(point: str) -> None:
    """A test hook: with PLAYAID_TEST_PAUSE_AT naming this point ("intent", "wrote-1", …,
    "files"), leave a mark in PLAYAID_TEST_PAUSE_DIR and wait there, so a test can kill the
    process at exactly this point (or, with PLAYAID_TEST_PAUSE_SECONDS, let it go on)."""
    if os.environ.get("PLAYAID_TEST_PAUSE_AT") != point:
        return
    marks = os.environ.get("PLAYAID_TEST_PAUSE_DIR")
    if marks:
        Path(marks, point).write_text(str(os.getpid()), encoding="utf-8")
    time.sleep(float(os.environ.get("PLAYAID_TEST_PAUSE_SECONDS", "60")))


@dataclass
class State:
    """The journal read through: its entries in order and how each ended."""

    entries: list[dict[str, Any]] = field(default_factory=list)
    status: dict[int, str] = field(default_factory=dict)
    """Entry number → "done", "finished" (by recovery), "rolled-back" or "pending"."""

    @property
    def last(self) -> int:
        return self.entries[-1]["entry"] if self.entries else 0

    def applied(self) -> list[dict[str, Any]]:
        """The entries whose files were changed (done or finished by recovery)."""
        return [e for e in self.entries if self.status[e["entry"]] in ("done", "finished")]


def read(store: Store) -> State:
    state = State()
    for number, record in store.records():
        if "entry" in record and isinstance(record["entry"], int):
            _check_entry(store, number, record)
            state.entries.append(record)
            state.status[record["entry"]] = "pending"
        elif isinstance(record.get("done"), int) and record["done"] in state.status:
            state.status[record["done"]] = "finished" if record.get("recovered") else "done"
        elif isinstance(record.get("rolled_back"), int) and record["rolled_back"] in state.status:
            state.status[record["rolled_back"]] = "rolled-back"
    return state


def _check_entry(store: Store, line: int, record: dict[str, Any]) -> None:
    """Refuse an entry whose files are not as this module writes them (a journal edited by
    hand): undo and recovery would otherwise act on it."""
    files = record.get("files", [])
    ok = isinstance(files, list) and all(
        isinstance(f, dict) and isinstance(f.get("path"), str) and f["path"]
        and all(isinstance(f.get(k), str) and HASH.fullmatch(f[k]) for k in ("old", "new")) for f in files)
    if not ok:
        raise CampaignError(f"{store.journal}:{line}: entry {record['entry']} does not list its files as "
                            "{\"path\": …, \"old\": <sha256>, \"new\": <sha256>}; the journal was edited by hand — "
                            "put the line back as it was (docs/journal.md describes it)")


def _current(store: Store, name: str) -> str | None:
    try:
        return digest(store.path(name).read_bytes())
    except FileNotFoundError:
        return None


def commit(store: Store, record: dict[str, Any], writes: dict[Path, bytes]) -> dict[str, Any]:
    """Journal `record` with the files of `writes` and change them (the caller holds the lock
    and ran `recover`). Returns the entry as journalled."""
    store.ensure()
    files = []
    for path, data in writes.items():
        try:
            old = path.read_bytes()
        except OSError as exc:
            raise CampaignError(f"cannot read {path}: {exc.strerror or exc}; nothing was changed") from None
        files.append({"path": store.relative(path), "old": store.put(old), "new": store.put(data)})
    entry = {"entry": read(store).last + 1, **record, "files": files}
    store.append(entry)
    pause("intent")
    for i, (path, data) in enumerate(writes.items(), 1):
        write_atomic(path, data)
        pause(f"wrote-{i}")
    pause("files")
    store.append({"done": entry["entry"]})
    return entry


def recover(store: Store) -> list[str]:
    """Finish or roll back every entry a killed process left without "done" (see the module's
    note); return a sentence for each, for the command to say."""
    if not store.journal.exists():
        return []
    said = []
    if store.mend_tail():
        said.append(f"{store.journal}: removed a half-written last line (its change never started)")
    state = read(store)
    for entry in state.entries:
        if state.status[entry["entry"]] == "pending":
            said.append(_settle(store, entry))
    return said


def _clear_parts(store: Store, files: list[dict[str, Any]]) -> None:
    """Remove the temporary files a kill in the middle of `write_atomic` left beside the files
    of an unfinished entry (under the lock, no one else is writing them)."""
    for f in files:
        target = Path(os.path.realpath(store.path(f["path"])))
        for part in target.parent.glob(f".{glob.escape(target.name)}.*.part"):
            try:
                part.unlink()
            except OSError:
                pass


def _settle(store: Store, entry: dict[str, Any]) -> str:
    number, files = entry["entry"], entry.get("files", [])
    _clear_parts(store, files)
    where = {f["path"]: _current(store, f["path"]) for f in files}
    strange = [f["path"] for f in files if where[f["path"]] not in (f["old"], f["new"])]
    if not strange:
        for f in files:
            if where[f["path"]] != f["new"]:
                write_atomic(store.path(f["path"]), store.get(f["new"]))
        store.append({"done": number, "recovered": "finished", "at": now()})
        return f"entry {number} ({_what(entry)}) was cut short; finished it: every file it names is now changed"
    for f in files:
        if where[f["path"]] == f["new"]:
            write_atomic(store.path(f["path"]), store.get(f["old"]))
    store.append({"rolled_back": number, "edited": strange, "at": now()})
    return (f"entry {number} ({_what(entry)}) was cut short and {', '.join(strange)} changed since; "
            "rolled it back: the other files hold what they held before it")


def _what(entry: dict[str, Any]) -> str:
    return f"{entry.get('kind', 'change')} {entry.get('scene', '')}".strip()
