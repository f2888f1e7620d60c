"""Publisher-grade print for the deck, tokens, turn-summary cards, calibration sheet,
per-card pages and paper-dice nets, measured from the PDFs on A4 and Letter: no type
under 7 pt, document information naming playaid and the game, labels and the scale bar
6 mm or more inside the paper, no card's ink within 0.5 mm of a neighbour's trim, a
play reminder on every front, and the page saying which edge to flip."""

from __future__ import annotations

import io
import re
from functools import cache
from pathlib import Path

import pytest
from reportlab.pdfgen import canvas as rl_canvas

from measure import hairlines_mm, info, ink, ink_in, nearest_text_to_edge_mm, smallest_text_pt
from pdfs import page_sizes_mm, text
from playaid.games.fight_club.cards import deck_pdf
from playaid.games.fight_club.cards.calibrate import calibration_pdf
from playaid.games.fight_club.cards.deck import faces
from playaid.games.fight_club.cards.imposition import Sheet, impose
from playaid.games.fight_club.cards.per_card import cards_pdf
from playaid.games.fight_club.cards.settings import card_size, front_words, layout
from playaid.games.fight_club.cards.sheets import Page, Print, render
from playaid.games.fight_club.cards.sources import standard
from playaid.games.fight_club.cards.tokens import tokens_pdf
from playaid.render.nets import D6, nets_pdf
from playaid.render.paper import paper
from playaid.systems import REGISTRY
from playaid.games.sapio import default_die

PAPERS = ("a4", "letter")
FIGHT_CLUB = REGISTRY["fight-club"].title
# Rule text 002, "confront frustrations": the passage the front's reminder retells.
CONFRONT = ("You can shirk the frustration: you lose the stake, whatever it was. You can submit to it: you "
            "gain the stake, but also gain a frustration token. You can fight it out. pay out Pain equal to "
            "your Retirement, discard the frustration, it's destroyed and no longer a part of your life.")


def default_sheet(paper_id: str, gap: float | None = None) -> Sheet:
    data = layout()
    return impose(paper(paper_id), card_size(data["default_size"]), float(data["bleed"]["default"]), gap)


@cache
def _bytes(kind: str, paper_id: str) -> bytes:
    sheet = default_sheet(paper_id)
    makers = {
        "deck": lambda: deck_pdf(paper_id),
        "tokens": lambda: tokens_pdf(paper(paper_id), sheet, 4),
        "calibration": lambda: calibration_pdf(sheet, "long", (0.0, 0.0)),
        "per-card": lambda: cards_pdf(faces(standard())[:3], card_size("poker"), 3.0, "Frustrations"),
        "spiral-nets": lambda: nets_pdf(default_die(), paper_id),
        "small-spiral-nets": lambda: nets_pdf(default_die(), paper_id, 12, 10.0),
        "d6-nets": lambda: nets_pdf(D6("red"), paper_id),
    }
    return makers[kind]()


GAMES = {"deck": FIGHT_CLUB, "tokens": FIGHT_CLUB, "calibration": FIGHT_CLUB, "per-card": FIGHT_CLUB,
         "spiral-nets": REGISTRY["sapio"].title, "small-spiral-nets": REGISTRY["sapio"].title,
         "d6-nets": REGISTRY["isolation"].title}


@pytest.fixture
def output(tmp_path):
    def write(kind: str, paper_id: str) -> Path:
        path = tmp_path / f"{kind}-{paper_id}.pdf"
        path.write_bytes(_bytes(kind, paper_id))
        return path
    return write


@pytest.mark.parametrize("paper_id", PAPERS)
@pytest.mark.parametrize("kind", sorted(GAMES))
def test_no_text_is_smaller_than_7_pt(output, kind, paper_id):
    assert smallest_text_pt(output(kind, paper_id)) >= 7 - 1e-6


def test_the_type_size_measure_sees_scaling_and_forms(tmp_path):
    # 12 pt drawn at half scale is 6 pt on paper, in the page and inside a form XObject
    buf = io.BytesIO()
    c = rl_canvas.Canvas(buf)
    c.beginForm("f")
    c.setFont("Helvetica", 12)
    c.drawString(0, 0, "in a form")
    c.endForm()
    c.setFont("Helvetica", 9)
    c.drawString(100, 700, "nine")
    c.saveState()
    c.translate(100, 600)
    c.scale(0.5, 0.5)
    c.doForm("f")
    c.restoreState()
    c.save()
    path = tmp_path / "small.pdf"
    path.write_bytes(buf.getvalue())
    assert smallest_text_pt(path) == pytest.approx(6)


@pytest.mark.parametrize("kind", sorted(GAMES))
def test_every_pdf_names_playaid_and_the_game(output, kind):
    meta = info(output(kind, "a4"))
    game = GAMES[kind]
    assert meta["Author"] == "playaid"
    assert game in meta["Title"] and len(meta["Title"]) > len(game) + 5
    assert game in meta["Subject"]
    assert "playaid" in meta["Creator"] and game in meta["Creator"]
    assert "playaid" in meta["Keywords"] and game in meta["Keywords"]


def _frame_ink(path: Path, page: int, edge: float) -> bool:
    """Ink within `edge` mm of the paper edge on a page, crop marks (0.25 pt) left out."""
    w, h = page_sizes_mm(path)[page]
    image = ink(path, page, erase=hairlines_mm(path, page, 0.3))
    bands = [(0, 0, w, edge), (0, h - edge, w, h), (0, 0, edge, h), (w - edge, 0, w, h)]
    return any(ink_in(image, band, h) for band in bands)


