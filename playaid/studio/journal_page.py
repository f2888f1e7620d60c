"""The table's journal for the studio: what "Apply" wrote, the timeline, undo and redo.

Everything goes through `playaid.campaign`, the library behind `playaid roll --apply`,
`playaid journal` and `playaid undo`: the studio and a terminal share one journal and one
lock, so a step applied on either side is undone from either side.
"""

from __future__ import annotations

import shlex
from pathlib import Path
from typing import Any

from ..campaign import CampaignError, apply_result, at_table, table_folder, undo
from ..play import resolve_scene

SHOWN = 12
"""Entries the timeline shows, newest first; `playaid journal` prints them all."""


def apply(path: Path, rel: str, typed: list[int], folder: Path) -> tuple[list[str], str]:
    """Resolve the scene at `path` with the dice clicked and write it into the files in
    place, journalled as `playaid roll REL --apply --dice …` would: the changes (files named
    from the studio's `folder`), or why none."""
    line = shlex.join(["playaid", "roll", rel, "--apply", "--dice", ",".join(map(str, typed))])
    try:
        with at_table(path, line):
            result, problems, _ = resolve_scene(path, None, typed)
            if result is None:
                return [], "; ".join(p.message for p in problems if p.is_error)
            changed = apply_result(path, result, command=line, dice_from="studio", seed=None)
    except CampaignError as exc:
        return [], str(exc)
    lines = [c.line(_inside(c.file, folder)) for c in changed]
    return lines, "" if lines else "nothing changed on the sheets (the roll is in the journal)"


def _inside(path: Path, folder: Path) -> str:
    try:
        return Path(path).resolve().relative_to(folder.resolve()).as_posix()
    except ValueError:
        return Path(path).name


def timeline(path: Path) -> dict[str, Any]:
    """The newest journal entries of the table the scene at `path` belongs to."""
    from ..campaign.log import entries, load

    try:
        _, state, _ = load(path.parent)
    except CampaignError:
        return {"entries": [], "can_undo": False, "can_redo": False}
    from ..campaign.history import stacks

    applied, undone = stacks(state)
    shown = []
    for e in reversed(entries(state)[-SHOWN:]):
        shown.append({"entry": e["entry"], "at": str(e.get("at", "")).replace("T", " ").replace("Z", " UTC"),
                      "kind": e.get("kind", ""), "scene": e.get("scene", ""), "outcome": e.get("outcome", ""),
                      "undone": bool(e.get("undone")), "status": e.get("status", ""),
                      "files": len(e.get("files", []))})
    return {"entries": shown, "can_undo": bool(applied), "can_redo": bool(undone)}


def take_back(path: Path, folder: Path, redo: bool) -> tuple[list[str], str]:
    """Undo (or redo) the last step of the table the scene at `path` belongs to, as `playaid
    undo` does: what was restored, or why nothing was."""
    words = ["playaid", "undo", _inside(table_folder(path.parent), folder) or "."] + (["--redo"] if redo else [])
    try:
        made = undo(path.parent, redo=redo, command=shlex.join(words))
    except CampaignError as exc:
        return [], str(exc)
    return [f"{'Redid' if redo else 'Undid'} entry {e.get('redoes', e.get('undoes'))}: "
            + (", ".join(_inside(Path(f["path"]), folder) for f in e["files"]) or "no file changed")
            for e in made], ""
