"""Sheets of cards as a PDF: fronts with crop marks and a scale bar, backs behind them.

A `Page` says which side it is and which card goes in each slot; `render` draws the
pages on one imposed `Sheet` and sets each page's TrimBox and BleedBox (around its
cards) and the document's duplex viewer preference.
"""

from __future__ import annotations

import io
from dataclasses import dataclass

from reportlab.pdfgen import canvas as rl_canvas

from .. import fonts
from ..paper import MM
from . import face as card_face
from . import text
from .imposition import Rect, Sheet
from .settings import layout

VIEWER_DUPLEX = {"long": "DuplexFlipLongEdge", "short": "DuplexFlipShortEdge", "none": "Simplex"}


@dataclass(frozen=True)
class Page:
    side: str
    """`front` or `back`."""
    cards: tuple[card_face.CardFace | None, ...]
    """One entry per slot, in reading order; None leaves the slot empty."""
    caption: str = ""


@dataclass(frozen=True)
class Print:
    """How a sheet is printed: the imposed sheet, the duplex mode and the back drift fix."""

    sheet: Sheet
    duplex: str = "long"
    offset: tuple[float, float] = (0.0, 0.0)
    title: str = "playaid cards"
    deck: str = ""


def _box(rects: list[Rect], grow: float) -> list[float]:
    x0 = min(r.x for r in rects) - grow
    y0 = min(r.y for r in rects) - grow
    x1 = max(r.right for r in rects) + grow
    y1 = max(r.top for r in rects) + grow
    return [round(v * MM, 4) for v in (x0, y0, x1, y1)]


def draw_marks(canvas, sheet: Sheet) -> None:
    """Crop marks along every cut, hairline black."""
    canvas.setStrokeGray(0)
    canvas.setLineWidth(layout()["crop"]["width_pt"])
    canvas.lines([tuple(v * MM for v in line) for line in sheet.crop_marks()])


def draw_scale_bar(canvas, sheet: Sheet, caption: str) -> None:
    """A ruler of known length under the grid, and the page's caption at the right."""
    bar = layout()["scale_bar"]
    edge = layout()["crop"]["edge"]
    x0, y = sheet.grid.x, edge + 0.6
    canvas.setStrokeGray(0)
    canvas.setLineWidth(0.4)
    canvas.line(x0 * MM, y * MM, (x0 + bar["length"]) * MM, y * MM)
    ticks = [(x0 + k * bar["tick"]) for k in range(int(bar["length"] // bar["tick"]) + 1)]
    canvas.lines([(t * MM, y * MM, t * MM, (y + 1.2) * MM) for t in ticks])
    size = 5.5
    text.draw(canvas, x0 * MM, (y + 1.7) * MM, bar["label"], fonts.SANS, size)
    if caption:
        text.draw(canvas, sheet.grid.right * MM, (y + 1.7) * MM, caption, fonts.SANS, size, "right")


def render(job: Print, pages: list[Page]) -> bytes:
    """The PDF of `pages`, every one the sheet's page size."""
    text.ready()
    sheet = job.sheet
    buf = io.BytesIO()
    c = rl_canvas.Canvas(buf, pagesize=(sheet.page_w * MM, sheet.page_h * MM), invariant=1, pageCompression=1,
                          initialFontName=fonts.SANS.name, initialFontSize=8)
    c.setTitle(job.title)
    c.setAuthor("playaid")
    c.setViewerPreference("Duplex", VIEWER_DUPLEX[job.duplex])
    fronts = sheet.slots()
    backs = sheet.backs(job.duplex, job.offset)
    form = None
    if any(p.side == "back" for p in pages):
        form = card_face.back_form(c, "cardback", sheet.card.width, sheet.card.height, sheet.bleed, job.deck)
    for page in pages:
        used = [i for i, card in enumerate(page.cards) if card is not None]
        if page.side == "front":
            draw_marks(c, sheet)
            draw_scale_bar(c, sheet, page.caption)
            for i in used:
                card_face.draw_front(c, page.cards[i], fronts[i], sheet.bleed_rect(fronts[i]))
            placed = [fronts[i] for i in used]
        else:
            for i in used:
                art = sheet.back_of(sheet.bleed_rect(fronts[i]), job.duplex, job.offset)
                card_face.draw_back(c, form, backs[i], art)
            placed = [backs[i] for i in used]
        if placed:
            c.setTrimBox(_box(placed, 0))
            c.setBleedBox(_box(placed, sheet.bleed))
        c.showPage()
    c.save()
    return buf.getvalue()
