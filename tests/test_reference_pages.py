"""The one-page rules references (`playaid sheet --reference GAME`), measured from the PDF:
one page, no character under 7 pt, the page used (no empty band over 20 mm), the game's
one name, the worked example the rules core plays, the Sapio faces from the face file and
the Fight Club turn summary."""

from __future__ import annotations

import statistics
from pathlib import Path

import pytest

from playaid.render.html import Templates
from playaid.render.paper import paper
from playaid.render.reference import reference_pdf
from playaid.render.reference.examples import worked_example
from playaid.games.sapio.reference import face_kinds
from playaid.systems import REGISTRY
from playaid.games.sapio.spiral_die import SpiralDie

import measure
import pdfs

GAMES = list(REGISTRY)
PAPERS = ("a4", "letter")
MARGIN_MM = 10


@pytest.fixture(scope="module")
def rendered(tmp_path_factory) -> dict[tuple[str, str], Path]:
    """Every game's reference on A4 and Letter, written once for the module."""
    folder = tmp_path_factory.mktemp("references")
    out = {}
    for game in GAMES:
        for size in PAPERS:
            path = folder / f"{game}-{size}.pdf"
            path.write_bytes(reference_pdf(Templates(), paper(size), game))
            out[game, size] = path
    return out


def glyph_sizes(path: Path) -> list[float]:
    return [size for _page, size in measure.text_sizes(path)]


def widest_empty_band_mm(path: Path, dpi: int = 50) -> float:
    """The tallest run of pixel rows inside the margins without ink (`measure.ink`: darker than paper)."""
    image = measure.ink(path, 0, dpi)
    margin = round(MARGIN_MM * dpi / 25.4)
    inside = image.crop((margin, margin, image.width - margin, image.height - margin))
    tallest = run = 0
    for y in range(inside.height):
        run = 0 if inside.crop((0, y, inside.width, y + 1)).getbbox() else run + 1
        tallest = max(tallest, run)
    return tallest * 25.4 / dpi


def flat_text(path: Path) -> str:
    """The page's text on one line; a word broken at its hyphen (pdfium: U+FFFE) is whole again."""
    return " ".join(pdfs.text(path).replace("\ufffe", "-").split())


@pytest.mark.parametrize("size", PAPERS)
@pytest.mark.parametrize("game", GAMES)
def test_each_reference_is_one_full_page_in_legible_type(rendered, game, size):
    path = rendered[game, size]
    [(w, h)] = pdfs.page_sizes_mm(path)
    assert (round(w, 1), round(h, 1)) == (round(paper(size).width_mm, 1), round(paper(size).height_mm, 1))
    sizes = glyph_sizes(path)
    assert min(sizes) >= 7.0, f"smallest character {min(sizes):.2f} pt"
    assert statistics.median(sizes) >= 9.0, f"body at {statistics.median(sizes):.2f} pt"
    assert widest_empty_band_mm(path) <= 20.0
    pdfs.assert_printable(path)


def test_the_band_measure_finds_an_empty_page_and_a_full_one(tmp_path):
    # The measure itself must be able to fail: a page with one line of text at the top.
    from weasyprint import HTML

    sparse = tmp_path / "sparse.pdf"
    HTML(string="<p style='margin:0'>one line</p>").write_pdf(sparse)
    assert widest_empty_band_mm(sparse) > 200


@pytest.mark.parametrize("game", GAMES)
def test_each_reference_names_its_game_by_the_registry_title_only(rendered, game):
    text = flat_text(rendered[game, "a4"])
    assert REGISTRY[game].title in text
    for other_name in ("My Fight Club", "Fight Club frustration", "Asset-dice", "Fight Club Frustration —"):
        assert other_name not in text


def test_registry_titles_are_one_style():
    # Titles, not descriptions: every significant word capitalised, as the rule texts' own titles are.
    for system in REGISTRY.values():
        words = [w for w in system.title.replace("-", " ").split() if w not in ("to", "in", "the", "of")]
        assert all(w[0].isupper() or not w[0].isalpha() for w in words), system.title


@pytest.mark.parametrize("game", GAMES)
def test_the_worked_example_is_the_rules_core_playing_a_bundled_scene(rendered, game):
    example = worked_example(game)
    text = flat_text(rendered[game, "a4"])
    assert example.steps and example.summary in text
    assert all(" ".join(step.split()) in text for step in example.steps)


def test_the_sapio_page_draws_every_face_kind_with_its_count(rendered):
    kinds = face_kinds()
    assert sum(k.count for k in kinds) == 12
    assert {(k.hits > 0, k.spares > 0, k.spirals > 0) for k in kinds} >= {(True, False, False), (False, True, False),
                                                                          (False, False, True), (False, False, False)}
    for size in PAPERS:
        text = flat_text(rendered["sapio", size])
        for kind in kinds:
            assert f"{kind.label} × {kind.count}" in text
        assert "7 show at least one Hit" in text


def test_the_sapio_faces_follow_the_face_file(monkeypatch):
    # Another die (as a table's own `kind: dice` file gives): the page draws its faces, not ours.
    odd = SpiralDie.from_symbols("Odd die", [["spare", "spiral"]] * 6 + [["hit", "hit", "hit"]] * 6)
    import playaid.games.sapio.reference as faces

    monkeypatch.setattr(faces, "default_die", lambda: odd)
    kinds = faces.face_kinds()
    assert [(k.label, k.count) for k in kinds] == [("Hit + Hit + Hit", 6), ("Spare + Spiral", 6)]
    assert kinds[0].svg.count('data-symbol="hit"') == 3 and 'data-symbol="spiral"' in kinds[1].svg
    assert faces.face_summary() == {"faces": 12, "hit": 6, "two_hits": 6, "spare": 6, "spiral": 6, "blank": 0}


TURN = ["Wake up", "Confront", "Shirk", "submit", "fight it out", "Nobody", "provoke", "Spend Pain",
        "beating", "Frustration + Pain", "Retirement", "Police", "Injured", "Berserk", "Follow-up", "winner",
        "extra fist", "Breakdown", "Insane", "Bed-ridden", "Dead", "Trouble", "Ground down", "funeral",
        "Pain statements", "stake"]


def test_the_fight_club_reference_carries_the_whole_turn_summary(rendered):
    for size in PAPERS:
        text = flat_text(rendered["fight-club", size]).casefold()
        assert [t for t in TURN if t.casefold() not in text] == []
        # The end-of-turn checks in the rule text's order
        places = [text.index(c.casefold() + ":") for c in ("Breakdown", "Insane", "Bed-ridden", "Dead", "Trouble",
                                                          "Ground down")]
        assert places == sorted(places)


def test_the_cli_writes_the_reference_of_a_game(tmp_path, run):
    result = run("sheet", "--reference", "dirt", "--paper", "letter", "--out", tmp_path)
    assert result.exit_code == 0, result.output
    assert "nearly impossible" in pdfs.text(tmp_path / "reference-dirt.pdf")
