"""The Fight Club reference texts (the one-page reference, the turn-summary card) say
what the end-of-turn rules of rule text 002 say. The game has no dice, so no odds page:
its turn lives on the reference page and the turn-summary card."""

from __future__ import annotations

import re

import pytest

from pdfs import text
from playaid.games.fight_club.cards.settings import turn_summary
from playaid.render.html import Templates
from playaid.render.paper import paper
from playaid.render.sheets import reference_pdf

CONDITIONS = ("Breakdown", "Insane", "Bed-ridden", "Dead", "Trouble", "Ground down")


@pytest.fixture(scope="module")
def reference(tmp_path_factory) -> str:
    """The words of the game's reference page, as printed."""
    path = tmp_path_factory.mktemp("reference") / "fight-club-reference.pdf"
    path.write_bytes(reference_pdf(Templates(), paper("a4"), "fight-club"))
    return " ".join(text(path).split())


def card_text() -> str:
    """The turn-summary cards' words; a table row read as "what you are: the test."."""
    return " ".join(step["text"] if "text" in step else " ".join(f"{then}: {test}." for test, then in step["table"])
                    for step in turn_summary()["steps"])


@pytest.mark.parametrize("condition", CONDITIONS)
def test_every_end_of_turn_condition_is_on_the_reference_and_the_turn_summary_card(condition, reference):
    assert condition.lower() in reference.lower()
    assert condition in card_text()


@pytest.mark.parametrize("condition, kind", [("Insane", "Frustration"), ("Dead", "Pain")])
def test_insane_and_dead_compare_with_the_other_players_tokens_of_the_same_kind(condition, kind):
    # "more Frustration than the other players combined": their Frustration, not every token
    said = re.search(rf"{condition}: [^.]*\.", card_text())[0]
    assert "other tokens" not in said
    # the card's table writes each kind as the letter its tokens carry (F, P, R)
    assert any(f"{whose} {name}" in said for whose in ("others'", "other players'") for name in (kind, kind[0]))
