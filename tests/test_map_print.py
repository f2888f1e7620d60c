"""The map worksheets measured as printed: type sizes from the PDF, how much of the sheet
the drawing uses, the legend against the marks on the map, links under the dots, a
session row per pair, each label block nearest its own connector, and the metadata."""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET
from itertools import combinations

import pytest

from conftest import EXAMPLES
from playaid.games.isolation.maps import blank, map_pdf, map_svgs
from playaid.render.paper import paper as paper_named
from map_setups import setup
from measure import info, text_sizes
from pdfs import page_sizes_mm

SVG = "{http://www.w3.org/2000/svg}"
FARMHOUSE = EXAMPLES["isolation"] / "farmhouse.yaml"


def source(tmp_path, case: str):
    """A farmhouse, a generated cast ("cast-N", "short-N") or a blank ("blank-N")."""
    kind, _, n = case.partition("-")
    if kind == "farmhouse":
        return FARMHOUSE
    if kind == "blank":
        return blank(int(n))
    path = tmp_path / f"{case}.yaml"
    count = int(n)
    path.write_text(setup(count, short=kind == "short", long=kind != "short", injured=0 if count > 2 else None,
                          dead=count - 1 if count > 4 else None), encoding="utf-8")
    return path


CASES = ("farmhouse", "blank-5", "blank-12", "cast-12", "short-4", "cast-7")


@pytest.mark.parametrize("paper", ("a4", "letter"))
@pytest.mark.parametrize("case", CASES)
def test_no_text_below_7_pt_measured_from_the_pdf(tmp_path, case, paper):
    path = tmp_path / "map.pdf"
    path.write_bytes(map_pdf(source(tmp_path, case), paper))
    sizes = text_sizes(path)
    assert {page for page, _ in sizes} == set(range(len(page_sizes_mm(path))))  # text on every page
    assert min(size for _, size in sizes) >= 7 - 0.01


def svg_texts(root: ET.Element, cls: str) -> list[ET.Element]:
    return [t for t in root.iter(SVG + "text") if t.get("class") == cls]


@pytest.mark.parametrize("paper", ("a3", "tabloid"))
@pytest.mark.parametrize("case", ("farmhouse", "blank-5", "cast-12", "short-4"))
def test_a_poster_sets_names_labels_and_counts_for_reading_across_the_table(tmp_path, case, paper):
    root = ET.fromstring(map_svgs(source(tmp_path, case), paper)[0])
    size = {cls: [float(t.get("font-size")) for t in svg_texts(root, cls)] for cls in ("node", "label", "legend", "count")}
    names = [float(t.get("font-size")) for t in svg_texts(root, "node") if re.match(r"^\d+  \S", t.text or "")]
    if case.startswith("blank"):
        # names are written in by hand: each line to write on at least 25 mm
        names = []
        lines = [line for line in root.iter(SVG + "line") if line.get("class") == "write-in"]
        assert lines and all(float(x.get("x2")) - float(x.get("x1")) >= 25 * 72 / 25.4 for x in lines)
    assert not names or min(names) >= 14
    assert min(size["node"]) >= 11 and min(size["legend"]) >= 11
    assert not size["label"] or min(size["label"]) >= 11
    assert min(size["count"]) >= 9.5
    a4 = ET.fromstring(map_svgs(source(tmp_path, case), "a4")[0])
    # the poster's type grows more than the paper (1.41 ×): it is read from further away
    assert max(names or size["node"]) > 1.45 * max(float(t.get("font-size")) for t in svg_texts(a4, "node"))


def box(t: ET.Element) -> tuple[float, ...]:
    return tuple(float(v) for v in t.get("data-box").split())


def drawing_boxes(root: ET.Element) -> tuple[list, list]:
    """The boxes of the drawing (connectors, dots, names, counts, labels) and of the key
    and legend."""
    drawn, key = [], []
    for g in root.iter(SVG + "g"):
        if g.get("class") == "link":
            for line in g.iter(SVG + "line"):
                x1, y1, x2, y2 = (float(line.get(k)) for k in ("x1", "y1", "x2", "y2"))
                drawn.append((min(x1, x2), min(y1, y2), max(x1, x2), max(y1, y2)))
    for line in root.iter(SVG + "line"):
        if line.get("class") == "write-in":  # a blank block's lines to write the name on
            drawn.append(tuple(float(line.get(k)) for k in ("x1", "y1", "x2", "y2")))
    for t in root.iter(SVG + "text"):
        (key if t.get("class") in ("legend", "key") else drawn if t.get("class") != "title" else []).append(box(t))
    return drawn, key


