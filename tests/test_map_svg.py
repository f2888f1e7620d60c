"""The map read back from its SVG: one connector per pair, the setup's counts, and no
text touching another text or a line, for casts of 2 to 12 with long names, blank maps,
on A4, Letter and A3. A pair's count may sit on its own connector only, never on
another pair's line, so a reader can always tell which connector it counts."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from itertools import combinations
from pathlib import Path

import pytest
import yaml
from fontTools.ttLib import TTFont

from playaid.render.fonts import FONT_DIR
from playaid.games.isolation.maps import blank, map_svgs
from map_setups import setup

NS = {"svg": "http://www.w3.org/2000/svg"}


def render(files, run, text: str, *args: str) -> tuple[ET.Element, dict]:
    path = files.write("table.yaml", text)
    out = files.root / "out"
    result = run("map", path, "--format", "svg", "--out", out, *args)
    assert result.exit_code == 0, result.output
    return ET.parse(out / "table-map.svg").getroot(), yaml.safe_load(text)


def expected_counts(data: dict) -> dict[frozenset, dict[str, int]]:
    """Counts per pair straight from the YAML, without the code under test."""
    counts: dict[frozenset, dict[str, int]] = {}
    for link in data["links"]:
        key = "red" if link["color"] == "red" else "green"
        key += "" if link.get("label") else "-temporary"
        pair = counts.setdefault(frozenset(link["between"]), {})
        pair[key] = pair.get(key, 0) + 1
    return counts


def boxes(root: ET.Element) -> list[tuple[ET.Element, tuple[float, ...]]]:
    return [(t, tuple(float(v) for v in t.get("data-box").split())) for t in root.iter("{%s}text" % NS["svg"])]


def segments(root: ET.Element) -> list[tuple[str, tuple[float, ...]]]:
    """Every line of the map with the id of the connector it belongs to ('' for none)."""
    out = []
    for g in root.iter("{%s}g" % NS["svg"]):
        for line in g.iter("{%s}line" % NS["svg"]):
            out.append((g.get("id"), tuple(float(line.get(k)) for k in ("x1", "y1", "x2", "y2"))))
    return out


def badge_counts(text: str) -> dict[str, int]:
    found = {}
    for sign, n, key in (("\\+", "green", "green"), ("–", "red", "red")):
        plain = re.search(rf"(?<![(\d]){sign}(\d+)", text)
        temp = re.search(rf"\({sign}(\d+)\)", text)
        if plain:
            found[key] = int(plain.group(1))
        if temp:
            found[key + "-temporary"] = int(temp.group(1))
    return found


@pytest.mark.parametrize("n", range(2, 13))
def test_every_pair_has_one_connector_with_the_setups_counts_and_no_text_touches(files, run, n):
    injured = 1 if n >= 3 else None
    dead = n - 1 if n >= 4 else None
    root, data = render(files, run, setup(n, injured=injured, dead=dead))
    names = [c["name"] for c in data["characters"]]
    living = [i for i, c in enumerate(data["characters"]) if c["health"] != "dead"]
    groups = {g.get("id"): g for g in root.iter("{%s}g" % NS["svg"]) if g.get("class") == "link"}
    assert set(groups) == {f"link-{i}-{j}" for i, j in combinations(living, 2)}
    expected = expected_counts(data)
    for (i, j) in combinations(living, 2):
        g = groups[f"link-{i}-{j}"]
        want = {k: v for k, v in expected.get(frozenset((names[i], names[j])), {}).items()}
        shown = {k: int(g.get(f"data-{k}")) for k in ("green", "green-temporary", "red", "red-temporary")}
        assert {k: v for k, v in shown.items() if v} == want
        [badge] = [b for b in root.iter("{%s}g" % NS["svg"]) if b.get("data-link") == f"link-{i}-{j}"]
        [count] = [t.text for t in badge.iter("{%s}text" % NS["svg"]) if t.get("class") == "count"]
        assert badge_counts(count) == want, count
        lines = {line.get("class") for line in g.iter("{%s}line" % NS["svg"])}
        assert ("green" in lines) == bool(want.get("green") or want.get("green-temporary"))
        assert ("red" in lines) == bool(want.get("red") or want.get("red-temporary"))
    # badges are drawn over every line: a line may pass under a count, never across it
    order = [g.get("class") for g in root.iter("{%s}g" % NS["svg"])]
    assert "badge" not in order or max(i for i, c in enumerate(order) if c == "link") < order.index("badge")
    assert_no_text_touches(root)


def shape(text: ET.Element) -> list[tuple[float, float]]:
    """The text's box as drawn, turned with the text: four corners from data-corners."""
    v = [float(x) for x in text.get("data-corners").split()]
    return list(zip(v[0::2], v[1::2]))


