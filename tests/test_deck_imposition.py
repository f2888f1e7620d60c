"""Card imposition on pure values: how many fit, where they go, where their backs go."""

from __future__ import annotations

import pytest

from playaid.games.fight_club.cards.imposition import impose
from playaid.games.fight_club.cards.settings import CardError, card_size, mm_pair
from playaid.render.paper import paper

A4, LETTER = paper("a4"), paper("letter")
POKER = card_size("poker")


def test_nine_poker_cards_fit_a4_portrait_centred():
    sheet = impose(A4, POKER, 3, 0)
    assert (sheet.cols, sheet.rows, sheet.landscape) == (3, 3, False)
    first = sheet.slots()[0]
    assert first.x == pytest.approx((210 - 3 * 63.5) / 2)
    assert first.top == pytest.approx(297 - (297 - 3 * 88.9) / 2)


def test_letter_turns_landscape_when_more_cards_fit():
    sheet = impose(LETTER, POKER, 3, 0)
    assert (sheet.cols, sheet.rows, sheet.landscape) == (4, 2, True)


def test_a_gap_spaces_the_cards_and_may_cost_a_column():
    sheet = impose(A4, POKER, 3, 5)
    xs = [s.x for s in sheet.slots()[: sheet.cols]]
    assert all(b - a == pytest.approx(63.5 + 5) for a, b in zip(xs, xs[1:]))


def test_a_card_bigger_than_the_paper_is_refused():
    with pytest.raises(CardError, match="does not fit"):
        impose(A4, card_size("300x400"), 3, 0)


@pytest.mark.parametrize("text", ["10x", "x", "poker2", "63.5 by 88.9", "-5x10"])
def test_a_size_must_be_a_name_or_width_x_height(text):
    with pytest.raises(CardError, match="use one of poker"):
        card_size(text)


def test_sizes_by_name_and_in_millimetres():
    assert (card_size("Tarot").width, card_size("tarot").height) == (70, 120)
    assert (card_size("60x90").width, card_size("60x90").height) == (60, 90)
    with pytest.raises(CardError, match="too small"):
        card_size("5x5")


def test_back_offset_is_two_numbers():
    assert mm_pair("0.5,-1") == (0.5, -1)
    with pytest.raises(CardError):
        mm_pair("1")


def test_with_a_gutter_every_card_keeps_the_same_bleed_halfway_to_its_neighbour():
    sheet = impose(A4, POKER, 3, 2)
    for trim in sheet.slots():
        art = sheet.bleed_rect(trim)
        assert (trim.x - art.x, trim.y - art.y, art.right - trim.right, art.top - trim.top) == \
            tuple(pytest.approx(1) for _ in range(4))
    assert sheet.outer_bleed == 1


def test_with_no_gutter_only_the_grid_outside_has_bleed():
    sheet = impose(A4, POKER, 3, 0)
    first = sheet.slots()[0]
    art = sheet.bleed_rect(first)
    assert (first.x - art.x, art.top - first.top) == (pytest.approx(3), pytest.approx(3))
    assert (art.right, art.y) == (pytest.approx(first.right), pytest.approx(first.y))


def test_a_3_mm_gutter_fits_eight_poker_cards_on_a4_and_letter_alike():
    for p in (A4, LETTER):
        sheet = impose(p, POKER, 1.5, 3)
        assert (sheet.cols, sheet.rows, sheet.landscape) == (4, 2, True)


def test_crop_marks_run_along_every_cut_and_never_cross_a_card():
    sheet = impose(A4, POKER, 3, 0)
    xs, ys = sheet.cuts()
    assert len(xs) == 4 and len(ys) == 4  # shared cuts when the cards touch
    marks = sheet.crop_marks()
    assert len(marks) == 2 * (len(xs) + len(ys))
    for x0, y0, x1, y1 in marks:
        for s in sheet.slots():
            inside_x = s.x < max(x0, x1) and min(x0, x1) < s.right
            inside_y = s.y < max(y0, y1) and min(y0, y1) < s.top
            assert not (inside_x and inside_y)
        assert all(0 < v for v in (x0, y0, x1, y1))


def test_long_edge_reverses_the_columns_of_a_portrait_sheet():
    sheet = impose(A4, POKER, 3, 0)
    fronts, backs = sheet.slots(), sheet.backs("long")
    assert backs[0].x == pytest.approx(fronts[2].x)
    for f, b in zip(fronts, backs):
        assert b.x == pytest.approx(210 - f.right) and b.y == pytest.approx(f.y)