def span(boxes: list, lo: int, hi: int) -> float:
    return max(b[hi] for b in boxes) - min(b[lo] for b in boxes)


@pytest.mark.parametrize("paper", ("a4", "letter", "a3", "tabloid"))
@pytest.mark.parametrize("case", ("farmhouse", "blank-5", "blank-12", "cast-12", "short-4", "cast-3", "cast-7"))
def test_the_drawing_and_its_key_use_the_sheet(tmp_path, case, paper):
    root = ET.fromstring(map_svgs(source(tmp_path, case), paper)[0])
    sheet = paper_named(paper)
    margin = sheet.margin_mm * 72 / 25.4
    width, height = (float(v) for v in root.get("viewBox").split()[2:])
    printable_w, printable_h = width - 2 * margin, height - 2 * margin
    drawn, key = drawing_boxes(root)
    both = drawn + key
    assert span(both, 0, 2) >= 0.85 * printable_w and span(both, 1, 3) >= 0.85 * printable_h
    assert span(drawn, 0, 2) >= 0.85 * printable_w or span(drawn, 1, 3) >= 0.85 * printable_h
    # no third of the sheet left empty: each holds part of the drawing or the key
    for third in range(3):
        left = margin + printable_w * third / 3
        assert any(b[0] < left + printable_w / 3 and b[2] > left for b in both), third


@pytest.mark.parametrize("case", ("farmhouse", "blank-5", "cast-6"))
def test_links_run_under_the_dots(tmp_path, case):
    root = ET.fromstring(map_svgs(source(tmp_path, case), "a4")[0])
    order = [e for e in root if e.tag in (SVG + "g", SVG + "circle")]
    last_link = max(i for i, e in enumerate(order) if e.get("class") == "link")
    # the dots: circles at a connector's end (the legend's sample circle is not one); a
    # pair's green and red lines run side by side, a little off the centre
    ends = [(float(line.get("x" + e)), float(line.get("y" + e)))
            for g in root.iter(SVG + "g") if g.get("class") == "link" for line in g.iter(SVG + "line") for e in "12"]
    dots = [i for i, e in enumerate(order) if e.tag == SVG + "circle"
            and any(math.hypot(float(e.get("cx")) - x, float(e.get("cy")) - y) < 3 for x, y in ends)]
    assert dots and min(dots) > last_link


def line_style(line: ET.Element) -> tuple[str, str]:
    return line.get("stroke"), line.get("stroke-dasharray") or ""


@pytest.mark.parametrize("case", ("farmhouse", "blank-5", "blank-12", "cast-6", "short-4"))
def test_every_mark_on_the_map_is_in_the_legend(tmp_path, case):
    root = ET.fromstring(map_svgs(source(tmp_path, case), "a4")[0])
    in_groups = {line for g in root.iter(SVG + "g") for line in g.iter(SVG + "line")}
    samples = {line_style(line) for line in root.iter(SVG + "line") if line not in in_groups}
    on_map = {line_style(line) for g in root.iter(SVG + "g") if g.get("class") == "link" for line in g.iter(SVG + "line")}
    assert on_map <= samples, on_map - samples
    legend = " ".join(t.text or "" for t in svg_texts(root, "legend"))
    marks = {c for t in svg_texts(root, "count") for c in (t.text or "") if not c.isspace()}
    marks -= set("123456789")
    assert {c for c in marks if c not in legend} == set()
    for t in svg_texts(root, "node"):
        if "·" in (t.text or ""):
            assert t.text in legend
    # a dead character's hollow dot comes with the legend's hollow sample and its words;
    # a map with no dead and no empty pair does not explain marks it does not use
    hollow = [c for c in root.iter(SVG + "circle") if c.get("fill") == "#ffffff"]
    dead = case.startswith("cast") and int(case.split("-")[1]) > 4
    assert len(hollow) == (2 if dead else 0) and ("hollow" in legend) == dead
    dotted = any(style[1] == "1.00 2.00" for style in on_map)
    assert ("no link" in legend) == dotted


