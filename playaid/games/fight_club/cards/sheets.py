"""Sheets of cards as a PDF: fronts with crop marks and a scale bar, backs behind them.

A `Page` says which side it is and which card goes in each slot; `render` draws the
pages on one imposed `Sheet` and sets each page's TrimBox and BleedBox (around its
cards) and the document's duplex viewer preference.
"""

from __future__ import annotations

import io
from dataclasses import dataclass

from playaid.render import fonts
from playaid.render.pdf_info import canvas as described_canvas
from playaid.render.paper import MM
from . import face as card_face
from . import text
from .imposition import Rect, Sheet
from .settings import fight_club_title, layout

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
    title: str = "cards"
    deck: str = ""
    subject: str = "cards to print, cut and play with"


def box_pt(rects: list[Rect], grow: float) -> list[float]:
    """The box around `rects` grown by `grow` mm, in points, as a TrimBox or BleedBox."""
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


DUPLEX_HINT = {"long": "Print double-sided: flip on the long edge",
               "short": "Print double-sided: flip on the short edge",
               "none": "Backs are on the last pages, in the fronts' places"}
"""What the top margin of a front page says about printing its backs."""


def draw_scale_bar(canvas, sheet: Sheet, caption: str, hint: str = "", mirrored: str = "") -> None:
    """The labels of a page, between the crop marks and `labels.edge` mm inside the
    paper, one line above the grid and one below it (the margins a 3 mm bleed leaves
    hold no more): over the first column `hint`, over the last the caption; under the
    first column a ruler of known length, under the next the words saying so. `mirrored`
    goes over the first column mirrored left to right (a fold-over sheet's backs)."""
    labels, bar = layout()["labels"], layout()["scale_bar"]
    size, edge = labels["pt"], labels["edge"]
    spans = sheet.label_spans()
    x0, x1 = spans[0]
    length = min(bar["length"], bar["tick"] * int((x1 - x0) // bar["tick"]))
    ascender = size * 0.8 / MM  # the tallest letters (b, d, f, l) of the bundled sans, mm
    base, lead = bottom_line()
    top = sheet.page_h - edge - 0.3 - ascender
    words = bar["label"].format(length=length) if length > 0 else ""
    if len(spans) == 1:  # one column: its ruler alone below, every word on the top line
        hint, caption, words = " · ".join(t for t in (hint, caption, words) if t), "", ""
    art = sheet.grid.grow(*(sheet.outer_bleed + labels["clear"],) * 4)
    below = 1 + max(0, int((art.y - base - ascender) // lead))
    above = 1 + max(0, int((top - size * 0.25 / MM - art.top) // lead))
    canvas.setStrokeGray(0)
    canvas.setLineWidth(0.4)
    if length > 0:  # the bar on the words' baseline, its ticks as tall as their capitals
        canvas.line(x0 * MM, base * MM, (x0 + length) * MM, base * MM)
        ticks = [x0 + k * bar["tick"] for k in range(int(length // bar["tick"]) + 1)]
        canvas.lines([(t * MM, base * MM, t * MM, (base + 1.6) * MM) for t in ticks])
    if words:
        label(canvas, words, fonts.SANS, spans[1], base, below, lead, "left")
    if caption:
        label(canvas, caption, fonts.SANS, spans[-1], top, above, -lead, "right")
    if hint:
        label(canvas, hint, fonts.SANS_BOLD, spans[0], top, above, -lead, "left")
    if mirrored:
        far = (sheet.page_w - spans[0][1], sheet.page_w - spans[0][0])
        label(canvas, mirrored, fonts.SANS_BOLD, far, top, above, -lead, "right")


def offset_words(offset: tuple[float, float]) -> str:
    """The back offset as a person checks it: "backs moved 1 mm right, 5 mm up (--back-offset 1,5)"."""
    x, y = offset
    if not x and not y:
        return "backs not moved (--back-offset 0,0)"
    moves = [f"{abs(v):g} mm {(pos if v > 0 else neg)}" for v, pos, neg in ((x, "right", "left"), (y, "up", "down")) if v]
    return f"backs moved {', '.join(moves)} (--back-offset {x:g},{y:g})"


def draw_offset_note(canvas, sheet: Sheet, offset: tuple[float, float]) -> None:
    """The back offset in small print in the bottom margin of a back page: a sheet printed with
    a mistyped offset (`1,5` for 1.5) says so where the cutter looks."""
    # on the line a front page's ruler stands on: the bottom margin's one line clear of the art
    base, lead = bottom_line()
    label(canvas, offset_words(offset), fonts.SANS, sheet.label_spans()[0], base, 1, lead, "left")


def bottom_line() -> tuple[float, float]:
    """The baseline of a page's bottom label line and the labels' leading, in mm: descenders
    (0.29 em) and their anti-aliasing stay `labels.edge` clear of the paper edge."""
    labels = layout()["labels"]
    return labels["edge"] + 0.3 + labels["pt"] * 0.3 / MM, labels["pt"] * 1.2 / MM


def label(canvas, words: str, face: fonts.Face, span: tuple[float, float], first: float, most: int, lead: float,
           anchor: str) -> None:
    """`words` wrapped to the span, on at most `most` lines (the last cut short if need
    be); the line nearest the paper edge at `first` mm, the others `lead` mm inward
    (negative: downward), so the text reads top to bottom either way."""
    size = layout()["labels"]["pt"]
    room = (span[1] - span[0]) * MM
    lines = text.wrap_lines(words, face, size, room)
    if len(lines) > most:
        lines = lines[:most - 1] + [text.shorten(" ".join(lines[most - 1:]), face, size, room)]
    x = span[0] if anchor == "left" else span[1]
    order = range(len(lines)) if lead < 0 else reversed(range(len(lines)))
    for k, i in enumerate(order):
        text.draw(canvas, x * MM, (first + k * lead) * MM, lines[i], face, size, anchor)


def render(job: Print, pages: list[Page], lead=None) -> bytes:
    """The PDF of `pages`, every one the sheet's page size; `lead(canvas)`, if given, draws
    pages of its own first (the list of dealt hands)."""
    text.ready()
    sheet = job.sheet
    buf = io.BytesIO()
    c = described_canvas(buf, (sheet.page_w * MM, sheet.page_h * MM), title=job.title, subject=job.subject,
                         game=fight_club_title(), tool="deck", keywords=("cards", str(sheet.card)))
    if lead is not None:
        lead(c)
    c.setViewerPreference("Duplex", VIEWER_DUPLEX[job.duplex])
    fronts = sheet.slots()
    backs = sheet.backs(job.duplex, job.offset)
    form = None
    has_backs = any(p.side == "back" for p in pages)
    hint = DUPLEX_HINT[job.duplex] if has_backs else "Print one-sided"
    if has_backs:
        form = card_face.back_form(c, "cardback", sheet.card.width, sheet.card.height, sheet.bleed, job.deck)
    for page in pages:
        used = [i for i, card in enumerate(page.cards) if card is not None]
        if page.side == "front":
            draw_marks(c, sheet)
            draw_scale_bar(c, sheet, page.caption, hint)
            for i in used:
                card_face.draw_front(c, page.cards[i], fronts[i], sheet.bleed_rect(fronts[i]))
            placed = [fronts[i] for i in used]
        else:
            for i in used:
                art = sheet.back_of(sheet.bleed_rect(fronts[i]), job.duplex, job.offset)
                card_face.draw_back(c, form, backs[i], art)
            placed = [backs[i] for i in used]
            draw_offset_note(c, sheet, job.offset)
        if placed:
            c.setTrimBox(box_pt(placed, 0))
            c.setBleedBox(box_pt(placed, sheet.outer_bleed))
        c.showPage()
    c.save()
    return buf.getvalue()
