"""The two solids we print: the regular dodecahedron (d12) and the cube (d6).

A solid is its corner points and its faces, each face a cycle of corner indices that
runs counter-clockwise seen from outside. Faces are ordered like a globe: the top face
first, then the faces around it by height and longitude, the bottom face last; the
orientation rule (see `docs/nets.md`) and the balance rule both lean on that order.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache, cached_property
from itertools import product

Vec = tuple[float, float, float]
PHI = (1 + math.sqrt(5)) / 2


def sub(a: Vec, b: Vec) -> Vec:
    return (a[0] - b[0], a[1] - b[1], a[2] - b[2])


def dot(a: Vec, b: Vec) -> float:
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]


def cross(a: Vec, b: Vec) -> Vec:
    return (a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0])


def scale(a: Vec, k: float) -> Vec:
    return (a[0] * k, a[1] * k, a[2] * k)


def unit(a: Vec) -> Vec:
    return scale(a, 1 / math.sqrt(dot(a, a)))


@dataclass(frozen=True)
class Solid:
    name: str
    points: tuple[Vec, ...]
    faces: tuple[tuple[int, ...], ...]
    """Corner indices of each face, counter-clockwise seen from outside; face 0 is the top."""

    def centre(self, f: int) -> Vec:
        corners = [self.points[i] for i in self.faces[f]]
        return scale(tuple(map(sum, zip(*corners))), 1 / len(corners))

    def normal(self, f: int) -> Vec:
        return unit(self.centre(f))

    @cached_property
    def edges(self) -> tuple[tuple[int, int], ...]:
        """Every pair of faces sharing an edge, (lower, higher) face index, sorted."""
        pairs = []
        for f, g in ((f, g) for f in range(len(self.faces)) for g in range(f + 1, len(self.faces))):
            if len(set(self.faces[f]) & set(self.faces[g])) == 2:
                pairs.append((f, g))
        return tuple(pairs)

    def neighbours(self, f: int) -> list[int]:
        return [g for e in self.edges for g in e if f in e and g != f]

    def opposite(self, f: int) -> int:
        """The face whose outward normal points the other way."""
        n = self.normal(f)
        return min(range(len(self.faces)), key=lambda g: dot(self.normal(g), n))

    def shared(self, f: int, g: int) -> tuple[int, int]:
        """The two corners faces f and g share, in the order f runs through them."""
        cycle = self.faces[f]
        for i, a in enumerate(cycle):
            b = cycle[(i + 1) % len(cycle)]
            if a in self.faces[g] and b in self.faces[g]:
                return a, b
        raise ValueError(f"faces {f} and {g} do not touch")


def _from_directions(name: str, points: list[Vec], directions: list[Vec], corners: int) -> Solid:
    """Faces as the `corners` points furthest along each face direction, globe-ordered."""
    north = unit(directions[0])
    # A fixed longitude-zero reference perpendicular to north keeps the order stable.
    east = unit(cross(north, (0.0, 0.0, 1.0)) if abs(north[2]) < 0.9 else cross(north, (1.0, 0.0, 0.0)))
    west = cross(north, east)

    def globe_key(d: Vec) -> tuple[float, float]:
        d = unit(d)
        height = round(dot(d, north), 6)
        longitude = round(math.atan2(dot(d, west), dot(d, east)) % (2 * math.pi), 6)
        return (-height, longitude)

    faces = []
    for d in sorted(directions, key=globe_key):
        d = unit(d)
        ranked = sorted(range(len(points)), key=lambda i: -dot(points[i], d))[:corners]
        centre = scale(tuple(map(sum, zip(*(points[i] for i in ranked)))), 1 / corners)
        u = unit(sub(points[ranked[0]], centre))
        w = cross(d, u)
        ranked.sort(key=lambda i: math.atan2(dot(sub(points[i], centre), w), dot(sub(points[i], centre), u)))
        faces.append(tuple(ranked))
    return Solid(name, tuple(points), tuple(faces))


@cache
def dodecahedron() -> Solid:
    """The regular dodecahedron with edge 1."""
    inv = 1 / PHI
    points = [p for p in product((-1.0, 1.0), repeat=3)]
    for a, b in product((-1.0, 1.0), repeat=2):
        points += [(0.0, a * inv, b * PHI), (a * inv, b * PHI, 0.0), (a * PHI, 0.0, b * inv)]
    directions = []
    for a, b in product((-1.0, 1.0), repeat=2):
        directions += [(0.0, a * PHI, b), (a * PHI, b, 0.0), (a, 0.0, b * PHI)]
    directions.sort(key=lambda d: (-d[2], -d[1], -d[0]))  # (1, 0, φ) on top
    solid = _from_directions("dodecahedron", points, directions, 5)
    return _scaled(solid, 1 / (2 * inv))


@cache
def cube() -> Solid:
    """The cube with edge 1."""
    points = [p for p in product((-1.0, 1.0), repeat=3)]
    directions = [(0.0, 0.0, 1.0), (1.0, 0.0, 0.0), (0.0, 1.0, 0.0), (-1.0, 0.0, 0.0), (0.0, -1.0, 0.0),
                  (0.0, 0.0, -1.0)]
    return _scaled(_from_directions("cube", points, directions, 4), 0.5)


def _scaled(solid: Solid, k: float) -> Solid:
    return Solid(solid.name, tuple(scale(p, k) for p in solid.points), solid.faces)
