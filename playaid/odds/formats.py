"""A game's tables as JSON, CSV or Markdown text (the PDF handout is `handout`)."""

from __future__ import annotations

import csv
import io
import json
from fractions import Fraction
from typing import Mapping

from .tables import Table, percent


def as_json(system: str, tables: list[Table]) -> str:
    """`{"system", "tables": [{"id", "title", "rows", "cols", "cells", …}]}`."""
    return json.dumps({"system": system, "tables": [t.as_dict() for t in tables]}, indent=2, ensure_ascii=False) + "\n"


def as_csv(system: str, tables: list[Table]) -> str:
    """One line per chance: system, table, row, column, outcome, probability."""
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n")
    w.writerow(["system", "table", "row", "col", "outcome", "probability"])
    for t in tables:
        for r, row in zip(t.rows, t.cells):
            for c, cell in zip(t.cols, row):
                for outcome, p in _outcomes(t, cell):
                    w.writerow([system, t.id, r, c, outcome, f"{float(p):.12g}"])
    return out.getvalue()


def as_markdown(system: str, tables: list[Table]) -> str:
    """Each table as a Markdown grid of percentages."""
    if not tables:
        return f"# Odds: {system}\n\n{system} uses no dice: there are no odds tables. " \
               f"Its reference page (`playaid sheet --reference {system}`) holds how a turn goes.\n"
    parts = [f"# Odds: {system}"]
    for t in tables:
        head = [f"{t.row_label} \\ {t.col_label}"] + [str(c) for c in t.cols]
        lines = [f"## {t.title} (`{t.id}`)", "", "| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
        if t.col_notes:
            lines.append("| | " + " | ".join(t.col_notes) + " |")
        for r, row in zip(t.rows, t.cells):
            lines.append(f"| {r} | " + " | ".join(_md_cell(t, c) for c in row) + " |")
        if t.note:
            lines += ["", t.note]
        if t.error:
            lines += ["", f"Exact to within {float(t.error):.0e} (open-ended dice)."]
        parts.append("\n".join(lines))
    return "\n\n".join(parts) + "\n"


def _outcomes(t: Table, cell) -> list[tuple[str, Fraction]]:
    if isinstance(cell, Mapping):
        return [(k, cell[k]) for k in (t.outcomes or cell)]
    return [("", cell)]


def _md_cell(t: Table, cell) -> str:
    if isinstance(cell, Mapping):
        return " · ".join(f"{k} {percent(p)}" for k, p in _outcomes(t, cell))
    return percent(cell)
