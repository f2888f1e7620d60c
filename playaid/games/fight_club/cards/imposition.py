"""Where cards go on a sheet, in millimetres from the page's bottom-left corner (PDF's way).

Pure arithmetic, no drawing: the grid of trim rectangles, each card's bleed, the cut
lines and their crop marks, and where each card's back lands on the following page so
that it sits behind its front once the sheet is turned over.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from playaid.render.paper import Paper
from .settings import CardError, CardSize, card_size, layout

EPS = 1e-9
DUPLEX_MODES = ("long", "short", "none")


@dataclass(frozen=True)
class Rect:
    x: float
    y: float
    w: float
    h: float

    @property
    def right(self) -> float:
        return self.x + self.w

    @property
    def top(self) -> float:
        return self.y + self.h

    def grow(self, left: float, bottom: float, right: float, top: float) -> Rect:
        return Rect(self.x - left, self.y - bottom, self.w + left + right, self.h + bottom + top)

    def moved(self, dx: float, dy: float) -> Rect:
        return Rect(self.x + dx, self.y + dy, self.w, self.h)


Line = tuple[float, float, float, float]
"""x0, y0, x1, y1 in mm."""


@dataclass(frozen=True)
class Sheet:
    """A page of cards: `cols` × `rows` trim rectangles, centred, `gap` apart."""

    page_w: float
    page_h: float
    card: CardSize
    cols: int
    rows: int
    gap: float
    bleed: float
    left: float | None = None
    """Where the grid's first trim starts, mm from the left edge; None centres it (a
    fold-over sheet puts the fronts in the left half, see `fold`)."""

    @property
    def per_page(self) -> int:
        return self.cols * self.rows

    @property
    def landscape(self) -> bool:
        return self.page_w > self.page_h

    @property
    def grid(self) -> Rect:
        """The box around every trim rectangle."""
        w = self.cols * self.card.width + (self.cols - 1) * self.gap
        h = self.rows * self.card.height + (self.rows - 1) * self.gap
        x = (self.page_w - w) / 2 if self.left is None else self.left
        return Rect(x, (self.page_h - h) / 2, w, h)

    def slots(self) -> list[Rect]:
        """Trim rectangles in reading order: top row first, each row left to right."""
        g = self.grid
        pitch_x, pitch_y = self.card.width + self.gap, self.card.height + self.gap
        return [Rect(g.x + c * pitch_x, g.top - self.card.height - r * pitch_y, self.card.width, self.card.height)
                for r in range(self.rows) for c in range(self.cols)]

    @property
    def own_bleed(self) -> float:
        """The bleed each card keeps on every side when the cards stand apart: the asked
        bleed, at most half the gutter, so a card's art never reaches its neighbour's."""
        return min(self.bleed, self.gap / 2)

    @property
    def outer_bleed(self) -> float:
        """How far art reaches past the grid's outside: the whole bleed when neighbours
        share cuts (gap 0), else each card's own bleed, the same on every side."""
        return self.bleed if self.gap <= EPS else self.own_bleed

    def bleed_rect(self, trim: Rect) -> Rect:
        """The art box of a card. With a gap every card has the same bleed on all four
        sides; with no gap inner edges have none (a shared cut) and the grid's outside
        has the full bleed."""
        if self.gap > EPS:
            e = self.own_bleed
            return trim.grow(e, e, e, e)
        g, b = self.grid, self.bleed

        def side(at_edge: bool) -> float:
            return b if at_edge else 0.0

        return trim.grow(side(abs(trim.x - g.x) < EPS), side(abs(trim.y - g.y) < EPS),
                         side(abs(trim.right - g.right) < EPS), side(abs(trim.top - g.top) < EPS))

    def cuts(self) -> tuple[list[float], list[float]]:
        """The x of every vertical cut and the y of every horizontal one (shared when gap is 0)."""
        xs = sorted({round(v, 6) for s in self.slots() for v in (s.x, s.right)})
        ys = sorted({round(v, 6) for s in self.slots() for v in (s.y, s.top)})
        return xs, ys

    def crop_marks(self) -> list[Line]:
        """Guides along every cut line, in the margin only: from just outside the bleed to
        near the paper edge. Labels sit between them (see `label_spans`)."""
        crop = layout()["crop"]
        g = self.grid
        near, edge, most = mark_start(self.outer_bleed), crop["edge"], crop["max_mark"]
        xs, ys = self.cuts()
        lines: list[Line] = []
        for x in xs:
            lines.append((x, g.y - near, x, max(edge, g.y - near - most)))
            lines.append((x, g.top + near, x, min(self.page_h - edge, g.top + near + most)))
        for y in ys:
            lines.append((g.x - near, y, max(edge, g.x - near - most), y))
            lines.append((g.right + near, y, min(self.page_w - edge, g.right + near + most), y))
        return lines

    def label_spans(self) -> list[tuple[float, float]]:
        """The stretches of the top and bottom margins free for labels: under each
        column, kept `clear` mm from the crop marks at its cuts."""
        clear = layout()["labels"]["clear"]
        return [(s.x + clear, s.right - clear) for s in self.slots()[:self.cols]]

    def back_of(self, r: Rect, duplex: str, offset: tuple[float, float] = (0.0, 0.0)) -> Rect:
        """Where `r` of a front page lands on the back page once the sheet is turned.

        Turning a sheet over its long edge mirrors the page across the axis parallel to
        that edge: left-right on a portrait page, top-bottom on a landscape one; short
        edge the other way. `none` keeps the fronts' places (backs printed apart).
        `offset` (mm, + right, + up) corrects a printer's drift.
        """
        if duplex not in DUPLEX_MODES:
            raise CardError(f"duplex {duplex!r}: use one of {', '.join(DUPLEX_MODES)}")
        mirror_x = duplex != "none" and (duplex == "long") != self.landscape
        mirror_y = duplex != "none" and not mirror_x
        x = self.page_w - r.right if mirror_x else r.x
        y = self.page_h - r.top if mirror_y else r.y
        return Rect(x + offset[0], y + offset[1], r.w, r.h)

    def backs(self, duplex: str, offset: tuple[float, float] = (0.0, 0.0)) -> list[Rect]:
        """The back of each slot's card, slot for slot (see `back_of`)."""
        return [self.back_of(s, duplex, offset) for s in self.slots()]


