"""Punch-out counters for the Frustration, Pain and Retirement tokens, and the
turn-summary card in the deck's size, one per player.

The three tokens differ by shape of their inner ring as well as by word and letter, so
they stay apart in grayscale: Frustration dashed, Pain solid on a pale disc,
Retirement doubled.
"""

from __future__ import annotations

import io

from reportlab.pdfbase import pdfmetrics

from ...systems.fight_club.models import TOKEN_TYPES
from .. import fonts
from ..paper import MM, Paper
from . import text
from .imposition import Rect, Sheet, impose
from ..pdf_info import canvas as described_canvas
from .settings import CardSize, card_size, fight_club_title, layout, turn_summary
from .sheets import draw_marks, draw_scale_bar


def token_counts(players: int) -> dict[str, int]:
    """How many of each token a table of `players` needs (per-player numbers are data)."""
    per = layout()["tokens"]["per_player"]
    return {t: per[t] * players for t in TOKEN_TYPES}


WORD_PT = (8.0, 7.0)
"""The token word's largest and smallest size (7 pt: nothing printed is smaller)."""
RING_PAD = 1.0
"""Points kept between the word and the inner ring."""
LETTER_GAP = 1.5
"""Points kept between the big letter's baseline and the word's top."""
LETTER_DROP = 2.0
"""The big letter's baseline sits this many points below the centre."""


def innermost_ring(r: float, kind: str) -> float:
    """The radius of the smallest ring drawn inside a token of radius `r` (points)."""
    inner = r - 2 * MM
    return inner - 1.2 * MM if kind == "retirement" else inner


def word_layout(word: str, ring: float) -> tuple[float, float] | None:
    """The size and baseline (points below the centre) at which `word` sits under the big
    letter wholly inside a ring of radius `ring`, its widest corners measured with the
    embedded font: the largest size that fits, from 8 pt down to 7 pt; None when even
    7 pt does not fit (a small token then shows its letter and ring only)."""
    ascent, descent = pdfmetrics.getAscentDescent(fonts.SANS.name, 1.0)
    size = WORD_PT[0]
    while True:
        baseline = LETTER_DROP + LETTER_GAP + ascent * size
        bottom = baseline - descent * size  # descent is negative
        half = text.unit_width(word, fonts.SANS) * size / 2
        room = ring - RING_PAD
        if half ** 2 + bottom ** 2 <= room ** 2:
            return size, baseline
        if size <= WORD_PT[1]:
            return None
        size = max(WORD_PT[1], size - 0.25)


def _token(c, cx: float, cy: float, r: float, kind: str) -> None:
    c.setStrokeGray(0)
    c.setLineWidth(0.5)
    c.circle(cx, cy, r, stroke=1, fill=0)  # the cut line
    inner = r - 2 * MM
    c.setLineWidth(0.8)
    if kind == "pain":
        c.setFillGray(0.9)
        c.circle(cx, cy, inner, stroke=1, fill=1)
    elif kind == "frustration":
        c.setDash(2, 1.5)
        c.circle(cx, cy, inner, stroke=1, fill=0)
        c.setDash()
    else:
        c.circle(cx, cy, inner, stroke=1, fill=0)
        c.circle(cx, cy, inner - 1.2 * MM, stroke=1, fill=0)
    c.setFillGray(0)
    text.draw(c, cx, cy - LETTER_DROP, kind[0].upper(), fonts.DISPLAY_BOLD, r * 0.9, "centre")
    word = word_layout(kind.capitalize(), innermost_ring(r, kind))
    if word is not None:
        size, baseline = word
        text.draw(c, cx, cy - baseline, kind.capitalize(), fonts.SANS, size, "centre")


