"""The Spiral Die: twelve faces showing Hits, Spares and Spirals, kept as data.

The rule text shows the faces only in a picture the text lacks, so the faces live in a
`kind: dice` file; the project's default is `data/spiral-d12.yaml` in this folder. A
group with differently printed dice names its own file in a scene (`die:`), and odds
tables and die nets follow whatever faces they are given.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Sequence

import yaml

from playaid.convert import spec
from playaid.problems import Problem, error

FACE_COUNT = 12
SYMBOLS = ("hit", "spare", "spiral")
DATA = Path(__file__).parent / "data"
"""The game's data folder: the die's faces, the too-broad Qualities, the example Talents."""
DEFAULT_DIE_FILE = DATA / "spiral-d12.yaml"


@dataclass(frozen=True)
class DieFile:
    """A `kind: dice` file: the Spiral die's faces, each a list of symbols."""

    faces: list[list[str]] = spec(doc="twelve faces, each a list of hit / spare / spiral (possibly empty)")
    name: str = spec("", doc="what these dice are called")
    note: str = spec("", doc="anything else")


@dataclass(frozen=True)
class Face:
    number: int
    """1–12: the face's place in the die file, as a scene lists it."""
    hits: int
    spares: int
    spirals: int

    def __str__(self) -> str:
        words = ["Hit"] * self.hits + ["Spare"] * self.spares + ["Spiral"] * self.spirals
        return " + ".join(words) if words else "blank"


@dataclass(frozen=True)
class SpiralDie:
    name: str
    faces: tuple[Face, ...]

    @classmethod
    def from_symbols(cls, name: str, faces: Sequence[Sequence[str]]) -> "SpiralDie":
        """The die of a checked face list (see `die_problems`)."""
        counted = []
        for number, symbols in enumerate(faces, 1):
            folded = [s.strip().casefold() for s in symbols]
            counted.append(Face(number, folded.count("hit"), folded.count("spare"), folded.count("spiral")))
        return cls(name, tuple(counted))

    def face(self, number: int) -> Face:
        return self.faces[number - 1]


def die_problems(faces: Sequence[Sequence[str]]) -> list[Problem]:
    """Every problem of a die's faces: exactly twelve, and only known symbols."""
    problems: list[Problem] = []
    if len(faces) != FACE_COUNT:
        problems.append(error(
            "sapio.die-faces", f"the Spiral die has {FACE_COUNT} faces; this file lists {len(faces)}",
            f"list exactly {FACE_COUNT} faces, each a list of symbols; a blank face is []", ("faces",)))
    for i, symbols in enumerate(faces):
        for j, symbol in enumerate(symbols):
            if symbol.strip().casefold() not in SYMBOLS:
                close = difflib.get_close_matches(symbol.casefold(), SYMBOLS, n=1)
                problems.append(error(
                    "sapio.die-symbol", f"face {i + 1} shows `{symbol}`, which is not a Spiral die symbol",
                    f"did you mean `{close[0]}`?" if close else "the symbols are hit, spare and spiral",
                    ("faces", i, j)))
    return problems


def check_die(die: DieFile, resolver: object = None) -> list[Problem]:
    return die_problems(die.faces)


def die_of(file: DieFile) -> SpiralDie:
    return SpiralDie.from_symbols(file.name or "Spiral die", file.faces)


@cache
def default_die() -> SpiralDie:
    """The project's Spiral die, read from `data/spiral-d12.yaml` in this game's folder."""
    data = yaml.safe_load(DEFAULT_DIE_FILE.read_text(encoding="utf-8"))
    faces = data["faces"]
    broken = die_problems(faces)
    if broken:  # the bundled data is part of the program: a broken file is a bug, not input
        raise RuntimeError(f"{DEFAULT_DIE_FILE}: {broken[0].message}")
    return SpiralDie.from_symbols(data.get("name", "Spiral die"), faces)
