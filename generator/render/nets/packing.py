"""Fitting many nets on a page: rows that interlock, every other row offset or turned.

Nets are not rectangles: a two-flower dodecahedron net leaves deep notches that the
next row's petals can reach into. Each net is summarised by its profiles: for every thin
strip across it, how far it reaches on either side. Sliding one net against another
along a strip is then a subtraction per strip, which makes trying every row offset
cheap. Profiles are taken at edge 1, conservatively (a strip records the furthest the
net reaches anywhere inside it), so nets placed by them never touch.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache

from .planar import Point
from .unfold import Net

STRIP = 0.02
"""Strip width in edges (0.4 mm at a 20 mm edge)."""
OFFSETS = 12
"""Row offsets tried between 0 and one net pitch."""


@dataclass(frozen=True)
class Profiles:
    """How far a net reaches in each strip: down / up for vertical strips, left / right for horizontal."""

    down: tuple[float | None, ...]
    up: tuple[float | None, ...]
    left: tuple[float | None, ...]
    right: tuple[float | None, ...]


def _reach(pieces: list[tuple[Point, ...]], strips: int) -> tuple[list, list]:
    """Per vertical strip of width STRIP from x = 0: the lowest and highest point of any piece."""
    low: list[float | None] = [None] * strips
    high: list[float | None] = [None] * strips
    for piece in pieces:
        xs = [p[0] for p in piece]
        first, last = int(min(xs) / STRIP), min(strips - 1, int(max(xs) / STRIP))
        for i in range(first, last + 1):
            a, b = max(i * STRIP, min(xs)), min((i + 1) * STRIP, max(xs))
            ys = [y for x, y in piece if a <= x <= b]
            for x in (a, b):
                ys += _cut(piece, x)
            lo, hi = min(ys), max(ys)
            low[i] = lo if low[i] is None else min(low[i], lo)
            high[i] = hi if high[i] is None else max(high[i], hi)
    return low, high


def _cut(piece: tuple[Point, ...], x: float) -> list[float]:
    """Where the vertical line at x crosses the border of a convex piece."""
    ys = []
    for (x1, y1), (x2, y2) in zip(piece, [*piece[1:], piece[0]]):
        if (x1 - x) * (x2 - x) <= 0 and x1 != x2:
            ys.append(y1 + (y2 - y1) * (x - x1) / (x2 - x1))
    return ys


@cache
def profiles(net: Net) -> Profiles:
    """The reach of a net at edge 1 with its bounding box at the origin."""
    _, _, w, h = net.bounds()
    pieces = net.shapes()
    down, up = _reach(pieces, int(w / STRIP) + 1)
    left, right = _reach([tuple((y, x) for x, y in p) for p in pieces], int(h / STRIP) + 1)
    return Profiles(tuple(down), tuple(up), tuple(left), tuple(right))


def _clearance(near: tuple, far: tuple, shift: int) -> float:
    """How far `far` (strips moved by `shift`) must stand off so it never reaches into `near`.

    `near` holds how far the fixed net reaches towards the other, `far` how far the
    moving one reaches back; the answer is the largest overlap over shared strips.
    """
    worst = -math.inf
    for i in range(max(0, shift), min(len(near), len(far) + shift)):
        value, reach = near[i], far[i - shift]
        if value is not None and reach is not None and reach - value > worst:
            worst = reach - value
    return worst


@dataclass(frozen=True)
class Rows:
    """Nets in rows at edge 1: `pitch` along a row, `step` between rows, odd rows moved by `offset`."""

    pitch: float
    step: float
    offset: float
    odd_turned: bool


def row_plans(net: Net, turned: Net, gap: float) -> list[Rows]:
    """Every way of stacking rows worth trying; `gap` in edges."""
    a, r = profiles(net), profiles(turned)
    # Pitch and offsets are whole strips, so a moved net's strips line up with the fixed one's.
    pitch = math.ceil((_clearance(a.left, a.right, 0) + gap) / STRIP) * STRIP
    plans = []
    for odd, b in ((False, a), (True, r)):
        for k in range(OFFSETS):
            offset = round(pitch * k / OFFSETS / STRIP) * STRIP
            step = -math.inf
            for n in range(-4, 5):
                # the odd row under the even one, and the next even row under the odd one
                step = max(step, _clearance(a.down, b.up, round((offset + n * pitch) / STRIP)),
                           _clearance(b.down, a.up, round((-offset + n * pitch) / STRIP)))
                # rows two apart must clear each other too
                step = max(step, _clearance(a.down, a.up, round(n * pitch / STRIP)) / 2,
                           _clearance(b.down, b.up, round(n * pitch / STRIP)) / 2)
            plans.append(Rows(pitch, step + gap + STRIP, offset, odd))
    return plans