def meet(p: list, q: list) -> bool:
    """Whether two convex shapes (polygons or segments) overlap: no separating axis."""
    for poly in (p, q):
        edges = len(poly) if len(poly) > 2 else 1
        for i in range(edges):
            (x1, y1), (x2, y2) = poly[i], poly[(i + 1) % len(poly)]
            ax, ay = y1 - y2, x2 - x1
            pp, qq = [x * ax + y * ay for x, y in p], [x * ax + y * ay for x, y in q]
            if max(pp) <= min(qq) or max(qq) <= min(pp):
                return False
    return True


def assert_no_text_touches(root: ET.Element) -> None:
    """No two texts overlap, no text crosses a line, and a count crosses no line but its own
    pair's (which runs under its badge): a count always tells which connector it is on."""
    texts = [(t, shape(t)) for t in root.iter("{%s}text" % NS["svg"])]
    for (a, shape_a), (b, shape_b) in combinations(texts, 2):
        assert not meet(shape_a, shape_b), (a.text, b.text)
    badge_of = {}
    for g in root.iter("{%s}g" % NS["svg"]):
        for t in g.iter("{%s}text" % NS["svg"]):
            badge_of[t] = g.get("data-link")
    lines = segments(root)
    for t, corners in texts:
        own = badge_of.get(t) if t.get("class") == "count" else None
        crossed = [link for link, (x1, y1, x2, y2) in lines if link != own and meet(corners, [(x1, y1), (x2, y2)])]
        assert not crossed, (t.text, own, crossed)


def assert_one_badge_per_pair(root: ET.Element, living: list[int]) -> None:
    links = [g.get("id") for g in root.iter("{%s}g" % NS["svg"]) if g.get("class") == "link"]
    assert sorted(links) == sorted(f"link-{i}-{j}" for i, j in combinations(living, 2))
    for link in links:
        [badge] = [b for b in root.iter("{%s}g" % NS["svg"]) if b.get("data-link") == link]
        assert len([t for t in badge.iter("{%s}text" % NS["svg"]) if t.get("class") == "count"]) == 1


PAPERS = ("a4", "letter", "a3")


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("n", range(2, 13))
def test_counts_sit_on_their_own_connector_only_on_every_paper(tmp_path, paper, n):
    for variant in ({}, {"injured": 1, "dead": n - 1} if n >= 3 else {"injured": 1}):
        text = setup(n, **variant)
        path = tmp_path / "table.yaml"
        path.write_text(text, encoding="utf-8")
        root = ET.fromstring(map_svgs(path, paper)[0])
        data = yaml.safe_load(text)
        living = [i for i, c in enumerate(data["characters"]) if c["health"] != "dead"]
        assert_one_badge_per_pair(root, living)
        assert_no_text_touches(root)


MM = 72 / 25.4


def assert_write_in(group: ET.Element) -> int:
    """A blank badge or grid cell stands upright and leaves at least 7 mm for each count
    (a digit or two at 5 mm a character, PRINT.md §3; 8 mm until the badges named their
    pair): the write-in lines (1 pt short of the gap at each end). The number of gaps."""
    gaps = [line for line in group.iter("{%s}line" % NS["svg"]) if line.get("class") == "slot"]
    for line in gaps:
        assert float(line.get("y1")) == float(line.get("y2"))
        assert float(line.get("x2")) - float(line.get("x1")) + 2 >= 7 * MM - 0.01
    for item in group.iter():
        assert "rotate" not in (item.get("transform") or "")
    return len(gaps)


