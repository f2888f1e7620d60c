"""Dice rolled at the table, for `playaid roll --dice/--ask`: read from the command line
or asked for one by one on the terminal."""

from __future__ import annotations

import re

import click

from ..safe_text import terminal
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


def read_face(text: str, wanted: Rolled) -> tuple[int | None, str]:
    """The face number typed for `wanted`, or None and why not. A die whose faces are not
    numbers (a Spiral die) takes what the face shows too: `hit spare`, `Hit + Spare`,
    `blank`; any face showing that counts the same, so the first such face stands for it."""
    text = text.strip()
    if text.isascii() and text.isdigit() and 1 <= int(text) <= wanted.sides:
        return int(text), ""
    if wanted.faces:
        typed = _symbols(text)
        for number, shown in enumerate(wanted.faces, 1):
            if _symbols(shown) == typed:
                return number, ""
        return None, (f"`{terminal(text, lines=False)[:40]}` is not a face of this die: type what the face shows "
                      f"(e.g. `hit spare`, `blank`) or its number from 1 to {wanted.sides}")
    return None, (f"`{terminal(text, lines=False)[:40]}` is not one die: one die at a time, a whole number "
                  f"from 1 to {wanted.sides} (the d{wanted.sides}'s face)")


def _symbols(text: str) -> tuple[str, ...]:
    words = [w for w in re.split(r"[\s,+&]+", text.casefold()) if w and w not in ("and", "blank")]
    return tuple(sorted(w.removesuffix("s") if w.endswith(("hits", "spares", "spirals")) else w for w in words))


def faces_shown(wanted: Rolled) -> str:
    """`1 blank, 2 blank, 3 Spiral, …`: the faces as the prompt lists them."""
    return ", ".join(f"{n} {shown}" for n, shown in enumerate(wanted.faces, 1))


def ask_die(number: int, wanted: Rolled) -> int:
    """Ask on the terminal for die `number`, the one the procedure takes next, until it is a face."""
    question = f"die {number}, {wanted.describe()}"
    if wanted.faces:
        question += f" — what it shows, or the face's number ({faces_shown(wanted)})"
    while True:
        value, why = read_face(click.prompt(question, err=True), wanted)
        if value is not None:
            return value
        click.echo(f"  {why}", err=True)
