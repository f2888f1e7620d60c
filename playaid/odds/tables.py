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
class Answer:
    """The odds of one concrete situation: sentences for people and data for JSON."""

    system: str
    lines: tuple[str, ...]
    data: Mapping[str, Any] = field(default_factory=dict)

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
