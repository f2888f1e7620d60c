"""Odds handouts as printed: type sizes, the page used, player wording, the how-to-read
example and no note that carries nothing, measured from the PDFs on A4 and Letter."""

from __future__ import annotations

import ctypes
import re
from fractions import Fraction
from pathlib import Path

import pypdfium2
import pypdfium2.raw as pdfium_c
import pytest

import pdfs
from measure import info, text_sizes
from playaid.odds import default_tables, games, module
from playaid.odds.cells import Cell, drop_empty_notes, whole
from playaid.odds.handout import demo_handouts, handout_pdf, heat_map
from playaid.odds.on_paper import on_paper
from playaid.games.sapio.odds import success
from playaid.render.paper import paper
from playaid.systems import REGISTRY
from playaid.games.sapio.spiral_die import default_die

WITH_DICE = [g for g in games() if not getattr(module(g), "NO_DICE", "")]
DEVELOPER = re.compile(r"exact to within|closed form|not modell?ed|docs/|\de-\d", re.IGNORECASE)
BAND_MM = 20.0


@pytest.fixture(scope="module", params=[(g, p) for g in WITH_DICE for p in ("a4", "letter")], ids=str)
def handout(request, tmp_path_factory) -> tuple[str, Path]:
    system, paper_id = request.param
    path = tmp_path_factory.mktemp("odds") / f"odds-{system}-{paper_id}.pdf"
    path.write_bytes(handout_pdf(system, paper(paper_id)))
    return system, path


def _percent_sizes(path: Path) -> list[float]:
    """The effective size of every '%' printed (one per large number, one per small note)."""
    doc = pypdfium2.PdfDocument(str(path))
    matrix = pdfium_c.FS_MATRIX()
    try:
        out = []
        for index in range(len(doc)):
            page = doc[index].get_textpage()
            for i in range(page.count_chars()):
                if page.get_text_range(i, 1) == "%":
                    pdfium_c.FPDFText_GetMatrix(page.raw, i, ctypes.byref(matrix))
                    scale = abs(matrix.a * matrix.d - matrix.b * matrix.c) ** 0.5  # the text's own scaling
                    out.append(pdfium_c.FPDFText_GetFontSize(page.raw, i) * scale)
        return out
    finally:
        doc.close()


def _widest_empty_band_mm(path: Path, page: int, margin_mm: float = 10.0) -> float:
    """The tallest run of pixel rows inside the margins with nothing darker than paper."""
    doc = pypdfium2.PdfDocument(str(path))
    try:
        image = doc[page].render(scale=2 * 25.4 / 72, grayscale=True).to_pil().convert("L")
    finally:
        doc.close()
    width, height = image.size
    margin, pixels = round(margin_mm * 2), image.load()
    tallest = run = 0
    for y in range(margin, height - margin):
        run = run + 1 if all(pixels[x, y] >= 250 for x in range(margin, width - margin)) else 0
        tallest = max(tallest, run)
    return tallest / 2


def test_no_text_below_seven_points(handout):
    _, path = handout
    assert min(size for _, size in text_sizes(path)) >= 7.0


def test_every_cell_shows_its_chance_at_twelve_points_or_more(handout):
    system, path = handout
    cells = sum(len(t.rows) * len(t.cols) for t in (on_paper(module(system), t) for t in default_tables(system)))
    # a table that says each row's value once prints a cell a row (Sapio's net Spare)
    own = getattr(module(system), "SECTIONS", {})  # sections a game lays out itself are never said once
    cells -= sum(len(m.rows) * (len(t.cols) - 1) for t in (on_paper(module(system), t) for t in default_tables(system))
                 if t.id not in own for m in [heat_map(system, t)] if len(m.cols) == 1 < len(t.cols))
    large = [s for s in _percent_sizes(path) if s >= 12.0]
    assert len(large) == cells


def test_no_page_holds_an_empty_band_taller_than_20_mm(handout):
    _, path = handout
    bands = [_widest_empty_band_mm(path, page) for page in range(len(pdfs.page_sizes_mm(path)))]
    assert max(bands) <= BAND_MM, bands


def test_player_words_only_and_a_document_that_names_game_and_tool(handout):
    system, path = handout
    words = pdfs.text(path)
    assert not DEVELOPER.search(words), DEVELOPER.search(words)
    assert "How to read this." in words
    meta = info(path)
    assert REGISTRY[system].title in meta["Title"] and meta["Author"] == "playaid"


def test_the_example_reads_a_cell_of_the_table_itself(tmp_path):
    path = tmp_path / "sapio.pdf"
    path.write_bytes(handout_pdf("sapio", paper("a4")))
    words = " ".join(pdfs.text(path).split())
    p = success(default_die(), 4, 3)  # the middle row (pool 4) and column (TN 3) of the first table
    assert f"With 4 (dice in the pool) against 3 (TN)" in words
    assert f"reads {whole(p)}: about {round(float(p) * 10)} times in 10." in words


def test_a_note_that_cannot_happen_is_left_out_and_one_that_can_is_kept():
    zero, some = Cell("40%", "tie 0.0%", "#fff", (Fraction(0),)), Cell("40%", "tie 0.1%", "#fff", (Fraction(1, 999),))
    (_, (dropped, kept)), = drop_empty_notes([("d8", (zero, some))])
    assert dropped.sub == "" and dropped.dropped and kept.sub == "tie 0.1%" and not kept.dropped


def test_the_contest_handout_prints_no_tie_that_cannot_happen(tmp_path):
    path = tmp_path / "contest.pdf"
    path.write_bytes(handout_pdf("contest", paper("letter")))
    words = pdfs.text(path)
    assert "tie 0.0%" not in words and "tie " in words
    assert "cannot happen there" in words


def test_a_game_without_dice_gets_no_handout_and_is_pointed_to_its_reference(run, tmp_path):
    assert "odds-fight-club.pdf" not in demo_handouts(paper("a4"))
    result = run("odds", "fight-club", "--out", tmp_path)
    assert result.exit_code == 0 and not list(tmp_path.iterdir())
    assert "no dice" in result.output and "playaid sheet --reference fight-club" in result.output
    assert REGISTRY["fight-club"].title in result.output


def test_the_handout_prints_the_game_s_own_cells_of_the_counts_it_keeps():
    """Isolation's handout keeps part of each table (`ON_PAPER`); what it keeps is the very
    cell of the whole table, and the terminal's tables stay whole."""
    game = module("isolation")
    for whole_table in default_tables("isolation"):
        cut = on_paper(game, whole_table)
        assert 0 < len(cut.rows) < len(whole_table.rows) and 0 < len(cut.cols) <= len(whole_table.cols)
        for r, row in zip(cut.rows, cut.cells):
            for c, value in zip(cut.cols, row):
                assert value == whole_table.cells[whole_table.rows.index(r)][whole_table.cols.index(c)]
    sapio = default_tables("sapio")[0]
    assert on_paper(module("sapio"), sapio) is sapio
