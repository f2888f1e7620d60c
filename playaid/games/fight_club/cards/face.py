"""Drawing one card on a ReportLab canvas: a frustration's front and the common back.

Everything is ink-light (pale greys, thin lines) and legible in grayscale. Art that
reaches the trim continues into the card's bleed rectangle; words stay inside the safe
zone, `safe` mm inside the trim.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from playaid.render import fonts
from playaid.render.paper import MM
from . import text
from .imposition import Rect
from .settings import CardError, front_words, layout

BAND_GREY = 0.28
"""The front's head and foot bands: dark enough behind reversed type (PRINT.md §6: ≥ 30 %)."""
PATTERN_GREY = 0.72
LINE_GREY = 0.45
RULE_GREY = 0.62
"""The reminder table's row rules: light, so the words stay what the eye reads."""


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


Row = tuple[str, tuple[str, ...]]
"""One row of the reminder table: the option (bold) and its words, wrapped."""


def reminder_rows(trim: Rect) -> tuple[Row, ...]:
    """The play reminder as table rows at the rules size, wrapped to the safe width: one
    option a row when all take at most `max_lines` lines, else the short form alone."""
    return _reminder(trim.w)


def head_width(rows: tuple[Row, ...]) -> float:
    """Points the option column takes: its widest word and a gap before the text."""
    size = layout()["type"]["rules_pt"]
    return max((text.unit_width(h, fonts.SANS_BOLD) * size for h, _ in rows if h), default=0) + (
        1.5 * MM if any(h for h, _ in rows) else 0)


@lru_cache(maxsize=16)
def _reminder(width: float) -> tuple[Row, ...]:
    # Every card of a deck has the same width: wrap once, not once per card.
    words, size = front_words(), layout()["type"]["rules_pt"]
    room = (width - 2 * layout()["safe"]) * MM
    split = [tuple(c.split(": ", 1)) if ": " in c else ("", c) for c in words["reminder"]]
    col = head_width(tuple((h, ()) for h, _ in split))
    rows = tuple((h, tuple(text.wrap_lines(rest, fonts.SANS, size, room - col))) for h, rest in split)
    if col > room / 2 or sum(len(lines) for _, lines in rows) > words["max_lines"]:
        return (("", tuple(text.wrap_lines(words["short"], fonts.SANS, size, room))),)
    return rows


def bands(trim: Rect) -> tuple[float, float]:
    """In the trim's units (mm): where the head band starts and where the foot band ends."""
    t = layout()["type"]
    return trim.top - t["header"], trim.y + t["foot"]


def _table_height(rows: tuple[Row, ...]) -> float:
    """Points the reminder table takes at its tightest: its heading, rows and rules."""
    t = layout()["type"]
    lead = t["rules_pt"] * t["leading"]
    return t["label_pt"] * 1.6 + sum(len(lines) * lead + t["rules_pt"] * 0.7 for _, lines in rows)


def name_box(trim: Rect) -> Rect:
    """Where a frustration's name may go: the safe zone under the head band, at most
    half the room between the bands (the reminder table takes the rest, so on a tall
    card the two share the height rather than the name floating in it)."""
    safe = layout()["safe"]
    top, foot = bands(trim)
    room = top - 3 - (foot + 2)
    height = min(room - _table_height(reminder_rows(trim)) / MM - 3, room / 2)
    return Rect(trim.x + safe, top - 3 - height, trim.w - 2 * safe, height)


def check_fits(name: str, trim: Rect) -> None:
    """CardError naming the card when its name cannot fit at the smallest type size."""
    box = name_box(trim)
    text.fit(name, fonts.DISPLAY_BOLD, box.w * MM, box.h * MM)


def draw_front(canvas, face: CardFace, trim: Rect, art: Rect) -> None:
    """The frustration large in the display serif, the card kind in a dark head band, the
    play reminder as a table, the deck and the card's number in a dark foot band; both
    bands run into the bleed. Drawn in the card's own coordinates, moved to `trim`."""
    canvas.saveState()
    canvas.translate(trim.x * MM, trim.y * MM)
    _front(canvas, face, Rect(0, 0, trim.w, trim.h), art.moved(-trim.x, -trim.y))
    canvas.restoreState()


