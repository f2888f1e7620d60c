"""Blank Isolation worksheets measured from their PDF (issue 39, item 10): a pair's
tallies and end roll share one row, so 12 characters take about seven pages, not ten;
the pair grid's write-in lines stay a handwritten row (7 mm) apart; each count pill of
a blank map names the pair it counts."""

from __future__ import annotations

import re
from itertools import combinations

import pytest

from measure import hairlines_mm
from pdfs import text
from playaid.games.isolation.maps import blank, map_pdf

ROW_MM = 7.0
SLOT_PT = 0.45
"""Write-in slots are drawn at 0.4 pt; the grid's cell frames at 0.5 pt are left out."""


def _blank_pdf(tmp_path, n: int, paper: str = "a4"):
    path = tmp_path / f"blank-{n}-{paper}.pdf"
    path.write_bytes(map_pdf(blank(n), paper))
    return path


def _pages_titled(path, title: str) -> list[int]:
    pages = text(path).split("\f")
    return [i for i, page in enumerate(pages) if title in page]


@pytest.mark.parametrize("paper", ("a4", "letter"))
def test_twelve_blank_characters_take_seven_pages_one_row_a_pair(tmp_path, paper):
    path = _blank_pdf(tmp_path, 12, paper)
    pages = text(path).split("\f")
    assert len(pages) <= 7, f"{len(pages)} pages"
    session = "\n".join(pages[i] for i in _pages_titled(path, "Session worksheet"))
    for a, b in combinations(range(1, 13), 2):
        rows = re.findall(rf"^{a} – {b}(?!\d)", session, re.MULTILINE)
        assert len(rows) == 1, f"pair {a}–{b} has {len(rows)} rows on the session pages"


def _slot_gaps_mm(path, page: int) -> list[float]:
    """For each write-in line, how far below it the next line that shares half its width
    lies: the room a hand has to write on it."""
    lines = [(min(x0, x1), max(x0, x1), y0) for x0, y0, x1, y1 in hairlines_mm(path, page, SLOT_PT)
             if abs(y0 - y1) < 0.01 and abs(x1 - x0) > 3]
    gaps = []
    for left, right, y in lines:
        below = [y2 - y for l2, r2, y2 in lines
                 if y2 > y + 0.01 and min(right, r2) - max(left, l2) > (right - left) / 2]
        if below:
            gaps.append(min(below))
    return gaps


@pytest.mark.parametrize("paper", ("a4", "letter"))
@pytest.mark.parametrize("n", (9, 12))
def test_the_pair_grids_write_in_lines_are_a_handwritten_row_apart(tmp_path, n, paper):
    path = _blank_pdf(tmp_path, n, paper)
    (grid,) = _pages_titled(path, "Counts per pair")
    gaps = _slot_gaps_mm(path, grid)
    assert gaps and min(gaps) >= ROW_MM - 0.01, f"write-in lines {min(gaps):.1f} mm apart"


def test_lines_five_mm_apart_would_be_caught(tmp_path):
    # the measure must be able to fail: the 12-character grid drew its lines 5.2 mm apart
    from reportlab.pdfgen import canvas

    path = tmp_path / "close.pdf"
    c = canvas.Canvas(str(path))
    mm = 72 / 25.4
    c.setLineWidth(0.4)
    for y in (100, 100 + 5.2 * mm):
        c.line(50, y, 100, y)
    c.showPage()
    c.save()
    assert min(_slot_gaps_mm(path, 0)) < ROW_MM


@pytest.mark.parametrize("n", (3, 5, 6, 8))
def test_each_count_pill_of_a_blank_map_names_its_pair(tmp_path, n):
    path = _blank_pdf(tmp_path, n)
    assert not _pages_titled(path, "Counts per pair"), "this cast's counts belong on the map"
    first = text(path, 0)
    for a, b in combinations(range(1, n + 1), 2):
        assert len(re.findall(rf"(?<!\d){a}–{b}(?!\d)", first)) == 1, f"no pill names pair {a}–{b}"


@pytest.mark.parametrize("setup", ("blank", "farmhouse"))
def test_a_map_names_its_language_and_shows_its_title(tmp_path, setup):
    import pikepdf

    from test_map_print import source

    path = tmp_path / "map.pdf"
    path.write_bytes(map_pdf(blank(5) if setup == "blank" else source(tmp_path, "farmhouse"), "a4"))
    with pikepdf.open(path) as pdf:
        assert str(pdf.Root.get("/Lang", "")) == "en"
        assert bool(pdf.Root.ViewerPreferences.get("/DisplayDocTitle", False))
