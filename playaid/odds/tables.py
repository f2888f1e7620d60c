"""What every game's odds share: a table of chances and the answer to one query."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Mapping, Sequence, Union

Cell = Union[Fraction, Mapping[str, Fraction]]


@dataclass(frozen=True)
class Table:
    """One odds table: `cells[i][j]` is the chance for rows[i] against cols[j], or a
    mapping of outcome id → chance for a table with several outcomes per cell."""

    id: str
    title: str
    row_label: str
    col_label: str
    rows: tuple[Any, ...]
    cols: tuple[Any, ...]
    cells: tuple[tuple[Cell, ...], ...]
    outcomes: tuple[str, ...] = ()
    """For several outcomes per cell: their ids, in the order shown."""
    col_notes: tuple[str, ...] = ()
    """A word under each column header (e.g. which Layer a Threshold belongs to)."""
    note: str = ""
    error: Fraction = Fraction(0)
    """A proven bound on how far any cell may be from the exact chance (open-ended dice)."""

    def as_dict(self) -> dict:
        """The JSON shape: {id, title, rows, cols, cells} plus what reading it needs."""
        out = {"id": self.id, "title": self.title, "rows": list(self.rows), "cols": list(self.cols),
               "cells": [[_plain(c) for c in row] for row in self.cells],
               "row_label": self.row_label, "col_label": self.col_label}
        if self.outcomes:
            out["outcomes"] = list(self.outcomes)
        if self.col_notes:
            out["col_notes"] = list(self.col_notes)
        if self.note:
            out["note"] = self.note
        if self.error:
            out["error_bound"] = float(self.error)
        return out


@dataclass(frozen=True)
class Spread:
    """The whole distribution behind one answer, worst outcome first: what a chart draws.

    `beyond` is the chance of outcomes better than the last one listed that an open-ended
    pool cannot list; it counts towards every "at least". Chances are the engine's exact
    ones: whoever draws them converts to floats only to place a bar.
    """

    axis: str
    """What the outcomes are, as the chart's axis names them ("Hits rolled")."""
    outcomes: tuple[tuple[str, Fraction], ...]
    beyond: Fraction = Fraction(0)

    def at_least(self) -> tuple[Fraction, ...]:
        """P(this outcome or a better one), for each outcome in order."""
        out, running = [], self.beyond
        for _, p in reversed(self.outcomes):
            running += p
            out.append(running)
        return tuple(reversed(out))

    @classmethod
    def of_dist(cls, axis: str, dist: Any, name=str, high: int | None = None) -> "Spread":
        """A `dice.Dist` (low to high), each outcome named by `name`; outcomes above `high`
        (too unlikely to draw) and the dropped tail of an open-ended pool are `beyond`."""
        top = dist.high if high is None else min(high, dist.high)
        listed = tuple((name(v), dist.p(v)) for v in range(dist.low, top + 1))
        return cls(axis, listed, 1 - sum((p for _, p in listed), Fraction(0)))


@dataclass(frozen=True)
class Answer:
    """The odds of one concrete situation: sentences for people and data for JSON."""

    system: str
    lines: tuple[str, ...]
    data: Mapping[str, Any] = field(default_factory=dict)
    spread: Spread | None = None
    """The distribution the first line sums up (for the studio's chart); not part of the JSON."""

    def as_dict(self) -> dict:
        return {"system": self.system, **{k: _plain(v) for k, v in self.data.items()}}


def _plain(value: Any) -> Any:
    if isinstance(value, Fraction):
        return float(value)
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value


def percent(p: Fraction | float) -> str:
    """A chance as people read it: 37.5%, <0.1%, >99.9%."""
    x = float(p) * 100
    if 0 < x < 0.1:
        return "<0.1%"
    if 99.9 < x < 100:
        return ">99.9%"
    return f"{x:.1f}%"


def grid(rows: Sequence, cols: Sequence, cell) -> tuple[tuple[Cell, ...], ...]:
    return tuple(tuple(cell(r, c) for c in cols) for r in rows)
