"""Dice rolled at the table, for `playaid roll --dice/--ask`: read from the command line
or asked for one by one on the terminal."""

from __future__ import annotations

import re

import click

from ..safe_text import shown
from ..systems.play import Rolled


FACE_DIGITS = 3
"""No die of any game has a face past 100; a longer number is a typo (and `int()` of a
5,000-digit text is refused by Python itself)."""

MOST_DICE = 1000
"""More dice than any roll of any game takes, by far; the rest would only be reported as extra."""

_FACE = re.compile(r"[0-9]{1,%d}" % FACE_DIGITS)


def parse_dice(text: str) -> list[int]:
    """`"6,3,5"` or `"6 3 5"` → [6, 3, 5]; anything else is a malformed command line.

    Only ASCII digits count: `str.isdigit()` also accepts `²` and `⑦`, which `int()` refuses.
    """
    parts = [p for p in re.split(r"[,\s]+", text.strip()) if p]
    bad = next((p for p in parts if not _FACE.fullmatch(p)), None)
    if bad is not None:
        quoted = shown(bad if len(bad) <= 12 else bad[:12] + "…")
        raise click.BadParameter(f"'{quoted}' is not a die's face: write each face with the digits 0-9, "
                                 f"at most {FACE_DIGITS} of them, e.g. --dice 6,3,5", param_hint="--dice")
    if not parts:
        raise click.BadParameter("no dice given; write the faces separated by commas, e.g. --dice 6,3,5",
                                 param_hint="--dice")
    if len(parts) > MOST_DICE:
        raise click.BadParameter(f"{len(parts)} dice given; a roll takes at most {MOST_DICE}",
                                 param_hint="--dice")
    return [int(p) for p in parts]


def ask_die(number: int, wanted: Rolled) -> int:
    """Ask on the terminal for die `number`, the one the procedure takes next, until it is a face."""
    return click.prompt(f"die {number}, {wanted.describe()}", type=click.IntRange(1, wanted.sides), err=True)
