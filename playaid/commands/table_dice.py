"""Dice rolled at the table, for `playaid roll --dice/--ask`: read from the command line
or asked for one by one on the terminal."""

from __future__ import annotations

import re

import click

from ..safe_text import shown, terminal
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


def read_face(text: str, wanted: Rolled) -> tuple[int | None, str]:
    """The face number typed for `wanted`, or None and why not. A die whose faces are not
    numbers (a Spiral die) takes what the face shows too: `hit spare`, `Hit + Spare`,
    `blank`; any face showing that counts the same, so the first such face stands for it."""
    text = text.strip()
    # bounded like --dice before int(): Python refuses to convert past 4,300 digits
    if _FACE.fullmatch(text) and 1 <= int(text) <= wanted.sides:
        return int(text), ""
    if wanted.faces:
        typed = _symbols(text)
        for number, face in enumerate(wanted.faces, 1):
            if _symbols(face) == typed:
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
    return ", ".join(f"{n} {face}" for n, face in enumerate(wanted.faces, 1))


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


class AskEnded(Exception):
    """The terminal stopped answering (end of input, Ctrl-C) while die `number` was asked;
    `faces` are the dice typed before it, in order."""

    def __init__(self, number: int, wanted: Rolled, faces: list[int]):
        super().__init__(f"die {number}")
        self.number, self.wanted, self.faces = number, wanted, faces


class Asker:
    """`ask_die`, remembering every face typed: an input that ends mid-roll can then say
    what was still needed and hand back what was typed as a `--dice` list to replay."""

    def __init__(self) -> None:
        self.faces: list[int] = []

    def __call__(self, number: int, wanted: Rolled) -> int:
        try:
            value = ask_die(number, wanted)
        except click.Abort:  # click's word for end of input and Ctrl-C alike
            raise AskEnded(number, wanted, list(self.faces)) from None
        self.faces.append(value)
        return value
