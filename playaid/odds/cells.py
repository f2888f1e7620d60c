"""How one cell of an odds handout shows: a large percentage, a small note, a grey shade.

The large number is a whole percent, read at arm's length across the table; the exact
figures are in `playaid odds --format md/json/csv`.

Games' odds modules build their own cell views from these (`CELL_VIEWS`), so the handout
needs no per-game code and they need no renderer.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction

from .. import game_data
from .tables import percent

WORDS = "handout.yaml"
"""A game's handout words: this file of its `data/` folder."""
LIGHTEST, DARKEST = 255, 150
"""Grey levels of a 0% and a 100% cell: dark enough to see, light enough for black text."""


@dataclass(frozen=True)
class Cell:
    text: str
    sub: str
    shade: str
    sub_values: tuple[Fraction, ...] = ()
    main: Fraction | None = None
    """The chance the large number shows (None: a cell made before it was kept)."""
    """The chances the small note shows: a note whose chances are all 0 carries nothing."""
    dropped: bool = False
    """Its small note was left out: what it counts cannot happen here."""


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


def whole(p: Fraction | float) -> str:
    """A chance in whole percent, never rounded to a certainty it is not: <1%, >99%."""
    x = float(p) * 100
    if 0 < x < 0.5:
        return "<1%"
    if 99.5 <= x < 100:
        return ">99%"
    return f"{round(x)}%"


def cell(main: Fraction, sub: str = "", *sub_values: Fraction) -> Cell:
    """The chance `main` large and shaded, `sub` (other outcomes, their chances `sub_values`)
    small beneath it."""
    return Cell(whole(main), sub, shade(main), tuple(sub_values), main=Fraction(main))


def main_and_tie(main: str, tie: str, label: str = "tie"):
    """A view of cells with several outcomes: outcome `main` large, outcome `tie` small."""
    return lambda c: cell(c[main], f"{label} {percent(c[tie])}", c[tie])


ONCE_POINTS = 3
"""A row whose large numbers (whole percents) stay within this many points across every
column says nothing the column changes: such a table is printed as one column."""


def said_once(rows, cols: tuple[str, ...]) -> tuple | None:
    """The rows (label, cells) as one column when no row changes by more than
    `ONCE_POINTS` across `cols`: its large number once (a range where the whole percents
    differ), its small note from the column where the chance is lowest. None when a row
    does change, or the table has one column already."""
    if len(cols) < 2 or any(c.main is None for _, cells in rows for c in cells):
        return None
    out = []
    for label, cells in rows:
        low, high = min(cells, key=lambda c: c.main), max(cells, key=lambda c: c.main)
        if round(high.main * 100) - round(low.main * 100) > ONCE_POINTS:
            return None
        text = low.text if low.text == high.text else f"{low.text.rstrip('%')}–{high.text}"
        subs = {c.sub for c in cells}
        out.append((label, (replace(low, text=text, sub=subs.pop() if len(subs) == 1 else _sub_range(cells)),)))
    return tuple(out)


def _sub_range(cells) -> str:
    """The small notes of a row as one: the same words with the lowest and the highest figure."""
    words = [c.sub.rsplit(" ", 1) for c in cells if c.sub]
    if not words or len({w[0] for w in words}) != 1 or any(len(w) != 2 for w in words):
        return cells[0].sub
    figures = sorted((c for c in cells if c.sub), key=lambda c: c.sub_values)
    return f"{words[0][0]} {figures[0].sub.rsplit(' ', 1)[1].rstrip('%')}–{figures[-1].sub.rsplit(' ', 1)[1]}"


def drop_empty_notes(rows) -> tuple:
    """The rows (label, cells) with each small note left out whose chances are all exactly
    0 (it cannot happen there): a column of "tie 0.0%" tells nobody anything."""
    return tuple((label, tuple(replace(c, sub="", sub_values=(), dropped=True) if c.sub_values and not any(c.sub_values)
                               else c for c in cells)) for label, cells in rows)


def bundled_words(system: str) -> dict:
    """A game's handout words (`read`, `small`, `assumptions`): `data/handout.yaml` in its
    folder, read through the registry, so an add-on keeps its words the same way."""
    words = game_data.read(system, WORDS)
    if words is None:
        raise LookupError(f"game {system!r} has no {game_data.shown(system, WORDS)}: "
                          "write its handout words there (read, small, assumptions)")
    return words
