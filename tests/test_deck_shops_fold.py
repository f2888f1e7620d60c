"""`playaid deck --per-card --shop NAME` (a print shop's published card numbers) and
`playaid deck --fold` (fronts and backs side by side, for one-sided printers), read back
from what they write: page sizes, page order, bleed on all four sides, the safe area, and
each back exactly where its front lands once the sheet is folded."""

from __future__ import annotations

import pytest
from PIL import Image

from measure import char_boxes_mm, hairlines_mm, ink, ink_in
from pdfs import assert_printable, box_mm, page_sizes_mm, text
from playaid.games.fight_club.cards.fold import fold_layouts, fold_sheet
from playaid.games.fight_club.cards.imposition import margins
from playaid.games.fight_club.cards.settings import card_size, layout, named_sizes, shops
from playaid.render.paper import paper
from print_checks import cut_lines_mm, reaches, trims_from_cuts
from test_deck_bleed import assert_bleed

CARDS = "Bad coffee\nHeavy traffic\nThe Boss\n"
POKER = card_size("poker")


def test_the_shop_profiles_say_what_each_shop_publishes():
    dtc, mpc, tgc = shops()["drivethrucards"], shops()["makeplayingcards"], shops()["thegamecrafter"]
    assert (dtc.size.width, dtc.size.height, dtc.bleed, dtc.safe, dtc.dpi) == (63.5, 88.9, 3.175, 3.175, 300)
    # MPC's template is in pixels: 36 px of bleed and of safe area at 300 dpi
    assert (mpc.size.width, mpc.size.height, mpc.bleed, mpc.safe, mpc.dpi) == (63.5, 88.9, 3.048, 3.048, 300)
    assert (tgc.size.width, tgc.size.height, tgc.bleed, tgc.safe, tgc.dpi) == (63.5, 88.9, 3.175, 3.175, 300)
    assert dtc.back_first and not mpc.back_first
    assert (dtc.formats, mpc.formats, tgc.formats) == (("pdf",), ("png", "pdf"), ("png",))
    assert dtc.press and not mpc.press and not tgc.press
    # our words keep further from the cut than any shop asks
    assert all(layout()["safe"] >= shop.safe for shop in shops().values())


@pytest.mark.parametrize("name", sorted(n for n, shop in shops().items() if "pdf" in shop.formats))
def test_a_shop_preset_sets_size_bleed_order_and_keeps_words_in_its_safe_area(files, tmp_path, run, name):
    shop = shops()[name]
    result = run("deck", files.write("three.txt", CARDS), "--per-card", "pdf", "--shop", name, "--out", tmp_path)
    assert result.exit_code == 0, result.output
    pdf = tmp_path / "three-cards.pdf"
    assert_printable(pdf)
    sizes = page_sizes_mm(pdf)
    assert len(sizes) == 6
    w, h = shop.size.width + 2 * shop.bleed, shop.size.height + 2 * shop.bleed
    assert all(s == (pytest.approx(w, abs=0.01), pytest.approx(h, abs=0.01)) for s in sizes)
    front, back = (1, 0) if shop.back_first else (0, 1)
    assert "Bad coffee" in text(pdf, front) and "Bad coffee" not in text(pdf, back)
    for page in range(6):
        x, y, tw, th = box_mm(pdf, page, "/TrimBox")
        assert (tw, th) == (pytest.approx(shop.size.width, abs=0.01), pytest.approx(shop.size.height, abs=0.01))
        assert_bleed(reaches(pdf, page, [(x, y, x + tw, y + th)], shop.bleed), shop.bleed, f"page {page + 1}")
        nearest = min(min(x0 - x, y0 - y, x + tw - x1, y + th - y1) for _c, x0, y0, x1, y1 in char_boxes_mm(pdf, page))
        assert nearest >= shop.safe, f"page {page + 1}: a character {nearest:.2f} mm from the trim"


def test_a_shop_preset_gives_pngs_at_its_resolution(files, tmp_path, run):
    shop = shops()["makeplayingcards"]
    result = run("deck", files.write("three.txt", CARDS), "--per-card", "png", "--shop", "makeplayingcards",
                 "--out", tmp_path)
    assert result.exit_code == 0, result.output
    for name in ("three-front-001.png", "three-back.png"):
        with Image.open(tmp_path / name) as image:
            assert image.size == (822, 1122)  # MPC's poker template, 36 px of bleed a side
            assert round(image.info["dpi"][0]) == shop.dpi


