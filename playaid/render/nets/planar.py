"""Plane geometry for nets: points, turning, and the overlap test of convex pieces."""

from __future__ import annotations

import math
from typing import Sequence

Point = tuple[float, float]
EPS = 1e-7


def rotate(p: Point, angle: float) -> Point:
    c, s = math.cos(angle), math.sin(angle)
    return (p[0] * c - p[1] * s, p[0] * s + p[1] * c)


def area(poly: Sequence[Point]) -> float:
    """Signed area: positive when the corners run counter-clockwise."""
    return sum(a[0] * b[1] - b[0] * a[1] for a, b in zip(poly, [*poly[1:], poly[0]])) / 2


def overlaps(a: Sequence[Point], b: Sequence[Point], eps: float = EPS) -> bool:
    """Whether two convex polygons share some area (touching along an edge or a corner does not count).

    Separating axes: two convex shapes are apart exactly when, along the normal of some
    edge of either, their shadows do not overlap by more than `eps`.
    """
    for poly in (a, b):
        for p, q in zip(poly, [*poly[1:], poly[0]]):
            nx, ny = q[1] - p[1], p[0] - q[0]
            length = math.hypot(nx, ny)
            if length < eps:
                continue
            nx, ny = nx / length, ny / length
            sa = [x * nx + y * ny for x, y in a]
            sb = [x * nx + y * ny for x, y in b]
            if min(max(sa), max(sb)) - max(min(sa), min(sb)) <= eps:
                return False
    return True
