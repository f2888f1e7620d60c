"""Fold-over sheets for printers that cannot print both sides: each page holds fronts in
one half and their backs in the other, each back where its front lands once the sheet is
folded on the centre line, down the page (fronts left, backs right) or across it (fronts
above, backs below), whichever holds more cards on the paper.

Folding turns the backs' half over and back again as the folded sheet is turned (over
the same axis), so a back's design is a plain copy (its words read the right way) and
only its place is mirrored across the fold: down the page the back of the card whose
trim spans x0 … x1 spans W − x1 … W − x0, across it y0 … y1 gives H − y1 … H − y0.
"""

from __future__ import annotations

import io
from dataclasses import dataclass

from playaid.render import fonts
from playaid.render.paper import MM, Paper
from playaid.render.pdf_info import canvas as described_canvas
from ..models import Deck
from . import face as card_face
from . import text
from .deck import Options, check_names, faces
from .imposition import EPS, Line, Rect, Sheet, count, gutter, margins
from .settings import CardError, CardSize, fight_club_title
from .sheets import bottom_line, box_pt, draw_scale_bar, label

FOLD_DASH = (3, 2)
"""The fold line's dashes in points: told apart from the solid crop marks at a glance."""
HINT = "Print one-sided; fold on the dashed line"
BACKS_NOTE = "Backs: fold this half behind"


@dataclass(frozen=True)
class Fold:
    """A fold-over page: where its cards go and which way it folds."""

    sheet: Sheet
    """Folded down the page: the fronts' grid, in the left half. Folded across: one grid
    centred on the page, its upper half of rows the fronts, the lower half their backs,
    so the fold runs down the middle of the gutter between them like any other cut."""
    across: bool = False
    """True: the fold is the horizontal centre line; False: the vertical one."""

    @property
    def per_page(self) -> int:
        return self.sheet.per_page // 2 if self.across else self.sheet.per_page

    @property
    def page_w(self) -> float:
        return self.sheet.page_w

    @property
    def page_h(self) -> float:
        return self.sheet.page_h

    def fronts(self) -> list[Rect]:
        """The fronts' trim rectangles in reading order."""
        return self.sheet.slots()[:self.per_page]

    def back(self, r: Rect) -> Rect:
        """Where `r` of the fronts' half lands in the backs' half: mirrored across the fold."""
        if self.across:
            return Rect(r.x, self.page_h - r.top, r.w, r.h)
        return Rect(self.page_w - r.right, r.y, r.w, r.h)

    def crop_marks(self) -> list[Line]:
        """The crop marks wholly on the fronts' side of the fold: the folded sheet is cut
        with the fronts up, and marks in the backs' half would only be folded away."""
        if self.across:
            middle = self.page_h / 2
            return [m for m in self.sheet.crop_marks() if min(m[1], m[3]) >= middle - EPS]
        middle = self.page_w / 2
        return [m for m in self.sheet.crop_marks() if max(m[0], m[2]) <= middle + EPS]

    def fold_line(self) -> list[Line]:
        """The dashed fold line, in the margins on either side of the cards only."""
        g, b = self.sheet.grid, self.sheet.bleed
        if self.across:
            y = self.page_h / 2
            return [(3, y, g.x - b - 1, y), (g.right + b + 1, y, self.page_w - 3, y)]
        x = self.page_w / 2
        return [(x, 3, x, g.y - b - 1), (x, g.top + b + 1, x, self.page_h - 3)]


def fold_layouts(paper: Paper, card: CardSize, bleed: float, gap: float | None = None) -> list[Fold]:
    """Every way to fold `paper` that holds a card, in order of preference on a tie:
    folded down a landscape page, down a portrait one, across a landscape page, across a
    portrait one. Each keeps the crop marks' and labels' margins of `impose` on the
    paper's edges; the fold side needs no marks, only the cards' bleed."""
    gap = gutter(bleed, gap)
    side, end = margins(bleed, gap)
    sizes = ((paper.height_mm, paper.width_mm), (paper.width_mm, paper.height_mm))
    out = []
    for w, h in sizes:
        room = w / 2 - bleed - side
        cols, rows = count(room, card.width, gap), count(h - 2 * end, card.height, gap)
        if cols * rows:
            grid_w = cols * card.width + (cols - 1) * gap
            out.append(Fold(Sheet(w, h, card, cols, rows, gap, bleed, left=side + (room - grid_w) / 2)))
    for w, h in sizes:
        # fronts and backs as one centred grid: the fold, halfway between their rows,
        # keeps `gap` between them and each card its bleed, as between neighbours. With
        # no gap they would share their cut on the fold and lose the bleed there.
        cols, rows = count(w - 2 * side, card.width, gap), count(h - 2 * end, card.height, gap) // 2
        if gap > EPS and cols * rows:
            out.append(Fold(Sheet(w, h, card, cols, 2 * rows, gap, bleed), across=True))
    return out


