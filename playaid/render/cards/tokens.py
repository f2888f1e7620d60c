"""Punch-out counters for the Frustration, Pain and Retirement tokens, and the
turn-summary card in the deck's size, one per player.

The three tokens differ by shape of their inner ring as well as by word and letter, so
they stay apart in grayscale: Frustration dashed, Pain solid on a pale disc,
Retirement doubled.
"""

from __future__ import annotations

import io

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen import canvas as rl_canvas

from ...systems.fight_club.models import TOKEN_TYPES
from .. import fonts
from ..paper import MM, Paper
from . import text
from .imposition import Rect, Sheet
from .settings import layout, turn_summary
from .sheets import draw_marks, draw_scale_bar


def token_counts(players: int) -> dict[str, int]:
    """How many of each token a table of `players` needs (per-player numbers are data)."""
    per = layout()["tokens"]["per_player"]
    return {t: per[t] * players for t in TOKEN_TYPES}


WORD_PT = (6.0, 3.0)
"""The token word's largest and smallest size."""
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


def word_layout(word: str, ring: float) -> tuple[float, float]:
    """The size and baseline (points below the centre) at which `word` sits under the big
    letter wholly inside a ring of radius `ring`, its widest corners measured with the
    embedded font: the largest size that fits, from 6 pt down to 3 pt."""
    ascent, descent = pdfmetrics.getAscentDescent(fonts.SANS.name, 1.0)
    size = WORD_PT[0]
    while True:
        baseline = LETTER_DROP + LETTER_GAP + ascent * size
        bottom = baseline - descent * size  # descent is negative
        half = text.unit_width(word, fonts.SANS) * size / 2
        room = ring - RING_PAD
        if half ** 2 + bottom ** 2 <= room ** 2 or size <= WORD_PT[1]:
            return size, baseline
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
    size, baseline = word_layout(kind.capitalize(), innermost_ring(r, kind))
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
                if y - d < margin:
                    c.showPage()
                    y = top
                row = y - d
                y = row - gap
            _token(c, (x0 + d / 2 + (k % cols) * (d + gap)) * MM, (row + d / 2) * MM, d / 2 * MM, kind)
        y -= 2


def _summary_layout(box: Rect) -> tuple[float, list[tuple[fonts.Face, str]]]:
    """The largest size at which the turn summary fits `box`, and its lines."""
    data = turn_summary()
    size = 9.0
    while size > 4:
        out: list[tuple[fonts.Face, str]] = []
        for step in data["steps"]:
            out += [(fonts.SANS_BOLD, line) for line in text.wrap_lines(step["head"], fonts.SANS_BOLD, size, box.w * MM)]
            out += [(fonts.SANS, line) for line in text.wrap_lines(step["text"], fonts.SANS, size, box.w * MM)]
        height = (len(out) + len(data["steps"]) * 0.35) * size * 1.2 + size * 2.2
        if height <= box.h * MM:
            return size, out
        size -= 0.25
    return size, out


def draw_summary(c, trim: Rect) -> None:
    """The turn summary inside the card's safe zone."""
    safe = layout()["safe"]
    box = Rect(trim.x + safe, trim.y + safe, trim.w - 2 * safe, trim.h - 2 * safe)
    c.setStrokeGray(0.45)
    c.setLineWidth(0.5)
    c.roundRect(box.x * MM, box.y * MM, box.w * MM, box.h * MM, 2 * MM)
    inner = Rect(box.x + 2, box.y + 2, box.w - 4, box.h - 4)
    size, lines = _summary_layout(inner)
    y = inner.top * MM - size * 1.4
    text.draw(c, (inner.x + inner.w / 2) * MM, y, turn_summary()["title"], fonts.DISPLAY_BOLD, size * 1.4, "centre")
    y -= size * 0.9
    for face, line in lines:
        if face is fonts.SANS_BOLD:
            y -= size * 0.35
        y -= size * 1.2
        text.draw(c, inner.x * MM, y, line, face, size)


def tokens_pdf(paper: Paper, sheet: Sheet, players: int) -> bytes:
    """Counters for `players` players, then a sheet of turn-summary cards (one each)."""
    text.ready()
    buf = io.BytesIO()
    c = rl_canvas.Canvas(buf, pagesize=paper.size_pt, invariant=1, pageCompression=1,
                         initialFontName=fonts.SANS.name, initialFontSize=8)
    c.setTitle("Fight Club tokens and turn summary — playaid")
    c.setAuthor("playaid")
    _token_pages(c, paper, players)
    c.showPage()
    slots = sheet.slots()
    for start in range(0, players, len(slots)):
        c.setPageSize((sheet.page_w * MM, sheet.page_h * MM))
        draw_marks(c, sheet)
        draw_scale_bar(c, sheet, "turn summary")
        for trim in slots[:players - start]:
            draw_summary(c, trim)
        c.showPage()
    c.save()
    return buf.getvalue()
