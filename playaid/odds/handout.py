"""One-page odds handouts: each game's tables as heat maps that read in grayscale.

Python decides every number and every shade; the template (`templates/odds/`) only
lays them out. Cells carry their percentage as text, so the page reads without colour.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from typing import Callable, Mapping

import yaml

from ..render.html import Templates, page_context
from ..render.paper import Paper
from ..systems.isolation.interpretation import is_success
from . import TABLES
from .tables import Table, percent
from .. import resources

DATA = resources.DATA / "odds" / "handouts.yaml"
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


@cache
def words() -> dict:
    return yaml.safe_load(DATA.read_text(encoding="utf-8"))


def shade(p: Fraction | float) -> str:
    level = round(LIGHTEST - (LIGHTEST - DARKEST) * float(p))
    return f"#{level:02x}{level:02x}{level:02x}"


def _cell(main: Fraction, sub: str = "") -> Cell:
    return Cell(percent(main), sub, shade(main))


def _success(cell: Mapping[str, Fraction]) -> Fraction:
    return sum((p for d, p in cell.items() if is_success(d)), Fraction(0))


def _isolation_degrees(cell: Mapping[str, Fraction]) -> Cell:
    # Small: complete success / complete failure, without the % signs to keep cells narrow.
    return _cell(_success(cell), f"{percent(cell['complete-success'])[:-1]}/{percent(cell['complete-failure'])[:-1]}")


def _dirt_opposed(cell: Mapping[str, Fraction]) -> Cell:
    win = sum((p for k, p in cell.items() if k.startswith("win-")), Fraction(0))
    hurt = sum((p for k, p in cell.items() if k in ("win-hurt", "win-injured", "win-wounded")), Fraction(0))
    return _cell(win, f"={percent(cell['tie'])} ≥3:{percent(hurt)}")


CELL_VIEWS: dict[tuple[str, str], Callable[[Mapping[str, Fraction]], Cell]] = {
    ("fight-sphere", "gladiator"): lambda c: _cell(c["more"], f"tie {percent(c['tie'])}"),
    ("isolation", "outcome"): _isolation_degrees,
    ("isolation", "hostile"): _isolation_degrees,
    ("dirt", "opposed"): _dirt_opposed,
    ("sapio", "net"): lambda c: _cell(c["spare"], f"spiral {percent(c['spiral'])}"),
    ("contest", "versus"): lambda c: _cell(c["win"], f"tie {percent(c['tie'])}"),
}
"""How a cell with several outcomes shows: the large number shaded, the rest small."""


def heat_map(system: str, t: Table) -> HeatMap:
    view = CELL_VIEWS.get((system, t.id), lambda c: _cell(c))
    rows = tuple((str(r), tuple(view(c) for c in row)) for r, row in zip(t.rows, t.cells))
    return HeatMap(t.title, f"{t.row_label} ↓ · {t.col_label} →", tuple(map(str, t.cols)), t.col_notes, rows, t.note)


def stance_maps(t: Table) -> list[HeatMap]:
    """The stance table as one small map per Active Player's red odds: green × red dice."""
    greens = sorted({int(r.split("g/")[0]) for r in t.rows})
    reds = sorted({int(r.split("/")[1][:-1]) for r in t.rows})
    maps = []
    for j, odds in enumerate(t.cols):
        cells = {r: row[j] for r, row in zip(t.rows, t.cells)}
        rows = tuple((str(g), tuple(_cell(cells[f"{g}g/{r}r"]["cooperative"],
                                          f"h {percent(cells[f'{g}g/{r}r']['hostile'])}") for r in reds))
                     for g in greens)
        maps.append(HeatMap(f"Active Player's red odds: {odds}", "green ↓ red →", tuple(map(str, reds)), (), rows, ""))
    return maps


def context(system_id: str, paper: Paper, tables: list[Table] | None = None) -> dict:
    """Everything the handout template shows, computed here."""
    text = words()[system_id]
    tables = TABLES[system_id]() if tables is None else tables
    sections = []
    for t in tables:
        if (system_id, t.id) == ("isolation", "stance"):
            sections.append({"title": t.title + ": may cooperate (large), must be hostile (h)",
                             "maps": stance_maps(t), "note": t.note})
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
            "reference": text.get("reference", []), "compact": system_id in ("isolation",)}


def handout_pdf(system_id: str, paper: Paper, tables: list[Table] | None = None) -> bytes:
    """The one-page odds handout of `system_id` on `paper` (fight-club: its reference page)."""
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
    return {f"odds-{system}.pdf": handout_pdf(system, paper) for system in TABLES}
