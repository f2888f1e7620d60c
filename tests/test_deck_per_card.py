"""`playaid deck --per-card`: one trimmed card with its own bleed per page or per PNG,
for print-on-demand card printers; and full bleed on the sheet once the gap allows it."""

from __future__ import annotations

import pytest
from PIL import Image

from playaid.games.fight_club.cards.imposition import impose
from playaid.games.fight_club.cards.settings import card_size
from playaid.render.paper import paper
from pdfs import assert_printable, box_mm, page_sizes_mm, text

CARDS = "Bad coffee\nHeavy traffic\nThe Boss\n"


@pytest.mark.parametrize("size, bleed", [("poker", 3.0), ("60x90", 2.0), ("tarot", 0.0)])
def test_per_card_pdf_has_a_front_and_a_back_page_per_card_each_the_card_plus_bleed(files, tmp_path, run,
                                                                                      size, bleed):
    card = card_size(size)
    result = run("deck", files.write("three.txt", CARDS), "--per-card", "pdf", "--size", size,
                 "--bleed", bleed, "--out", tmp_path)
    assert result.exit_code == 0, result.output
    pdf = tmp_path / "three-cards.pdf"
    assert_printable(pdf)
    sizes = page_sizes_mm(pdf)
    assert len(sizes) == 6
    for w, h in sizes:
        assert (w, h) == (pytest.approx(card.width + 2 * bleed, abs=0.01), pytest.approx(card.height + 2 * bleed, abs=0.01))
    for page in range(6):
        assert box_mm(pdf, page, "/TrimBox") == pytest.approx((bleed, bleed, card.width, card.height), abs=0.01)
        assert box_mm(pdf, page, "/BleedBox") == pytest.approx((0, 0, *sizes[page]), abs=0.01)
    assert "Heavy traffic" in text(pdf, 2) and "Heavy traffic" not in text(pdf, 3)  # front, then its back


def test_per_card_pdf_without_backs_has_a_page_per_card(files, tmp_path, run):
    result = run("deck", files.write("three.txt", CARDS), "--per-card", "pdf", "--no-backs", "--out", tmp_path)
    assert result.exit_code == 0, result.output
    assert len(page_sizes_mm(tmp_path / "three-cards.pdf")) == 3


@pytest.mark.parametrize("size, bleed, px", [("poker", 3.0, (821, 1121)), ("60x90", 2.0, (756, 1110))])
def test_per_card_png_is_one_300_dpi_image_per_card_and_one_back(files, tmp_path, run, size, bleed, px):
    result = run("deck", files.write("three.txt", CARDS), "--per-card", "png", "--size", size, "--bleed", bleed,
                 "--out", tmp_path)
    assert result.exit_code == 0, result.output
    names = sorted(p.name for p in tmp_path.glob("*.png"))
    assert names == ["three-back.png", "three-front-001.png", "three-front-002.png", "three-front-003.png"]
    for name in names:
        img = Image.open(tmp_path / name)
        assert img.size == px and img.mode == "RGB"
        assert img.info["dpi"] == pytest.approx((300, 300), abs=0.01)
    assert not list(tmp_path.glob("*.pdf"))
    # the art reaches every edge: the front's grey band runs into the bleed at the top
    front = Image.open(tmp_path / "three-front-001.png").convert("L")
    assert front.getpixel((2, 2)) < 250 and front.getpixel((px[0] - 3, 2)) < 250


def test_per_card_refuses_what_it_cannot_do(files, tmp_path, run):
    deck, out = files.write("three.txt", CARDS), tmp_path / "out"
    assert run("deck", deck, "--per-card", "svg", "--out", out).exit_code == 2
    assert run("deck", deck, "--per-card", "pdf", "--deal", "2", "--players", "Ann,Ben", "--out", out).exit_code == 2
    bad = run("deck", deck, "--per-card", "png", "--bleed", "9", "--out", out)
    assert bad.exit_code == 2 and "`9.0` is out of range: give 0 to 6" in bad.output
    assert not out.exists() or not list(out.iterdir())


def test_help_says_a_gap_of_zero_leaves_inner_edges_without_bleed(run):
    words = " ".join(run("deck", "--help").output.split())
    assert "no bleed" in words and "twice --bleed" in words and "half of it" in words
    assert "--per-card [pdf|png]" in words


@pytest.mark.parametrize("gap, inner", [(0, 0), (2, 1), (6, 3), (8, 3)])
def test_a_gap_of_twice_the_bleed_gives_every_card_its_full_bleed_on_the_sheet(gap, inner):
    # with a gutter every side has the card's own bleed; with none only the grid's outside
    sheet = impose(paper("a4"), card_size("poker"), 3, gap)
    grid = sheet.grid
    for trim in sheet.slots():
        art = sheet.bleed_rect(trim)
        sides = (trim.x - art.x, trim.y - art.y, art.right - trim.right, art.top - trim.top)
        at_edge = (trim.x == pytest.approx(grid.x), trim.y == pytest.approx(grid.y),
                   trim.right == pytest.approx(grid.right), trim.top == pytest.approx(grid.top))
        for side, edge in zip(sides, at_edge):
            assert side == pytest.approx(inner if gap else (3 if edge else 0))
