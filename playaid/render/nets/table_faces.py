"""The d6 a procedure asks for, drawn as the paper dice print them (`GameSystem.table_dice`):
the same pips and colour marks as the nets, one small SVG per face for the studio's
buttons. A game's own die draws its faces with `face_svg` the same way."""

from __future__ import annotations

import math

from ..faces import FaceLook
from .dice import D6, D6Faces, placed_art, settings
from .drawing import Item, Path, Style
from .glyphs import INK
from .svg import _emit

EDGE = 10.0
"""Face edge in the SVG's own units; the button sets the size on screen."""
BOX = 9.0
"""Half the viewBox: room for the largest face outline (a d12's pentagon, corner radius 8.5)."""


def face_svg(outline: Item, art: list[Item]) -> str:
    """One face for a button: its outline and art, in a square viewBox centred on 0."""
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{-BOX:g} {-BOX:g} {2 * BOX:g} {2 * BOX:g}" '
           'class="die-face" aria-hidden="true" focusable="false">']
    for item in (outline, *art):
        _emit(out, item, 0.0)  # height 0: y flips about the centre
    out.append("</svg>")
    return "".join(out)


def _d6(color: str | None) -> list[FaceLook]:
    faces = D6Faces(D6(color))
    half = EDGE * 0.8
    looks = []
    for i in range(6):
        square = ((-half, -half), (half, -half), (half, half), (-half, half))
        outline = Path(square, Style(fill=faces.fill(i) or "#ffffff", stroke=INK, width=0.5))
        art = placed_art(faces.art(i, EDGE * 1.6), (0.0, 0.0), math.pi / 2)
        counted = ", counts" if faces.marked(i) else ""
        looks.append(FaceLook(i + 1, f"{color + ' ' if color else ''}{i + 1}{counted}", face_svg(outline, art)))
    return looks


def plain_d6(wanted, scene=None, resolver=None) -> list[FaceLook] | None:
    """A d6 as pips; None for any other die (it shows its numbers)."""
    return _d6(None) if wanted.sides == 6 else None


def coloured_d6(wanted, scene=None, resolver=None) -> list[FaceLook] | None:
    """A red or green d6 (the pool is named "who, colour"), its counted faces marked by shape too."""
    color = wanted.pool.rpartition(", ")[2]
    if wanted.sides != 6:
        return None
    return _d6(color if color in settings()["d6"]["colors"] else None)
