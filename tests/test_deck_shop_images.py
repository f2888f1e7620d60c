"""`playaid deck --per-card png --shop thegamecrafter` (and MakePlayingCards'): one PNG per
card face at the shop's template size and 300 dpi, named so a GM can tell fronts from the
back at upload, every word inside the shop's safe area; and what `deck --help` says of
each shop's page order is the order its files have."""

from __future__ import annotations

import io
import re

import pikepdf
import pytest
from PIL import Image

from measure import char_boxes_mm
from pdfs import text
from playaid.games.fight_club.cards import per_card, sources
from playaid.games.fight_club.cards.deck import faces
from playaid.games.fight_club.cards.settings import shops

CARDS = "Bad coffee\nHeavy traffic\nThe Boss\n"


def test_the_game_crafter_gets_one_825_by_1125_png_per_front_and_one_back(files, tmp_path, run):
    result = run("deck", files.write("three.txt", CARDS), "--per-card", "png", "--shop", "thegamecrafter",
                 "--out", tmp_path)
    assert result.exit_code == 0, result.output
    names = sorted(p.name for p in tmp_path.glob("*.png"))
    assert names == ["three-back.png", "three-front-001.png", "three-front-002.png", "three-front-003.png"]
    assert not list(tmp_path.glob("*.pdf"))
    for name in names:
        with Image.open(tmp_path / name) as image:
            assert image.size == (825, 1125)  # TGC's poker template: 2.75 × 3.75 in at 300 dpi
            assert image.info["dpi"] == pytest.approx((300, 300), abs=0.01)
    words = " ".join(result.output.split())
    assert words.count("(825 × 1125 px at 300 dpi, 2.75 × 3.75 in)") == 4 and "(A4)" not in words


def nearest_word_px(pdf: bytes, tmp_path, dpi: int = 300) -> float:
    """Pixels at `dpi` from the nearest character of any page of `pdf` to its page edge."""
    path = tmp_path / "measured.pdf"
    path.write_bytes(pdf)
    with pikepdf.open(path) as doc:
        pages = [[float(v) / 72 * 25.4 for v in page.mediabox] for page in doc.pages]
    nearest = min(min(x0 - box[0], y0 - box[1], box[2] - x1, box[3] - y1)
                  for n, box in enumerate(pages) for _c, x0, y0, x1, y1 in char_boxes_mm(path, n))
    return nearest / 25.4 * dpi


@pytest.mark.parametrize("name, safe_px", [("thegamecrafter", 75), ("makeplayingcards", 72)])
def test_every_word_of_a_shops_images_is_inside_its_safe_area(tmp_path, name, safe_px):
    # the PNGs are this PDF's pages drawn at the shop's dpi: measure the words there
    shop = shops()[name]
    assert (shop.bleed + shop.safe) / 25.4 * shop.dpi == pytest.approx(safe_px, abs=0.01)
    pdf = per_card.cards_pdf(faces(sources.standard()), shop.size, shop.bleed, "Frustrations")
    assert nearest_word_px(pdf, tmp_path, shop.dpi) >= safe_px


def test_the_safe_area_measurement_catches_a_word_outside_it(tmp_path):
    from reportlab.pdfgen.canvas import Canvas

    out = io.BytesIO()
    page = Canvas(out, pagesize=(198, 270))
    page.setFont("Helvetica", 9)
    page.drawString(15, 135, "too near")  # 15 pt = 62.5 px from the edge: inside TGC's bleed + safe 75 px
    page.showPage()
    page.save()
    assert nearest_word_px(out.getvalue(), tmp_path) < 75


def _help_orders(run) -> dict[str, str]:
    words = " ".join(run("deck", "--help").output.split())
    said = {}
    for name in shops():
        found = re.search(rf"{name}: [^;]*?--per-card pdf \((pages [a-z]+, then [a-z]+)\)", words)
        if found:
            said[name] = found[1]
    return said


def test_help_and_files_agree_on_page_order(files, tmp_path, run):
    said = _help_orders(run)
    assert set(said) == {n for n, s in shops().items() if "pdf" in s.formats} and said
    deck = files.write("three.txt", CARDS)
    for name, order in said.items():
        out = tmp_path / name
        result = run("deck", deck, "--per-card", "pdf", "--shop", name, "--out", out)
        assert result.exit_code == 0, result.output
        pdf = out / "three-cards.pdf"
        first, second = ("back", "front") if order == "pages back, then front" else ("front", "back")
        assert order in " ".join(result.output.split())
        for card, card_name in enumerate(CARDS.split("\n")[:3]):
            pages = {first: 2 * card, second: 2 * card + 1}
            assert card_name in text(pdf, pages["front"]) and card_name not in text(pdf, pages["back"]), name
    # and the plain per-card run (no shop) does what --per-card's help says: front, then back
    words = " ".join(run("deck", "--help").output.split())
    assert "pdf: front, then back, for each card, unless --shop asks otherwise" in words
    plain = run("deck", deck, "--per-card", "pdf", "--out", tmp_path / "plain")
    assert "Bad coffee" in text(tmp_path / "plain" / "three-cards.pdf", 0)
    assert "Bad coffee" not in text(tmp_path / "plain" / "three-cards.pdf", 1)
    assert "(one card a page, 2.74 × 3.74 in)" in " ".join(plain.output.split())  # poker + 3 mm bleed


def test_help_names_the_png_files_as_they_are_written(run):
    words = " ".join(run("deck", "--help").output.split())
    assert "DECK-front-001.png … for the fronts, DECK-back.png for the backs" in words
    assert "thegamecrafter: --per-card png (an image per front, one for the backs)" in words
