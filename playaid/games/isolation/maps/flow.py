"""Portrait pages filled top to bottom: a block that does not fit starts a new page."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

import yaml

from playaid.render import fonts
from playaid.render.paper import MM, Paper
from .canvas import LEADING, Line, Page, Rect, Text, wrap
from .style import DATA, Style


@cache
def summaries() -> dict:
    """The rule summaries the worksheets print (the game's `data/maps/text.yaml`)."""
    with open(DATA.with_name("text.yaml"), encoding="utf-8") as fh:
        return yaml.safe_load(fh)


WRITE_IN_MM = 8
"""A row written in by hand: the sheets' ruled rows, and above the 7 mm the print bar asks."""
NOTES_FROM_MM = 24
"""Space left at the foot of a flow's last page that becomes ruled notes, so no page
leaves a third of itself blank."""


COLUMN_GAP_MM = 6
"""Between sections set side by side (PRINT.md: gutters of 5 mm or more)."""

SHORT_TABLE = 0.35
"""A table under this share of the page's height is never split across pages."""


class Flow:
    """Portrait pages in the character sheets' design: a masthead (the game in small
    capitals, the title in the display face, a heavy rule), headings in the display face
    over a hairline, tables ruled between rows rather than boxed in a grid."""

    def __init__(self, paper: Paper, title: str, subtitle: str, st: Style):
        self.paper = paper if paper.height_mm >= paper.width_mm else paper.landscape()
        self.st, self.title, self.subtitle = st, title, subtitle
        self.margin = self.paper.margin_mm * MM
        self.width, self.height = self.paper.size_pt
        self.pages: list[Page] = []
        self.new_page()

    span: tuple[float, float] | None = None
    """The left and right edges of a column while `beside` draws into it."""

    @property
    def left(self) -> float:
        return self.span[0] if self.span else self.margin

    @property
    def right(self) -> float:
        return self.span[1] if self.span else self.width - self.margin

    @property
    def bottom(self) -> float:
        return self.height - self.margin

    @property
    def page(self) -> Page:
        return self.pages[-1]

    def new_page(self) -> None:
        more = " (continued)" if self.pages else ""
        page = Page(self.width, self.height, self.title)
        kicker, size, small = self.st.pt("small_pt"), self.st.pt("title_pt"), self.st.pt("body_pt")
        y = self.margin + kicker
        page.add(Text(self.left, y, "ISOLATION", kicker, fonts.SANS, self.st.colour("muted"), cls="title"))
        y += LEADING * size
        page.add(Text(self.left, y, self.title + more, size, fonts.DISPLAY_BOLD, cls="title"))
        if self.subtitle:
            page.add(Text(self.right, y, self.subtitle, small, fonts.SANS_ITALIC, self.st.colour("ink"), "end",
                          cls="title"))
        y += size * 0.45
        page.add(Line(self.left, y, self.right, y, self.st.colour("ink"), 1.4, cls="rule"))
        self.pages.append(page)
        self.y = y + self.st.mm("section_gap_mm")

    def room(self, height: float) -> None:
        """Start a new page unless `height` more fits on this one."""
        if self.y + height > self.bottom:
            self.new_page()

    def heading(self, text: str, keep: float = 0) -> None:
        """A section heading over a hairline, kept on one page with the first `keep`
        points after it (and with a short table that follows it: see `table`)."""
        size = self.st.pt("head_pt")
        self.room(LEADING * size + keep)
        self.section = (self.page, len(self.page.items), self.y)
        self.y += LEADING * size
        base = self.y - (LEADING - 1) * size
        self.page.add(Text(self.left, base, text.upper(), size, fonts.DISPLAY_BOLD, cls="head"))
        self.y = base + size * 0.4
        self.page.add(Line(self.left, self.y, self.right, self.y, self.st.colour("ink"), 0.6, cls="rule"))
        self.y += size * 0.5

    def _carry_section(self) -> None:
        """Start a new page and move the current section's heading and text onto it, so a
        short table is not parted from them."""
        page, first, top = getattr(self, "section", (None, 0, 0))
        moved = page.items[first:] if page is self.page else []
        del self.page.items[len(self.page.items) - len(moved):]
        start = self.y
        self.new_page()
        shift = self.y - top
        for item in moved:
            if isinstance(item, Line):
                item.y1 += shift
                item.y2 += shift
            else:
                item.y += shift
            self.page.add(item)
        self.y += start - top if moved else 0

    def beside(self, *sections: Callable[[], None]) -> None:
        """Short sections side by side in columns of equal width, on one page: drawn here,
        or again at the top of a new page when one of them would run over this one. Two
        short tables under one another can leave the last of them alone on a page."""
        start_pages, start_items, top = len(self.pages), len(self.page.items), self.y
        for attempt in range(2):
            gutter = COLUMN_GAP_MM * MM
            width = (self.width - 2 * self.margin - gutter * (len(sections) - 1)) / len(sections)
            bottom = top
            for k, section in enumerate(sections):
                left = self.margin + k * (width + gutter)
                self.span, self.y = (left, left + width), top
                section()
                bottom = max(bottom, self.y)
            self.span = None
            if len(self.pages) == start_pages or attempt:
                self.y = bottom
                return
            del self.pages[start_pages:]
            del self.page.items[start_items:]
            self.new_page()
            start_pages, start_items, top = len(self.pages), len(self.page.items), self.y

    def paragraph(self, text: str, size: float | None = None, face: fonts.Face = fonts.SANS,
                  indent: float = 0) -> None:
        size = size or self.st.pt("body_pt")
        for line in wrap(text, self.right - self.left - indent, face, size):
            self.room(LEADING * size)
            self.y += LEADING * size
            self.page.add(Text(self.left + indent, self.y - (LEADING - 1) * size, line, size, face, cls="body"))

    def column(self, widths: list[float], i: int, size: float) -> float:
        """The room for text in column `i` of a table of these `widths` at `size`."""
        return widths[i] * (self.right - self.left) / sum(widths) - 2 * size * 0.4

    def gap(self) -> None:
        self.y += self.st.mm("section_gap_mm")

    def notes(self) -> None:
        """Ruled notes lines down to the foot of the last page, when enough is left."""
        rows = int((self.bottom - self.y) / (WRITE_IN_MM * MM * self.st.scale)) - 1
        if rows * WRITE_IN_MM < NOTES_FROM_MM:
            return
        self.gap()
        self.heading("Notes")
        step = WRITE_IN_MM * MM * self.st.scale
        while self.y + step <= self.bottom:
            self.y += step
            self.page.add(Line(self.left, self.y, self.right, self.y, self.st.colour("faint"), 0.6, cls="notes"))

    def table(self, headers: list[str], widths: list[float], rows: list[list[str]],
              shaded: set[tuple[int, int]] = frozenset(), size: float | None = None,
              min_height: float = 0, grid: bool = False) -> list[tuple[Page, list[tuple[float, float, float, float]]]]:
        """A table ruled between its rows, as the sheets rule theirs: `widths` are shares
        of the page width; cells wrap; the header row (small muted capitals) repeats on
        every page the table runs onto. `grid` adds hairlines between columns, for a
        matrix read across and down. `shaded` holds (row, column) cells that take the
        light tint. Returns each body row's page and cell boxes, for drawing into them."""
        size = size or self.st.pt("body_pt")
        head = self.st.pt("small_pt")
        pad = size * 0.4
        total = self.right - self.left
        xs = [self.left]
        for w in widths:
            xs.append(xs[-1] + w * total / sum(widths))
        faint, muted = self.st.colour("faint"), self.st.colour("muted")

        def cells(values: list[str], face, at: float) -> list[list[str]]:
            return [[ln for part in v.split("\n") for ln in wrap(part, xs[i + 1] - xs[i] - 2 * pad, face, at)]
                    for i, v in enumerate(values)]

        placed = []

        def header() -> None:
            lines = cells([h.upper() for h in headers], fonts.SANS, head)
            height = max(len(c) for c in lines) * LEADING * head + pad
            top = self.y
            for i, cell in enumerate(lines):
                for k, text in enumerate(cell):
                    base = top + (k + 1) * LEADING * head - (LEADING - 1) * head
                    self.page.add(Text(xs[i] + pad, base, text, head, fonts.SANS, muted, cls="cell-head"))
            self.y = top + height
            self.page.add(Line(self.left, self.y, self.right, self.y, self.st.colour("ink"), 0.5, cls="rule"))

        def row(values: list[str], r: int) -> None:
            lines = cells(values, fonts.SANS, size)
            content = max(len(c) for c in lines) * LEADING * size + 2 * pad
            height = max(content, min_height)
            # a write-in row holds its printed text in the middle, as the sheets' rows do
            lift = (height - content) / 2
            if self.y + height > self.bottom:
                self.new_page()
                header()
            top = self.y
            for i, cell in enumerate(lines):
                if (r, i) in shaded:
                    self.page.add(Rect(xs[i], top, xs[i + 1] - xs[i], height, None, self.st.colour("fill"), 0))
                if grid and i:
                    self.page.add(Line(xs[i], top, xs[i], top + height, faint, 0.5, cls="rule"))
                for k, text in enumerate(cell):
                    base = top + lift + pad + (k + 1) * LEADING * size - (LEADING - 1) * size
                    self.page.add(Text(xs[i] + pad, base, text, size, fonts.SANS, cls="cell"))
            self.y = top + height
            self.page.add(Line(self.left, self.y, self.right, self.y, faint, 0.6, cls="row"))
            placed.append((self.page, [(xs[i], top, xs[i + 1], top + height) for i in range(len(lines))]))

        # a short table stays whole rather than leave a row or two for the next page
        heights = [max(max(len(c) for c in cells(v, fonts.SANS, size)) * LEADING * size + 2 * pad, min_height)
                   for v in rows]
        whole = LEADING * head * 2 + sum(heights)
        if whole < SHORT_TABLE * (self.bottom - self.margin) and self.y + whole > self.bottom:
            self._carry_section()
        self.room(LEADING * head * 2 + max(min_height, 3 * LEADING * size))
        header()
        for r, values in enumerate(rows):
            row(values, r)
        return placed
