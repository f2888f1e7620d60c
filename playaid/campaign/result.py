"""A resolved roll (or event) written into the GM's own files, and into the journal."""

from __future__ import annotations

from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterator

from ..systems.play import Resolution
from .edits import FileChange, Plan, plain
from .journal import commit, now, recover
from .lock import table_lock
from .store import CampaignError, Store, table_folder

PACKAGE = Path(__file__).resolve().parents[1]

DICE_FROM = ("seed", "dice", "ask", "scene", "studio", "none")
"""Where a roll's dice came from: drawn with a seed, typed with --dice, asked one by one,
listed in the scene (`dice:`), clicked in the studio, or no dice at all (an event)."""


def apply_result(scene_path: Path, result: Resolution, *, command: str, dice_from: str, seed: int | None,
                 scene_text: str | None = None) -> list[FileChange]:
    """Write `result.changes` into the files the scene and its setup name, in place, as one
    journalled step; return every value changed (file, field, before, after).

    Takes the table's lock (re-entrant: a caller may already hold it, as `playaid roll`
    does while it resolves), finishes or rolls back an entry a killed run left, appends the
    entry (the command, when, the dice and where they came from, the outcome, the rule
    steps, each change, each file's old and new hash), writes the files atomically, and
    marks the entry done. `scene_text`, when given, is the scene's YAML read instead of the
    file at `scene_path`; the path still anchors relative file names and the journal.
    A roll that changes nothing is journalled too (its dice are kept). Raises
    `CampaignError` (nothing changed) when a change cannot be written.
    """
    if dice_from not in DICE_FROM:
        raise ValueError(f"dice_from must be one of {', '.join(DICE_FROM)}, not {dice_from!r}")
    scene_path = Path(scene_path)
    store = Store(table_of(scene_path))
    with table_lock(store.folder, command):
        recover(store)
        plan = Plan(scene_path, scene_text)
        plan.apply(result.changes)
        record = {"at": now(), "kind": _kind(command), "command": command,
                  "scene": store.relative(scene_path), "system": result.system,
                  "dice": _dice(result, dice_from, seed), "outcome": result.outcome, "summary": result.summary,
                  "steps": [s.text for s in result.steps],
                  "changes": [_change(store, c) for c in plan.changes]}
        if scene_text is not None:
            record["scene_text"] = scene_text
        commit(store, record, plan.writes())
    return plan.changes


@contextmanager
def at_table(scene_path: Path, command: str) -> Iterator[list[str]]:
    """The lock of the scene's table, held while a roll is resolved and applied so no other
    writer changes the files between the reading and the writing; an entry a killed run
    left unfinished is settled first. Yields what settling it said (usually nothing)."""
    folder = table_of(scene_path)
    with table_lock(folder, command):
        yield recover(Store(folder))


def table_of(scene_path: Path) -> Path:
    """The table folder whose files and journal a scene's changes go to (`table_folder`),
    refused for playaid's own bundled examples: play changes a GM's copy, never those."""
    folder = table_folder(Path(scene_path).parent)
    if folder.resolve().is_relative_to(PACKAGE):
        raise CampaignError(f"{scene_path} is one of playaid's own bundled examples, which play never changes: "
                            "copy them with `playaid examples` and apply to the copy")
    return folder


def _kind(command: str) -> str:
    """What made the entry, for the log: the command's name (`playaid roll …` → "roll")."""
    words = command.split()
    return words[1] if len(words) > 1 and words[0] == "playaid" and words[1].isalpha() else "change"


def _dice(result: Resolution, dice_from: str, seed: int | None) -> dict[str, Any]:
    return {"from": dice_from, "seed": seed,
            "rolled": [{"value": r.value, "sides": r.sides, "for": r.describe()} for r in result.rolled]}


def _change(store: Store, change: FileChange) -> dict[str, Any]:
    return {"file": store.relative(change.file), "field": change.field, "before": plain(change.before),
            "after": plain(change.after), "who": change.who, "text": change.text}
