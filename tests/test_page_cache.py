"""The cache of game-level pages: same bytes cold and warm, misses on every input, heals itself."""

from __future__ import annotations

import multiprocessing
from contextvars import ContextVar
from pathlib import Path

import pytest

import pdfs
from conftest import EXAMPLES
from playaid import manifest
from playaid.packets import handouts, packet as build_packet
from playaid.render import page_cache
from playaid.render.html import Templates
from playaid.render.page_cache import SUFFIX, kept
from playaid.render.paper import paper

_LANGUAGE: ContextVar[str] = ContextVar("playaid_test_language", default="en")


@pytest.fixture
def cache(tmp_path, monkeypatch) -> Path:
    folder = tmp_path / "pages"
    monkeypatch.setenv(page_cache.ENV, str(folder))
    return folder


class Drawer:
    """A page maker that counts its drawings: a hit does not draw."""

    def __init__(self, data: bytes = b"%PDF-1.7 a page") -> None:
        self.data, self.calls = data, 0

    def __call__(self) -> bytes:
        self.calls += 1
        return self.data


def test_a_packet_is_the_same_bytes_with_the_cache_off_cold_and_warm(cache, monkeypatch):
    setup = EXAMPLES["sapio"] / "rooftops.yaml"
    monkeypatch.setenv(page_cache.ENV, "off")
    (name, uncached), = build_packet(setup, paper("a4"), workers=1)[0].items()
    assert not cache.exists()
    monkeypatch.setenv(page_cache.ENV, str(cache))
    cold = build_packet(setup, paper("a4"), workers=1)[0][name]
    assert len(list(cache.glob(f"*{SUFFIX}"))) == 3  # reference, odds, paper dice
    warm = build_packet(setup, paper("a4"), workers=1)[0][name]
    assert uncached == cold == warm


def test_pages_that_read_the_setup_are_not_kept():
    assert [h.game_level for h in handouts("isolation")] == [True, True, False, True]  # the map is the table's own
    assert [h.title for h in handouts("fight-club") if h.game_level] == ["Reference", "Frustration deck"]


def test_a_hit_does_not_draw_and_another_paper_misses(cache):
    draw = Drawer()
    templates = Templates()
    assert kept("Reference", "dirt", paper("a4"), templates, draw) == draw.data
    assert kept("Reference", "dirt", paper("a4"), templates, draw) == draw.data and draw.calls == 1
    kept("Reference", "dirt", paper("letter"), templates, draw)
    kept("Reference", "sapio", paper("a4"), templates, draw)
    kept("Odds", "dirt", paper("a4"), templates, draw)
    assert draw.calls == 4


def test_a_changed_template_misses_and_its_warnings_come_back(cache, tmp_path):
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "base.css").write_text("a {}", encoding="utf-8")
    draw = Drawer()

    def drawing(templates):
        def make():
            templates.warnings.append("no reference template; using the bundled one")
            return draw()
        return make

    first = Templates(mine)
    kept("Reference", "dirt", paper("a4"), first, drawing(first))
    again = Templates(mine)
    kept("Reference", "dirt", paper("a4"), again, drawing(again))
    assert draw.calls == 1 and again.warnings == ["no reference template; using the bundled one"]
    (mine / "base.css").write_text("a { color: red }", encoding="utf-8")
    kept("Reference", "dirt", paper("a4"), Templates(mine), draw)
    kept("Reference", "dirt", paper("a4"), Templates(), draw)
    assert draw.calls == 3


def test_a_change_in_playaids_own_files_misses(cache, monkeypatch):
    draw = Drawer()
    kept("Reference", "dirt", paper("a4"), Templates(), draw)
    monkeypatch.setattr(page_cache, "_own", lambda root: "another version of the code")
    kept("Reference", "dirt", paper("a4"), Templates(), draw)
    assert draw.calls == 2


def test_a_playaid_context_variable_is_part_of_the_key(cache):
    draw = Drawer()
    kept("Reference", "dirt", paper("a4"), Templates(), draw)
    token = _LANGUAGE.set("fr")
    try:
        kept("Reference", "dirt", paper("a4"), Templates(), draw)
    finally:
        _LANGUAGE.reset(token)
    kept("Reference", "dirt", paper("a4"), Templates(), draw)
    assert draw.calls == 2


