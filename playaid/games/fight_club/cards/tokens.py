"""Punch-out counters for the Frustration, Pain and Retirement tokens, then the
turn-summary cards (`summary`) in the deck's size, one set per player.

The three tokens differ by shape of their inner ring as well as by word and letter, so
they stay apart in grayscale: Frustration dashed, Pain solid on a pale disc,
Retirement doubled.
"""

from __future__ import annotations

import io

from reportlab.pdfbase import pdfmetrics

from ..models import TOKEN_TYPES
from playaid.render import fonts
from playaid.render.paper import MM, Paper
from . import text
from .imposition import Sheet, impose
from playaid.render.pdf_info import canvas as described_canvas
from .settings import card_size, fight_club_title, layout, turn_summary
from .sheets import draw_marks, draw_scale_bar
from .summary import draw_summary, summary_fits


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
    return inner - {"retirement": 1.6 * MM, "frustration": 0.8 * MM}.get(kind, 0)


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


RING_GREY = 0.6
"""The ring every token's edge is printed in: the same tone inside and past the cut,
so a cut a little off the line shows no edge (nothing is drawn on the cut itself)."""


def _token(c, cx: float, cy: float, r: float, kind: str) -> None:
    """A token of radius `r` (points) centred at (cx, cy): a grey ring from 2 mm inside
    its cut to `tokens.bleed` mm past it, the kind's inner ring, its letter and word."""
    bleed = layout()["tokens"]["bleed"] * MM
    inner = r - 2 * MM
    c.setFillGray(RING_GREY)
    c.circle(cx, cy, r + bleed, stroke=0, fill=1)
    c.setFillGray(0.9 if kind == "pain" else 1)
    c.circle(cx, cy, inner, stroke=0, fill=1)
    c.setStrokeGray(0)
    c.setLineWidth(0.8)
    if kind == "frustration":
        c.setDash(2, 1.5)
        c.circle(cx, cy, inner - 0.8 * MM, stroke=1, fill=0)
        c.setDash()
    elif kind == "retirement":
        c.circle(cx, cy, inner - 0.8 * MM, stroke=1, fill=0)
        c.circle(cx, cy, inner - 1.6 * MM, stroke=1, fill=0)
    c.setFillGray(0)
    text.draw(c, cx, cy - LETTER_DROP, kind[0].upper(), fonts.DISPLAY_BOLD, r * 0.9, "centre")
    word = word_layout(kind.capitalize(), innermost_ring(r, kind))
    if word is not None:
        size, baseline = word
        text.draw(c, cx, cy - baseline, kind.capitalize(), fonts.SANS, size, "centre")


HEADING_MM = 7
"""A heading's row above the tokens it names."""


def token_rows(paper: Paper, players: int) -> list[list[tuple[str, str]]]:
    """The tokens page by page, each page a list of rows: ("heading", words) or
    ("tokens", kind) repeated. The kinds follow one another without a page break each,
    and the last page's rows left over fill with spares, so no page is mostly empty."""
    data = layout()["tokens"]
    pitch, room = data["diameter"] + data["gap"], paper.height_mm - 2 * paper.margin_mm - 2 * data["bleed"]
    pages: list[list[tuple[str, str]]] = [[]]
    used = 0.0

    def add(row: tuple[str, str], height: float, keep: float = 0.0) -> None:
        nonlocal used
        if used + height + keep > room + 1e-9:  # a heading keeps a row of its tokens with it
            pages.append([])
            used = 0.0
        pages[-1].append(row)
        used += height

    cols = token_columns(paper)
    for kind, n in token_counts(players).items():
        add(("heading", f"{kind.capitalize()} tokens: {n} ({n // players} per player × {players}); "
                        "cut along the grey ring"), HEADING_MM, pitch)
        for _ in range(-(-n // cols)):
            add(("tokens", kind), pitch)
    kinds = list(token_counts(players))
    if room - used >= HEADING_MM + pitch:
        add(("heading", "Spares, for the tokens a table loses: cut along the grey ring"), HEADING_MM)
        k = 0
        while room - used >= pitch - 1e-9:
            add(("tokens", kinds[k % len(kinds)]), pitch)
            k += 1
    return pages


def token_columns(paper: Paper) -> int:
    """Tokens in a row: their rings (bleed included) inside the printable margin."""
    data = layout()["tokens"]
    d, gap = data["diameter"], data["gap"]
    return int((paper.width_mm - 2 * paper.margin_mm - 2 * data["bleed"] + gap) // (d + gap))


def _token_pages(c, paper: Paper, players: int) -> None:
    """Rows of counters inside the printable margin, a heading before each kind; the
    counts of the last row of each kind as the table needs them, spares whole rows."""
    data = layout()["tokens"]
    d, gap, margin = data["diameter"], data["gap"], paper.margin_mm
    cols = token_columns(paper)
    x0 = (paper.width_mm - cols * d - (cols - 1) * gap) / 2
    counts = token_counts(players)
    left = dict(counts)
    for number, rows in enumerate(token_rows(paper, players)):
        if number:
            c.showPage()
        y = paper.height_mm - margin - data["bleed"]
        for what, value in rows:
            if what == "heading":
                text.draw(c, x0 * MM, (y - 4) * MM, value, fonts.SANS_BOLD, 9)
                y -= HEADING_MM
                continue
            n = min(cols, left[value]) if left[value] > 0 else cols
            left[value] -= n
            for k in range(n):
                _token(c, (x0 + d / 2 + k * (d + gap)) * MM, (y - d / 2) * MM, d / 2 * MM, value)
            y -= d + gap


def tokens_pdf(paper: Paper, sheet: Sheet, players: int) -> bytes:
    """Counters for `players` players, then sheets of turn-summary cards (a set each, spares
    filling the last sheet), on the deck's cards or, when those are too small for 7 pt
    type, on poker cards."""
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
    # the last sheet's empty slots take spare cards, in set order (5 players' ten cards left
    # six of eight slots blank): a lost or spoilt card has its twin
    whole = -(-len(cards) // len(slots)) * len(slots)
    cards += [k for _ in range(whole) for k in range(1, kinds + 1)][:whole - len(cards)]
    for start in range(0, len(cards), len(slots)):
        c.setPageSize((sheet.page_w * MM, sheet.page_h * MM))
        draw_marks(c, sheet)
        draw_scale_bar(c, sheet, "turn summary", "Print one-sided")
        for trim, card in zip(slots, cards[start:start + len(slots)]):
            draw_summary(c, trim, sheet.bleed_rect(trim), card)
        c.showPage()
    c.save()
    return buf.getvalue()