@pytest.mark.parametrize("case, pairs", [("blank-5", 10), ("farmhouse", 3), ("cast-7", 15), ("blank-12", 66)])
def test_the_session_sheet_has_an_end_of_session_row_per_pair(tmp_path, case, pairs):
    svgs = [ET.fromstring(s) for s in map_svgs(source(tmp_path, case), "a4")]
    texts = [t.text or "" for root in svgs for t in root.iter(SVG + "text")]
    start = texts.index("Each pair: temporary links in play, permanent link rolls at the end".upper())
    end = texts.index("Health".upper(), start)
    # one row a pair holds its tallies and its end roll, so each pair is listed once
    rows = [t for t in texts[start:end] if re.match(r"^\d+ .*– \d+", t)]
    assert len(rows) == pairs


@pytest.mark.parametrize("case", ("farmhouse", "blank-5"))
def test_the_pdf_names_playaid_and_isolation(tmp_path, case):
    path = tmp_path / "map.pdf"
    path.write_bytes(map_pdf(source(tmp_path, case), "a4"))
    meta = info(path)
    assert "Isolation" in meta["Title"] and "Isolation" in meta["Subject"]
    assert meta["Author"] == "playaid" and "playaid" in meta["Creator"]


# -- each label block nearest its own connector ------------------------------------------------

def seg_distance(b: tuple[float, ...], x1: float, y1: float, x2: float, y2: float) -> float:
    """The distance from a box to a segment, sampled finely along the segment (0 inside)."""
    best = math.inf
    steps = max(2, int(math.hypot(x2 - x1, y2 - y1)))
    for k in range(steps + 1):
        x, y = x1 + (x2 - x1) * k / steps, y1 + (y2 - y1) * k / steps
        best = min(best, math.hypot(max(b[0] - x, 0, x - b[2]), max(b[1] - y, 0, y - b[3])))
    return best


def assert_labels_nearest_their_connector(root: ET.Element) -> int:
    """Every block of labels set beside a connector is nearer that connector than any
    other; the number of blocks checked."""
    lines = {g.get("id"): [tuple(float(line.get(k)) for k in ("x1", "y1", "x2", "y2")) for line in g.iter(SVG + "line")]
             for g in root.iter(SVG + "g") if g.get("class") == "link"}
    blocks = 0
    for g in root.iter(SVG + "g"):
        labels = [box(t) for t in g.iter(SVG + "text") if t.get("class") == "label"]
        if g.get("class") != "badge" or not labels:
            continue
        block = (min(b[0] for b in labels), min(b[1] for b in labels), max(b[2] for b in labels),
                 max(b[3] for b in labels))
        near = {link: min(seg_distance(block, *s) for s in segs) for link, segs in lines.items()}
        own = near.pop(g.get("data-link"))
        assert all(own < d for d in near.values()), (g.get("data-link"), own, min(near.items(), key=lambda kv: kv[1]))
        blocks += 1
    return blocks


@pytest.mark.parametrize("paper", ("a4", "letter", "a3"))
@pytest.mark.parametrize("n", range(2, 13))
def test_every_label_block_is_nearest_its_own_connector(tmp_path, paper, n):
    checked = 0
    for kind in ("short", "cast"):
        root = ET.fromstring(map_svgs(source(tmp_path, f"{kind}-{n}"), paper)[0])
        checked += assert_labels_nearest_their_connector(root)
    if n <= 4:
        assert checked  # a small cast's short labels are set beside their lines, not keyed


def test_the_check_catches_a_label_beside_another_pairs_line():
    svg = """<svg xmlns="http://www.w3.org/2000/svg">
<g id="link-0-1" class="link"><line x1="0" y1="0" x2="100" y2="0"/></g>
<g id="link-0-2" class="link"><line x1="0" y1="0" x2="0" y2="100"/></g>
<g class="badge" data-link="link-0-1"><text class="label" data-box="{}">+ Tin</text></g>
</svg>"""
    assert assert_labels_nearest_their_connector(ET.fromstring(svg.format("40 4 60 12"))) == 1
    with pytest.raises(AssertionError):
        assert_labels_nearest_their_connector(ET.fromstring(svg.format("4 40 24 48")))


def test_blank_and_filled_casts_cover_every_pair_once(tmp_path):
    root = ET.fromstring(map_svgs(source(tmp_path, "short-5"), "a4")[0])
    ids = {g.get("id") for g in root.iter(SVG + "g") if g.get("class") == "link"}
    # the dead (the last of five) keep no connector
    assert ids == {f"link-{i}-{j}" for i, j in combinations(range(4), 2)}
