"""The journal read as a session log: each entry as a GM reads it back, or as data."""

from __future__ import annotations

import posixpath
import shlex
from pathlib import Path
from typing import Any

from .edits import describe
from .history import stacks
from .journal import State, read, recover
from .lock import table_lock
from .store import CampaignError, Store, table_folder

STATUS = {"done": "", "finished": "cut short, finished by the next command",
          "rolled-back": "cut short and rolled back: its files were not changed", "pending": "not finished yet"}


def load(folder: Path) -> tuple[Store, State, list[str]]:
    """The journal of the table in `folder`, with what recovery did first (when the table is
    free: a log read never waits for a writer, it then shows the unfinished entry as such)."""
    store = Store(table_folder(folder))
    if not store.journal.exists():
        raise CampaignError(f"no journal in {store.folder} yet: `playaid roll SCENE --apply` starts one")
    state = read(store)
    if "pending" not in state.status.values() and not _torn(store):
        return store, state, []  # nothing to recover: the journal is read once
    said: list[str] = []
    try:
        with table_lock(store.folder, "playaid journal", wait=0):
            said = recover(store)
    except CampaignError:
        pass
    return store, read(store), said


def _torn(store: Store) -> bool:
    """True when the journal's last line is half-written (a kill while it was appended)."""
    with open(store.journal, "rb") as f:
        size = f.seek(0, 2)
        return size > 0 and f.seek(size - 1) >= 0 and f.read(1) != b"\n"


def entries(state: State) -> list[dict[str, Any]]:
    """Each entry as journalled, with its `status` and, when undone now, `undone: true`."""
    _, undone = stacks(state)
    gone = set(undone)
    return [{**e, "status": state.status[e["entry"]], **({"undone": True} if e["entry"] in gone else {})}
            for e in state.entries]


def text(state: State, base: str = "") -> str:
    """The session log: one block per entry, oldest first. `base` is the table folder as the
    reader names it, put before the scene in each replay command so it runs as printed."""
    return "\n\n".join("\n".join(_block(e, base)) for e in entries(state))


def _block(e: dict[str, Any], base: str) -> list[str]:
    at = str(e.get("at", "")).replace("T", " ").replace("Z", " UTC")
    target = f"entry {e['undoes']}" if "undoes" in e else f"entry {e['redoes']}" if "redoes" in e else ""
    head = f"#{e['entry']}  {at}  {e.get('kind', 'change')} {target or e.get('scene', '')}".rstrip()
    if e.get("system"):
        head += f" ({e['system']})"
    lines = [head]
    if e.get("command"):
        lines.append(f"    $ {e['command']}")
    dice = e.get("dice") or {}
    rolled = [d.get("value") for d in dice.get("rolled", [])]
    if rolled:
        source = {"seed": f"seed {dice.get('seed')}", "dice": "typed with --dice", "ask": "typed with --ask",
                  "scene": "listed in the scene", "studio": "from the studio"}.get(dice.get("from"), dice.get("from"))
        lines.append(f"    dice ({source}): {', '.join(map(str, rolled))}")
    if e.get("outcome"):
        lines.append(f"    outcome: {e['outcome']} — {e.get('summary', '')}".rstrip(" —"))
    lines += [f"    {i:>2}. {step}" for i, step in enumerate(e.get("steps", []), 1)]
    changes = e.get("changes", [])
    lines += [f"    {c.get('file')}: {c.get('field')}: {describe(c.get('before'), c.get('after'))}" for c in changes]
    if not changes and not e.get("files"):
        lines.append("    no file changed")
    if rolled and e.get("scene") and "scene_text" not in e:
        faces = ",".join(map(str, rolled))
        scene = posixpath.join(base, e["scene"]) if base not in ("", ".") else e["scene"]
        lines.append(f"    replay (on the files as they were before it): playaid roll {shlex.quote(scene)} "
                     f"--dice {faces}")
    notes = [STATUS.get(e["status"], e["status"])] + (["undone"] if e.get("undone") else [])
    if any(notes):
        lines.append(f"    [{'; '.join(n for n in notes if n)}]")
    return lines
