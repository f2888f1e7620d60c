"""The balance rule, the orientation rule, and faces that match the face file."""

from __future__ import annotations

import dataclasses
import math
import xml.etree.ElementTree as ET
from collections import Counter

import pytest
from hypothesis import given, strategies as st

from playaid.render.nets import D6, nets_svgs
from playaid.render.nets.dice import faces_of
from playaid.render.nets.layout import unit_nets
from playaid.render.nets.placement import balanced, up_vectors
from playaid.render.nets.solid import cross, cube, dodecahedron, dot, sub
from playaid.games.sapio.paper_die import spiral_strength
from playaid.games.sapio.spiral_die import SpiralDie, default_die

NS = {"svg": "http://www.w3.org/2000/svg"}


def opposites_by_adjacency(solid) -> dict[int, int]:
    """Each face's opposite found from adjacency alone: the face furthest away in steps."""
    out = {}
    for f in range(len(solid.faces)):
        dist, frontier = {f: 0}, [f]
        while frontier:
            nxt = []
            for g in frontier:
                for h in solid.neighbours(g):
                    if h not in dist:
                        dist[h] = dist[g] + 1
                        nxt.append(h)
            frontier = nxt
        far = max(dist.values())
        [out[f]] = [g for g, d in dist.items() if d == far]
    return out


def rank_sums(solid, strengths, on) -> set[int]:
    """For every opposite pair, the sum of the two faces' strength ranks (weakest is 0)."""
    ranked = sorted(range(len(strengths)), key=lambda i: (strengths[i], i))
    rank = {face: r for r, face in enumerate(ranked)}
    return {rank[on[f]] + rank[on[g]] for f, g in opposites_by_adjacency(solid).items()}


def test_the_dodecahedron_has_six_opposite_pairs_found_by_adjacency():
    opp = opposites_by_adjacency(dodecahedron())
    assert all(opp[opp[f]] == f and opp[f] != f for f in opp)
    assert opp == {f: dodecahedron().opposite(f) for f in range(12)}


def test_the_default_die_pairs_strong_faces_opposite_weak_ones():
    die = default_die()
    strengths = [spiral_strength(f) for f in die.faces]
    on = balanced(dodecahedron(), strengths)
    assert sorted(on) == list(range(12))
    assert rank_sums(dodecahedron(), strengths, on) == {11}
    by_face = {die.face(on[f] + 1).number: die.face(on[g] + 1) for f, g in opposites_by_adjacency(dodecahedron()).items()}
    # the lone Spiral sits opposite the double Hit, a blank opposite Hit Hit Spiral
    assert str(by_face[3]) == "Hit + Hit" and str(by_face[1]) == "Hit + Hit + Spiral"


def test_faces_in_file_order_would_not_be_balanced():
    strengths = [spiral_strength(f) for f in default_die().faces]
    assert rank_sums(dodecahedron(), strengths, tuple(range(12))) != {11}


@given(st.lists(st.lists(st.sampled_from(["hit", "spare", "spiral"]), max_size=3), min_size=12, max_size=12))
def test_any_die_is_balanced(faces):
    die = SpiralDie.from_symbols("any", faces)
    strengths = [spiral_strength(f) for f in die.faces]
    assert rank_sums(dodecahedron(), strengths, balanced(dodecahedron(), strengths)) == {11}


def test_a_d6_has_opposite_faces_adding_up_to_seven():
    on = faces_of(D6()).on
    assert {on[f] + 1 + on[g] + 1 for f, g in opposites_by_adjacency(cube()).items()} == {7}


def up_in_space(solid, net, f):
    """The net's "up" of face f carried onto the solid through the face's own corners."""
    p0, p1, p2 = net.faces[f][:3]
    q0, q1, q2 = (solid.points[i] for i in solid.faces[f][:3])
    u = (math.cos(net.up[f]), math.sin(net.up[f]))
    a1, a2 = sub((*p1, 0), (*p0, 0))[:2], sub((*p2, 0), (*p0, 0))[:2]
    det = a1[0] * a2[1] - a1[1] * a2[0]
    alpha, beta = (u[0] * a2[1] - u[1] * a2[0]) / det, (a1[0] * u[1] - a1[1] * u[0]) / det
    b1, b2 = sub(q1, q0), sub(q2, q0)
    return tuple(alpha * x + beta * y for x, y in zip(b1, b2))


def reads_upright(solid, f, up) -> bool:
    """Up points north along the face (towards face 1 on the polar faces)."""
    n, north = solid.normal(f), solid.normal(0)
    toward = solid.normal(1) if abs(dot(n, north)) > 0.999 else north
    side = cross(n, toward)  # horizontal along the face: up must not lean along it
    return abs(dot(up, n)) < 1e-9 and abs(dot(up, side)) < 1e-9 and dot(up, toward) > 0