def fold_sheet(paper: Paper, card: CardSize, bleed: float, gap: float | None = None) -> Fold:
    """The fold-over layout holding the most cards per page (the first of `fold_layouts`
    on a tie)."""
    layouts = fold_layouts(paper, card, bleed, gap)
    if not layouts:
        raise CardError(f"a {card} card with {bleed:g} mm bleed does not fit half of {paper.label}; "
                        "choose a smaller --size or --bleed, or print double-sided without --fold")
    return max(layouts, key=lambda fold: fold.per_page)  # the first of the best


def render_folded(deck: Deck, options: Options, backs: bool = True) -> bytes:
    """The fold-over PDF of `deck`: one page per sheet, fronts in one half, backs in the other."""
    options = options.checked()
    fold = fold_sheet(options.paper, options.size, options.bleed, options.gap)
    sheet = fold.sheet
    cards = faces(deck)
    if not cards:
        raise CardError(f"the {deck.name} deck has no cards; list at least one")
    check_names(cards, sheet)
    text.ready()
    buf = io.BytesIO()
    c = described_canvas(buf, (sheet.page_w * MM, sheet.page_h * MM), title=f"{deck.name} deck, fold-over sheets",
                         subject=f"the {deck.name} deck, {len(cards)} {options.size} cards, fronts and backs side by "
                         "side to print one-sided, fold and glue", game=fight_club_title(), tool="deck --fold",
                         keywords=("cards", "fold-over", str(options.size)))
    c.setViewerPreference("Duplex", "Simplex")
    form = card_face.back_form(c, "cardback", sheet.card.width, sheet.card.height, sheet.bleed, deck.name) \
        if backs else None
    slots, n = fold.fronts(), fold.per_page
    pages = (len(cards) + n - 1) // n
    for k in range(pages):
        chunk = cards[k * n:(k + 1) * n]
        c.setStrokeGray(0)
        c.setLineWidth(0.25)
        c.lines([tuple(v * MM for v in m) for m in fold.crop_marks()])
        _draw_fold_line(c, fold)
        _draw_labels(c, fold, f"{deck.name} · {options.size} · sheet {k + 1}/{pages}", BACKS_NOTE if backs else "")
        for trim, card in zip(slots, chunk):
            art = sheet.bleed_rect(trim)
            card_face.draw_front(c, card, trim, art)
            if form:
                card_face.draw_back(c, form, fold.back(trim), fold.back(art))
        # the finished pieces are the fronts and, once folded onto them, the backs: the
        # boxes hold both halves, or a shop's pre-flight would crop the backs away
        used = slots[:len(chunk)] + ([fold.back(t) for t in slots[:len(chunk)]] if form else [])
        c.setTrimBox(box_pt(used, 0))
        c.setBleedBox(box_pt(used, sheet.bleed))
        c.showPage()
    c.save()
    return buf.getvalue()


def _draw_labels(c, fold: Fold, caption: str, backs_note: str) -> None:
    """The page's labels (see `draw_scale_bar`), the backs' note in the backs' half:
    over their first column when the fold runs down the page; across it, under their
    last column, beside the ruler and its words (or in the hint when no column is free)."""
    if not fold.across:
        draw_scale_bar(c, fold.sheet, caption, HINT, backs_note)
        return
    spans = fold.sheet.label_spans()
    if backs_note and len(spans) < 3:
        draw_scale_bar(c, fold.sheet, caption, f"{HINT}, the lower half behind")
        return
    draw_scale_bar(c, fold.sheet, caption, HINT)
    if backs_note:
        label(c, backs_note, fonts.SANS_BOLD, spans[-1], bottom_line()[0], 1, 1, "right")


def _draw_fold_line(c, fold: Fold) -> None:
    c.saveState()
    c.setStrokeGray(0.35)
    c.setLineWidth(0.5)
    c.setDash(*FOLD_DASH)
    c.lines([tuple(v * MM for v in line) for line in fold.fold_line()])
    c.restoreState()
