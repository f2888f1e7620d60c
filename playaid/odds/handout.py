"""Odds handouts: each game's tables as heat maps that read in grayscale, in large type.

Python decides every number, every shade and every size; the template (`templates/odds/`)
only lays them out. Cells carry their percentage as text, so the page reads without
colour. The rows grow to fill the page (a short handout gets taller rows and larger
numbers, never an empty half page); a small note whose chances are 0 down a whole column
is left out, since it tells nobody anything.
"""

from __future__ import annotations

from functools import cache

from ..render.html import Templates, layout, page_context, pdf_bytes
from ..render.paper import Paper
from ..systems import REGISTRY
from . import module as odds_module, tables_of
from .cells import HeatMap, cell, drop_empty_notes, said_once, shade  # noqa: F401 - shade: the grey scale, tested here
from .chart import chart
from .on_paper import on_paper
from .tables import Spread, Table

BIG_PT = (12.0, 20.0)
"""The large numbers' size: at least 12 pt bold (read in play), larger on a short handout."""
ROW_MM = (5.0, 40.0)
"""A table row's height: enough for the large number, at most what still reads as a table."""
LABEL_MM = 10.0
"""The row labels' column, at the least; longer labels (pools of dice) widen it."""
LABEL_CHAR_MM = 2.0
"""The width of one character of a row label (10 pt bold)."""
GAP_MM = 3.0
"""Between tables side by side."""
SETTLED_MM = 12.0
"""Spare height at a page's foot small enough to leave (well under the 20 mm band)."""
FOOT_SLACK_MM = 4.0
"""Left at a page's foot when rows grow: the last block's own margins and rule, and rounding."""
ROW_EDGE_MM = 0.6
"""A body row's padding and rule, above and below its cells' set height."""
CELL_MM = 13.0
"""The narrowest cell a 12 pt bold "100%" fits in, padding included."""
HEADER_CHAR_MM = 2.0
"""The width of one character of a column header (10 pt bold): long headers widen a cell."""
SIDE_MM = 68.0
"""The chart's column beside the first table, when that table leaves this much of the width."""
BAND_CHART_MM = 92.0
"""The chart's width beside the words at the top, when no table leaves room for it."""
CHART_PT = 8.5
"""The chart's words: secondary text, 8 pt or more."""
PLOT_MM = (26.0, 30.0)
"""The plot's height beside a table and beside the words (the bars' 0-100% scale)."""
MM_PT = 72 / 25.4


def axes(m: HeatMap) -> tuple[str, str]:
    """What a map's rows and its columns count, without the arrows of its corner."""
    rows_are, cols_are = (part.strip(" ↓→") for part in m.corner.split("·"))
    return rows_are, cols_are


def heat_map(system: str, t: Table) -> HeatMap:
    view = getattr(odds_module(system), "CELL_VIEWS", {}).get(t.id, cell)
    rows = [(str(r), tuple(view(c) for c in row)) for r, row in zip(t.rows, t.cells)]
    cols = tuple(map(str, t.cols))
    once = said_once(rows, cols)
    if once is not None:  # a value said once, not once a column
        return HeatMap(t.title, f"{t.row_label} ↓ · {t.col_label} →", (f"any, {cols[0]}–{cols[-1]}",), (),
                       drop_empty_notes(once), t.note)
    return HeatMap(t.title, f"{t.row_label} ↓ · {t.col_label} →", cols, t.col_notes, drop_empty_notes(rows), t.note)


