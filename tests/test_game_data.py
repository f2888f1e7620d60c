"""A game's data lives in `data/` in its own folder, and every reader finds it there through
the registry: the pregen tables (and a group's `--tables-file` may add to them), the packet
cover's lists and the odds handout's words. The game here is an add-on-like package written
into a temporary folder, so nothing of ours can stand in for its data."""

from __future__ import annotations

import sys
import textwrap
from types import SimpleNamespace

import pytest
import yaml

from playaid import game_data
from playaid.odds.cells import bundled_words
from playaid.pregen import draw, generate, player_range
from playaid.pregen.draw import own_tables, table
from playaid.pregen.own_tables import load, table_names
from playaid.render.cover_story import story
from playaid.systems import REGISTRY

ID = "kettle"
PACKAGE = "kettle_data_fixture"

GAME = '''
from dataclasses import dataclass

from playaid.convert import spec
from playaid.systems.base import GameSystem


@dataclass(frozen=True)
class Character:
    name: str = spec(doc="the character's name")
    mood: str = spec(doc="how the character feels")
    player: str = spec("", doc="who plays the character")


SYSTEM = GameSystem(id="kettle", title="Kettle", models={"character": Character},
                    checks={"character": lambda c, resolver: []}, rules={}, package="kettle_data_fixture")
'''

PREGEN = '''
from playaid.pregen.draw import table


def characters(draw, count, players):
    out = []
    for i in range(count):
        name = draw.name()
        data = {"name": name.written, "mood": draw.pick(table("kettle-moods")["moods"])}
        if players:
            data["player"] = players[i % len(players)]
        out.append((name, data))
    return out
'''

DATA = {
    "pregen.yaml": {"players": {"min": 1, "max": 3}, "towns": ["Steamford", "Spoutwick"]},
    "pregen-moods.yaml": {"moods": ["Simmering", "Boiling over"]},
    "cover.yaml": {"premise": ["town"], "threat": [], "threats": ["The kettle runs dry."],
                   "openings": ["The whistle blows at midnight."]},
    "handout.yaml": {"read": "Find your heat on the left.", "small": "the chance of a spill",
                     "assumptions": ["Water boils at one hundred."]},
    "notes.yaml": {"not": "a pregen table: only pregen*.yaml files are tables"},
}


@pytest.fixture(scope="module")
def kettle(tmp_path_factory):
    """The add-on-like game registered for this module's tests, its package on the path."""
    root = tmp_path_factory.mktemp("addon")
    folder = root / PACKAGE
    (folder / "data").mkdir(parents=True)
    (folder / "__init__.py").write_text(textwrap.dedent(GAME), encoding="utf-8")
    (folder / "pregen.py").write_text(textwrap.dedent(PREGEN), encoding="utf-8")
    for name, data in DATA.items():
        (folder / "data" / name).write_text(yaml.safe_dump(data), encoding="utf-8")
    sys.path.insert(0, str(root))
    from kettle_data_fixture import SYSTEM

    REGISTRY.add(SYSTEM, "the test")
    yield REGISTRY[ID]
    REGISTRY.remove(ID)
    sys.path.remove(str(root))
    for name in [m for m in sys.modules if m.split(".")[0] == PACKAGE]:
        del sys.modules[name]
    draw.bundled.cache_clear()  # its tables were read under its id: forget them with it


def test_the_registry_finds_the_games_data_folder(kettle):
    assert kettle.data is not None and kettle.data.name == "data" and kettle.data.parent.name == PACKAGE
    assert game_data.read(ID, "pregen-moods.yaml") == DATA["pregen-moods.yaml"]
    assert game_data.read(ID, "nothing.yaml") is None and game_data.read("no-such-game", "cover.yaml") is None
    assert game_data.shown(ID, "cover.yaml") == f"{PACKAGE}/data/cover.yaml"


def test_its_handout_words_are_read_from_its_data_folder(kettle):
    assert bundled_words(ID) == DATA["handout.yaml"]


def test_its_cover_is_drawn_from_its_data_folder(kettle):
    told = story(ID, SimpleNamespace(name="Tea time", town="Brewbury"))
    assert (told.premise, told.threat, told.opening) == ("Brewbury", "The kettle runs dry.",
                                                         "The whistle blows at midnight.")
    bare = story(ID, SimpleNamespace(name="Tea time", town=""))
    assert bare.premise in DATA["pregen.yaml"]["towns"] and bare.drawn == ("premise", "threat", "opening")


def test_its_pregen_tables_are_its_data_files_and_characters_are_drawn_from_them(kettle):
    names = table_names()
    assert {ID, f"{ID}-moods", "names"} <= set(names) and f"{ID}-notes" not in names
    assert table(f"{ID}-moods") == DATA["pregen-moods.yaml"]
    assert player_range(ID) == (1, 3)  # the `players` entry of its own table
    batch = generate(ID, 3, seed=5, players=["Ann", "Bo"])
    assert batch.problems == [], batch.problems
    moods = {yaml.safe_load(text)["mood"] for text in batch.files.values()}
    assert moods <= set(DATA["pregen-moods.yaml"]["moods"])


def test_a_groups_tables_file_replaces_its_tables_like_ours(kettle, tmp_path):
    own = tmp_path / "own.yaml"
    own.write_text(f"{ID}-moods:\n  moods: [Lukewarm]\nreplace: [{ID}-moods.moods]\n", encoding="utf-8")
    tables, problems = load(own)
    assert problems == [] and tables[f"{ID}-moods"] == {"moods": ["Lukewarm"]}
    with own_tables(tables):
        batch = generate(ID, 2, seed=1)
    assert {yaml.safe_load(text)["mood"] for text in batch.files.values()} == {"Lukewarm"}


def test_a_bad_entry_for_its_table_says_which_file_to_copy(kettle, tmp_path):
    own = tmp_path / "own.yaml"
    own.write_text(f"{ID}-moods:\n  moods: [3]\n", encoding="utf-8")
    _, [problem] = load(own)
    assert "does not have the shape of ours" in problem.message
    assert problem.hint == f"write it like the entries of {PACKAGE}/data/pregen-moods.yaml"
