"""Portrait pages filled top to bottom: a block that does not fit starts a new page."""

from __future__ import annotations

from functools import cache

import yaml

from .. import fonts
from ..paper import MM, Paper
from .canvas import LEADING, Page, Text, wrap
from .style import DATA, Style


@cache
def summaries() -> dict:
    """The rule summaries the worksheets print (`assets/data/maps/text.yaml`)."""
    with open(DATA.with_name("text.yaml"), encoding="utf-8") as fh:
        return yaml.safe_load(fh)


class Flow:
    def __init__(self, paper: Paper, title: str, subtitle: str, st: Style):
        self.paper = paper if paper.height_mm >= paper.width_mm else paper.landscape()
        self.st, self.title, self.subtitle = st, title, subtitle
        self.margin = self.paper.margin_mm * MM
        self.width, self.height = self.paper.size_pt
        self.pages: list[Page] = []
        self.new_page()

    @property
    def left(self) -> float:
        return self.margin

    @property
    def right(self) -> float:
        return self.width - self.margin

    @property
    def bottom(self) -> float:
        return self.height - self.margin

    @property
    def page(self) -> Page:
        return self.pages[-1]

    def new_page(self) -> None:
        more = " (continued)" if self.pages else ""
        page = Page(self.width, self.height, self.title)
        size = self.st.pt("title_pt")
        page.add(Text(self.left, self.margin + size, self.title + more, size, fonts.DISPLAY_BOLD, cls="title"))
        y = self.margin + size + LEADING * self.st.pt("small_pt") + 2
        page.add(Text(self.left, y, self.subtitle, self.st.pt("small_pt"), fonts.SANS_ITALIC, cls="title"))
        self.pages.append(page)
        self.y = y + self.st.mm("section_gap_mm")

    def room(self, height: float) -> None:
        """Start a new page unless `height` more fits on this one."""
        if self.y + height > self.bottom:
            self.new_page()

    def heading(self, text: str, keep: float = 0) -> None:
        """A section heading, kept on one page with the first `keep` points after it."""
        size = self.st.pt("head_pt")
        self.room(LEADING * size + keep)
        self.y += LEADING * size
        self.page.add(Text(self.left, self.y - (LEADING - 1) * size, text, size, fonts.SANS_BOLD, cls="head"))
        self.y += size * 0.3

    def paragraph(self, text: str, size: float | None = None, face: fonts.Face = fonts.SANS,
                  indent: float = 0) -> None:
        size = size or self.st.pt("body_pt")
        for line in wrap(text, self.right - self.left - indent, face, size):
            self.room(LEADING * size)
            self.y += LEADING * size
            self.page.add(Text(self.left + indent, self.y - (LEADING - 1) * size, line, size, face, cls="body"))

    def gap(self) -> None:
        self.y += self.st.mm("section_gap_mm")

    def table(self, headers: list[str], widths: list[float], rows: list[list[str]],
              shaded: set[tuple[int, int]] = frozenset(), size: float | None = None,
              min_height: float = 0) -> list[tuple[Page, list[tuple[float, float, float, float]]]]:
        """A ruled table: `widths` are shares of the page width; cells wrap, and the header
        row repeats on every page the table runs onto. `shaded` holds (row, column) cells.
        Returns each body row's page and cell boxes, for drawing into them."""
        from .canvas import Rect

        size = size or self.st.pt("body_pt")
        pad = size * 0.35
        total = self.right - self.left
        xs = [self.left]
        for w in widths:
            xs.append(xs[-1] + w * total / sum(widths))

        def cells(values: list[str], face) -> list[list[str]]:
            return [[ln for part in v.split("\n") for ln in wrap(part, xs[i + 1] - xs[i] - 2 * pad, face, size)]
                    for i, v in enumerate(values)]

        placed = []

        def row(values: list[str], face, r: int | None) -> None:
            lines = cells(values, face)
            height = max(max(len(c) for c in lines) * LEADING * size + 2 * pad, min_height)
            if self.y + height > self.bottom and r is not None:
                self.new_page()
                row(headers, fonts.SANS_BOLD, None)
            top = self.y
            for i, cell in enumerate(lines):
                fill = self.st.colour("fill") if r is None or (r, i) in shaded else None
                self.page.add(Rect(xs[i], top, xs[i + 1] - xs[i], height, self.st.colour("faint"), fill, 0.5))
                for k, text in enumerate(cell):
                    base = top + pad + (k + 1) * LEADING * size - (LEADING - 1) * size
                    self.page.add(Text(xs[i] + pad, base, text, size, face, cls="cell"))
            self.y = top + height
            if r is not None:
                placed.append((self.page, [(xs[i], top, xs[i + 1], top + height) for i in range(len(lines))]))

        self.room(3 * LEADING * size * 2)
        row(headers, fonts.SANS_BOLD, None)
        for r, values in enumerate(rows):
            row(values, fonts.SANS, r)
        return placed
