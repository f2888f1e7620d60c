"""Dice typed from the keyboard at the table: "4 6 2" in one box, added to the dice so far.

The typed faces join the dice the page carries, so they reach the scene the one way every
die does (`table_page.play`, then "Apply" journals them as dice from the studio, the
library call behind `playaid roll --apply --dice`). A typed line is taken whole or not at
all: a face the die cannot show, or more dice than the roll still takes, leaves the dice
so far as they were and says which die is wrong, so nothing is half-applied.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Callable

FACE = re.compile(r"[0-9]{1,3}")
"""A face is typed with ASCII digits (`isdigit` would take `²`); no die has a face past 100."""

MOST = 200
"""More dice in one line than any roll takes; a longer line is a slip of the keyboard."""


def read_typed(text: str) -> tuple[list[int], str]:
    """The faces in `text` ("4 6 2", "4,6,2"), or [] and what to type instead."""
    parts = [p for p in re.split(r"[,\s]+", text.strip()) if p]
    if not parts:
        return [], "Type the faces the dice show, with spaces between them: 4 6 2."
    bad = next((p for p in parts if not FACE.fullmatch(p)), None)
    if bad is not None:
        shown = bad if len(bad) <= 12 else bad[:12] + "…"
        return [], f"“{shown}” is not a die's face: type each face as a number, with spaces between them (4 6 2)."
    if len(parts) > MOST:
        return [], f"{len(parts)} dice in one go is more than any roll takes; type the dice of this roll only."
    return [int(p) for p in parts], ""


def _nth(n: int) -> str:
    return {1: "first", 2: "second", 3: "third"}.get(n, f"{n}th")


def add_typed(path: Path, typed: list[int], more: list[int], play: Callable) -> tuple[list[int], str]:
    """`typed + more` when the scene at `path` takes each die of `more` as a face of the
    die it wants next (`play(path, dice)` gives the scene's `Turn`); else `typed` and why not."""
    turn = play(path, typed + more)
    for n, die in enumerate(turn.taken[len(typed):], 1):
        if not 1 <= die.value <= die.sides:
            return typed, (f"The {_nth(n)} die you typed, {die.value}, is not a face of {die.describe()}: "
                           f"it shows 1 to {die.sides}. Nothing was added; correct it and press Add again.")
    used = len(turn.taken) - len(typed)
    if used < len(more):
        return typed, (f"This roll takes {used} more {'die' if used == 1 else 'dice'}, and you typed {len(more)}. "
                       "Nothing was added; type only the dice of this roll.")
    return typed + more, ""