@pytest.mark.parametrize("paper_id", PAPERS)
@pytest.mark.parametrize("kind", ["deck", "tokens", "calibration"])
def test_labels_and_the_scale_bar_stay_6_mm_inside_the_paper(output, kind, paper_id):
    path = output(kind, paper_id)
    assert nearest_text_to_edge_mm(path) >= 6
    for page in range(len(page_sizes_mm(path))):
        assert not _frame_ink(path, page, 6), f"page {page + 1}"


def test_the_edge_measure_sees_crop_marks_when_they_are_not_left_out(output):
    path = output("deck", "a4")
    w, h = page_sizes_mm(path)[0]
    assert ink_in(ink(path, 0), (0, 0, w, 6), h)  # the marks run to 3 mm from the edge
    assert not _frame_ink(path, 0, 6)


def _lone_card_pages(sheet: Sheet, side: str) -> Path:
    """One page per slot, the slot's card alone on it (its ink is then its own)."""
    card = faces(standard())[0]
    pages = []
    for i in range(sheet.per_page):
        cards = tuple(card if k == i else None for k in range(sheet.per_page))
        pages += [Page("front", cards)] + ([Page("back", cards)] if side == "back" else [])
    return render(Print(sheet, "long", deck="Frustrations"), pages)


def crossings(sheet: Sheet, side: str, tmp_path: Path, drift: float = 0.5) -> list[tuple[int, int]]:
    """(card slot, neighbour slot) for every card whose ink reaches within `drift` mm of
    another card's trim, on the fronts or (mirrored) on the backs."""
    path = tmp_path / f"lone-{side}.pdf"
    path.write_bytes(_lone_card_pages(sheet, side))
    step = 2 if side == "back" else 1
    trims = sheet.slots() if side == "front" else sheet.backs("long")
    found = []
    for i in range(sheet.per_page):
        page = i * step + (1 if side == "back" else 0)
        image = ink(path, page)
        for j, trim in enumerate(trims):
            grown = trim.grow(drift, drift, drift, drift)
            if j != i and ink_in(image, (grown.x, grown.y, grown.right, grown.top), sheet.page_h):
                found.append((i, j))
    return found


@pytest.mark.parametrize("paper_id", PAPERS)
@pytest.mark.parametrize("side", ["front", "back"])
def test_no_card_reaches_within_half_a_millimetre_of_a_neighbours_trim(tmp_path, paper_id, side):
    sheet = default_sheet(paper_id)
    assert sheet.per_page == 8
    assert crossings(sheet, side, tmp_path) == []


def test_without_a_gutter_the_header_band_reaches_the_neighbour(tmp_path):
    # the old default (cards sharing cuts): a 0.5 mm drift shows the band on the next card
    sheet = default_sheet("a4", gap=0)
    assert (0, 1) in crossings(sheet, "front", tmp_path)


# A4 keeps the whole 3 mm bleed at 8 a sheet; Letter's 8 a sheet need the narrower 3 mm gutter,
# so each card bleeds 1.5 mm all round, and `--gap 6` buys the whole bleed back at 6 a sheet
@pytest.mark.parametrize("paper_id, gap, bleed", [("a4", None, 3), ("letter", None, 1.5), ("letter", 6, 3)])
def test_every_card_has_its_whole_bleed_all_round(paper_id, gap, bleed):
    sheet = default_sheet(paper_id) if gap is None else default_sheet(paper_id, gap=gap)
    for trim in sheet.slots():
        art = sheet.bleed_rect(trim)
        assert (trim.x - art.x, trim.y - art.y, art.right - trim.right, art.top - trim.top) == \
            tuple(pytest.approx(bleed) for _ in range(4))


def _words(s: str) -> list[str]:
    return re.findall(r"[a-z]+", s.lower())


def test_every_front_carries_the_play_reminder_in_our_own_words(output):
    path = output("deck", "a4")
    page = " ".join(text(path, 0).split())
    reminder = front_words()["reminder"]
    for clause in reminder:
        assert page.count(clause.replace(": ", " ")) == default_sheet("a4").per_page, clause
    said = lifted(" ".join(reminder))
    assert not said, said
    assert lifted(CONFRONT[:120])  # the check does find a copied passage


def lifted(s: str, run: int = 5) -> list[str]:
    """Every `run` words in a row of `s` that the rule passage has too."""
    rules, said = " ".join(_words(CONFRONT)), _words(s)
    return [" ".join(said[i:i + run]) for i in range(len(said) - run + 1) if " ".join(said[i:i + run]) in rules]


@pytest.mark.parametrize("duplex", ["long", "short"])
def test_the_deck_says_which_edge_to_flip(tmp_path, run, duplex):
    result = run("deck", "--duplex", duplex, "--out", tmp_path)
    assert result.exit_code == 0, result.output
    assert f"flip on the {duplex} edge" in result.output
    pdf = tmp_path / "frustrations-deck.pdf"
    assert f"flip on the {duplex} edge" in " ".join(text(pdf, 0).split())



def test_labels_4_mm_from_the_edge_are_caught(tmp_path, monkeypatch):
    # where the labels were before: the same measures fail
    monkeypatch.setitem(layout()["labels"], "edge", 4)
    path = tmp_path / "close.pdf"
    path.write_bytes(deck_pdf("a4"))
    assert nearest_text_to_edge_mm(path) < 6
    assert _frame_ink(path, 0, 6)