@pytest.mark.parametrize("args, says", [
    (["--shop", "drivethrucards"], "--shop needs --per-card"),
    (["--per-card", "pdf", "--shop", "drivethrucards", "--size", "bridge"], "leave out --size"),
    (["--per-card", "pdf", "--shop", "nowhere"], "'nowhere' is not one of"),
    (["--per-card", "pdf", "--shop", "thegamecrafter"], "The Game Crafter takes --per-card png, not --per-card pdf"),
    (["--per-card", "png", "--shop", "drivethrucards"], "DriveThruCards takes --per-card pdf, not --per-card png"),
    (["--fold", "--per-card", "pdf"], "--fold makes sheets"),
])
def test_layout_options_that_cannot_go_together_are_usage_errors(tmp_path, run, args, says):
    result = run("deck", *args, "--out", tmp_path)
    assert result.exit_code == 2 and says in " ".join(result.output.split())


FOLD_PT = 0.6
"""Strokes up to this wide: the crop marks (0.25 pt) and the dashed fold line (0.5 pt)."""


def fold_line_mm(pdf, page: int, w: float, h: float) -> tuple[str, float]:
    """Where a page says it folds, measured from its strokes: ("x", x) for a fold down the
    page, ("y", y) across it. The fold line is the only stroke that starts 3 mm from an edge
    of the paper and is no crop mark (those stop 3 mm from the edge: they end there)."""
    marks = set(hairlines_mm(pdf, page, 0.3))
    found = set()
    for x0, y0, x1, y1 in hairlines_mm(pdf, page, FOLD_PT):
        if (x0, y0, x1, y1) in marks:
            continue
        if abs(x0 - x1) < 0.01 and min(abs(y0 - 3), abs(y1 - (h - 3)), abs(y0 - (h - 3)), abs(y1 - 3)) < 0.01:
            found.add(("x", round(x0, 2)))
        elif abs(y0 - y1) < 0.01 and min(abs(x0 - 3), abs(x1 - (w - 3)), abs(x0 - (w - 3)), abs(x1 - 3)) < 0.01:
            found.add(("y", round(y0, 2)))
    assert len(found) == 1, f"page {page + 1}: fold lines {sorted(found)}"
    return found.pop()


def mirrored(t, axis: str, at: float):
    """The box `t` (left, bottom, right, top) mirrored across the line `axis` = `at`."""
    x0, y0, x1, y1 = t
    return (2 * at - x1, y0, 2 * at - x0, y1) if axis == "x" else (x0, 2 * at - y1, x1, 2 * at - y0)