def example(m: HeatMap, small: str) -> str:
    """How to read one cell, from the table's own numbers: a middle cell of its first map."""
    label, cells = m.rows[len(m.rows) // 2]
    j = len(m.cols) // 2
    c = cells[j]
    rows_are, cols_are = axes(m)
    tenths = round(int(c.text.strip("<>%")) / 10) if c.text[0].isdigit() else None
    out = (f"With {label} ({rows_are}) against {m.cols[j]} ({cols_are}), “{m.title}” reads {c.text}")
    out += f": about {tenths} times in 10." if tenths is not None else "."
    if c.sub and small:
        out += f" Its small line, “{c.sub}”, is {small}."
    return out


def big_for(row_mm: float, narrowest_mm: float) -> float:
    """The large numbers' size for rows `row_mm` high and cells at least `narrowest_mm` wide:
    12 pt at the smallest rows, growing with them as far as the cells allow."""
    by_row = BIG_PT[0] * row_mm / ROW_MM[0] * 0.75
    return round(max(BIG_PT[0], min(BIG_PT[1], by_row, BIG_PT[0] * narrowest_mm / CELL_MM)), 1)


def per_line(maps: list[HeatMap], width: float, label_mm: float) -> int:
    """How many of a section's tables stand side by side: as many as keep every cell wide
    enough for its large number."""
    widest = max(len(m.cols) for m in maps)
    k = len(maps)
    while k > 1 and (width - GAP_MM * (k - 1)) / k < label_mm + widest * CELL_MM:
        k -= 1
    return k


def typical(system_id: str, given: dict | None = None) -> tuple[Spread, str] | None:
    """The chart's situation and its headline: the query the game names as its example
    (`EXAMPLE`, the one the studio opens with), on the die `given` asks for (`--faces`);
    None for a game without one."""
    game = odds_module(system_id)
    if not hasattr(game, "EXAMPLE") or not hasattr(game, "answer"):
        return None
    asked = {o.name: None for o in getattr(game, "OPTIONS", ())}
    asked.update(game.EXAMPLE)
    asked.update({k: v for k, v in (given or {}).items() if v is not None})
    answer = game.answer(asked)
    return (answer.spread, answer.lines[0]) if answer.spread else None


def natural_mm(m: HeatMap, label_mm: float) -> float:
    """The width a map needs: its labels and each column wide enough for its large number
    and its header."""
    return label_mm + len(m.cols) * max(CELL_MM, *(HEADER_CHAR_MM * len(c) + 2 for c in m.cols))


def lead(sections: list[dict], width: float, situation: tuple[Spread, str] | None) -> dict:
    """Where the chart goes: in a column beside the first table when that table leaves room
    (its width then shrinks to what is left), else beside the opening words."""
    if situation is None:
        return {"chart": None, "beside": False, "map_mm": 0.0, "words_beside": False}
    line = sections[0]["lines"][0] if sections else []
    if len(line) == 1 and width - natural_mm(line[0][1], sections[0]["label_mm"]) - GAP_MM >= SIDE_MM:
        side, plot, map_mm = SIDE_MM, PLOT_MM[0], round(width - SIDE_MM - GAP_MM - 0.5, 1)
    else:
        side, plot, map_mm = BAND_CHART_MM, PLOT_MM[1], 0.0
    spread, title = situation
    return {"chart": chart(spread, title, side * MM_PT, plot * MM_PT, CHART_PT), "beside": bool(map_mm),
            "map_mm": map_mm, "side_mm": side, "words_beside": bool(map_mm)}


def context(system_id: str, paper: Paper, tables: list[Table] | None = None, given: dict | None = None) -> dict:
    """Everything the handout template shows, computed here."""
    game = odds_module(system_id)
    text = game.words()
    tables = [on_paper(game, t) for t in (tables_of(game) if tables is None else tables)]
    special = getattr(game, "SECTIONS", {})
    sections = []
    for t in tables:
        if t.id in special:
            sections.append(special[t.id](t))
        elif sections and not sections[-1]["title"]:
            sections[-1]["maps"].append(heat_map(system_id, t))  # side by side where they fit
        else:
            sections.append({"title": "", "maps": [heat_map(system_id, t)], "note": ""})
    width = paper.width_mm - 2 * paper.margin_mm
    narrowest: dict[int, float] = {}
    """By the first map of each line: its narrowest cell in mm (what the large numbers fit)."""
    starts: list[int | None] = []
    """Per map in page order: its index where it starts a line (a page break can go there)."""
    for s in sections:
        s["label_mm"] = max(LABEL_MM, *(LABEL_CHAR_MM * len(label) + 2 for m in s["maps"] for label, _ in m.rows))
        s["per_line"] = per_line(s["maps"], width, s["label_mm"])
        s["map_mm"] = round((width - GAP_MM * (s["per_line"] - 1)) / s["per_line"] - 0.5, 1)
        s["lines"] = [list(enumerate(s["maps"], len(starts)))[i:i + s["per_line"]]
                      for i in range(0, len(s["maps"]), s["per_line"])]
        starts += [index for line in s["lines"] for index, _ in line[:1]]
        starts += [None] * (len(s["maps"]) - len(s["lines"]))  # maps beside another: no line of their own
        for line in s["lines"]:
            narrowest[line[0][0]] = min((s["map_mm"] - s["label_mm"]) / len(m.cols) for _, m in line)
    top = lead(sections, width, typical(system_id, given))
    if top["beside"]:
        narrowest[0] = (top["map_mm"] - sections[0]["label_mm"]) / len(sections[0]["maps"][0].cols)
    first = sections[0]["maps"][0] if sections else None
    title = f"{REGISTRY[system_id].title}: what are my chances?"
    notes = list(text["assumptions"])
    if any(c.dropped for s in sections for m in s["maps"] for _, row in m.rows for c in row):
        notes.append("A cell without a small line: what the small line counts cannot happen there.")
    return {**page_context(paper, title, game=REGISTRY[system_id].title, kind="odds handout"),
            "system": system_id, "heading": title,
            "read": text["read"], "sections": sections, "assumptions": notes, "lead": top, "axes": axes,
            "example": example(first, text.get("small", "")) if first else "",

            "game": REGISTRY[system_id].title,
            "shades": sorted({c.shade[1:3] for s in sections for m in s["maps"] for _, row in m.rows for c in row}),
            "starts": [i for i in starts if i is not None], "break_map": -1, "narrowest": narrowest,
            "rows": {}, "big": {}, "row_mm": ROW_MM[0],
            "big_pt": {line: big_for(ROW_MM[0], n) for line, n in narrowest.items()}}


def handout_pdf(system_id: str, paper: Paper, tables: list[Table] | None = None, given: dict | None = None) -> bytes:
    """The odds handout of `system_id` on `paper`: one page, more where the tables need it
    (a game without dice has none); its chart on the die `given` names, if any."""
    with REGISTRY.working_for(system_id, "odds handout"):  # an add-on's odds are its own work
        if tables is None and not given:
            return _game_handout(system_id, paper)
        return _render(system_id, paper, tables, given)


def handout_for(system_id: str, paper: Paper, given: dict) -> bytes | None:
    """The handout `playaid odds SYSTEM --format pdf` writes for the options `given` (the die of
    `--faces` shapes its tables); None for a game without dice, which prints none."""
    game = odds_module(system_id)
    if getattr(game, "NO_DICE", ""):
        return None
    with REGISTRY.working_for(system_id, "odds"):
        tables = tables_of(game, given)
    return handout_pdf(system_id, paper, tables, given)


@cache
def _game_handout(system_id: str, paper: Paper) -> bytes:
    """The handout with the game's own tables: the same bytes for every packet of a game,
    so a process rendering several tables' packets lays it out once."""
    return _render(system_id, paper, None, None)


def _render(system_id: str, paper: Paper, tables: list[Table] | None, given: dict | None) -> bytes:
    """The handout laid out with the smallest rows first; then each page's spare height
    (measured from the layout) goes to the rows of the tables on it, so no page ends in an
    empty band. A table over two pages grows by what the tighter of them allows. Should the
    taller rows push a table onto another page, half that growth is tried, and failing
    that the layout before stands.
    """
    templates = Templates()
    ctx = context(system_id, paper, tables, given)
    first = layout(templates.render("odds/handout.html", **ctx), templates.roots)
    if len(first.pages) > 1 and ctx["lead"]["words_beside"]:  # the words outgrow the table beside the chart:
        across = {**ctx, "lead": {**ctx["lead"], "words_beside": False}}  # across the page above it, then
        trial = layout(templates.render("odds/handout.html", **across), templates.roots)
        if len(trial.pages) < len(first.pages):
            ctx, first = across, trial
    if len(first.pages) > 1:  # the table that spills starts a page of its own instead
        later = [m for page in first.pages[1:] for m in _rows_by(page, "data-map")]
        target = min(later) if later else ctx["starts"][-1]
        ctx["break_map"] = max(start for start in ctx["starts"] if start <= target)
        if ctx["break_map"] > 0 and ctx["break_map"] in _rows_by(first.pages[0], "data-map"):
            first = layout(templates.render("odds/handout.html", **ctx), templates.roots)
    foot = paper.height_mm - paper.margin_mm
    done = first
    damp = 1.0
    for _ in range(3):  # grow, then take up what rounding left (or half as much, should a page spill)
        growth: dict[int, float] = {}
        for page in done.pages:
            rows = _rows_by(page, "data-line")
            if rows:
                each = (foot - FOOT_SLACK_MM - _bottom_mm(page)) / sum(rows.values())
                for line in rows:
                    growth[line] = min(growth.get(line, each), each)
        growth = {line: g * damp for line, g in growth.items()}
        if max(growth.values(), default=0) * max(sum(_rows_by(p, "data-line").values()) for p in done.pages) < SETTLED_MM:
            break  # what is left is no band worth another layout
        # a row's content may already stand taller than its set height (small lines beneath):
        # grow from what it is, less its padding and rule
        tallest = _tallest_rows(done)
        rows = {line: min(ROW_MM[1], max(ctx["rows"].get(line, ROW_MM[0]), tallest.get(line, 0.0) - ROW_EDGE_MM) + max(0.0, g))
                for line, g in growth.items()}
        trial = {**ctx, "rows": rows, "big": {line: big_for(r, ctx["narrowest"][line]) for line, r in rows.items()}}
        grown = layout(templates.render("odds/handout.html", **trial), templates.roots)
        if len(grown.pages) != len(first.pages):
            damp /= 2
            continue
        ctx, done, damp = trial, grown, 1.0
    return pdf_bytes(done)


def _bottom_mm(page) -> float:
    """How far down the page its last line or table row ends, in mm from the paper's top."""
    boxes = [b for b in page._page_box.descendants() if type(b).__name__ in ("LineBox", "TableRowBox")]
    return max((b.position_y + b.height for b in boxes), default=0.0) * 25.4 / 96


def _tallest_rows(document) -> dict[int, float]:
    """The tallest table body row of each line of tables, in mm, as laid out (padding included):
    of its first table only, since the line's set height is the least any table beside it takes."""
    out: dict[int, float] = {}
    for page in document.pages:
        for box in page._page_box.descendants():
            if type(box).__name__ == "TableRowBox" and box.element is not None and box.element.get("data-stacked"):
                line = int(box.element.get("data-line"))
                out[line] = max(out.get(line, 0.0), box.height * 25.4 / 96)
    return out


def _rows_by(page, attribute: str) -> dict[int, int]:
    """How many table body rows of each section (or map) a laid-out page holds, by the
    index the template writes in `attribute`."""
    out: dict[int, int] = {}
    for box in page._page_box.descendants():
        if (type(box).__name__ == "TableRowBox" and box.element is not None and box.element.get(attribute)
                and (attribute != "data-line" or box.element.get("data-stacked"))):  # rows side by side: once
            key = int(box.element.get(attribute))
            out[key] = out.get(key, 0) + 1
    return out


def demo_handouts(paper: Paper) -> dict[str, bytes]:
    """Every game's handout, `odds-<system>.pdf`, for `playaid demo` (games with dice only)."""
    return {f"odds-{system}.pdf": handout_pdf(system, paper) for system in REGISTRY
            if REGISTRY[system].odds and not getattr(odds_module(system), "NO_DICE", "")}
