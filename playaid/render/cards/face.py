"""Drawing one card on a ReportLab canvas: a frustration's front and the common back.

Everything is ink-light (pale greys, thin lines) and legible in grayscale. Art that
reaches the trim continues into the card's bleed rectangle; words stay inside the safe
zone, `safe` mm inside the trim.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from .. import fonts
from ..paper import MM
from . import text
from .imposition import Rect
from .settings import CardError, front_words, layout

BAND_GREY = 0.88
PATTERN_GREY = 0.72
LINE_GREY = 0.45


@dataclass(frozen=True)
class CardFace:
    """What one front shows."""

    name: str
    number: int
    total: int
    deck: str


def _pt(r: Rect) -> tuple[float, float, float, float]:
    return r.x * MM, r.y * MM, r.w * MM, r.h * MM


def _clip(canvas, r: Rect) -> None:
    path = canvas.beginPath()
    path.rect(*_pt(r))
    canvas.clipPath(path, stroke=0, fill=0)


def reminder_lines(trim: Rect) -> tuple[tuple[str, str], ...]:
    """The play reminder wrapped to the safe width at the small size, each line as
    (bold lead-in, the rest): the full one, one option a line, when it takes at most
    `max_lines` lines, else the short one."""
    return _reminder(trim.w)


@lru_cache(maxsize=16)
def _reminder(width: float) -> tuple[tuple[str, str], ...]:
    # Every card of a deck has the same width: wrap once, not once per card. Lines are
    # measured in bold, the wider face, so the lead-ins set in bold still fit.
    words, small = front_words(), layout()["type"]["small_pt"]
    room = (width - 2 * layout()["safe"]) * MM
    out: list[tuple[str, str]] = []
    for clause in words["reminder"]:
        head = clause.split(": ", 1)[0] + ":" if ": " in clause else ""
        for k, line in enumerate(text.wrap_lines(clause, fonts.SANS_BOLD, small, room)):
            out.append((head, line[len(head):]) if k == 0 and head and line.startswith(head) else ("", line))
    if len(out) > words["max_lines"]:
        out = [("", line) for line in text.wrap_lines(words["short"], fonts.SANS, small, room)]
    return tuple(out)


def _foot(trim: Rect) -> tuple[float, float]:
    """In points from the trim's bottom: the baseline of the number line and the rule above it."""
    safe, small = layout()["safe"], layout()["type"]["small_pt"]
    base = (trim.y + safe) * MM + small * 0.25
    return base, base + small * 1.15


def name_box(trim: Rect) -> Rect:
    """Where a frustration's name may go: the safe zone between the header band and
    the reminder above the foot."""
    data = layout()
    safe, t = data["safe"], data["type"]
    top = trim.top - t["header"] - 1.5
    rule = _foot(trim)[1]
    bottom = (rule + t["small_pt"] * t["leading"] * len(reminder_lines(trim)) + t["small_pt"] * 0.5) / MM + 1.5
    return Rect(trim.x + safe, bottom, trim.w - 2 * safe, top - bottom)


def check_fits(name: str, trim: Rect) -> None:
    """CardError naming the card when its name cannot fit at the smallest type size."""
    box = name_box(trim)
    text.fit(name, fonts.SANS_BOLD, box.w * MM, box.h * MM)


def draw_front(canvas, face: CardFace, trim: Rect, art: Rect) -> None:
    """The frustration large and centred, the deck name in a pale band on top, the
    play reminder and the card's number at the foot. Drawn in the card's own coordinates, moved to `trim`."""
    canvas.saveState()
    canvas.translate(trim.x * MM, trim.y * MM)
    _front(canvas, face, Rect(0, 0, trim.w, trim.h), art.moved(-trim.x, -trim.y))
    canvas.restoreState()


