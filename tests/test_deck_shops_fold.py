"""`playaid deck --per-card --shop NAME` (a print shop's published card numbers) and
`playaid deck --fold` (fronts and backs side by side, for one-sided printers), read back
from what they write: page sizes, page order, bleed on all four sides, the safe area, and
each back exactly where its front lands once the sheet is folded."""

from __future__ import annotations

import pytest
from PIL import Image

from measure import char_boxes_mm, hairlines_mm, ink, ink_in
from pdfs import assert_printable, box_mm, page_sizes_mm, text
from playaid.games.fight_club.cards.fold import fold_sheet
from playaid.games.fight_club.cards.settings import card_size, layout, shops
from playaid.render.paper import paper
from print_checks import cut_lines_mm, reaches, trims_from_cuts
from test_deck_bleed import assert_bleed

CARDS = "Bad coffee\nHeavy traffic\nThe Boss\n"
POKER = card_size("poker")


def test_the_shop_profiles_say_what_each_shop_publishes():
    dtc, mpc = shops()["drivethrucards"], shops()["makeplayingcards"]
    assert (dtc.size.width, dtc.size.height, dtc.bleed, dtc.safe, dtc.dpi) == (63.5, 88.9, 3.175, 3.175, 300)
    assert (mpc.size.width, mpc.size.height, mpc.bleed, mpc.safe, mpc.dpi) == (63, 88, 3, 3.175, 300)
    assert dtc.back_first and not mpc.back_first
    # our words keep further from the cut than either shop asks
    assert all(layout()["safe"] >= shop.safe for shop in shops().values())


@pytest.mark.parametrize("name", sorted(shops()))
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
    want = (round((63 + 6) / 25.4 * shop.dpi), round((88 + 6) / 25.4 * shop.dpi))
    for name in ("three-card-001.png", "three-card-back.png"):
        with Image.open(tmp_path / name) as image:
            assert image.size == want == (815, 1110)
            assert round(image.info["dpi"][0]) == shop.dpi


@pytest.mark.parametrize("args, says", [
    (["--shop", "drivethrucards"], "--shop needs --per-card"),
    (["--per-card", "pdf", "--shop", "drivethrucards", "--size", "bridge"], "leave out --size"),
    (["--per-card", "pdf", "--shop", "nowhere"], "'nowhere' is not one of"),
    (["--fold", "--per-card", "pdf"], "--fold makes sheets"),
])
def test_layout_options_that_cannot_go_together_are_usage_errors(tmp_path, run, args, says):
    result = run("deck", *args, "--out", tmp_path)
    assert result.exit_code == 2 and says in " ".join(result.output.split())


@pytest.mark.parametrize("paper_id, per_sheet", [("a4", 4), ("letter", 2)])
def test_fold_over_sheets_register_every_back_behind_its_front(tmp_path, run, paper_id, per_sheet):
    result = run("deck", "--fold", "--paper", paper_id, "--out", tmp_path)
    assert result.exit_code == 0, result.output
    assert "one-sided" in result.output and "fold" in result.output
    pdf = tmp_path / "frustrations-fold.pdf"
    assert_printable(pdf)
    sizes = page_sizes_mm(pdf)
    assert len(sizes) == -(-62 // per_sheet)
    w, h = sizes[0]
    trims = trims_from_cuts(*cut_lines_mm(pdf, 0), POKER.width, POKER.height)
    assert len(trims) == per_sheet and all(t[2] + 3 <= w / 2 + 1e-6 for t in trims)  # fronts, left of the fold
    backs = [(w - x1, y0, w - x0, y1) for x0, y0, x1, y1 in trims]  # folding mirrors the place only
    assert_bleed(reaches(pdf, 0, trims, 3), 3, "fronts")
    assert_bleed(reaches(pdf, 0, backs, 3), 3, "backs")
    image = ink(pdf, 0)
    top = max(t[3] for t in trims) + 3
    assert not ink_in(image, (w / 2 - 0.4, min(t[1] for t in trims) - 3, w / 2 + 0.4, top), h)  # no art on the fold
    assert all(max(m[0], m[2]) <= w / 2 for m in hairlines_mm(pdf, 0, 0.3))  # crop marks stay on the fronts' half
    words = " ".join(text(pdf, 0).split())
    assert "fold on the dashed line" in words and "Backs: fold this half behind" in words
    assert words.count("Frustrations") >= 2 * per_sheet  # the backs' deck name reads the right way round


def test_a4_folds_two_by_two_cards_each_half_clear_of_the_fold():
    sheet = fold_sheet(paper("a4"), POKER, 3)
    assert (sheet.cols, sheet.rows, sheet.landscape) == (2, 2, True)
    assert sheet.grid.right + 3 <= sheet.page_w / 2
