"""The SVG read back proves the net: regular faces, folds a spanning tree that closes the
solid, one tab per seam, nothing overlapping, everything inside the printable area."""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET
from itertools import combinations

import pytest

NS = {"svg": "http://www.w3.org/2000/svg"}
PHI = (1 + math.sqrt(5)) / 2
# die, faces, corners, dihedral angle of the solid, corners (vertices) of the solid
SOLIDS = {
    "spiral": (12, 5, math.acos(-1 / math.sqrt(5)), 20),
    "d6": (6, 4, math.pi / 2, 8),
}


def points(d: str, height: float) -> list[tuple[float, float]]:
    """A path's corners with y turned up again (the net is drawn counter-clockwise, y up)."""
    nums = [float(v) for v in re.findall(r"-?\d+(?:\.\d+)?", d)]
    return [(x, height - y) for x, y in zip(nums[::2], nums[1::2])]


def read(svg: bytes):
    root = ET.fromstring(svg)
    width, height = (float(v) for v in root.get("viewBox").split()[2:])
    assert root.get("width") == f"{width:g}mm" and root.get("height") == f"{height:g}mm"
    nets = []
    for g in root.iterfind(".//svg:g[@class='net']", NS):
        faces = [points(p.get("d"), height) for p in g.iterfind("svg:g[@class='faces']/svg:g/svg:path", NS)]
        folds = [points(p.get("d"), height) for p in g.iterfind("svg:g[@class='fold-lines']/svg:path", NS)
                 if p.get("data-kind") == "face"]
        tabs = [points(p.get("d"), height) for p in g.iterfind("svg:g[@class='glue-tabs']/svg:path", NS)]
        cuts = [points(p.get("d"), height) for p in g.iterfind("svg:path[@class='cut']", NS)]
        fold_group = g.find("svg:g[@class='fold-lines']", NS)
        nets.append({"faces": faces, "folds": folds, "tabs": tabs, "cuts": cuts,
                     "label": fold_group.get("{http://www.inkscape.org/namespaces/inkscape}label")})
    return root, (width, height), nets


def near(p, q, tol=1e-3) -> bool:
    return math.dist(p, q) <= tol


def same_segment(a, b, tol=1e-3) -> bool:
    return (near(a[0], b[0], tol) and near(a[1], b[1], tol)) or (near(a[0], b[1], tol) and near(a[1], b[0], tol))


def edges_of(poly):
    return [(poly[i], poly[(i + 1) % len(poly)]) for i in range(len(poly))]


def overlap(a, b, eps=1e-4) -> bool:
    """Convex polygons share area: no edge normal of either separates them."""
    for poly in (a, b):
        for p, q in edges_of(poly):
            n = (q[1] - p[1], p[0] - q[0])
            sa, sb = [x * n[0] + y * n[1] for x, y in a], [x * n[0] + y * n[1] for x, y in b]
            if min(max(sa), max(sb)) - max(min(sa), min(sb)) <= eps * math.hypot(*n):
                return False
    return True


def area(poly) -> float:
    return sum(p[0] * q[1] - q[0] * p[1] for p, q in edges_of(poly)) / 2


def rotation(p, q, angle):
    """The map turning points of the plane z=0 about the line p→q by `angle` (Rodrigues)."""
    d = (q[0] - p[0], q[1] - p[1], 0.0)
    n = math.hypot(d[0], d[1])
    k = (d[0] / n, d[1] / n, 0.0)
    c, s = math.cos(angle), math.sin(angle)

    def turn(v):
        x, y, z = v[0] - p[0], v[1] - p[1], v[2]
        kx = (k[1] * z - k[2] * y, k[2] * x - k[0] * z, k[0] * y - k[1] * x)
        kd = k[0] * x + k[1] * y + k[2] * z
        r = [x * c + kx[i] * s + k[i] * kd * (1 - c) for i, x in enumerate((x, y, z))]
        return (r[0] + p[0], r[1] + p[1], r[2])

    return turn


def fold(faces, tree, dihedral):
    """Every face's corners in space once each fold is folded by (180° − dihedral)."""
    placed = {0: lambda v: v}
    queue = [0]
    while queue:
        f = queue.pop()
        for a, b, seg in tree:
            g = b if a == f else a if b == f else None
            if g is None or g in placed:
                continue
            hinge = rotation(seg[0], seg[1], math.pi - dihedral)
            # the child's side of the fold decides which way "printed side out" turns
            side = (seg[1][0] - seg[0][0]) * (centre(faces[g])[1] - seg[0][1]) - \
                   (seg[1][1] - seg[0][1]) * (centre(faces[g])[0] - seg[0][0])
            if side > 0:
                hinge = rotation(seg[1], seg[0], math.pi - dihedral)
            parent = placed[f]
            placed[g] = lambda v, parent=parent, hinge=hinge: parent(hinge(v))
            queue.append(g)
    return [[placed[f]((x, y, 0.0)) for x, y in faces[f]] for f in range(len(faces))]


def centre(poly):
    return (sum(p[0] for p in poly) / len(poly), sum(p[1] for p in poly) / len(poly))


def cluster(pts, tol):
    reps = []
    for p in pts:
        if not any(math.dist(p, r) <= tol for r in reps):
            reps.append(p)
    return reps


CASES = [("spiral", 20, "a4", 3), ("spiral", 12.5, "letter", 9), ("spiral", 28, "a4", 1), ("d6", 25, "a4", 4),
         ("d6", 16, "letter", 3)]


