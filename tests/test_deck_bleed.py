"""Every card's bleed measured from the PDF: how far each card's ink reaches past its trim
on all four sides, fronts and backs, duplex long and short, on sheets and one card a page.

The trims come from the PDF too: on a sheet from the crop marks (a back's trim is its
front's, turned over the edge the printer flips), on a per-card page from its TrimBox.
"""

from __future__ import annotations


import pytest

from pdfs import box_mm, page_sizes_mm
from print_checks import cut_lines_mm, reaches, trims_from_cuts, turned
from playaid.games.fight_club.cards import Options, render_deck
from playaid.games.fight_club.cards.deck import faces
from playaid.games.fight_club.cards.per_card import cards_pdf
from playaid.games.fight_club.cards.settings import card_size
from playaid.games.fight_club.cards.sources import standard
from playaid.render.paper import paper

TOL = 0.2
"""mm: a little over two pixels at 300 dpi, anti-aliasing included."""
POKER = card_size("poker")


def assert_bleed(found, bleed: float, what: str) -> None:
    bad = [(i, r) for i, r in enumerate(found) if r is None or any(abs(side - bleed) > TOL for side in r)]
    assert not bad, f"{what}: cards whose ink does not reach {bleed} mm past every side: " + ", ".join(
        f"card {i + 1} {tuple(round(s, 2) for s in r) if r else 'no ink'}" for i, r in bad)


@pytest.mark.parametrize("paper_id", ["a4", "letter"])
@pytest.mark.parametrize("duplex", ["long", "short"])
def test_every_card_on_a_sheet_bleeds_3_mm_on_all_four_sides_front_and_back(tmp_path, paper_id, duplex):
    path = tmp_path / "deck.pdf"
    # Letter keeps the whole bleed with a 6 mm gutter asked for (its default trades it for 8 a sheet)
    path.write_bytes(render_deck(standard(), Options(paper(paper_id), POKER, duplex=duplex, gap=6)))
    trims = trims_from_cuts(*cut_lines_mm(path, 0), POKER.width, POKER.height)
    assert len(trims) == {"a4": 8, "letter": 6}[paper_id]
    assert_bleed(reaches(path, 0, trims, 3), 3, "fronts")
    w, h = page_sizes_mm(path)[1]
    assert_bleed(reaches(path, 1, [turned(t, w, h, duplex) for t in trims], 3), 3, "backs")


def test_letters_default_sheet_holds_8_cards_each_keeping_half_the_3_mm_gutter(tmp_path):
    """Issue 39 item 9: 8 poker cards a Letter sheet, as on A4; the trade-off is 1.5 mm of
    bleed on every side of every card (a 3 mm gutter), measured from the PDF."""
    path = tmp_path / "deck.pdf"
    path.write_bytes(render_deck(standard(), Options(paper("letter"), POKER)))
    trims = trims_from_cuts(*cut_lines_mm(path, 0), POKER.width, POKER.height)
    assert len(trims) == 8
    assert_bleed(reaches(path, 0, trims, 1.5), 1.5, "fronts")
    w, h = page_sizes_mm(path)[1]
    assert_bleed(reaches(path, 1, [turned(t, w, h, "long") for t in trims], 1.5), 1.5, "backs")


def test_a_smaller_bleed_is_the_same_on_every_side_too(tmp_path):
    path = tmp_path / "deck.pdf"
    path.write_bytes(render_deck(standard(), Options(paper("a4"), POKER, bleed=1.5)))
    trims = trims_from_cuts(*cut_lines_mm(path, 0), POKER.width, POKER.height)
    assert_bleed(reaches(path, 0, trims, 1.5), 1.5, "fronts")
    w, h = page_sizes_mm(path)[1]
    assert_bleed(reaches(path, 1, [turned(t, w, h, "long") for t in trims], 1.5), 1.5, "backs")


def test_the_measure_sees_a_back_clipped_at_its_trim(tmp_path, monkeypatch):
    # the old backs: a form clipped at its origin left the left and bottom with no bleed
    from playaid.games.fight_club.cards import face

    original = face.back_form

    def clipped(canvas, name, card_w, card_h, bleed, deck):
        canvas_begin = canvas.beginForm
        canvas.beginForm = lambda n, *box: canvas_begin(n)
        try:
            return original(canvas, name, card_w, card_h, bleed, deck)
        finally:
            canvas.beginForm = canvas_begin

    monkeypatch.setattr(face, "back_form", clipped)
    path = tmp_path / "cards.pdf"
    path.write_bytes(cards_pdf(faces(standard())[:1], POKER, 3.0, "Frustrations"))
    trim = box_mm(path, 1, "/TrimBox")
    x, y, w, h = trim
    found = reaches(path, 1, [(x, y, x + w, y + h)], 3)[0]
    assert found[0] < 0.2 and found[1] < 0.2 and found[2] == pytest.approx(3, abs=TOL)


@pytest.mark.parametrize("bleed", [3.0, 3.175])
def test_every_card_alone_on_its_page_bleeds_on_all_four_sides_front_and_back(tmp_path, bleed):
    path = tmp_path / "cards.pdf"
    path.write_bytes(cards_pdf(faces(standard())[:2], POKER, bleed, "Frustrations"))
    for page in range(4):
        x, y, w, h = box_mm(path, page, "/TrimBox")
        assert (w, h) == (pytest.approx(POKER.width, abs=0.01), pytest.approx(POKER.height, abs=0.01))
        assert (x, y) == (pytest.approx(bleed, abs=0.01), pytest.approx(bleed, abs=0.01))
        assert_bleed(reaches(path, page, [(x, y, x + w, y + h)], bleed), bleed, f"page {page + 1}")
