"""Unfolding a solid into a flat net with glue tabs, at edge 1.

The fold edges are a spanning tree of the solid's face adjacency: the one the data file
lists (for the dodecahedron, the tree that fits the most nets on a page), else the top
face with all its neighbours, the bottom face with all of its own, and the first edge
joining the two (the classic two-flower net; for the cube, the cross). Every other edge
of the solid is a seam, cut open on the net: it shows up twice on the net's border and
gets exactly one glue tab, on whichever side has room.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache

from .data import settings
from .planar import Point, overlaps, rotate
from .solid import Solid, Vec, cross, dot, sub, unit


@dataclass(frozen=True)
class Seam:
    faces: tuple[int, int]
    tab_face: int
    """The face whose border carries the tab."""
    tab: tuple[Point, ...]
    """The tab's trapezoid: base start, outer start, outer end, base end."""


@dataclass(frozen=True)
class Net:
    solid: Solid
    faces: tuple[tuple[Point, ...], ...]
    """Each face's corners on the net, in the solid's corner order (counter-clockwise)."""
    up: tuple[float, ...]
    """Each face's "up" direction on the net, in radians (see `placement.up_vectors`)."""
    folds: tuple[tuple[int, int], ...]
    """Pairs of faces joined by a fold (the spanning tree), solid face indices."""
    seams: tuple[Seam, ...]

    def fold_segment(self, f: int, g: int) -> tuple[Point, Point]:
        a, b = self.solid.shared(f, g)
        cycle = self.solid.faces[f]
        return self.faces[f][cycle.index(a)], self.faces[f][cycle.index(b)]

    def bounds(self) -> tuple[float, float, float, float]:
        pts = [p for poly in self.shapes() for p in poly]
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        return min(xs), min(ys), max(xs), max(ys)

    def shapes(self) -> list[tuple[Point, ...]]:
        """Every face and every tab, the convex pieces the net is made of."""
        return list(self.faces) + [s.tab for s in self.seams]

    def outline(self) -> list[Point]:
        """The cut line: the net's border with every tab, as one closed ring of points."""
        tabbed = {(s.tab[0], s.tab[3]): s.tab for s in self.seams}
        folded = {frozenset(self.fold_segment(f, g)) for f, g in self.folds}
        step: dict[Point, list[Point]] = {}
        for corners in self.faces:
            for i, a in enumerate(corners):
                b = corners[(i + 1) % len(corners)]
                if frozenset((a, b)) in folded:
                    continue
                path = list(tabbed.get((a, b), (a, b)))
                for p, q in zip(path, path[1:]):
                    step[p] = [q]
        start = min(step)
        ring, p = [start], step[start][0]
        while p != start:
            ring.append(p)
            p = step[p][0]
        return ring

    def transformed(self, angle: float, k: float, dx: float, dy: float) -> "Net":
        """The net turned by `angle`, scaled by `k` and moved by (dx, dy)."""
        def move(p: Point) -> Point:
            x, y = rotate(p, angle)
            return (round(x * k + dx, 9), round(y * k + dy, 9))

        seams = tuple(Seam(s.faces, s.tab_face, tuple(move(p) for p in s.tab)) for s in self.seams)
        return Net(self.solid, tuple(tuple(move(p) for p in f) for f in self.faces),
                   tuple(u + angle for u in self.up), self.folds, seams)


def spanning_trees(solid: Solid) -> list[tuple[tuple[int, int], ...]]:
    """The fold trees to try: the data file's for this solid (if any), then the two-flower tree.

    The listed tree packs more nets on a page at the usual edges; the two flowers make a
    squatter net that still fits at the largest edges.
    """
    trees = []
    for listed in settings()["folds"].get(solid.name, []):
        tree = tuple(sorted(tuple(sorted(e)) for e in listed))
        # The data is part of the program: a tree that is not one is a bug, not input.
        if len(tree) != len(solid.faces) - 1 or not set(tree) <= set(solid.edges) or _joined(tree) != len(solid.faces):
            raise RuntimeError(f"a fold tree of the {solid.name} in the nets data is not a spanning tree")
        trees.append(tree)
    return trees + [flower_tree(solid)]


def _joined(tree) -> int:
    """How many faces the edges of `tree` connect to face 0."""
    reached, frontier = {0}, [0]
    while frontier:
        f = frontier.pop()
        for a, b in tree:
            for g in ((b,) if a == f else (a,) if b == f else ()):
                if g not in reached:
                    reached.add(g)
                    frontier.append(g)
    return len(reached)


def flower_tree(solid: Solid) -> tuple[tuple[int, int], ...]:
    """Top with its neighbours, bottom with its, then one joining edge (the cube: a cross)."""
    top, bottom = 0, solid.opposite(0)
    ranked = [e for e in solid.edges if top in e] + [e for e in solid.edges if bottom in e]
    ranked += [e for e in solid.edges if e not in ranked]
    group = list(range(len(solid.faces)))

    def root(f: int) -> int:
        while group[f] != f:
            f = group[f]
        return f

    tree = []
    for f, g in ranked:
        if root(f) != root(g):
            group[root(f)] = root(g)
            tree.append((f, g))
    return tuple(tree)