def test_short_edge_reverses_the_rows_of_a_portrait_sheet():
    sheet = impose(A4, POKER, 3, 0)
    for f, b in zip(sheet.slots(), sheet.backs("short")):
        assert b.x == pytest.approx(f.x) and b.y == pytest.approx(297 - f.top)


def test_on_a_landscape_sheet_the_long_edge_is_the_horizontal_one():
    sheet = impose(LETTER, POKER, 3, 0)
    for f, b in zip(sheet.slots(), sheet.backs("long")):
        assert b.x == pytest.approx(f.x) and b.y == pytest.approx(sheet.page_h - f.top)


def test_the_back_offset_moves_every_back():
    sheet = impose(A4, POKER, 3, 0)
    plain, moved = sheet.backs("none"), sheet.backs("none", (0.5, -1))
    for p, m in zip(plain, moved):
        assert (m.x - p.x, m.y - p.y) == (pytest.approx(0.5), pytest.approx(-1))


@pytest.mark.parametrize("p", [A4, LETTER])
@pytest.mark.parametrize("gap", [0, 3])
def test_crop_marks_start_3_mm_from_the_trim_and_run_up_to_10_mm(p, gap):
    # house rule (PRINT.md §4): clear of the bleed, at least 3 mm out, 5-10 mm long; where
    # the margin is narrower (Letter's sides hold 8.2 mm) as long as it allows, 2 mm or more
    sheet = impose(p, POKER, 3, gap)
    g = sheet.grid
    for x0, y0, x1, y1 in sheet.crop_marks():
        outside = max(g.x - x0, x0 - g.right, g.y - y0, y0 - g.top)
        assert outside >= 3 - 1e-9 and outside >= sheet.outer_bleed + 1 - 1e-9
        to_edge = min(x1, y1, sheet.page_w - x1, sheet.page_h - y1)
        length = abs(x1 - x0) + abs(y1 - y0)
        assert 2 <= length <= 10 + 1e-9
        assert length == pytest.approx(10) or to_edge == pytest.approx(3)


def _fits(paper_w: float, paper_h: float, cols: int, rows: int, bleed: float) -> bool:
    """Whether `cols` × `rows` poker cards, each with `bleed` all round (a gutter of twice
    it), fit with their crop marks at the sides (1 mm past the bleed, 2 mm long at
    least, 3 mm from the edge) and a line of labels above and below (1 mm from the art,
    3 mm tall, 6 mm from the edge): the house rules of PRINT.md §4, worked out apart
    from the imposition's own arithmetic."""
    art_w = cols * POKER.width + (cols - 1) * 2 * bleed + 2 * bleed
    art_h = rows * POKER.height + (rows - 1) * 2 * bleed + 2 * bleed
    return art_w + 2 * (1 + 2 + 3) <= paper_w + 1e-9 and art_h + 2 * (1 + 3 + 6) <= paper_h + 1e-9


def test_the_default_gutter_narrows_to_3_mm_only_where_that_fits_more_cards():
    assert (impose(A4, POKER, 3).gap, impose(A4, POKER, 3).per_page) == (6, 8)
    letter = impose(LETTER, POKER, 3)
    assert (letter.gap, letter.per_page, letter.own_bleed, letter.outer_bleed) == (3, 8, 1.5, 1.5)
    assert impose(LETTER, POKER, 3, 6).per_page == 6  # a gutter asked for is kept


@pytest.mark.parametrize("p", [A4, LETTER], ids=["a4", "letter"])
def test_a_6_mm_gutter_holds_the_most_cards_a_3_mm_bleed_and_its_marks_allow(p):
    sheet = impose(p, POKER, 3, 6)
    best = max(c * r for w, h in ((p.width_mm, p.height_mm), (p.height_mm, p.width_mm))
               for c in range(1, 6) for r in range(1, 6) if _fits(w, h, c, r, 3))
    assert sheet.per_page == best == {"a4": 8, "letter": 6}[p.id]
    assert sheet.gap == 6 and sheet.own_bleed == sheet.outer_bleed == 3
    # nine need three columns of art 208.5 mm wide: more than either sheet has inside its margins
    assert not any(_fits(w, h, 3, 3, 3) for w, h in ((p.width_mm, p.height_mm), (p.height_mm, p.width_mm)))
