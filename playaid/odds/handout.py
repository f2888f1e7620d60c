"""One-page odds handouts: each game's tables as heat maps that read in grayscale.

Python decides every number and every shade; the template (`templates/odds/`) only
lays them out. Cells carry their percentage as text, so the page reads without colour.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache

from ..render.html import Templates, page_context
from ..render.paper import Paper
from ..systems import REGISTRY
from . import module as odds_module
from .cells import HeatMap, cell, shade  # noqa: F401 - shade: the grey scale, tested here
from .tables import Table


def heat_map(system: str, t: Table) -> HeatMap:
    view = getattr(odds_module(system), "CELL_VIEWS", {}).get(t.id, cell)
    rows = tuple((str(r), tuple(view(c) for c in row)) for r, row in zip(t.rows, t.cells))
    return HeatMap(t.title, f"{t.row_label} ↓ · {t.col_label} →", tuple(map(str, t.cols)), t.col_notes, rows, t.note)


def context(system_id: str, paper: Paper, tables: list[Table] | None = None) -> dict:
    """Everything the handout template shows, computed here."""
    game = odds_module(system_id)
    text = game.words()
    tables = game.tables() if tables is None else tables
    special = getattr(game, "SECTIONS", {})
    sections = []
    for t in tables:
        if t.id in special:
            sections.append(special[t.id](t))
        elif sections and not sections[-1]["title"]:
            sections[-1]["maps"].append(heat_map(system_id, t))  # side by side where they fit
        else:
            sections.append({"title": "", "maps": [heat_map(system_id, t)], "note": ""})
    bound = max((t.error for t in tables), default=Fraction(0))
    notes = list(text["assumptions"])
    if bound:
        notes.append(f"Exact to within {float(bound):.0e}.")
    return {**page_context(paper, text["title"]), "system": system_id, "heading": text["title"],
            "read": text["read"], "sections": sections, "assumptions": notes,
            "reference": text.get("reference", []), "compact": getattr(game, "COMPACT", False)}


def handout_pdf(system_id: str, paper: Paper, tables: list[Table] | None = None) -> bytes:
    """The one-page odds handout of `system_id` on `paper` (a game without dice: its words only)."""
    if tables is None:
        return _game_handout(system_id, paper)
    return Templates().to_pdf("odds/handout.html", **context(system_id, paper, tables))


@cache
def _game_handout(system_id: str, paper: Paper) -> bytes:
    """The handout with the game's own tables: the same bytes for every packet of a game,
    so a process rendering several tables' packets lays it out once."""
    return Templates().to_pdf("odds/handout.html", **context(system_id, paper, None))


def demo_handouts(paper: Paper) -> dict[str, bytes]:
    """Every game's handout, `odds-<system>.pdf`, for `playaid demo`."""
    return {f"odds-{system}.pdf": handout_pdf(system, paper) for system in REGISTRY if REGISTRY[system].odds}