def _front(canvas, face: CardFace, trim: Rect, art: Rect) -> None:
    data = layout()
    safe, t = data["safe"], data["type"]
    small = t["small_pt"]
    canvas.saveState()
    _clip(canvas, art)
    canvas.setFillGray(BAND_GREY)
    band_bottom = trim.top - t["header"]
    canvas.rect(art.x * MM, band_bottom * MM, art.w * MM, (art.top - band_bottom) * MM, stroke=0, fill=1)
    canvas.restoreState()

    canvas.setFillGray(0)
    left, right = (trim.x + safe) * MM, (trim.right - safe) * MM
    head_base = (band_bottom + (t["header"] - safe) / 2) * MM - small * 0.35
    text.draw(canvas, left, head_base, text.shorten(face.deck, fonts.SANS, small, right - left), fonts.SANS, small)

    box = name_box(trim)
    fitted = text.fit(face.name, fonts.SANS_BOLD, box.w * MM, box.h * MM)
    line_h = fitted.size * fitted.leading
    # Centre the block of lines on the box; the first baseline sits one ascent below its top.
    top = (box.y + box.h / 2) * MM + fitted.height / 2
    for i, line in enumerate(fitted.lines):
        base = top - i * line_h - fitted.size * 0.92
        text.draw(canvas, (box.x + box.w / 2) * MM, base, line, fonts.SANS_BOLD, fitted.size, "centre")

    foot, rule = _foot(trim)
    canvas.setStrokeGray(LINE_GREY)
    canvas.setLineWidth(0.4)
    canvas.line(left, rule, right, rule)
    lines = reminder_lines(trim)
    for i, (head, rest) in enumerate(lines):
        base = rule + small * 0.55 + (len(lines) - 1 - i) * small * t["leading"]
        text.draw(canvas, left, base, head, fonts.SANS_BOLD, small)
        text.draw(canvas, left + text.unit_width(head, fonts.SANS_BOLD) * small, base, rest, fonts.SANS, small)
    text.draw(canvas, left, foot, front_words()["kind"], fonts.SANS, small)
    text.draw(canvas, right, foot, f"{face.number} / {face.total}", fonts.SANS, small, "right")


def back_form(canvas, name: str, card_w: float, card_h: float, bleed: float, deck: str) -> str:
    """Define the back design once as a form (origin at the trim's bottom-left corner),
    so every back on every page reuses it; returns the form's name."""
    canvas.beginForm(name)
    art = Rect(-bleed, -bleed, card_w + 2 * bleed, card_h + 2 * bleed)
    canvas.setStrokeGray(PATTERN_GREY)
    canvas.setLineWidth(0.35)
    step = 4.0
    # Diagonal lattice over the whole art box: no edge a printer's drift could reveal.
    span = art.w + art.h
    k = 0.0
    lines = []
    while k <= span:
        lines.append(((art.x + k - art.h) * MM, art.y * MM, (art.x + k) * MM, art.top * MM))
        lines.append(((art.x + k) * MM, art.y * MM, (art.x + k - art.h) * MM, art.top * MM))
        k += step
    canvas.lines(lines)
    safe = layout()["safe"]
    panel = Rect(safe + 2, card_h * 0.36, card_w - 2 * safe - 4, card_h * 0.28)
    canvas.setFillGray(1)
    canvas.setStrokeGray(LINE_GREY)
    canvas.setLineWidth(0.6)
    canvas.roundRect(*_pt(panel), 2 * MM, stroke=1, fill=1)
    canvas.setFillGray(0)
    try:
        fitted = text.fit(deck, fonts.DISPLAY_BOLD, (panel.w - 4) * MM, panel.h * 0.45 * MM)
    except CardError:  # a deck name too long for the panel: one line, cut short
        fitted = text.Fitted(8, (text.shorten(deck, fonts.DISPLAY_BOLD, 8, (panel.w - 4) * MM),), 1.15)
    size = min(fitted.size, 16)
    line_h = size * fitted.leading
    top = (panel.y + panel.h * 0.62) * MM + line_h * len(fitted.lines) / 2
    for i, line in enumerate(fitted.lines):
        text.draw(canvas, (card_w / 2) * MM, top - i * line_h - size * 0.9, line, fonts.DISPLAY_BOLD, size, "centre")
    text.draw(canvas, (card_w / 2) * MM, (panel.y + panel.h * 0.18) * MM, front_words()["kind"], fonts.SANS,
              layout()["type"]["small_pt"] + 1, "centre")
    canvas.endForm()
    return name


def draw_back(canvas, form: str, trim: Rect, art: Rect) -> None:
    """Place the back design at `trim`, clipped to the card's own art box."""
    canvas.saveState()
    _clip(canvas, art)
    canvas.translate(trim.x * MM, trim.y * MM)
    canvas.doForm(form)
    canvas.restoreState()
