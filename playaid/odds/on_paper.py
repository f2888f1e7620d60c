"""The part of a game's table its handout prints, when the page cannot hold it whole.

A game's odds module may name, in `ON_PAPER`, the rows and columns of a table its handout
keeps (table id → (rows, cols)): the counts players meet at the table, so the handout
stays one page with its large numbers at a size that reads. `playaid odds` in the
terminal, as text, JSON or CSV, still gives every cell.
"""

from __future__ import annotations

from dataclasses import replace
from types import ModuleType

from .tables import Table


def on_paper(game: ModuleType, t: Table) -> Table:
    """`t` cut to the rows and columns `game.ON_PAPER` keeps for it (in the table's own
    order); `t` itself when the game keeps it whole."""
    keep = getattr(game, "ON_PAPER", {}).get(t.id)
    if keep is None:
        return t
    rows = [i for i, r in enumerate(t.rows) if r in keep[0]]
    cols = [j for j, c in enumerate(t.cols) if c in keep[1]]
    return replace(t, rows=tuple(t.rows[i] for i in rows), cols=tuple(t.cols[j] for j in cols),
                   cells=tuple(tuple(t.cells[i][j] for j in cols) for i in rows),
                   col_notes=tuple(t.col_notes[j] for j in cols) if t.col_notes else ())
