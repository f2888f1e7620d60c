"""Text as a page shows it, for ReportLab: right-to-left runs reordered and shaped.

ReportLab draws characters one after another, left to right, each in its isolated form.
Arabic needs each letter joined to its neighbours, and Arabic and Hebrew read right to
left, so a name in them is shaped here by HarfBuzz (through ReportLab's own `shapeStr`,
which gives the glyphs in visual order) and its runs placed in the order the eye meets them.

The ordering is the part of the Unicode bidirectional algorithm a name on a left-to-right
page needs: the line runs left to right (our pages are in left-to-right languages, and a
row number or a label before a name stays before it); a right-to-left run reads from
right to left; a neutral character (space, punctuation, digit) between two right-to-left
letters belongs to their run, any other to the line. Text with
no right-to-left letter comes back exactly as `fonts.runs` cut it, so every other page
keeps its bytes.
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache

from . import fonts
from .fonts import Face

Part = tuple[Face, str]


def _direction(char: str) -> str | None:
    kind = unicodedata.bidirectional(char)
    return "rtl" if kind in ("R", "AL") else "ltr" if kind == "L" else None


def right_to_left(text: str) -> bool:
    """Whether `text` has a right-to-left letter (Arabic, Hebrew …)."""
    return any(_direction(c) == "rtl" for c in text)


def drawn_runs(text: str, primary: Face = fonts.SANS) -> tuple[Part, ...]:
    """`fonts.runs(text, primary)` in visual order, right-to-left runs shaped; every face
    registered with ReportLab. Draw the parts left to right, each `width` apart.

    >>> [part for _, part in drawn_runs("דנה")]  # doctest: +SKIP
    ['הנד']
    """
    parts = fonts.runs(text, primary)  # said each time: it remembers text no font can draw
    for face, _ in parts:
        fonts.register(face)
    return _visual(parts) if right_to_left(text) else parts


@lru_cache(maxsize=2048)
def _visual(parts: tuple[Part, ...]) -> tuple[Part, ...]:
    from reportlab.pdfbase.ttfonts import shapeStr

    chars = [(face, c) for face, text in parts for c in text]
    sides = _resolved([c for _, c in chars])
    segments: list[tuple[str, list[Part]]] = []
    for (face, char), side in zip(chars, sides):
        if segments and segments[-1][0] == side:
            pieces = segments[-1][1]
            if pieces[-1][0] == face:
                pieces[-1] = (face, pieces[-1][1] + char)
            else:
                pieces.append((face, char))
        else:
            segments.append((side, [(face, char)]))
    out: list[Part] = []
    for side, pieces in segments:
        if side == "rtl":
            # HarfBuzz puts each piece's glyphs in visual order; the pieces themselves turn round
            out += [(face, shapeStr(text, face.name, 1000)) for face, text in reversed(pieces)]
        else:
            out += pieces
    return tuple(out)


def _resolved(chars: list[str]) -> list[str]:
    """Each character's side: its own if strong; a neutral one between two right-to-left
    letters is right-to-left, any other takes the page's (left to right)."""
    own = [_direction(c) for c in chars]
    sides = []
    for i, side in enumerate(own):
        if side is None:
            before = next((d for d in reversed(own[:i]) if d), None)
            after = next((d for d in own[i + 1:] if d), None)
            side = "rtl" if before == after == "rtl" else "ltr"
        sides.append(side)
    return sides


def width(face: Face, part: str, size: float) -> float:
    """The advance of one drawn part at `size` points: a shaped part by its glyphs' advances
    (joined Arabic letters are narrower than their isolated forms)."""
    data = getattr(part, "__shapeData__", None)
    if data is not None:
        return sum(d.x_advance for d in data) * size / 1000
    from reportlab.pdfbase.pdfmetrics import stringWidth

    return stringWidth(part, fonts.register(face).name, size)


def text_width(text: str, face: Face, size: float) -> float:
    """The advance of `text` at `size` points as `drawn_runs` draws it."""
    return sum(width(f, part, size) for f, part in drawn_runs(text, face))
