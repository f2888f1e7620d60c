"""Dice rolled at the table, for `playaid roll --dice/--ask`: read from the command line
or asked for one by one on the terminal."""

from __future__ import annotations

import re

import click

from ..systems.play import Rolled


def parse_dice(text: str) -> list[int]:
    """`"6,3,5"` or `"6 3 5"` → [6, 3, 5]; anything else is a malformed command line."""
    parts = [p for p in re.split(r"[,\s]+", text.strip()) if p]
    bad = [p for p in parts if not p.isdigit()]
    if bad or not parts:
        raise click.BadParameter(
            f"{bad[0]!r} is not a die's face" if bad else "no dice given",
            param_hint="--dice") from None
    return [int(p) for p in parts]


def ask_die(number: int, wanted: Rolled) -> int:
    """Ask on the terminal for die `number`, the one the procedure takes next, until it is a face."""
    return click.prompt(f"die {number}, {wanted.describe()}", type=click.IntRange(1, wanted.sides), err=True)