def mark_start(bleed: float) -> float:
    """How far outside the trim a crop mark starts: past the bleed by `offset`, and
    never nearer the trim than `from_trim` (house rule: 3 mm)."""
    crop = layout()["crop"]
    return max(bleed + crop["offset"], crop["from_trim"])


def margins(bleed: float, gap: float) -> tuple[float, float]:
    """How far trims stay from the paper's sides and from its top and bottom, mm."""
    data = layout()
    crop, labels = data["crop"], data["labels"]
    outer = bleed if gap <= EPS else min(bleed, gap / 2)
    # The sides hold crop marks; top and bottom also the labels (between the marks),
    # `labels.edge` mm inside the paper, under or over the art with room to spare.
    side = max(data["margin"], mark_start(outer) + crop["min_mark"] + crop["edge"])
    return side, max(side, outer + labels["clear"] + labels["band"] + labels["edge"])


def count(room: float, size: float, gap: float) -> int:
    """How many cards `size` long, `gap` apart, fit in `room` mm."""
    return max(0, math.floor((room + gap) / (size + gap) + EPS))


def gutter(bleed: float, gap: float | None = None) -> float:
    """The gap between trims: as asked, or by default twice the bleed, so every card keeps
    its whole bleed on all four sides and neighbours' art meets halfway, never overlaps."""
    return 2 * bleed if gap is None else gap


def impose(paper: Paper, card: CardSize, bleed: float, gap: float | None = None) -> Sheet:
    """The sheet holding the most cards, portrait or landscape (portrait on a tie).

    Trims stay `margin` inside the paper; the sides keep room for bleed and crop
    marks, the top and bottom also for the labels and the scale bar. `gap` None: see
    `gutter`, narrowed to `gap.narrowest` when that fits more cards. Letter holds 6
    poker cards that keep their whole 3 mm bleed and 8 that keep 1.5 mm of it (a 3 mm
    gutter); 8 a sheet, as on A4, is the better trade for a home printer: 11 sheets
    against 8 for the deck, and 1.5 mm still covers a trimmer's usual 1.6 mm drift
    nearly whole. `--gap 6` keeps the whole bleed.
    """
    gaps = [gutter(bleed, gap)]
    if gap is None:
        gaps.append(min(gaps[0], float(layout()["gap"]["narrowest"])))
    best = None
    for trial in gaps:
        found = _most(paper, card, bleed, trial)
        if found is not None and (best is None or found.per_page > best.per_page):
            best = found
    if best is None:
        side, end = margins(bleed, gaps[-1])
        raise CardError(f"a {card} card does not fit on {paper.label} with {bleed:g} mm bleed; "
                        f"choose a smaller --size or --bleed (it needs {card.width + 2 * side:g}×"
                        f"{card.height + 2 * end:g} mm)")
    return best


def _most(paper: Paper, card: CardSize, bleed: float, gap: float) -> Sheet | None:
    """The orientation of `paper` holding the most cards `gap` apart (portrait on a tie), or None."""
    side, end = margins(bleed, gap)
    best = None
    for w, h in ((paper.width_mm, paper.height_mm), (paper.height_mm, paper.width_mm)):
        cols = count(w - 2 * side, card.width, gap)
        rows = count(h - 2 * end, card.height, gap)
        if cols * rows and (best is None or cols * rows > best.per_page):
            best = Sheet(w, h, card, cols, rows, gap, bleed)
    return best


def standard_sheet(paper: Paper, size: CardSize | None = None) -> Sheet:
    """The default imposition of `size` (the layout's default card) on `paper`."""
    data = layout()
    return impose(paper, size or card_size(data["default_size"]), float(data["bleed"]["default"]))
