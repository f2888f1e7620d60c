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
    """Per vertical strip of width STRIP from x = 0: the lowest and highest point of any piece.

    A convex piece's extremes over a strip lie on the strip's two borders or at a corner
    inside it, so each border is cut once and shared by the strips on either side.
    """
    low: list[float | None] = [None] * strips
    high: list[float | None] = [None] * strips

    def widen(i: int, lo: float, hi: float) -> None:
        low[i] = lo if low[i] is None or lo < low[i] else low[i]
        high[i] = hi if high[i] is None or hi > high[i] else high[i]

    for piece in pieces:
        xs = [p[0] for p in piece]
        x0, x1 = min(xs), max(xs)
        first, last = int(x0 / STRIP), min(strips - 1, int(x1 / STRIP))
        spans = [_cut(piece, min(x1, max(x0, k * STRIP))) for k in range(first, last + 2)]
        for i in range(first, last + 1):
            (a, b), (c, d) = spans[i - first], spans[i + 1 - first]
            widen(i, min(a, c), max(b, d))
        for x, y in piece:
            widen(min(last, int(x / STRIP)), y, y)
    return low, high


def _cut(piece: tuple[Point, ...], x: float) -> tuple[float, float]:
    """The lowest and highest point where the vertical line at x meets a convex piece."""
    lo, hi = math.inf, -math.inf
    for (x1, y1), (x2, y2) in zip(piece, [*piece[1:], piece[0]]):
        if (x1 - x) * (x2 - x) <= 0:
            ys = (y1, y2) if x1 == x2 else (y1 + (y2 - y1) * (x - x1) / (x2 - x1),)
            lo, hi = min(lo, *ys), max(hi, *ys)
    return lo, hi


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
