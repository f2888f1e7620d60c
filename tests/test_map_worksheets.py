"""The Isolation worksheets measured as a print reviewer would (issue 31, item 2): type
at least 8 pt, rows to write in at least 7 mm, no page of the set mostly empty, a
poster's paper for the map alone, red connectors dashed and crossed, names cut only
where they do not fit."""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from collections import defaultdict

import pytest
import yaml

from conftest import ROOT
from measure import empty_bands_mm, text_sizes
from pdfs import page_sizes_mm
from playaid.games.isolation.maps import map_pdf, map_svgs
from map_setups import setup
from test_map_print import source

SVG = "{http://www.w3.org/2000/svg}"
MM = 72 / 25.4
CASES = ("farmhouse", "blank-3", "blank-8", "blank-12", "cast-7", "cast-12")


def _pdf(tmp_path, case: str, paper: str = "a4"):
    path = tmp_path / f"{case}-{paper}.pdf"
    path.write_bytes(map_pdf(source(tmp_path, case), paper))
    return path


def _lines(root: ET.Element, cls: str) -> list[ET.Element]:
    return [e for e in root.iter(SVG + "line") if e.get("class") == cls]


@pytest.mark.parametrize("case", CASES)
def test_worksheet_type_is_at_least_8_pt(tmp_path, case):
    path = _pdf(tmp_path, case)
    first = max(1, _map_pages(tmp_path, case))  # drawn once: the map set is the same for every text object
    worksheet = [size for page, size in text_sizes(path) if page >= first]
    assert worksheet and min(worksheet) >= 8 - 0.05


def _map_pages(tmp_path, case: str) -> int:
    svgs = map_svgs(source(tmp_path, case), "a4")
    return sum(1 for s in svgs if b"Dice table" not in s and b"Session worksheet" not in s)


@pytest.mark.parametrize("case", ("farmhouse", "blank-5", "blank-12"))
def test_every_row_written_in_by_hand_is_at_least_7_mm(tmp_path, case):
    pages = [ET.fromstring(s) for s in map_svgs(source(tmp_path, case), "a4")]
    checked = 0
    for root in pages:
        if "Session worksheet" not in (root.findtext(SVG + "title") or ""):
            continue
        ys = sorted(float(line.get("y1")) for line in _lines(root, "row"))
        # consecutive row rules of one table: their distance is the row's height
        steps = [b - a for a, b in zip(ys, ys[1:]) if b - a < 20 * MM]
        checked += len(steps)
        assert min(steps) >= 7 * MM - 0.01
    assert checked


def test_a_short_row_would_be_caught(tmp_path):
    # the measure above must be able to fail: rules 5 mm apart are too close
    ys = [0, 5 * MM, 10 * MM]
    assert min(b - a for a, b in zip(ys, ys[1:])) < 7 * MM


@pytest.mark.parametrize("n", (2, 5, 8))
def test_a_blank_maps_write_in_lines_are_7_mm_apart(n):
    root = ET.fromstring(map_svgs(source(None, f"blank-{n}"), "a4")[0])
    lines = _lines(root, "write-in")
    by_block = defaultdict(list)
    for line in lines:
        by_block[round(float(line.get("x2")))].append(float(line.get("y1")))
    gaps = [b - a for ys in by_block.values() for a, b in zip(sorted(ys), sorted(ys)[1:]) if b - a < 30 * MM]
    assert gaps and min(gaps) >= 7 * MM - 0.01


@pytest.mark.parametrize("paper", ("a4", "letter"))
@pytest.mark.parametrize("case", CASES)
def test_no_page_of_the_set_is_more_than_40_percent_empty(tmp_path, case, paper):
    path = _pdf(tmp_path, case, paper)
    for page, (w, h) in enumerate(page_sizes_mm(path)):
        printable = h - 20
        # bands under 10 mm are the gaps between ruled write-in rows, not empty paper
        empty = sum(height for _, height in empty_bands_mm(path, page, 10) if height >= 10)
        assert empty <= 0.4 * printable, (page, round(empty), round(printable))


@pytest.mark.parametrize("paper, poster, hand", [("a3", (420, 297), (210, 297)),
                                                 ("tabloid", (432, 279), (216, 279))])
def test_a_poster_enlarges_the_map_only(tmp_path, paper, poster, hand):
    sizes = [tuple(round(v) for v in size) for size in page_sizes_mm(_pdf(tmp_path, "farmhouse", paper))]
    assert sizes[0] == poster
    assert sizes[1:] and set(sizes[1:]) == {hand}


