"""Our own vector art for dice: the d6's pips, and room for a game's symbols on a face.

Art is drawn at unit size (about radius 1 around the origin, "up" along +y) and placed by
`drawing.transform`; a game draws its own symbols (a die's art comes from its `PaperDie`)
and `arranged` sets several side by side on one face.
"""

from __future__ import annotations

import math

from .drawing import Circle, Item, Style, transform
from .planar import Point

INK = "#222222"


def arrangement(n: int) -> tuple[list[Point], float]:
    """Centres for n unit glyphs side by side, and the radius of the circle holding them."""
    if n == 0:
        return [], 1.0
    if n == 1:
        return [(0.0, 0.0)], 1.0
    if n == 2:
        return [(-1.08, 0.0), (1.08, 0.0)], 2.08
    if n == 3:
        return [(-1.08, 0.62), (1.08, 0.62), (0.0, -1.25)], 2.25
    ring = 1.08 / math.sin(math.pi / n)
    return [(ring * math.cos(math.pi / 2 + 2 * math.pi * i / n), ring * math.sin(math.pi / 2 + 2 * math.pi * i / n))
            for i in range(n)], ring + 1


def arranged(symbols: list[Item]) -> list[Item]:
    """Unit symbols of one face side by side, the whole at unit size within radius 1."""
    centres, extent = arrangement(len(symbols))
    out: list[Item] = []
    for symbol, (x, y) in zip(symbols, centres):
        out += transform([symbol], (x / extent, y / extent), 1 / extent, 0.0)
    return out


PIPS = {
    1: [(0, 0)],
    2: [(-1, 1), (1, -1)],
    3: [(-1, 1), (0, 0), (1, -1)],
    4: [(-1, 1), (1, 1), (-1, -1), (1, -1)],
    5: [(-1, 1), (1, 1), (0, 0), (-1, -1), (1, -1)],
    6: [(-1, 1), (1, 1), (-1, 0), (1, 0), (-1, -1), (1, -1)],
}
"""Pip positions on a 3 × 3 grid, x right and y up."""


def pips(number: int, offset: float, radius: float, fill: str = INK) -> list[Item]:
    """A d6 face's pips at unit edge: grid step `offset`, each pip `radius`."""
    return [Circle((x * offset, y * offset), radius, Style(fill=fill), (("data-pip", "1"),))
            for x, y in PIPS[number]]