def test_a_file_the_page_read_is_checked_and_noted_in_the_manifest(cache, tmp_path):
    source = tmp_path / "deck.txt"
    source.write_text("one", encoding="utf-8")
    draw = Drawer()

    def make():
        manifest.note_read(source, source.read_bytes())
        return draw()

    kept("Deck", "fight-club", paper("a4"), Templates(), make)
    with manifest.recording(["packet"]) as reads:
        kept("Deck", "fight-club", paper("a4"), Templates(), make)
    assert draw.calls == 1 and reads.sources == {str(source): manifest.digest(b"one")}
    source.write_text("two", encoding="utf-8")
    kept("Deck", "fight-club", paper("a4"), Templates(), make)
    assert draw.calls == 2


@pytest.mark.parametrize("damage", [lambda raw: raw[:-5], lambda raw: raw[:-3] + b"xyz", lambda raw: b"",
                                    lambda raw: b"not json\n" + raw])
def test_a_corrupt_entry_is_drawn_again_and_replaced(cache, damage):
    draw = Drawer()
    kept("Reference", "dirt", paper("a4"), Templates(), draw)
    entry, = cache.glob(f"*{SUFFIX}")
    entry.write_bytes(damage(entry.read_bytes()))
    assert kept("Reference", "dirt", paper("a4"), Templates(), draw) == draw.data and draw.calls == 2
    assert kept("Reference", "dirt", paper("a4"), Templates(), draw) == draw.data and draw.calls == 2


def test_the_oldest_entries_go_past_the_limit(cache, monkeypatch):
    monkeypatch.setattr(page_cache, "LIMIT_BYTES", 2500)
    for game in ("dirt", "sapio", "contest", "isolation"):
        kept("Reference", game, paper("a4"), Templates(), Drawer(b"%PDF-" + game.encode() * 200))
    held = sorted(cache.glob(f"*{SUFFIX}"))
    assert 0 < len(held) < 4 and sum(p.stat().st_size for p in held) <= 2500
    draw = Drawer(b"%PDF-" + b"isolation" * 200)
    kept("Reference", "isolation", paper("a4"), Templates(), draw)
    assert draw.calls == 0  # the newest stayed


def _fill(folder: str, rounds: int) -> list[bool]:
    """In another process: draw and read the same pages again and again; whether each read was right."""
    import os

    os.environ[page_cache.ENV] = folder
    right = []
    for i in range(rounds):
        game = ("dirt", "sapio", "contest")[i % 3]
        data = b"%PDF-" + game.encode() * 5000
        right.append(kept("Reference", game, paper("a4"), Templates(), Drawer(data)) == data)
    return right


def test_two_runs_side_by_side_do_not_corrupt_the_cache(cache, monkeypatch):
    monkeypatch.setattr(page_cache, "LIMIT_BYTES", 60_000)  # trimming races with writing too
    page_cache.warm()  # hashed once here, not in each process
    with multiprocessing.get_context("fork").Pool(2) as pool:
        results = pool.starmap(_fill, [(str(cache), 60)] * 2)
    assert all(all(r) for r in results)
    assert not list(cache.glob(".new-*"))
    for entry in cache.glob(f"*{SUFFIX}"):
        assert page_cache._read(entry) is not None


def test_the_cache_can_be_turned_off(monkeypatch, tmp_path):
    monkeypatch.setenv(page_cache.ENV, "off")
    assert page_cache.folder() is None
    draw = Drawer()
    kept("Reference", "dirt", paper("a4"), Templates(), draw)
    kept("Reference", "dirt", paper("a4"), Templates(), draw)
    assert draw.calls == 2
    monkeypatch.delenv(page_cache.ENV)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert page_cache.folder() == tmp_path / "xdg" / "playaid" / "pages"


def test_a_warm_packet_still_opens_and_holds_its_pages(cache, tmp_path):
    setup = EXAMPLES["fight-club"] / "club.yaml"
    for _ in range(2):
        (name, data), = build_packet(setup, paper("letter"), workers=1)[0].items()
    path = tmp_path / name
    path.write_bytes(data)
    pdfs.assert_printable(path)
    assert "Frustration deck" in pdfs.outline_titles(path) and "Siblings" in pdfs.text(path)


def test_a_convention_starts_every_games_first_table_before_any_second():
    from playaid.pregen.packets import _spread
    from playaid.pregen.tables import SETUP, Table

    games = ["dirt", "dirt", "isolation", "isolation", "sapio", "dirt"]
    tables = [Table(f"t{i}", {SETUP: f"system: {g}\n"}, []) for i, g in enumerate(games)]
    assert _spread(tables) == [0, 2, 4, 1, 3, 5]
