"""Packets printed double-sided: card parts start on a front, blanks say so, the cover says
how to print and where each part is, and the PDF names itself, measured from the PDF."""

from __future__ import annotations

import re
from pathlib import Path

import pikepdf
import pytest

import pdfs
from conftest import EXAMPLES
from measure import info, nearest_text_to_edge_mm, text_sizes
from playaid.packets import packet
from playaid.render.packet_plan import Part, place
from playaid.render.paper import paper
from playaid.systems import REGISTRY

DUPLEX = re.compile(r"deck|token", re.IGNORECASE)


def _part(title: str, pages: int, sides: str = "one") -> Part:
    return Part(title, b"", pages, sides)


def test_a_two_sided_part_on_a_back_gets_a_blank_before_it():
    parts = [_part("Characters", 3), _part("Reference", 1), _part("Deck", 16, "long"), _part("Tokens", 3)]
    assert place(parts, 1) == [5]  # cover + 3 sheets + reference end on page 5: the deck would start on a back
    assert [p.start for p in parts] == [1, 4, 6, 22]


def test_a_two_sided_part_already_on_a_front_needs_none():
    parts = [_part("Characters", 2), _part("Reference", 1), _part("Deck", 16, "long"), _part("Tokens", 3)]
    assert place(parts, 1) == []
    assert [p.start for p in parts] == [1, 3, 4, 20]


def test_the_part_after_an_odd_length_two_sided_part_starts_on_a_front():
    parts = [_part("Characters", 1), _part("Deck", 3, "short"), _part("Tokens", 3), _part("Odds", 1)]
    assert place(parts, 1) == [5]
    assert [p.start for p in parts] == [1, 2, 6, 9]


def _bookmarks(path: Path) -> list[tuple[str, int]]:
    with pikepdf.open(path) as pdf, pdf.open_outline() as outline:
        index = {page.objgen: i for i, page in enumerate(pdf.pages)}
        return [(item.title, index[item.destination[0].objgen]) for item in outline.root]


@pytest.fixture(scope="module", params=["a4", "letter"])
def three_fighters(request, tmp_path_factory) -> Path:
    """A Fight Club packet whose deck would start on a back (cover, 3 sheets, reference)."""
    folder = tmp_path_factory.mktemp(f"club-{request.param}")
    for name in ("marty.yaml", "dale.yaml"):
        (folder / name).write_text((EXAMPLES["fight-club"] / name).read_text(encoding="utf-8"), encoding="utf-8")
    third = (EXAMPLES["fight-club"] / "marty.yaml").read_text(encoding="utf-8")
    (folder / "mo.yaml").write_text(third.replace("Marty Kowalski", "Mo Kowalski"), encoding="utf-8")
    setup = folder / "basement.yaml"
    setup.write_text("system: fight-club\nkind: setup\nname: Three on Tuesday\nplayers: [Ann, Ben, Cat, Dan]\n"
                     "characters: [marty.yaml, dale.yaml, mo.yaml]\n", encoding="utf-8")
    files, _ = packet(setup, paper(request.param), workers=1)
    assert list(files) == ["basement-packet.pdf"]  # named after the setup's file, as its map would be
    path = folder / "basement-packet.pdf"
    path.write_bytes(files["basement-packet.pdf"])
    return path


def test_card_parts_start_on_a_front_after_a_marked_blank(three_fighters):
    marks = _bookmarks(three_fighters)
    titles = [t for t, _ in marks]
    assert titles == ["Cover", "Characters", "Reference", "Frustration deck", "Tokens and turn summary"]
    starts = dict(marks)
    assert starts["Frustration deck"] == 6 and starts["Tokens and turn summary"] % 2 == 0
    assert all(first % 2 == 0 for title, first in marks if DUPLEX.search(title))
    blank = pdfs.text(three_fighters, 5)
    assert "intentionally blank" in blank and len(blank.split()) == 5


def test_the_cover_lists_cast_parts_pages_and_how_to_print(three_fighters):
    cover = " ".join(pdfs.text(three_fighters, 0).split())
    marks = dict(_bookmarks(three_fighters))
    pages = len(pdfs.page_sizes_mm(three_fighters))
    deck = f"{marks['Frustration deck'] + 1}–{marks['Tokens and turn summary']}"
    tokens = f"{marks['Tokens and turn summary'] + 1}–{pages}"
    assert REGISTRY["fight-club"].title in cover and "My Fight Club" not in cover
    assert "Mo Kowalski Ann 4" in cover  # his sheet is the third: page 4
    assert f"Frustration deck, pages {deck}: print double-sided, flipping on the long edge" in cover
    assert f"Tokens and turn summary, pages {tokens}: one-sided" in cover
    assert "intentionally blank" in cover


def test_the_cover_and_blank_pages_meet_the_print_floors(three_fighters, tmp_path):
    own = pikepdf.new()
    with pikepdf.open(three_fighters) as pdf:
        own.pages.extend([pdf.pages[0], pdf.pages[5]])  # the cover and the blank
        own.save(tmp_path / "own.pdf")
    assert min(size for _, size in text_sizes(tmp_path / "own.pdf")) >= 7.0
    assert nearest_text_to_edge_mm(tmp_path / "own.pdf") >= 6.0


def test_the_packet_names_itself_and_needs_no_viewer_to_draw_its_fields(three_fighters):
    meta = info(three_fighters)
    game = REGISTRY["fight-club"].title
    assert "Three on Tuesday" in meta["Title"] and game in meta["Title"] and game in meta["Subject"]
    assert meta["Author"] == "playaid" and "playaid" in meta["Creator"]
    with pikepdf.open(three_fighters) as pdf:
        assert "/NeedAppearances" not in pdf.Root.AcroForm
        assert str(pdf.Root.Lang) == "en"
