"""A packet's cover says what the table is about (issue 31 item 5): a premise, a threat and
an opening scene, from the setup where it says them, else drawn from the game's tables."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
import yaml

import pdfs
from playaid import game_data
from playaid.render.cover_story import COVER, LISTS, story

COUNTS = {"dirt": 2, "isolation": 2, "sapio": 2, "contest": 2, "fight-club": 4, "fight-sphere": 2}


def _cover(game: str) -> dict:
    """The game's cover data, read from its own `data/` folder."""
    return game_data.read(game, COVER)


def _lists(game: str) -> dict:
    """The lists a ready table of the game draws from (its pregen table)."""
    return game_data.read(game, LISTS)


def _words(text: str) -> str:
    return " ".join(text.split())


def test_the_setup_says_what_it_can_and_the_rest_is_drawn_the_same_way_each_time():
    told = story("dirt", SimpleNamespace(name="Camp", setting="A summer camp by a lake",
                                         objective="Save the garden", antagonist="The sheriff"))
    assert (told.premise, told.threat) == ("A summer camp by a lake — Save the garden", "The sheriff")
    assert told.opening in _cover("dirt")["openings"] and told.drawn == ("opening",)
    bare = story("dirt", SimpleNamespace(name="Camp", setting="", objective="", antagonist=""))
    setting, objective = bare.premise.split(" — ")  # each empty field drawn from its own list
    assert setting in _lists("dirt")["settings"] and objective in _lists("dirt")["objectives"]
    assert bare.threat in _lists("dirt")["antagonists"] and bare.drawn == ("premise", "threat", "opening")
    assert bare == story("dirt", SimpleNamespace(name="Camp", setting="", objective="", antagonist=""))
    sphere = story("fight-sphere", SimpleNamespace(name="Rust"))
    assert sphere.drawn == ("premise", "threat", "opening")
    assert sphere.threat in _cover("fight-sphere")["threats"]


@pytest.mark.parametrize("game", COUNTS)
def test_a_ready_tables_cover_carries_premise_threat_and_opening(game, tmp_path, run):
    result = run("pregen", game, "--count", COUNTS[game], "--packet", "--seed", "7", "--out", tmp_path)
    assert result.exit_code == 0, result.output
    [pdf] = tmp_path.glob("*-packet.pdf")
    cover = _words(pdfs.text(pdf, 0))
    for label in ("PREMISE", "THREAT", "OPENING SCENE"):
        assert label in cover.upper()
    setup = yaml.safe_load((tmp_path / "table.yaml").read_text(encoding="utf-8"))
    told = story(game, SimpleNamespace(**setup))
    assert told.premise and told.threat and told.opening
    for text in (told.premise, told.threat, told.opening):
        assert _words(text) in cover, text
    assert told.opening in _cover(game)["openings"]
    # a ready table's own premise and threat (drawn into its setup) are the ones the cover shows
    if game == "dirt":
        assert setup["antagonist"] == told.threat and setup["objective"] in told.premise
    if game == "isolation":
        # the locale is the table's name too: the game's premise comes first (issue 39, item 11)
        assert told.premise.endswith(setup["locale"][1:] + ".") and setup["threat"] == told.threat
        assert told.premise.split(":")[0] in _cover(game)["premises"] and "premise" in told.drawn


def test_a_premise_that_only_repeats_the_name_gets_the_games_premise_first():
    told = story("isolation", SimpleNamespace(name="The Lighthouse", locale="The lighthouse.", threat="A storm"))
    general, place = told.premise.split(": ")
    assert general in _cover("isolation")["premises"] and place == "the lighthouse." and "premise" in told.drawn
    # a locale that says more than the name is the premise as it stands
    own = story("isolation", SimpleNamespace(name="The Lighthouse", locale="A lighthouse on a rock", threat="A storm"))
    assert own.premise == "A lighthouse on a rock" and "premise" not in own.drawn