def _flat(solid: Solid, f: int) -> tuple[list[Point], Vec, Vec]:
    """Face f laid flat in its own plane, and the plane's axes (counter-clockwise kept)."""
    n, c = solid.normal(f), solid.centre(f)
    corners = [solid.points[i] for i in solid.faces[f]]
    u = unit(sub(corners[0], c))
    w = cross(n, u)
    return [(dot(sub(p, c), u), dot(sub(p, c), w)) for p in corners], u, w


@cache
def unfold(solid: Solid, tree: tuple[tuple[int, int], ...], tab_height: float, tab_angle_deg: float) -> Net:
    """The solid's net along the fold `tree` at edge 1: faces, folds, one tab per seam, nothing overlapping."""
    from .placement import up_vectors

    ups = up_vectors(solid)
    placed: dict[int, list[Point]] = {}
    up: dict[int, float] = {}
    local, axes = {}, {}
    for f in range(len(solid.faces)):
        pts, u, w = _flat(solid, f)
        local[f], axes[f] = pts, (u, w)
    placed[0], up[0] = local[0], _angle(ups[0], *axes[0])
    queue = [0]
    while queue:
        f = queue.pop(0)
        for g in [b if a == f else a for a, b in tree if f in (a, b)]:
            if g in placed:
                continue
            a, b = solid.shared(f, g)
            pa, pb = (placed[f][solid.faces[f].index(v)] for v in (a, b))
            qa, qb = (local[g][solid.faces[g].index(v)] for v in (a, b))
            theta = math.atan2(pb[1] - pa[1], pb[0] - pa[0]) - math.atan2(qb[1] - qa[1], qb[0] - qa[0])
            ra = rotate(qa, theta)
            corners = [(rotate(q, theta)[0] + pa[0] - ra[0], rotate(q, theta)[1] + pa[1] - ra[1])
                       for q in local[g]]
            # The shared corners take the parent's very numbers, so equal points compare equal.
            corners[solid.faces[g].index(a)], corners[solid.faces[g].index(b)] = pa, pb
            placed[g] = corners
            up[g] = _angle(ups[g], *axes[g]) + theta
            queue.append(g)
    faces = tuple(tuple(placed[f]) for f in range(len(solid.faces)))
    seams = _tabs(solid, faces, tree, tab_height, math.radians(tab_angle_deg))
    net = Net(solid, faces, tuple(up[f] for f in range(len(faces))), tree, seams)
    return _compact(net)


def _angle(v: Vec, u: Vec, w: Vec) -> float:
    return math.atan2(dot(v, w), dot(v, u))


def _tabs(solid: Solid, faces, tree, height: float, angle: float) -> tuple[Seam, ...]:
    """One tab per seam: on the first face of the pair if it fits there, else on the other."""
    pieces = list(faces)
    seams = []
    for f, g in (e for e in solid.edges if e not in tree):
        for side in (f, g):
            a, b = solid.shared(side, f if side == g else g)
            cycle = solid.faces[side]
            tab = _trapezoid(faces[side][cycle.index(a)], faces[side][cycle.index(b)], height, angle)
            if not any(overlaps(tab, other) for other in pieces):
                break
        else:
            raise ValueError(f"no room for the tab of seam {f}-{g} on the {solid.name} net")
        pieces.append(tab)
        seams.append(Seam((f, g), side, tab))
    return tuple(seams)


def _trapezoid(p: Point, q: Point, height: float, angle: float) -> tuple[Point, ...]:
    """A tab on edge p→q, outside the face (the face lies left of p→q)."""
    length = math.dist(p, q)
    dx, dy = (q[0] - p[0]) / length, (q[1] - p[1]) / length
    out = (dy, -dx)
    slant = height / math.tan(angle)
    return (p, (p[0] + out[0] * height + dx * slant, p[1] + out[1] * height + dy * slant),
            (q[0] + out[0] * height - dx * slant, q[1] + out[1] * height - dy * slant), q)


def _compact(net: Net) -> Net:
    """The net turned to its smallest bounding box with some edge level, wider than tall, at (0, 0).

    Only turns that make a face edge horizontal are tried: the net then sits square on
    the page the way a person would draw it, and there are few to try.
    """
    turns = set()
    for corners in net.faces:
        for p, q in zip(corners, [*corners[1:], corners[0]]):
            turns.add(round(-math.atan2(q[1] - p[1], q[0] - p[0]) % math.pi, 9))

    def size(angle: float) -> tuple[float, float]:
        x0, y0, x1, y1 = net.transformed(angle, 1, 0, 0).bounds()
        return round((x1 - x0) * (y1 - y0), 6), -(x1 - x0)

    turned = net.transformed(min(sorted(turns), key=size), 1, 0, 0)
    x0, y0, x1, y1 = turned.bounds()
    if y1 - y0 > x1 - x0:
        turned = turned.transformed(math.pi / 2, 1, 0, 0)
        x0, y0, _, _ = turned.bounds()
    return turned.transformed(0, 1, -x0, -y0)
