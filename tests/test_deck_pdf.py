"""The deck PDF read back: page size, boxes, duplex preference, where every card and
crop mark is drawn, and each back exactly behind its front."""

from __future__ import annotations

from pathlib import Path

import pikepdf
import pytest

from playaid.games.fight_club.cards import Options, deck_pdf, render_deck
from playaid.games.fight_club.cards.imposition import impose
from playaid.games.fight_club.cards.settings import card_size
from playaid.render.paper import paper
from playaid.games.fight_club.models import Card, Deck
from pdfs import MM, assert_printable, box_mm, page_sizes_mm, text

A4, LETTER = paper("a4"), paper("letter")


def drawn(pdf_path: Path, page: int) -> tuple[list[tuple[float, float]], list[tuple[float, ...]]]:
    """Where each card is drawn (the translation opening each top-level q … Q block, mm)
    and every line segment drawn outside the cards (mm), read from the content stream."""
    origins, segments = [], []
    with pikepdf.open(pdf_path) as pdf:
        depth, block_moved, at = 0, False, None
        for operands, op in pikepdf.parse_content_stream(pdf.pages[page]):
            op = str(op)
            if op == "q":
                depth += 1
                block_moved = block_moved if depth > 1 else False
            elif op == "Q":
                depth -= 1
            elif op == "cm" and depth == 1 and not block_moved:
                a, b, c, d, e, f = (float(v) for v in operands)
                if (a, b, c, d) == (1, 0, 0, 1) and (e, f) != (0, 0):
                    origins.append((e / MM, f / MM))
                    block_moved = True
            elif depth == 0 and op == "m":
                at = tuple(float(v) / MM for v in operands)
            elif depth == 0 and op == "l" and at is not None:
                end = tuple(float(v) / MM for v in operands)
                segments.append((*at, *end))
                at = end
    return origins, segments


def same(got, want, tol: float = 0.05) -> bool:
    """Two lists of coordinate tuples equal to `tol` mm (the issue asks for 0.1)."""
    return len(got) == len(want) and all(
        len(g) == len(w) and all(abs(a - b) <= tol for a, b in zip(g, w)) for g, w in zip(got, want))


def contains(segments, line, tol: float = 0.05) -> bool:
    return any(same([s], [line], tol) for s in segments)