def frame(canvas, trim: Rect, art: Rect, head_words: str, foot_left: str, foot_right: str) -> None:
    """The design every card face shares: a dark band at the head and one at the foot,
    both running into the bleed, `head_words` as tracked capitals in the head band, the
    foot's words at its left and right, reversed, inside the safe area."""
    t, safe = layout()["type"], layout()["safe"]
    label = t["label_pt"]
    head, foot = bands(trim)
    canvas.saveState()
    _clip(canvas, art)
    canvas.setFillGray(BAND_GREY)
    canvas.rect(art.x * MM, head * MM, art.w * MM, (art.top - head) * MM, stroke=0, fill=1)
    canvas.rect(art.x * MM, art.y * MM, art.w * MM, (foot - art.y) * MM, stroke=0, fill=1)
    canvas.setFillGray(1)
    left, right, mid = (trim.x + safe) * MM, (trim.right - safe) * MM, (trim.x + trim.w / 2) * MM
    # Capitals tracked like the sheets' overlines, centred in the band's visible part.
    words = head_words.upper()
    track = label * 0.18
    width = (text.unit_width(words, fonts.DISPLAY_BOLD) * label + track * (len(words) - 1))
    words = text.shorten(words, fonts.DISPLAY_BOLD, label, right - left) if width > right - left else words
    text.draw(canvas, mid, ((head + trim.top) / 2) * MM - label * 0.36, words, fonts.DISPLAY_BOLD, label, "centre",
              tracking=track if width <= right - left else 0)
    base = ((trim.y + foot) / 2) * MM - label * 0.36
    room = right - left - text.unit_width(foot_right, fonts.SANS) * label - 2 * MM
    text.draw(canvas, left, base, text.shorten(foot_left, fonts.DISPLAY_BOLD, label, room), fonts.DISPLAY_BOLD, label)
    text.draw(canvas, right, base, foot_right, fonts.SANS, label, "right")
    canvas.restoreState()


def _front(canvas, face: CardFace, trim: Rect, art: Rect) -> None:
    safe = layout()["safe"]
    foot = bands(trim)[1]
    frame(canvas, trim, art, front_words()["kind"], face.deck, f"{face.number} / {face.total}")
    mid = (trim.x + trim.w / 2) * MM
    canvas.setFillGray(0)
    box = name_box(trim)
    fitted = text.fit(face.name, fonts.DISPLAY_BOLD, box.w * MM, box.h * MM)
    line_h = fitted.size * fitted.leading
    top = (box.y + box.h / 2) * MM + fitted.height / 2
    for i, line in enumerate(fitted.lines):
        base = top - i * line_h - fitted.size * 0.92
        text.draw(canvas, mid, base, line, fonts.DISPLAY_BOLD, fitted.size, "centre")
    _reminder_table(canvas, trim, Rect(trim.x + safe, foot + 2, trim.w - 2 * safe, box.y - foot - 2))


def _reminder_table(canvas, trim: Rect, box: Rect) -> None:
    """The reminder in the middle of `box`: a heading like the sheets' section heads, a
    rule under it, then a row per option with a light rule between; spare height goes
    between the rows first, so the card holds no empty band."""
    t = layout()["type"]
    size, label, lead = t["rules_pt"], t["label_pt"], t["rules_pt"] * t["leading"]
    rows = reminder_rows(trim)
    spare = max(0.0, box.h * MM - _table_height(rows))
    pad = size * 0.7 + min(spare / len(rows), 3.5 * MM)
    height = _table_height(rows) + (pad - size * 0.7) * len(rows)
    y = box.y * MM + (box.h * MM + height) / 2
    left, right = box.x * MM, box.right * MM
    text.draw(canvas, left, y - label * 0.8, front_words()["heading"].upper(), fonts.DISPLAY_BOLD, label,
              tracking=label * 0.12)
    y -= label * 1.6
    canvas.setStrokeGray(LINE_GREY)
    canvas.setLineWidth(0.6)
    canvas.line(left, y + label * 0.35, right, y + label * 0.35)
    col = head_width(rows)
    canvas.setLineWidth(0.4)
    for k, (head, lines) in enumerate(rows):
        if k:
            canvas.setStrokeGray(RULE_GREY)
            canvas.line(left, y, right, y)
        base = y - pad / 2 - size * 0.8
        if head:
            text.draw(canvas, left, base, head, fonts.SANS_BOLD, size)
        for i, line in enumerate(lines):
            text.draw(canvas, left + col, base - i * lead, line, fonts.SANS, size)
        y -= pad + len(lines) * lead


def back_form(canvas, name: str, card_w: float, card_h: float, bleed: float, deck: str) -> str:
    """Define the back design once as a form (origin at the trim's bottom-left corner),
    so every back on every page reuses it; returns the form's name."""
    art = Rect(-bleed, -bleed, card_w + 2 * bleed, card_h + 2 * bleed)
    # The form's box is its clip: without it ReportLab clips at the origin, cutting the
    # bleed off the left and bottom of every back.
    canvas.beginForm(name, art.x * MM, art.y * MM, art.right * MM, art.top * MM)
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
    label = layout()["type"]["label_pt"]
    text.draw(canvas, (card_w / 2) * MM, (panel.y + panel.h * 0.18) * MM, front_words()["kind"].upper(), fonts.DISPLAY,
              label, "centre", tracking=label * 0.18)
    canvas.endForm()
    return name


def draw_back(canvas, form: str, trim: Rect, art: Rect) -> None:
    """Place the back design at `trim`, clipped to the card's own art box."""
    canvas.saveState()
    _clip(canvas, art)
    canvas.translate(trim.x * MM, trim.y * MM)
    canvas.doForm(form)
    canvas.restoreState()
