"""The contract of `playaid.testing`, the very checks an add-on runs in its own tests, over
every built-in game and every add-on installed beside playaid (none in a clean checkout:
test_add_on_install.py installs the toy game for real and runs it there)."""

from __future__ import annotations

import os

import pytest

from conftest import GAME_IDS
from playaid import systems
from playaid.odds import module
from playaid.systems import REGISTRY, Registry
from playaid.testing import check_declarations, check_examples, check_odds_twin, check_pages, check_replays


def installed_add_ons() -> list[str]:
    """The add-on games installed in this environment, which the suite otherwise turns off."""
    saved = os.environ.pop(systems.NO_ADD_ONS, None)
    try:
        fresh = Registry()
        return [g for g in fresh if not fresh.is_built_in(g)]
    finally:
        if saved is not None:
            os.environ[systems.NO_ADD_ONS] = saved


ADD_ONS = installed_add_ons()


@pytest.fixture(params=[*GAME_IDS, *ADD_ONS])
def game(request, monkeypatch):
    """A game id, its add-on (if it is one) turned on for the test."""
    if request.param in ADD_ONS:
        monkeypatch.delenv(systems.NO_ADD_ONS)
        monkeypatch.setattr(REGISTRY, "_points", None)
    return request.param


def test_declarations(game):
    check_declarations(game)


def test_examples_are_valid(game):
    check_examples(game)


def test_odds_match_their_twin(game):
    if not REGISTRY[game].odds or (REGISTRY.is_built_in(game) and not hasattr(module(game), "twin")):
        # a built-in's odds meet brute-force oracles in this suite (test_dice_engine, test_odds_*)
        pytest.skip(f"{game}: no twin() to compare")
    assert check_odds_twin(game) >= 1


def test_typed_dice_replay_a_seeded_roll(game):
    check_replays(game)


def test_sheet_blank_and_reference_are_one_page_each(game, tmp_path):
    check_pages(game, tmp_path)
