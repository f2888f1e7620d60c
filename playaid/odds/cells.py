"""How one cell of an odds handout shows: a large percentage, a small note, a grey shade.

Games' odds modules build their own cell views from these (`CELL_VIEWS`), so the handout
needs no per-game code and they need no renderer.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cache

import yaml

from .. import resources
from .tables import percent

WORDS = resources.DATA / "odds" / "handouts.yaml"
LIGHTEST, DARKEST = 255, 150
"""Grey levels of a 0% and a 100% cell: dark enough to see, light enough for black text."""


@dataclass(frozen=True)
class Cell:
    text: str
    sub: str
    shade: str


@dataclass(frozen=True)
class HeatMap:
    title: str
    corner: str
    """The header above the row labels: what the rows and the columns count."""
    cols: tuple[str, ...]
    col_notes: tuple[str, ...]
    rows: tuple[tuple[str, tuple[Cell, ...]], ...]
    note: str


def shade(p: Fraction | float) -> str:
    level = round(LIGHTEST - (LIGHTEST - DARKEST) * float(p))
    return f"#{level:02x}{level:02x}{level:02x}"


def cell(main: Fraction, sub: str = "") -> Cell:
    """The chance `main` large and shaded, `sub` (other outcomes) small beneath it."""
    return Cell(percent(main), sub, shade(main))


def main_and_tie(main: str, tie: str, label: str = "tie"):
    """A view of cells with several outcomes: outcome `main` large, outcome `tie` small."""
    return lambda c: cell(c[main], f"{label} {percent(c[tie])}")


@cache
def _bundled() -> dict:
    return yaml.safe_load(WORDS.read_text(encoding="utf-8"))


def bundled_words(system: str) -> dict:
    """A built-in game's handout words: its entry of `assets/data/odds/handouts.yaml`
    (`title`, `read`, `assumptions`, optionally `reference`)."""
    return _bundled()[system]