@pytest.mark.parametrize("die", [default_die(), D6()])
def test_every_symbol_stands_north_on_the_folded_die(die):
    faces = faces_of(die)
    for net in unit_nets(faces):
        for f in range(len(net.faces)):
            assert reads_upright(faces.solid, f, up_in_space(faces.solid, net, f)), f


def test_a_symbol_turned_a_fifth_would_not_read_upright():
    solid, net = dodecahedron(), unit_nets(faces_of(default_die()))[0]
    turned = dataclasses.replace(net, up=tuple(u + 2 * math.pi / 5 for u in net.up))
    assert not any(reads_upright(solid, f, up_in_space(solid, turned, f)) for f in range(12))


def test_up_vectors_follow_the_globe():
    solid = dodecahedron()
    ups = up_vectors(solid)
    assert dot(ups[1], solid.normal(0)) > 0 and dot(ups[11], solid.normal(1)) > 0


def symbols_by_face(svg: bytes) -> dict[int, Counter]:
    root = ET.fromstring(svg)
    out = {}
    for g in root.iterfind(".//svg:g[@class='face']", NS):
        out[int(g.get("data-face"))] = Counter(s.get("data-symbol") for s in g.iterfind("svg:g[@data-symbol]", NS))
    return out


def test_each_face_shows_the_symbols_of_its_face_in_the_file():
    faces = [["spare"], ["hit", "hit", "hit"], [], ["spiral", "spiral"], ["hit"], ["spare", "spiral"],
             ["hit", "spare"], [], ["spiral"], ["hit", "hit"], ["spare", "spare", "spare"], ["hit", "spiral"]]
    svg = nets_svgs(SpiralDie.from_symbols("mine", faces), "a4", 1)[0]
    shown = symbols_by_face(svg)
    assert shown == {i + 1: Counter(f) for i, f in enumerate(faces)}


def test_symbols_that_differ_from_the_file_are_caught():
    svg = nets_svgs(default_die(), "a4", 1)[0]
    shown = symbols_by_face(svg)
    assert shown[11] == Counter(hit=2, spiral=1)
    assert shown[11] != Counter(hit=2)


@pytest.mark.parametrize("color, marked, shape", [("green", {2, 4, 6}, "circle"), ("red", {1, 3, 5}, "dashed-square"),
                                                  (None, set(), None)])
def test_coloured_d6_mark_their_faces_by_shape(color, marked, shape):
    root = ET.fromstring(nets_svgs(D6(color), "a4", 1)[0])
    seen = set()
    for g in root.iterfind(".//svg:g[@class='face']", NS):
        number = int(g.get("data-face"))
        assert len(g.findall("svg:circle[@data-pip]", NS)) == number
        marks = g.findall(".//svg:g[@data-mark]", NS)
        if number in marked:
            seen.add(number)
            assert [m.get("data-mark") for m in marks] == [shape]
            stroke = marks[0].find("svg:path", NS)
            assert (stroke.get("stroke-dasharray") is not None) == (shape == "dashed-square")
        else:
            assert not marks
    assert seen == marked


@pytest.mark.parametrize("edge", [10, 20])
def test_symbols_sit_centred_inside_the_safe_inset(edge):
    from test_net_geometry import points

    svg = nets_svgs(default_die(), "a4", 1, edge)[0]
    root = ET.fromstring(svg)
    height = float(root.get("viewBox").split()[3])
    safe = edge * (1 / (2 * math.tan(math.pi / 5)) - 0.14)
    checked = 0
    for g in root.iterfind(".//svg:g[@class='face']", NS):
        corners = points(g.find("svg:path", NS).get("d"), height)
        cx, cy = sum(p[0] for p in corners) / 5, sum(p[1] for p in corners) / 5
        strokes = list(g.iterfind(".//svg:g[@data-symbol]/svg:path", NS))
        art = [p for s in strokes for p in points(s.get("d"), height)]
        if not art:
            continue
        checked += 1
        for s in strokes:  # every point, with half its line's width, inside the safe circle
            half = float(s.get("stroke-width", 0)) / 2
            assert max(math.dist(p, (cx, cy)) for p in points(s.get("d"), height)) + half <= safe + 1e-3
        xs, ys = [p[0] for p in art], [p[1] for p in art]
        # centred: the art's middle is near the face's centre (a third of the safe radius)
        assert math.dist(((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2), (cx, cy)) < safe / 3
    assert checked == 10  # two faces of the default die are blank
