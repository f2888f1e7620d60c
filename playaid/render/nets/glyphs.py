"""Our own vector art for the Spiral die's symbols and the d6's pips.

Each symbol is drawn at unit size (about radius 1 around the origin, "up" along +y) and
placed by `drawing.transform`. Shapes, not colours, tell them apart, so they read in
grayscale: the Hit is a solid five-pointed star (the rule text's `*`), the Spare an open
fork (its `Y`), the Spiral a coiled line (its `@`).
"""

from __future__ import annotations

import math

from .drawing import Circle, Group, Item, Path, Style, polygon, transform
from .planar import Point

INK = "#222222"


def hit() -> Group:
    outer, inner = polygon(5, 1.0), polygon(5, 0.42, math.pi / 2 + math.pi / 5)
    star = tuple(p for pair in zip(outer, inner) for p in pair)
    return Group("hit", [Path(star, Style(fill=INK))], (("data-symbol", "hit"),))


def spare() -> Group:
    # Every point plus half the stroke stays within radius 1, like the other symbols.
    stroke = Style(stroke=INK, width=0.28, rounded=True)
    arms = Path(((-0.55, 0.66), (0.0, 0.06), (0.55, 0.66)), stroke, closed=False)
    stem = Path(((0.0, 0.06), (0.0, -0.86)), stroke, closed=False)
    return Group("spare", [arms, stem], (("data-symbol", "spare"),))


def spiral() -> Group:
    turns, steps = 2.25, 54
    end = math.pi / 2  # the outer end sits at the top, so the coil shows which way is up
    points: list[Point] = []
    for i in range(steps + 1):
        t = i / steps
        r = 0.1 + 0.8 * t
        a = end - 2 * math.pi * turns * (1 - t)
        points.append((r * math.cos(a), r * math.sin(a)))
    coil = Path(tuple(points), Style(stroke=INK, width=0.17, rounded=True), closed=False)
    return Group("spiral", [coil], (("data-symbol", "spiral"),))


SYMBOLS = {"hit": hit, "spare": spare, "spiral": spiral}


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


def face_art(symbols: list[str]) -> list[Item]:
    """The symbols of one face, arranged at unit size within radius 1."""
    centres, extent = arrangement(len(symbols))
    out: list[Item] = []
    for name, (x, y) in zip(symbols, centres):
        out += transform([SYMBOLS[name]()], (x / extent, y / extent), 1 / extent, 0.0)
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
