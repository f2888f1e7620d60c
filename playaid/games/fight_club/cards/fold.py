"""Fold-over sheets for printers that cannot print both sides: each page holds fronts in
its left half and their backs in its right half, each back where its front lands once
the sheet is folded on the vertical centre line. Folding turns the right half over
and back again as the folded sheet is turned, so a back's design is a plain copy (its
words read the right way) and only its place is mirrored: the back of the card whose
trim spans x0 … x1 spans W − x1 … W − x0.
"""

from __future__ import annotations

import io

from playaid.render.paper import MM, Paper
from playaid.render.pdf_info import canvas as described_canvas
from ..models import Deck
from . import face as card_face
from . import text
from .deck import Options, check_names, faces
from .imposition import EPS, Rect, Sheet, count, gutter, margins
from .settings import CardError, CardSize, fight_club_title
from .sheets import box_pt, draw_scale_bar

FOLD_DASH = (3, 2)
"""The fold line's dashes in points: told apart from the solid crop marks at a glance."""


def fold_sheet(paper: Paper, card: CardSize, bleed: float, gap: float | None = None) -> Sheet:
    """The fronts' half of the fold-over sheet holding the most cards (landscape on a
    tie): as `impose`, except that the fold side needs only the bleed, not crop marks."""
    gap = gutter(bleed, gap)
    side, end = margins(bleed, gap)
    best = None
    for w, h in ((paper.height_mm, paper.width_mm), (paper.width_mm, paper.height_mm)):
        room = w / 2 - bleed - side
        cols, rows = count(room, card.width, gap), count(h - 2 * end, card.height, gap)
        if cols * rows and (best is None or cols * rows > best.per_page):
            grid_w = cols * card.width + (cols - 1) * gap
            best = Sheet(w, h, card, cols, rows, gap, bleed, left=side + (room - grid_w) / 2)
    if best is None:
        raise CardError(f"a {card} card with {bleed:g} mm bleed does not fit half of {paper.label}; "
                        "choose a smaller --size or --bleed, or print double-sided without --fold")
    return best


def _front_marks(sheet: Sheet) -> list[tuple[float, float, float, float]]:
    """The crop marks of the fronts, less those that would run from the grid towards
    the fold (into the backs' half)."""
    right = sheet.grid.right
    return [m for m in sheet.crop_marks() if min(m[0], m[2]) < right + EPS]


def render_folded(deck: Deck, options: Options, backs: bool = True) -> bytes:
    """The fold-over PDF of `deck`: one page per sheet, fronts left, backs right."""
    options = options.checked()
    sheet = fold_sheet(options.paper, options.size, options.bleed, options.gap)
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
    slots, n = sheet.slots(), sheet.per_page
    pages = (len(cards) + n - 1) // n
    for k in range(pages):
        chunk = cards[k * n:(k + 1) * n]
        c.setStrokeGray(0)
        c.setLineWidth(0.25)
        c.lines([tuple(v * MM for v in m) for m in _front_marks(sheet)])
        _fold_line(c, sheet)
        draw_scale_bar(c, sheet, f"{deck.name} · {options.size} · sheet {k + 1}/{pages}",
                       "Print one-sided; fold on the dashed line", "Backs: fold this half behind" if backs else "")
        for trim, card in zip(slots, chunk):
            art = sheet.bleed_rect(trim)
            card_face.draw_front(c, card, trim, art)
            if form:
                card_face.draw_back(c, form, mirrored(trim, sheet.page_w), mirrored(art, sheet.page_w))
        used = slots[:len(chunk)]
        c.setTrimBox(box_pt(used, 0))
        c.setBleedBox(box_pt(used, sheet.bleed))
        c.showPage()
    c.save()
    return buf.getvalue()


def mirrored(r: Rect, page_w: float) -> Rect:
    """`r` mirrored about the page's vertical centre line, the fold."""
    return Rect(page_w - r.right, r.y, r.w, r.h)


def _fold_line(c, sheet: Sheet) -> None:
    """A dashed line down the fold, in the margins above and below the cards only."""
    x, g, b = sheet.page_w / 2, sheet.grid, sheet.bleed
    c.saveState()
    c.setStrokeGray(0.35)
    c.setLineWidth(0.5)
    c.setDash(*FOLD_DASH)
    c.lines([(x * MM, 3 * MM, x * MM, (g.y - b - 1) * MM),
             (x * MM, (g.top + b + 1) * MM, x * MM, (sheet.page_h - 3) * MM)])
    c.restoreState()
