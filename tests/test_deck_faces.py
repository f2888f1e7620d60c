"""The card faces, tokens and turn-summary cards read back from their PDFs: the display
serif of the other outputs, words in a safe area well inside every trim, no line drawn
on a trim line, no tall empty band on a card or token page, and the end-of-turn
conditions as a table."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest

from measure import char_fonts, hairlines_mm, ink
from pdfs import page_sizes_mm
from print_checks import cut_lines_mm, trims_from_cuts, widest_empty_band_mm
from playaid.games.fight_club.cards import deck_pdf
from playaid.games.fight_club.cards.fold import render_folded
from playaid.games.fight_club.cards.deck import Options
from playaid.games.fight_club.cards.imposition import standard_sheet
from playaid.games.fight_club.cards.settings import card_size, layout, shops
from playaid.games.fight_club.cards.sources import standard
from playaid.games.fight_club.cards.tokens import HEADING_MM, token_rows, tokens_pdf
from playaid.render.paper import paper

POKER = card_size("poker")
SAFE = max(3.0, *(shop.safe for shop in shops().values()))
"""mm: the largest safe area a shop asks (1/8 in), and never under 3 mm."""


@cache
def _pdf(kind: str, paper_id: str) -> bytes:
    p = paper(paper_id)
    return {"deck": lambda: deck_pdf(paper_id),
            "tokens": lambda: tokens_pdf(p, standard_sheet(p), 4),
            "fold": lambda: render_folded(standard(), Options(p, POKER))}[kind]()


def written(tmp_path: Path, kind: str, paper_id: str) -> Path:
    path = tmp_path / f"{kind}-{paper_id}.pdf"
    path.write_bytes(_pdf(kind, paper_id))
    return path


def card_pages(path: Path) -> list[int]:
    """The pages with crop marks: card fronts (and the turn-summary cards)."""
    return [i for i in range(len(page_sizes_mm(path))) if cut_lines_mm(path, i)[0]]


def trims(path: Path, page: int) -> list[tuple[float, float, float, float]]:
    return trims_from_cuts(*cut_lines_mm(path, page), POKER.width, POKER.height)


def inside(box, trim, pad: float = 0.0) -> bool:
    return box[0] >= trim[0] - pad and box[1] >= trim[1] - pad and box[2] <= trim[2] + pad and box[3] <= trim[3] + pad


@pytest.mark.parametrize("paper_id", ["a4", "letter"])
@pytest.mark.parametrize("kind", ["deck", "tokens", "fold"])
def test_every_word_on_a_card_keeps_the_safe_area(tmp_path, kind, paper_id):
    path = written(tmp_path, kind, paper_id)
    pages = card_pages(path)
    assert pages
    for page in pages:
        cards = trims(path, page)
        chars = [c for c in char_fonts(path, page) if any(inside(c[2:], t, 3) for t in cards)]
        assert chars
        for char, _font, *box in chars:
            trim = next(t for t in cards if inside(box, t, 3))
            nearest = min(box[0] - trim[0], box[1] - trim[1], trim[2] - box[2], trim[3] - box[3])
            assert nearest >= SAFE, f"page {page + 1}: {char!r} {nearest:.2f} mm from the trim"


def test_names_titles_and_labels_are_in_the_display_serif_the_sheets_use(tmp_path):
    for kind, words in (("deck", ("Women", "FRUSTRATION")), ("tokens", ("Your turn", "End of your turn"))):
        path = written(tmp_path, kind, "a4")
        page = card_pages(path)[0]
        chars = char_fonts(path, page)
        flat = "".join(c[0] for c in chars)
        for word in words:
            at = flat.find(word.replace(" ", ""))
            assert at >= 0, word
            assert {c[1] for c in chars[at:at + len(word.replace(" ", ""))]} == {"NotoSerifDisplay-Bold"}, word


@pytest.mark.parametrize("kind", ["deck", "tokens", "fold"])
def test_no_line_is_drawn_on_a_trim_line(tmp_path, kind):
    path = written(tmp_path, kind, "a4")
    on_trim = []
    for page in card_pages(path):
        cards = trims(path, page)
        w, _h = page_sizes_mm(path)[page]
        every = cards + [(w - t[2], t[1], w - t[0], t[3]) for t in cards] if kind == "fold" else cards
        for x0, y0, x1, y1 in hairlines_mm(path, page, 10):
            for t in every:
                along_x = abs(y0 - y1) < 0.05 and min(abs(y0 - t[1]), abs(y0 - t[3])) < 0.3 and \
                    max(x0, x1) > t[0] + 0.5 and min(x0, x1) < t[2] - 0.5
                along_y = abs(x0 - x1) < 0.05 and min(abs(x0 - t[0]), abs(x0 - t[2])) < 0.3 and \
                    max(y0, y1) > t[1] + 0.5 and min(y0, y1) < t[3] - 0.5
                if along_x or along_y:
                    on_trim.append((page + 1, round(x0, 1), round(y0, 1), round(x1, 1), round(y1, 1)))
    assert not on_trim, on_trim[:5]


def test_a_front_holds_no_tall_empty_band(tmp_path):
    # the old front left ~29 mm blank between the name and the reminder
    path = written(tmp_path, "deck", "a4")
    image = ink(path, 0, 100)
    px = 100 / 25.4
    h = page_sizes_mm(path)[0][1]
    for t in trims(path, 0):
        crop = image.crop((round(t[0] * px), round((h - t[3]) * px), round(t[2] * px), round((h - t[1]) * px)))
        rows = [crop.crop((0, y, crop.width, y + 1)).getbbox() is None for y in range(crop.height)]
        run = best = 0
        for empty in rows:
            run = run + 1 if empty else 0
            best = max(best, run)
        assert best / px <= 16, f"an empty band of {best / px:.1f} mm"


@pytest.mark.parametrize("paper_id", ["a4", "letter"])
@pytest.mark.parametrize("players", [3, 4, 6])
def test_token_pages_are_full_down_to_their_last_row(tmp_path, paper_id, players):
    path = tmp_path / "tokens.pdf"
    path.write_bytes(tokens_pdf(paper(paper_id), standard_sheet(paper(paper_id)), players))
    # A kind's heading never stands without a row of its tokens: at most that much is left.
    pitch = layout()["tokens"]["diameter"] + layout()["tokens"]["gap"] + HEADING_MM
    for page in range(len(token_rows(paper(paper_id), players))):
        band, top = widest_empty_band_mm(path, page, paper(paper_id).margin_mm)
        assert band < pitch, f"page {page + 1}: {band:.0f} mm empty from {top:.0f} mm"


def test_the_end_of_turn_conditions_are_a_table(tmp_path):
    path = written(tmp_path, "tokens", "a4")
    page = card_pages(path)[0]
    chars = char_fonts(path, page)
    flat = "".join(c[0] for c in chars)
    card = trims(path, page)[1]  # the first set's second card: the end of the turn

    def where(word: str) -> tuple[float, float]:
        at = next(i for i in range(len(flat)) if flat.startswith(word.replace(" ", ""), i)
                  and inside(chars[i][2:], card))
        return round(chars[at][2], 1), chars[at][5]

    tests = [where(w) for w in ("F>P+R", "F>the", "P>F+R", "P>the", "R>F+P", "Rof10")]
    then = [where(w) for w in ("Breakdown", "Insane", "Bed-ridden", "Dead:", "Trouble", "Ground")]
    for column in (tests, then):  # two columns, each aligned (glyph side bearings differ a little)
        assert max(x for x, _ in column) - min(x for x, _ in column) < 0.5
    assert then[0][0] - tests[0][0] > 15
    tops = [top for _, top in tests]
    assert tops == sorted(tops, reverse=True) and len(set(tops)) == 6  # a row each, top to bottom
    assert all(abs(a[1] - b[1]) < 0.5 for a, b in zip(tests, then))  # each test beside what it means
