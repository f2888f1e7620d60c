"""The Fight Club reference texts (the one-page reference, the turn-summary card) say
what the end-of-turn rules of rule text 002 say."""

from __future__ import annotations

import re

import pytest

from playaid.odds.handout import context
from playaid.render.cards.settings import turn_summary
from playaid.render.paper import paper

CONDITIONS = ("Breakdown", "Insane", "Bed-ridden", "Dead", "Trouble", "Ground down")


def reference_steps() -> list[str]:
    return [step for part in context("fight-club", paper("a4"), tables=[])["reference"] for step in part["steps"]]


def card_text() -> str:
    return " ".join(step["text"] for step in turn_summary()["steps"])


@pytest.mark.parametrize("condition", CONDITIONS)
def test_every_end_of_turn_condition_is_on_the_reference_and_the_turn_summary_card(condition):
    assert any(step.startswith(condition) for step in reference_steps())
    assert condition in card_text()


@pytest.mark.parametrize("condition, kind", [("Insane", "Frustration"), ("Dead", "Pain")])
def test_insane_and_dead_compare_with_the_other_players_tokens_of_the_same_kind(condition, kind):
    # "more Frustration than the other players combined": their Frustration, not every token
    for said in (next(s for s in reference_steps() if s.startswith(condition)),
                 re.search(rf"{condition}: [^.]*\.", card_text())[0]):
        assert "other tokens" not in said
        assert f"others' {kind}" in said or f"other players' {kind}" in said
