"""Undo and redo by content: the journal's copies of each file put back, byte for byte.

The journal is read as two stacks. Every applied roll or event goes on the *applied*
stack (and empties the *undone* one, as in an editor). `undo` takes the newest applied
entry, puts back the bytes each of its files held before it, and moves it to the undone
stack; `undo --redo` takes the most recently undone entry and writes its files' new bytes
again. Undo and redo are themselves journal entries (`"undoes": N`, `"redoes": N`), made
the same write-ahead way, so they survive a kill and can be read in the log.

Before anything is written, every file must hold exactly the bytes the journal says the
entry left (for a redo: the bytes it found). A file edited by hand since is named and the
undo refused, unless forced; the hand-edited bytes are then kept in the journal's objects.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from .journal import State, commit, now, read, recover
from .lock import table_lock
from .store import CampaignError, Store, digest, table_folder


def stacks(state: State) -> tuple[list[int], list[int]]:
    """The applied entries, oldest first, and the undone ones, most recently undone last."""
    applied: list[int] = []
    undone: list[int] = []
    for entry in state.applied():
        if "undoes" in entry:
            _drop(applied, entry["undoes"])
            undone.append(entry["undoes"])
        elif "redoes" in entry:
            _drop(undone, entry["redoes"])
            applied.append(entry["redoes"])
        else:
            applied.append(entry["entry"])
            undone.clear()
    return applied, undone


def _drop(stack: list[int], number: int) -> None:
    if number in stack:
        stack.remove(number)


def undo(folder: Path, *, steps: int = 1, redo: bool = False, force: bool = False,
         command: str = "") -> list[dict[str, Any]]:
    """Undo (or, with `redo`, redo) the last `steps` entries of the table in `folder`; return
    the journal entries this made, one per step. Raises `CampaignError`, having changed
    nothing, when there are fewer entries to undo than asked or a file was edited by hand
    since (unless `force`)."""
    store = Store(table_folder(folder))
    if not store.journal.exists():
        raise CampaignError(f"no journal in {store.folder}: nothing was applied here yet "
                            "(`playaid roll SCENE --apply` starts one)")
    with table_lock(store.folder, command):
        recover(store)
        state = read(store)
        applied, undone = stacks(state)
        stack = undone if redo else applied
        word = "redo" if redo else "undo"
        if len(stack) < steps:
            have = f"only {len(stack)}" if stack else "no"
            raise CampaignError(f"the journal of {store.folder} has {have} entr{'y' if len(stack) == 1 else 'ies'} "
                                f"to {word}; nothing was changed")
        by_number = {e["entry"]: e for e in state.entries}
        targets = [by_number[n] for n in reversed(stack[-steps:])]
        _check(store, targets, redo, force)
        made = []
        for target in targets:
            made.append(commit(store, _record(target, redo, command), _writes(store, target, redo)))
    return made


def _check(store: Store, targets: list[dict[str, Any]], redo: bool, force: bool) -> None:
    """Refuse, naming each file, when a file does not hold what the journal left in it."""
    current: dict[str, str | None] = {}
    edited = []
    for target in targets:
        for f in target.get("files", []):
            name = f["path"]
            if name not in current:
                try:
                    current[name] = digest(store.path(name).read_bytes())
                except FileNotFoundError:
                    current[name] = None
            want = f["old"] if redo else f["new"]
            if current[name] != want and name not in {e for e, _ in edited}:
                edited.append((name, target["entry"]))
            current[name] = f["new"] if redo else f["old"]
    if edited and not force:
        said = "; ".join(f"{store.path(name)} is not as entry {n} left it" for name, n in edited)
        raise CampaignError(f"{said} (edited by hand since?): {'redoing' if redo else 'undoing'} would lose that "
                            "edit; nothing was changed. Give --force to put the journal's bytes back anyway "
                            "(the edited bytes are kept in the journal)")


def _writes(store: Store, target: dict[str, Any], redo: bool) -> dict[Path, bytes]:
    return {store.path(f["path"]): store.get(f["new"] if redo else f["old"]) for f in target.get("files", [])}


def _record(target: dict[str, Any], redo: bool, command: str) -> dict[str, Any]:
    changes = target.get("changes", [])
    if not redo:
        changes = [{**c, "before": c.get("after"), "after": c.get("before")} for c in reversed(changes)]
    return {"at": now(), "kind": "redo" if redo else "undo", ("redoes" if redo else "undoes"): target["entry"],
            "command": command, "scene": target.get("scene", ""), "changes": changes}
