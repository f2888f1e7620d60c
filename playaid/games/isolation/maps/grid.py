"""A large blank map's counts in a grid of their own. The connectors of nine or more
characters leave no room on the map for an upright badge with 8 mm to write each
count in, so each pair's counts are written in its cell here, found by the two
characters' numbers."""

from __future__ import annotations

from playaid.render import fonts
from playaid.render.paper import MM, Paper
from .badges import SLOT, badge_box, write_in
from .circle import WRITE_IN_MM
from .canvas import ASCENT, DESCENT, LEADING, MINUS, Page, Rect, Text
from .style import Style
from .worksheet import Worksheet

LINES = (f"+{SLOT} (+{SLOT})", f"{MINUS}{SLOT} ({MINUS}{SLOT})")
"""A cell: the green counts above the red, temporary (unlabelled) ones in brackets."""


def count_grid(sheet: Worksheet, st: Style, paper: Paper, slot: float) -> Page:
    """The grid page: a row per character but the last, a column per character but the
    first, a cell for every pair."""
    width, height = paper.size_pt
    margin = paper.margin_mm * MM
    page = Page(width, height, "Relationship map: counts per pair")
    head, size = st.pt("title_pt"), st.pt("badge_pt")
    page.add(Text(margin, margin + head, "Counts per pair", head, fonts.DISPLAY_BOLD, cls="title"))
    note = (f"Row and column: the characters' numbers on the map. Write each pair's +green and {MINUS}red links; "
            "temporary (unlabelled) ones in the brackets.")
    y = margin + head * (1 + DESCENT) + st.pt("key_pt") * ASCENT + 3
    page.add(Text(margin, y, note, st.pt("key_pt"), fonts.SANS, cls="title"))
    n = len(sheet.people)
    label = size * 2.2
    top = y + st.mm("gap_mm") * 2 + LEADING * size
    cell_w = (width - 2 * margin - label) / (n - 1)
    cell_h = min((height - margin - top) / (n - 1), 2 * LEADING * size + 10 * MM)
    # the two write-in lines of a cell stay a handwritten row apart, however many cells
    step = max(cell_h / 3, WRITE_IN_MM * MM)
    if step > cell_h - 2 * size:
        raise ValueError(f"a grid for {n} characters does not fit {paper.label}")
    need = max(badge_box(line, size, 0, slot=slot)[0] for line in LINES)
    if need > cell_w - 4:
        raise ValueError(f"a grid for {n} characters does not fit {paper.label}")
    for j in range(1, n):
        x = margin + label + (j - 1) * cell_w
        page.add(Text(x + cell_w / 2, top - size * 0.4, str(j + 1), size, fonts.SANS_BOLD, anchor="middle", cls="grid"))
    for i in range(n - 1):
        cy = top + i * cell_h
        page.add(Text(margin, cy + cell_h / 2 + size * 0.33, str(i + 1), size, fonts.SANS_BOLD, cls="grid"))
        for j in range(i + 1, n):
            x = margin + label + (j - 1) * cell_w
            page.add(Rect(x, cy, cell_w, cell_h, st.colour("faint"), None, 0.5, cls="cell"))
            for k, line in enumerate(LINES):
                base = cy + (cell_h - step) / 2 + k * step + size * 0.33
                page.add(*write_in(line, x + (cell_w - need) / 2, base, size, st.colour("ink"), slot))
    return page