def _token_pages(c, paper: Paper, players: int) -> None:
    """Rows of counters inside the printable margin, a heading before each type."""
    data = layout()["tokens"]
    d, gap, margin = data["diameter"], data["gap"], paper.margin_mm
    cols = int((paper.width_mm - 2 * margin + gap) // (d + gap))
    x0 = (paper.width_mm - cols * d - (cols - 1) * gap) / 2
    top = paper.height_mm - margin
    y = top
    for kind, n in token_counts(players).items():
        if y - 7 - d < margin:
            c.showPage()
            y = top
        text.draw(c, x0 * MM, (y - 4) * MM, f"{kind.capitalize()} tokens: {n} ({n // players} per player × "
                  f"{players}); cut along the outer circle", fonts.SANS_BOLD, 9)
        y -= 7
        for k in range(n):
            if k % cols == 0:
                if y - d < margin:  # a new page says whose tokens carry on
                    c.showPage()
                    text.draw(c, x0 * MM, (top - 4) * MM, f"{kind.capitalize()} tokens, continued", fonts.SANS_BOLD, 9)
                    y = top - 7
                row = y - d
                y = row - gap
            _token(c, (x0 + d / 2 + (k % cols) * (d + gap)) * MM, (row + d / 2) * MM, d / 2 * MM, kind)
        y -= 2


SUMMARY_PT = (9.0, 7.0)
"""The turn summary's largest and smallest body size."""


def _summary_layout(card: int, box: Rect) -> tuple[float, list[tuple[fonts.Face, str]]] | None:
    """The largest size at which turn-summary card `card` (1, 2 …) fits `box`, and its
    lines; None when it does not fit even at the smallest size."""
    steps = [s for s in turn_summary()["steps"] if s["card"] == card]
    size = SUMMARY_PT[0]
    while size >= SUMMARY_PT[1] - 1e-9:
        out: list[tuple[fonts.Face, str]] = []
        for step in steps:
            out += [(fonts.SANS_BOLD, line) for line in text.wrap_lines(step["head"], fonts.SANS_BOLD, size, box.w * MM)]
            out += [(fonts.SANS, line) for line in text.wrap_lines(step["text"], fonts.SANS, size, box.w * MM)]
        height = (len(out) + len(steps) * 0.35) * size * 1.2 + size * 2.2
        if height <= box.h * MM:
            return size, out
        size -= 0.25
    return None


def _summary_box(trim: Rect) -> Rect:
    safe = layout()["safe"]
    return Rect(trim.x + safe + 2, trim.y + safe + 2, trim.w - 2 * safe - 4, trim.h - 2 * safe - 4)


def summary_fits(card: CardSize) -> bool:
    """Whether every turn-summary card fits a card of this size at 7 pt or more."""
    box = _summary_box(Rect(0, 0, card.width, card.height))
    return all(_summary_layout(k, box) is not None for k in range(1, len(turn_summary()["titles"]) + 1))


def draw_summary(c, trim: Rect, card: int) -> None:
    """Turn-summary card `card` inside the card's safe zone."""
    safe = layout()["safe"]
    box = Rect(trim.x + safe, trim.y + safe, trim.w - 2 * safe, trim.h - 2 * safe)
    c.setStrokeGray(0.45)
    c.setLineWidth(0.5)
    c.roundRect(box.x * MM, box.y * MM, box.w * MM, box.h * MM, 2 * MM)
    inner = _summary_box(trim)
    fitted = _summary_layout(card, inner)
    if fitted is None:
        raise ValueError(f"turn-summary card {card} does not fit a {trim.w:g}×{trim.h:g} mm card; "
                         "check summary_fits first")
    size, lines = fitted
    y = inner.top * MM - size * 1.4
    title = turn_summary()["titles"][card - 1]
    text.draw(c, (inner.x + inner.w / 2) * MM, y, title, fonts.DISPLAY_BOLD, size * 1.4, "centre")
    y -= size * 0.9
    for face, line in lines:
        if face is fonts.SANS_BOLD:
            y -= size * 0.35
        y -= size * 1.2
        text.draw(c, inner.x * MM, y, line, face, size)


def tokens_pdf(paper: Paper, sheet: Sheet, players: int) -> bytes:
    """Counters for `players` players, then sheets of turn-summary cards (a set each), on
    the deck's cards or, when those are too small for 7 pt type, on poker cards."""
    text.ready()
    if not summary_fits(sheet.card):
        sheet = impose(paper, card_size("poker"), sheet.bleed, sheet.gap)
    buf = io.BytesIO()
    c = described_canvas(buf, paper.size_pt, title="tokens and turn summary",
                         subject=f"Frustration, Pain and Retirement counters and turn-summary cards for {players} players",
                         game=fight_club_title(), tool="deck --tokens", keywords=("tokens", "turn summary"))
    _token_pages(c, paper, players)
    c.showPage()
    slots = sheet.slots()
    kinds = len(turn_summary()["titles"])
    cards = [k for _ in range(players) for k in range(1, kinds + 1)]
    for start in range(0, len(cards), len(slots)):
        c.setPageSize((sheet.page_w * MM, sheet.page_h * MM))
        draw_marks(c, sheet)
        draw_scale_bar(c, sheet, "turn summary", "Print one-sided")
        for trim, card in zip(slots, cards[start:start + len(slots)]):
            draw_summary(c, trim, card)
        c.showPage()
    c.save()
    return buf.getvalue()