@pytest.mark.parametrize("paper_id, per_sheet, axis", [("a4", 4, "x"), ("letter", 3, "y")])
def test_fold_over_sheets_register_every_back_behind_its_front(tmp_path, run, paper_id, per_sheet, axis):
    result = run("deck", "--fold", "--paper", paper_id, "--out", tmp_path)
    assert result.exit_code == 0, result.output
    assert "one-sided" in result.output and "fold" in result.output
    pdf = tmp_path / "frustrations-fold.pdf"
    assert_printable(pdf)
    sizes = page_sizes_mm(pdf)
    assert len(sizes) == -(-62 // per_sheet)
    w, h = sizes[0]
    line, at = fold_line_mm(pdf, 0, w, h)
    assert (line, at) == (axis, pytest.approx(w / 2 if axis == "x" else h / 2, abs=0.01))  # the centre line
    trims = trims_from_cuts(*cut_lines_mm(pdf, 0), POKER.width, POKER.height)
    assert len(trims) == per_sheet
    # fronts on one side of the fold, their bleed clear of it: left of a fold down the page, above one across
    assert all(t[2] + 3 <= at + 1e-6 if axis == "x" else t[1] - 3 >= at - 1e-6 for t in trims)
    # the backs measured where folding puts them: each card's ink, front and back, reaches
    # exactly the bleed past every side of its trim mirrored across the fold drawn on the page
    backs = [mirrored(t, line, at) for t in trims]
    found = reaches(pdf, 0, trims + backs, 3)
    assert_bleed(found[:per_sheet], 3, "fronts")
    assert_bleed(found[per_sheet:], 3, "backs")
    # with the trims' bleed clear of the fold (above) and the ink stopping at the bleed, no art
    # crosses the fold. Down the page the fronts sit centred in their half, so the fold runs
    # through bare paper; across it the two halves are one grid and their art meets on the
    # fold, as neighbours' art meets halfway across any gutter
    if axis == "x":
        near = (at - 0.4, min(t[1] for t in trims) - 3, at + 0.4, max(t[3] for t in trims) + 3)
        assert not ink_in(ink(pdf, 0), near, h)
    side = [max(m[0], m[2]) <= at + 1e-6 if axis == "x" else min(m[1], m[3]) >= at - 1e-6
            for m in hairlines_mm(pdf, 0, 0.3)]
    assert all(side)  # crop marks stay on the fronts' half: the folded sheet is cut fronts up
    words = " ".join(text(pdf, 0).split())
    assert "fold on the dashed line" in words and "Backs: fold this half behind" in words
    # the TrimBox holds every finished piece, the backs' half too (issue 39, item 13)
    from pdfs import box_mm

    tx, ty, tw, th = box_mm(pdf, 0, "/TrimBox")
    pieces = trims + backs
    assert (tx, ty, tx + tw, ty + th) == pytest.approx((min(t[0] for t in pieces), min(t[1] for t in pieces),
                                                  max(t[2] for t in pieces), max(t[3] for t in pieces)), abs=0.3)
    assert words.count("Frustrations") >= 2 * per_sheet  # the backs' deck name reads the right way round


def most_cards(paper_id: str, card) -> int:
    """The most cards a fold-over page of `paper_id` holds, by trying every grid up to 8 × 8
    in both orientations, folded down and across: the fronts keep the crop marks' and
    labels' margins from the paper's edges and their bleed from the fold (brute force,
    independent of `count`)."""
    p, bleed = paper(paper_id), 3.0
    side, end = margins(bleed, 2 * bleed)
    best = 0
    for w, h in ((p.width_mm, p.height_mm), (p.height_mm, p.width_mm)):
        for cols in range(1, 9):
            for rows in range(1, 9):
                gw, gh = cols * card.width + (cols - 1) * 2 * bleed, rows * card.height + (rows - 1) * 2 * bleed
                down = side + gw + bleed <= w / 2 + 1e-9 and 2 * end + gh <= h + 1e-9
                across = 2 * side + gw <= w + 1e-9 and end + gh + bleed <= h / 2 + 1e-9
                if down or across:
                    best = max(best, cols * rows)
    return best


@pytest.mark.parametrize("paper_id", ["a4", "letter", "a3", "tabloid"])
@pytest.mark.parametrize("size", sorted(named_sizes()))
def test_the_fold_layout_holds_the_most_cards_any_layout_holds(paper_id, size):
    card = card_size(size)
    fold = fold_sheet(paper(paper_id), card, 3)
    assert fold.per_page == most_cards(paper_id, card)
    assert fold.per_page == max(f.per_page for f in fold_layouts(paper(paper_id), card, 3))


@pytest.mark.parametrize("paper_id, cols, rows, across", [("a4", 2, 2, False), ("letter", 3, 1, True)])
def test_a4_folds_down_a_landscape_page_and_letter_across_one(paper_id, cols, rows, across):
    """A4 keeps the fold it had (two by two beside a vertical fold: folding across holds as
    many); Letter folds across, three cards above the fold instead of two beside it."""
    fold = fold_sheet(paper(paper_id), POKER, 3)
    assert (fold.sheet.cols, fold.per_page // fold.sheet.cols, fold.across, fold.sheet.landscape) == \
        (cols, rows, across, True)
    g = fold.sheet.grid
    if across:  # one grid, fronts over backs, the fold halfway across the gutter between them
        assert g.y + g.h / 2 == pytest.approx(fold.page_h / 2) and fold.sheet.rows == 2 * rows
    else:
        assert g.right + 3 <= fold.page_w / 2
