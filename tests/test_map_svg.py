"""The map read back from its SVG: one connector per pair, the setup's counts, and no
text touching another text or a line, for casts of 2 to 12 with long names."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from itertools import combinations
from pathlib import Path

import pytest
import yaml
from fontTools.ttLib import TTFont

from generator.render.fonts import FONT_DIR
from generator.render.maps.canvas import crosses, overlaps
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
    texts = boxes(root)
    for (a, box_a), (b, box_b) in combinations(texts, 2):
        assert not overlaps(box_a, box_b), (a.text, b.text)
    lines = segments(root)
    for t, box in texts:
        if t.get("class") in ("node", "label", "title", "key", "legend"):
            assert not any(crosses(box, *seg) for _, seg in lines), t.text


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
    texts = boxes(root)
    assert not any(overlaps(a, b) for (_, a), (_, b) in combinations(texts, 2))
