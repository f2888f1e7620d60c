"""Odds handout cells measured from the PDF (issue 39, item 12): Sapio's net Spare table
says each pool's chance once, not once per TN; Dirt's opposed cells keep their small
lines to two even ones (a tie, a win by 3 or more)."""

from __future__ import annotations

import re

import pytest

from pdfs import text
from playaid.odds.handout import handout_pdf
from playaid.render.paper import paper

PAPERS = ("a4", "letter")


def _handout(tmp_path, system: str, paper_id: str):
    path = tmp_path / f"odds-{system}-{paper_id}.pdf"
    path.write_bytes(handout_pdf(system, paper(paper_id)))
    return path


@pytest.mark.parametrize("paper_id", PAPERS)
def test_sapios_net_spare_is_said_once_a_pool(tmp_path, paper_id):
    page = text(_handout(tmp_path, "sapio", paper_id), 0)
    # one small "spiral" line a pool (six pools), not one a pool and TN (thirty)
    assert len(re.findall(r"spiral \d", page)) == 6, page
    assert "any, 1–5" in page


def test_a_row_that_changes_across_the_columns_keeps_its_columns():
    from playaid.odds.cells import cell, said_once

    flat = [("1", (cell(0.25), cell(0.26), cell(0.28))), ("2", (cell(0.41),) * 3)]
    once = said_once(flat, ("1", "2", "3"))
    assert [c.text for _, (c,) in once] == ["25–28%", "41%"]
    changing = [("1", (cell(0.25), cell(0.26), cell(0.30)))]
    assert said_once(changing, ("1", "2", "3")) is None


@pytest.mark.parametrize("paper_id", PAPERS)
def test_dirts_opposed_cells_have_two_even_small_lines(tmp_path, paper_id):
    lines = [ln.strip() for ln in text(_handout(tmp_path, "dirt", paper_id), 0).splitlines()]
    ties = [ln for ln in lines if re.search(r"\btie \d", ln)]
    wins = [ln for ln in lines if re.match(r"3\+ \d", ln)]
    # each text line holds whole small lines only: a cell's line never wraps into another
    assert all(re.fullmatch(r"(tie \d+\.\d% ?)+", ln) for ln in ties), ties
    assert all(re.fullmatch(r"(3\+ \d+\.\d% ?)+", ln) for ln in wins), wins
    assert sum(ln.count("tie ") for ln in ties) == sum(ln.count("3+ ") for ln in wins) == 25