@pytest.mark.parametrize("die, edge, paper, count", CASES)
def test_the_svg_proves_the_net(tmp_path, run, die, edge, paper, count):
    out = tmp_path / "out"
    result = run("net", "--die", die, "--edge", edge, "--paper", paper, "--count", count, "--format", "svg",
                 "--out", out)
    assert result.exit_code == 0, result.output
    n_faces, corners, dihedral, n_vertices = SOLIDS[die]
    n_edges = n_faces * corners // 2
    svgs = sorted(out.glob("*.svg"))
    seen = 0
    for path in svgs:
        root, (width, height), nets = read(path.read_bytes())
        # nets interlock on the page, but no piece of one reaches into another
        for one, other in combinations(nets, 2):
            for a in one["faces"] + one["tabs"]:
                for b in other["faces"] + other["tabs"]:
                    assert not overlap(a, b)
        for net in nets:
            seen += 1
            faces, folds, tabs = net["faces"], net["folds"], net["tabs"]
            # regular polygons of the requested edge: equal sides and equal diagonals
            assert len(faces) == n_faces
            for face in faces:
                assert len(face) == corners
                for p, q in edges_of(face):
                    assert math.dist(p, q) == pytest.approx(edge, abs=0.01)
                diagonal = edge * (PHI if corners == 5 else math.sqrt(2))
                for i, j in combinations(range(corners), 2):
                    if (j - i) % corners not in (1, corners - 1):
                        assert math.dist(face[i], face[j]) == pytest.approx(diagonal, abs=0.01)
                assert area(face) > 0, "faces run counter-clockwise: printed side out"
            # folds: a spanning tree of the faces...
            assert net["label"] == "fold lines"
            assert len(folds) == n_faces - 1
            tree = []
            for seg in folds:
                owners = [f for f, face in enumerate(faces) if any(same_segment(seg, e) for e in edges_of(face))]
                assert len(owners) == 2
                tree.append((*owners, seg))
            reached, frontier = {0}, [0]
            while frontier:
                f = frontier.pop()
                for a, b, _ in tree:
                    for g in ((b,) if a == f else (a,) if b == f else ()):
                        if g not in reached:
                            reached.add(g)
                            frontier.append(g)
            assert reached == set(range(n_faces))
            # ...that folds up into the closed solid: corners meet, each edge joins two faces
            solid = fold(faces, tree, dihedral)
            tol = 0.02  # the SVG keeps 0.001 mm; folding adds a little rounding
            assert len(cluster([p for face in solid for p in face], tol)) == n_vertices
            space_edges = [(face[i], face[(i + 1) % corners]) for face in solid for i in range(corners)]
            distinct = []
            for e in space_edges:
                if not any((math.dist(e[0], d[0]) < tol and math.dist(e[1], d[1]) < tol) or
                           (math.dist(e[0], d[1]) < tol and math.dist(e[1], d[0]) < tol) for d in distinct):
                    distinct.append(e)
            assert len(distinct) == n_edges
            # every seam (an edge of the solid not folded) carries exactly one tab
            net_edges = [(f, i, e) for f, face in enumerate(faces) for i, e in enumerate(edges_of(face))]
            open_edges = [(f, i, e) for f, i, e in net_edges if not any(same_segment(e, s) for *_, s in tree)]
            assert len(open_edges) == 2 * (n_edges - n_faces + 1)
            assert len(tabs) == n_edges - n_faces + 1
            seams = {}
            for f, i, e in open_edges:
                a, b = solid[f][i], solid[f][(i + 1) % corners]
                key = next(k for k, d in enumerate(distinct) if (math.dist(a, d[0]) < tol and math.dist(b, d[1]) < tol)
                           or (math.dist(a, d[1]) < tol and math.dist(b, d[0]) < tol))
                seams.setdefault(key, []).append(e)
            assert len(seams) == n_edges - n_faces + 1 and all(len(v) == 2 for v in seams.values())
            for sides in seams.values():
                carried = [t for t in tabs for e in sides if same_segment((t[0], t[-1]), e)]
                assert len(carried) == 1
            # no two shapes overlap, and the cut line goes round exactly their union
            shapes = faces + tabs
            for a, b in combinations(shapes, 2):
                assert not overlap(a, b)
            [cut] = net["cuts"]
            assert abs(area(cut)) == pytest.approx(sum(area(s) for s in shapes), rel=1e-4)
        # everything drawn lies inside the printable area
        margin = 10
        for el in root.iter():
            xs, ys = [], []
            if el.tag.endswith("path"):
                pts = points(el.get("d"), height)
                xs, ys = [p[0] for p in pts], [p[1] for p in pts]
            elif el.tag.endswith("circle"):
                r = float(el.get("r"))
                xs = [float(el.get("cx")) - r, float(el.get("cx")) + r]
                ys = [float(el.get("cy")) - r, float(el.get("cy")) + r]
            elif el.tag.endswith("text"):
                xs, ys = [float(el.get("x"))], [float(el.get("y"))]
            for x in xs:
                assert margin - 1e-6 <= x <= width - margin + 1e-6
            for y in ys:
                assert margin - 1e-6 <= y <= height - margin + 1e-6
    assert seen == count


def test_the_overlap_check_sees_an_overlap_and_lets_touching_pass():
    square = [(0, 0), (1, 0), (1, 1), (0, 1)]
    assert overlap(square, [(0.5, 0.5), (1.5, 0.5), (1.5, 1.5), (0.5, 1.5)])
    assert not overlap(square, [(1, 0), (2, 0), (2, 1), (1, 1)])
