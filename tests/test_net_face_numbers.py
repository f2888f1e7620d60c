"""Small face numbers on the Spiral die's paper nets: the numbers `roll --ask` and a
scene's `dice:` use, printed where the art leaves room (issue 28 item 5)."""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET

import pytest

from playaid.render.nets import D6, nets_svgs
from playaid.render.nets.data import settings
from playaid.games.sapio.spiral_die import default_die
from test_net_cli import inside
from test_net_geometry import NS, points


def _faces(svg: str):
    root = ET.fromstring(svg)
    height = float(root.get("viewBox").split()[3])
    for face in root.iterfind(".//svg:g[@class='face']", NS):
        shape = points(face.find("svg:path", NS).get("d"), height)
        numbers = face.findall(".//svg:g[@class='face-number']/svg:text", NS)
        yield face, shape, numbers, height


def test_every_spiral_face_shows_its_number_inside_the_face_at_7_pt_or_more():
    [svg] = nets_svgs(default_die(), "a4", 1)
    seen = []
    for face, shape, numbers, height in _faces(svg):
        [number] = numbers
        assert number.text == face.get("data-face")
        assert inside((float(number.get("x")), height - float(number.get("y"))), shape)
        seen.append(int(number.text))
    assert sorted(seen) == list(range(1, 13))


def test_a_d6_shows_pips_and_no_numbers():
    [svg] = nets_svgs(D6(), "a4", 1)
    assert all(numbers == [] for _, _, numbers, _ in _faces(svg))


@pytest.mark.parametrize("edge", [10, 20, 29])
def test_the_number_stays_clear_of_the_art_at_every_edge(edge):
    [svg] = nets_svgs(default_die(), "a4", 1, edge=edge)
    art = edge * (1 / (2 * math.tan(math.pi / 5)) - settings()["safe_inset"])
    for _, shape, numbers, height in _faces(svg):
        centre = (sum(p[0] for p in shape) / len(shape), sum(p[1] for p in shape) / len(shape))
        for number in numbers:
            at = (float(number.get("x")), height - float(number.get("y")))
            assert math.dist(at, centre) > art and inside(at, shape)