@pytest.mark.parametrize("paper", PAPERS + ("tabloid",))
@pytest.mark.parametrize("n", range(2, 13))
def test_a_blank_maps_badges_sit_on_their_own_connector_upright_with_room_to_write(paper, n):
    pages = [ET.fromstring(svg) for svg in map_svgs(blank(n), paper)]
    root = pages[0]
    assert_no_text_touches(root)
    links = {g.get("id") for g in root.iter("{%s}g" % NS["svg"]) if g.get("class") == "link"}
    badges = {b.get("data-link"): b for b in root.iter("{%s}g" % NS["svg"]) if b.get("class") == "badge"}
    if badges:
        # on the map: a connector and a badge per pair, two or four gaps each
        assert links == {f"link-{i}-{j}" for i, j in combinations(range(n), 2)}
        assert set(badges) == links
        assert {assert_write_in(b) for b in badges.values()} <= {2, 4}
        return
    # a crowded blank map: no connectors (a grey line per pair would cross out the middle
    # of the sheet), and the counts go to a grid with a cell of four gaps per pair
    assert not links
    grid = pages[1]
    assert "Counts per pair" in ET.tostring(grid, encoding="unicode")
    cells = [r for r in grid.iter("{%s}rect" % NS["svg"]) if r.get("class") == "cell"]
    assert len(cells) == n * (n - 1) // 2
    assert assert_write_in(grid) == 4 * len(cells)
    assert n >= 9  # up to eight characters, the counts fit on the map


def test_the_check_catches_a_count_on_another_connector():
    # one count moved onto the other pair's line: the check must fail
    svg = """<svg xmlns="http://www.w3.org/2000/svg">
<g id="link-0-1" class="link"><line x1="0" y1="0" x2="100" y2="0"/></g>
<g id="link-0-2" class="link"><line x1="50" y1="-50" x2="50" y2="50"/></g>
<g class="badge" data-link="link-0-1"><text class="count" data-corners="{}">+1</text></g>
</svg>"""
    clear = ET.fromstring(svg.format("10 -3 20 -3 20 3 10 3"))
    assert_no_text_touches(clear)
    across = ET.fromstring(svg.format("45 -3 55 -3 55 3 45 3"))
    with pytest.raises(AssertionError):
        assert_no_text_touches(across)
    # turned: a thin diagonal box beside the crossing line does not touch it
    beside = ET.fromstring(svg.format("30 -2 40 -12 42 -10 32 0"))
    assert_no_text_touches(beside)


def test_long_names_end_in_an_ellipsis_on_the_map(files, run):
    root, _ = render(files, run, setup(5))
    nodes = [t.text for t in root.iter("{%s}text" % NS["svg"]) if t.get("class") == "node"]
    assert any(n.endswith("…") and n.startswith("1  Bartholomew") for n in nodes)


def test_text_boxes_are_the_bundled_fonts_metrics(files, run):
    root, _ = render(files, run, setup(3, long=False))
    font = TTFont(Path(FONT_DIR) / "NotoSans-Bold.ttf")
    cmap, hmtx, em = font.getBestCmap(), font["hmtx"], font["head"].unitsPerEm
    [name] = [t for t in root.iter("{%s}text" % NS["svg"]) if t.text == "2  Person 2"]
    width = sum(hmtx[cmap[ord(c)]][0] for c in name.text) * float(name.get("font-size")) / em
    left, _, right, _ = (float(v) for v in name.get("data-box").split())
    assert right - left == pytest.approx(width, abs=0.05)


def test_a_blank_map_has_a_connector_for_every_pair(files, run):
    out = files.root / "out"
    assert run("map", "--blank", "7", "--format", "svg", "--out", out).exit_code == 0
    root = ET.parse(out / "isolation-blank-7-map.svg").getroot()
    ids = {g.get("id") for g in root.iter("{%s}g" % NS["svg"]) if g.get("class") == "link"}
    assert ids == {f"link-{i}-{j}" for i, j in combinations(range(7), 2)}
    assert_no_text_touches(root)
