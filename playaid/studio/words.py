"""The words the editor shows for a field, a choice and a place in the file, in one place.

A GM reads the rule text's words on screen ("Target Number", "GM", "nearly impossible"),
never the file's spelling of them (`tn`, `gm`, `nearly_impossible`) nor YAML's way of
naming a place (`talents[0].text`). The file keeps its own spelling; only what is shown
changes, so every template and message takes its words from here.
"""

from __future__ import annotations

from typing import Any

from ..problems import Path

SPELLED_OUT = {
    "tn": "Target Number",
    "gm": "GM",
    "npc": "NPC",
    "npcs": "NPCs",
    "pc": "PC",
    "pcs": "PCs",
    "hp": "HP",
    "xp": "XP",
}
"""Short forms of the files' keys, as the rule texts write them out."""


def label(name: str) -> str:
    """A field's label from its key: `worst_impulse` → "Worst impulse", `tn` → "Target Number"."""
    words = [SPELLED_OUT.get(w.lower(), w) for w in name.split("_") if w]
    if not words:
        return name
    first = words[0]
    words[0] = first if first in SPELLED_OUT.values() else first[:1].upper() + first[1:]
    return " ".join(words)


def choice(value: Any) -> str:
    """A choice as words: `nearly_impossible` → "nearly impossible"; the file keeps its value."""
    if isinstance(value, bool) or value is None:
        return {True: "yes", False: "no", None: "none"}[value]
    text = str(value)
    return SPELLED_OUT.get(text.lower(), text.replace("_", " "))


def place(path: Path) -> str:
    """Where in the form a value sits: `talents[0].text` → "Talents 1, Text"."""
    parts: list[str] = []
    for part in path:
        if isinstance(part, int) and parts:
            parts[-1] = f"{parts[-1]} {part + 1}"
        else:
            parts.append(label(str(part)))
    return ", ".join(parts) or "the file"