def test_red_connectors_are_dashed_and_crossed_as_the_reference_says(tmp_path):
    root = ET.fromstring(map_svgs(source(tmp_path, "farmhouse"), "a4")[0])
    links = [g for g in root.iter(SVG + "g") if g.get("class") == "link"]
    red = [g for g in links if any(line.get("class") == "red" for line in g.iter(SVG + "line"))]
    assert red
    for group in red:
        line = next(e for e in group.iter(SVG + "line") if e.get("class") == "red")
        assert line.get("stroke-dasharray")
        x1, y1, x2, y2 = (float(line.get(k)) for k in ("x1", "y1", "x2", "y2"))
        arms = [e for e in group.iter(SVG + "line") if e.get("class") == "red-cross"]
        assert len(arms) == 4
        for arm in arms:
            # each arm crosses the connector at about 45 degrees
            ax, ay = float(arm.get("x2")) - float(arm.get("x1")), float(arm.get("y2")) - float(arm.get("y1"))
            cos = abs(ax * (x2 - x1) + ay * (y2 - y1)) / (math.hypot(ax, ay) * math.hypot(x2 - x1, y2 - y1))
            assert 0.6 < cos < 0.8
    green_only = [g for g in links if g not in red]
    assert all(not [e for e in g.iter(SVG + "line") if e.get("class") == "red-cross"] for g in green_only)
    reference = ROOT / "playaid" / "games" / "isolation" / "templates" / "reference" / "isolation.html"
    assert "dashed and crossed" in reference.read_text(encoding="utf-8")


def test_names_are_cut_only_where_they_do_not_fit(tmp_path):
    pages = [ET.fromstring(s) for s in map_svgs(source(tmp_path, "cast-7"), "a4")]
    texts = [t.text or "" for root in pages for t in root.iter(SVG + "text") if t.get("class") == "cell"]
    # the generated cast's names are 60 characters long: a pair of them cannot share one cell
    pair_rows = [t for t in texts if " – " in t and t[:1].isdigit()]
    assert pair_rows and all("…" in t for t in pair_rows)
    short = [ET.fromstring(s) for s in map_svgs(source(tmp_path, "farmhouse"), "a4")]
    cells = [t.text or "" for root in short for t in root.iter(SVG + "text") if t.get("class") == "cell"]
    assert "1 Alice Moreau – 3 Eve Lindqvist" in cells and not any("…" in t for t in cells)


def _badge_shapes(root: ET.Element) -> dict[str, list[list[tuple[float, float]]]]:
    """Each badge's pill as a polygon (turned with the badge), by the connector it labels."""
    shapes = defaultdict(list)
    for group in root.iter(SVG + "g"):
        if group.get("class") != "badge":
            continue
        for rect in group.iter(SVG + "rect"):
            x, y, w, h = (float(rect.get(k)) for k in ("x", "y", "width", "height"))
            angle = 0.0
            if rect.get("transform"):
                angle = float(rect.get("transform").split("(")[1].split()[0])
            cx, cy = x + w / 2, y + h / 2
            c, s = math.cos(math.radians(angle)), math.sin(math.radians(angle))
            shapes[group.get("data-link")].append(
                [(cx + dx * c - dy * s, cy + dx * s + dy * c) for dx, dy in
                 ((-w / 2, -h / 2), (w / 2, -h / 2), (w / 2, h / 2), (-w / 2, h / 2))])
    return shapes


def _segment_meets_polygon(p: tuple, q: tuple, poly: list) -> bool:
    """Separating-axis test of a segment against a convex polygon."""
    shapes = (poly, [p, q])
    for shape in shapes:
        n = len(shape)
        for i in range(n if n > 2 else 1):
            (x1, y1), (x2, y2) = shape[i], shape[(i + 1) % n]
            ax, ay = y1 - y2, x2 - x1
            a = [x * ax + y * ay for x, y in poly]
            b = [x * ax + y * ay for x, y in (p, q)]
            if max(a) <= min(b) or max(b) <= min(a):
                return False
    return True


@pytest.mark.parametrize("case", [f"cast-{n}" for n in range(2, 13)] + [f"blank-{n}" for n in range(2, 9)])
def test_no_count_pill_sits_on_another_pairs_line(tmp_path, case):
    root = ET.fromstring(map_svgs(source(tmp_path, case), "a4")[0])
    lines = {g.get("id"): [tuple(float(e.get(k)) for k in ("x1", "y1", "x2", "y2")) for e in g.iter(SVG + "line")]
             for g in root.iter(SVG + "g") if g.get("class") == "link"}
    pills = _badge_shapes(root)
    assert pills
    for link, shapes in pills.items():
        for other, segments in lines.items():
            if other == link:
                continue
            for x1, y1, x2, y2 in segments:
                assert not any(_segment_meets_polygon((x1, y1), (x2, y2), shape) for shape in shapes), (link, other)


NAMES = ("Thiago Albuquerque", "Søren Kierkegaard", "Marie-Claire Dubois", "Bob", "Yuki Tanaka",
         "Alexandra Petrova", "Li Wei", "Ana")


@pytest.mark.parametrize("paper", ("a4", "letter"))
def test_names_on_the_map_are_whole_when_the_sheet_has_room(tmp_path, paper):
    data = yaml.safe_load(setup(8, long=False))
    rename = {c["name"]: new for c, new in zip(data["characters"], NAMES)}
    for c in data["characters"]:
        c["name"] = rename[c["name"]]
    for link in data["links"]:
        link["between"] = [rename.get(n, n) for n in link["between"]]
    path = tmp_path / "eight.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    texts = [t.text or "" for t in ET.fromstring(map_svgs(path, paper)[0]).iter(SVG + "text")]
    assert all(any(name in t for t in texts) for name in NAMES)
    assert not [t for t in texts if "…" in t]