@pytest.fixture(scope="module")
def default_deck(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("deck") / "deck.pdf"
    path.write_bytes(deck_pdf("a4"))
    return path


def default_sheet():
    """The default layout: poker cards, 3 mm bleed, a 6 mm gutter (eight to an A4 sheet)."""
    return impose(A4, card_size("poker"), 3)


def test_the_default_deck_is_62_cards_on_eight_a4_landscape_sheets_with_backs(default_deck):
    sizes = page_sizes_mm(default_deck)
    assert len(sizes) == 16
    assert all(w == pytest.approx(297, abs=0.05) and h == pytest.approx(210, abs=0.05) for w, h in sizes)
    assert_printable(default_deck)
    assert "Women" in text(default_deck, 0) and "Stamp" in text(default_deck)


def test_every_card_sits_exactly_where_the_imposition_puts_it(default_deck):
    sheet = default_sheet()
    origins, _ = drawn(default_deck, 0)
    assert same(origins, [(s.x, s.y) for s in sheet.slots()])
    last_front = 14
    assert len(drawn(default_deck, last_front)[0]) == 62 - 7 * 8


def test_trim_and_bleed_boxes_surround_the_cards(default_deck):
    grid = default_sheet().grid
    trim = box_mm(default_deck, 0, "/TrimBox")
    assert same([trim], [(grid.x, grid.y, 4 * 63.5 + 3 * 6, 2 * 88.9 + 6)])
    bleed = box_mm(default_deck, 0, "/BleedBox")  # each card's own bleed: half the gutter, the whole 3 mm
    assert same([bleed], [(grid.x - 3, grid.y - 3, 4 * 63.5 + 3 * 6 + 6, 2 * 88.9 + 6 + 6)])


def test_crop_marks_are_in_the_margin_at_every_cut(default_deck):
    sheet = default_sheet()
    _, segments = drawn(default_deck, 0)
    for line in sheet.crop_marks():
        assert contains(segments, line), line
    xs, ys = sheet.cuts()
    for x in xs:  # a guide above and below the grid on each vertical cut
        assert sum(1 for s in segments if abs(s[0] - x) < 0.05 and abs(s[2] - x) < 0.05) >= 2  # + the scale bar tick
    for y in ys:
        assert sum(1 for s in segments if abs(s[1] - y) < 0.05 and abs(s[3] - y) < 0.05) == 2
    for s in segments:
        for slot in sheet.slots():
            assert not (slot.x < max(s[0], s[2]) and min(s[0], s[2]) < slot.right
                        and slot.y < max(s[1], s[3]) and min(s[1], s[3]) < slot.top)


@pytest.mark.parametrize("paper_, duplex, pref", [(A4, "long", "/DuplexFlipLongEdge"),
                                                  (A4, "short", "/DuplexFlipShortEdge"),
                                                  (LETTER, "long", "/DuplexFlipLongEdge"),
                                                  (A4, "none", "/Simplex")])
def test_each_back_sits_behind_its_front(tmp_path, paper_, duplex, pref):
    deck = Deck("Test", [Card("Alpha", 10), "Beta"])
    offset = (0.4, -0.7)
    path = tmp_path / "d.pdf"
    path.write_bytes(render_deck(deck, Options(paper_, card_size("poker"), 3, 0, duplex, offset)))
    sheet = impose(paper_, card_size("poker"), 3, 0)
    w, h = sheet.page_w, sheet.page_h
    pages = len(page_sizes_mm(path))
    per = sheet.per_page
    assert pages == 2 * -(-11 // per)
    pairs = [(0, 1), (2, 3)] if duplex != "none" else [(0, 2), (1, 3)]
    for front_page, back_page in pairs[: pages // 2]:
        fronts, _ = drawn(path, front_page)
        backs, _ = drawn(path, back_page)
        assert len(fronts) == len(backs)
        for (fx, fy), (bx, by) in zip(fronts, backs):
            if duplex == "none":
                want = (fx, fy)
            elif (duplex == "long") != sheet.landscape:
                want = (w - fx - 63.5, fy)  # mirrored left-right
            else:
                want = (fx, h - fy - 88.9)  # mirrored top-bottom
            assert bx == pytest.approx(want[0] + offset[0], abs=0.05)
            assert by == pytest.approx(want[1] + offset[1], abs=0.05)
    with pikepdf.open(path) as pdf:
        assert str(pdf.Root.ViewerPreferences.Duplex) == pref
    assert_printable(path)


def test_a_custom_size_and_gap_land_exactly(tmp_path):
    path = tmp_path / "d.pdf"
    path.write_bytes(render_deck(Deck("T", ["One", "Two", "Three"]),
                                 Options(A4, card_size("60x80"), 2, 4, "long"), backs=False))
    sheet = impose(A4, card_size("60x80"), 2, 4)
    assert same(drawn(path, 0)[0], [(s.x, s.y) for s in sheet.slots()[:3]])
    assert drawn(path, 0)[0][1][0] - drawn(path, 0)[0][0][0] == pytest.approx(64, abs=0.05)
    assert len(page_sizes_mm(path)) == 1


def test_any_script_renders_and_fonts_are_embedded(tmp_path):
    path = tmp_path / "d.pdf"
    path.write_bytes(render_deck(Deck("Мир", ["Θυμός", "上司", "Rain ☔"]), Options(A4, card_size("mini"))))
    assert_printable(path)
    words = text(path, 0)
    assert "Θυμός" in words and "上司" in words
