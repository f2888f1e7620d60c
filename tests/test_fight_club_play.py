"""The Fight Club frustration game: `playaid roll` for every scene type (rule text 002)."""

from __future__ import annotations

import json

import pytest

from conftest import EXAMPLES, roll_json
from playaid.games.fight_club.fight import Blow, Raised, fight_round, follow_up, injury_cost
from playaid.games.fight_club.models import Tokens
from playaid.games.fight_club.turn import Vote

GAME = "fight-club"
SCENES = sorted((EXAMPLES[GAME]).glob("scene-*.yaml"))


@pytest.mark.parametrize("path", SCENES, ids=lambda p: p.name)
def test_every_example_scene_resolves_with_and_without_a_seed(run, path):
    first, again = run("roll", path, "--seed", "3"), run("roll", path, "--seed", "3")
    assert first.exit_code == 0, first.output
    assert first.output == again.output
    unseeded = run("roll", path)
    assert unseeded.exit_code == 0, unseeded.output


def character(name: str, f: int, p: int, r: int, cards: str = "[Sex]", player: str = "") -> str:
    who = f", player: {player}" if player else ""
    return (f"  - {{name: {name}{who}, frustrations: {cards}, "
            f"tokens: {{frustration: {f}, pain: {p}, retirement: {r}}}, in_play: true}}\n")


@pytest.fixture
def roll(files, run):
    """Play `scene` at a table of inline characters given as (name, F, P, R) or full lines."""

    def play(cast: list, scene: str, *args: str, deck: str = "") -> dict:
        lines = "".join(c if isinstance(c, str) else character(*c) for c in cast)
        deck = f"deck: {deck}\n" if deck else ""
        files.write("t/table.yaml", f"system: fight-club\nkind: setup\nname: T\n{deck}characters:\n{lines}")
        path = files.write("t/scene.yaml", "system: fight-club\nkind: scene\nsetup: table.yaml\n" + scene)
        return roll_json(run, path, *args)

    return play


def tokens_after(result: dict, who: str, kind: str, before: int) -> int:
    for c in result["changes"]:
        if c["who"] == who and c["field"] == ["tokens", kind]:
            assert c["before"] == before
            return c["after"]
    return before


def fists(*lines: str) -> str:
    return "fists:\n" + "".join(f"  - {line}\n" for line in lines)


# -- the fight round ---------------------------------------------------------------------

def test_frustration_in_a_fist_costs_one_token_and_hurts_by_the_number_left(roll):
    out = roll([("A", 4, 3, 4), ("B", 4, 3, 4)], "type: fight-round\nframed_by: A\n" + fists(
        "{who: A, tokens: {frustration: 3}, points_at: B}", "{who: B, tokens: {frustration: 1}, points_at: A}"))
    assert tokens_after(out, "A", "frustration", 4) == 3
    assert tokens_after(out, "B", "pain", 3) == 5  # 3 in A's fist, one lost: 2 left
    assert tokens_after(out, "B", "frustration", 4) == 3
    assert tokens_after(out, "A", "pain", 3) == 3  # 1 in B's fist, one lost: nothing left
    assert out["outcome"] == "round-over"


def test_pain_in_a_fist_counts_as_frustration_costs_a_pain_and_shields_the_side_with_more(roll):
    out = roll([("A", 5, 4, 5), ("B", 5, 4, 5)], "type: fight-round\nframed_by: A\n" + fists(
        "{who: A, tokens: {frustration: 1, pain: 2}, points_at: B}", "{who: B, tokens: {pain: 1}, points_at: A}"))
    # A hits for 3: loses one Frustration and a Pain; B holds less Pain so takes 2
    assert (tokens_after(out, "A", "frustration", 5), tokens_after(out, "A", "pain", 4)) == (4, 3)
    assert tokens_after(out, "B", "pain", 4) == 4 + 2 - 1  # hit for 2, pays one Pain for the Pain in the fist
    # B hits for 1, nothing left, and A holds more Pain anyway
    assert tokens_after(out, "B", "frustration", 5) == 5


def test_equal_pain_in_the_fists_shields_nobody(roll):
    out = roll([("A", 5, 4, 5), ("B", 5, 4, 5)], "type: fight-round\nframed_by: A\n" + fists(
        "{who: A, tokens: {frustration: 2, pain: 1}, points_at: B}",
        "{who: B, tokens: {frustration: 2, pain: 1}, points_at: A}"))
    assert tokens_after(out, "A", "pain", 4) == 4 - 1 + 2
    assert tokens_after(out, "B", "pain", 4) == 4 - 1 + 2


def test_more_retirement_than_opposing_frustration_frustrates_the_opponent_and_the_coward(roll):
    out = roll([("A", 3, 3, 4), ("B", 3, 3, 3)], "type: fight-round\nframed_by: A\n" + fists(
        "{who: A, tokens: {retirement: 2}, points_at: B}", "{who: B, tokens: {frustration: 1}, points_at: A}"))
    assert tokens_after(out, "B", "frustration", 3) == 3 - 1 + 2
    assert tokens_after(out, "A", "retirement", 4) == 5
    steps = " ".join(s["text"] for s in out["steps"])
    assert "police" in steps and "costs 1 Pain" in steps  # 2 Retirement used against no Pain


def test_a_fist_not_pointed_back_at_is_a_beating_whatever_it_holds(roll):
    out = roll([("A", 3, 3, 3), ("B", 3, 3, 3), ("C", 3, 3, 3)], "type: fight-round\nframed_by: A\n" + fists(
        "{who: A, tokens: {frustration: 3}, points_at: B}", "{who: B, points_at: C}", "{who: C, points_at: B}"))
    assert tokens_after(out, "B", "pain", 3) == 4
    assert tokens_after(out, "A", "frustration", 3) == 3  # a beating costs the beater nothing


def test_police_cost_is_cumulative_over_rounds(roll):
    scene = "type: fight-round\nframed_by: A\npolice: 1\n" + fists(
        "{who: A, tokens: {retirement: 1}, points_at: B}", "{who: B, tokens: {frustration: 1}, points_at: A}")
    out = roll([("A", 3, 3, 4), ("B", 3, 3, 3)], scene)
    assert any(s.get("police") == 2 for s in out["steps"])


def test_two_fists_at_one_opponent_make_one_hand():
    r = fight_round([("A", "B", Tokens(2)), ("A", "B", Tokens(1, 1)), ("B", "A", Tokens(1))])
    [a, b] = r.blows
    assert a.hand == Tokens(3, 1) and a.power == 4 and a.pain_dealt == 3
    assert b.shielded and b.pain_dealt == 0
    assert r.losses("A") == Tokens(1, 1) and r.gains("B") == Tokens(pain=3)


@pytest.mark.parametrize("f, p, cost", [(3, 3, 0), (3, 4, 1), (2, 5, 2), (2, 7, 3), (1, 4, 3), (1, 5, 4),
                                        (1, 50, 4), (0, 1, 4), (0, 0, 0)])
def test_injury_costs_one_frustration_per_multiple_exceeded_up_to_four(f, p, cost):
    assert injury_cost(Tokens(f, p)) == cost


def test_a_fist_of_pain_alone_loses_one_as_frustration_and_one_more_besides(roll):
    assert Blow("A", "B", Tokens(pain=4), Tokens()).spent == Tokens(pain=2)
    assert Blow("A", "B", Tokens(pain=1), Tokens()).spent == Tokens(pain=1)  # only what the fist holds
    assert Blow("A", "B", Tokens(2, 1), Tokens()).spent == Tokens(1, 1)  # Frustration there: one of each
    out = roll([("A", 3, 4, 3), ("B", 3, 3, 3)], "type: fight-round\nframed_by: A\n" + fists(
        "{who: A, tokens: {pain: 4}, points_at: B}", "{who: B, points_at: A}"))
    assert tokens_after(out, "A", "pain", 4) == 2
    assert tokens_after(out, "B", "pain", 3) == 6  # four counted as Frustration, one lost: three left


# -- the follow-up -----------------------------------------------------------------------

FIRST = "{who: A, tokens: {frustration: 1}, points_at: B}", "{who: B, tokens: {frustration: 1}, points_at: A}"
# after FIRST at a table of 3/3/3 each: Frustration 2, Pain 3, so both injured: a fist costs 1 Frustration


def test_the_only_willing_fighter_wins_and_loses_a_retirement(roll):
    out = roll([("A", 3, 3, 3), ("B", 3, 3, 3)], "type: fight-round\nframed_by: A\n" + fists(*FIRST)
               + "follow_up:\n  - {who: B, tokens: {frustration: 1}}\n")
    assert out["outcome"] == "win:B"
    assert tokens_after(out, "B", "retirement", 3) == 2
    assert tokens_after(out, "B", "frustration", 3) == 1  # one lost hitting, one paid to stay


def test_a_winner_without_retirement_keeps_zero(roll):
    out = roll([("A", 3, 3, 3), ("B", 0, 0, 0)], "type: fight-round\nframed_by: A\n" + fists(
        "{who: A, tokens: {frustration: 1}, points_at: B}", "{who: B, points_at: A}")
        + "follow_up:\n  - {who: B}\n")
    assert out["outcome"] == "win:B"
    assert not [c for c in out["changes"] if c["who"] == "B"]


def test_as_many_fists_as_fighters_fight_again_framed_by_the_most_frustration(roll):
    out = roll([("A", 3, 3, 3), ("B", 3, 3, 3)], "type: fight-round\nframed_by: A\n" + fists(*FIRST)
               + "follow_up:\n  - {who: A, tokens: {frustration: 1}}\n  - {who: B, tokens: {frustration: 2}}\n")
    assert out["outcome"] == "another-round"
    assert out["steps"][-1]["framed_by"] == ["B"]


def test_extra_fists_hurt_by_their_pain_and_the_fighter_keeps_one(roll):
    out = roll([("A", 3, 3, 3), ("B", 3, 3, 3), ("C", 3, 3, 3)], "type: fight-round\nframed_by: A\n" + fists(
        *FIRST, "{who: C, points_at: A}")
        + "follow_up:\n  - {who: A, tokens: {frustration: 1, pain: 2}, points_at: C}\n"
        "  - {who: A, tokens: {frustration: 1, pain: 1}, points_at: B}\n  - {who: B, tokens: {frustration: 1}}\n")
    # C's empty fist beat A: A is at F 2, P 4, so each of A's fists pays 1 Frustration
    assert out["outcome"] == "another-round"
    assert tokens_after(out, "C", "pain", 3) == 5  # the fist with the most Pain is the extra one
    assert tokens_after(out, "B", "pain", 3) == 3
    assert tokens_after(out, "A", "frustration", 3) == 0


def test_no_fists_means_nobody_wins(roll):
    out = roll([("A", 3, 3, 3), ("B", 3, 3, 3)], "type: fight-round\nframed_by: A\n" + fists(*FIRST)
               + "follow_up: []\n")
    assert out["outcome"] == "no-winner"


def test_a_berserk_fighter_leaving_spends_a_retirement_and_the_other_wins(roll):
    out = roll([("A", 5, 3, 2), ("B", 3, 3, 3)], "type: fight-round\nframed_by: A\n" + fists(
        "{who: A, tokens: {frustration: 1}, points_at: B}", "{who: A, points_at: B}",
        "{who: B, tokens: {frustration: 1}, points_at: A}")
        + "follow_up:\n  - {who: A, tokens: {retirement: 1}}\n  - {who: B, tokens: {frustration: 1}}\n")
    assert out["outcome"] == "win:B"
    assert tokens_after(out, "A", "retirement", 2) == 1


def test_follow_up_rule_order_on_pure_values():
    fu = follow_up([Raised("A", Tokens(pain=1), 0), Raised("A", Tokens(pain=1), 1)], set())
    assert fu.outcome == "win" and [r.index for r in fu.extra] == [1]  # equal Pain: the later fist
    assert follow_up([], set()).outcome == "no-winner"


# -- the turn ----------------------------------------------------------------------------

def test_waking_up_takes_one_retirement(roll):
    out = roll([("A", 3, 3, 3), ("B", 3, 3, 3)], "type: wake-up\nactive: A\n")
    assert (out["outcome"], tokens_after(out, "A", "retirement", 3)) == ("woke-up", 4)


@pytest.mark.parametrize("choice, outcome, f, p", [("shirk", "shirked", 3, 3), ("submit", "submitted", 4, 3),
                                                   ("fight-it-out", "fought-out", 3, 1)])
def test_the_three_ways_to_confront_a_frustration(roll, choice, outcome, f, p):
    out = roll([("A", 3, 3, 2, "[Sex, Music]"), ("B", 3, 3, 3)],
               f"type: confront\nactive: A\nfrustration: sex\nchoice: {choice}\n")
    assert out["outcome"] == outcome
    assert (tokens_after(out, "A", "frustration", 3), tokens_after(out, "A", "pain", 3)) == (f, p)
    cards = [c for c in out["changes"] if c["field"] == ["frustrations"]]
    assert bool(cards) == (choice == "fight-it-out")
    if cards:
        assert cards[0]["after"] == ["Music"]


def test_changes_mark_a_fresh_character_in_play(run):
    out = json.loads(run("roll", EXAMPLES[GAME] / "scene-wake-up.yaml", "--json").output)
    assert {"who": "Marty Kowalski", "field": ["in_play"], "before": False, "after": True} in [
        {k: c[k] for k in ("who", "field", "before", "after")} for c in out["changes"]]


def test_nobody_fighting_costs_one_frustration(roll):
    out = roll([("A", 3, 3, 3), ("B", 3, 3, 3)], "type: no-fight\nactive: A\n")
    assert tokens_after(out, "A", "frustration", 3) == 4


def test_a_breakdown_takes_a_retirement_and_a_card_drawn_the_same_way_with_a_seed(roll):
    cast = [("A", 5, 1, 1, "[Sex]"), ("B", 3, 3, 3), ("C", 3, 3, 3)]
    a, b = roll(cast, "type: end-of-turn\nactive: A\n", "--seed", "5"), roll(cast, "type: end-of-turn\nactive: A\n",
                                                                            "--seed", "5")
    assert a == b and a["outcome"] == "turn-over" and not a["replayed"]
    assert tokens_after(a, "A", "retirement", 1) == 2
    [cards] = [c for c in a["changes"] if c["field"] == ["frustrations"]]
    assert cards["after"][0] == "Sex" and len(cards["after"]) == 2 and cards["after"][1] != "Sex"


def test_a_card_drawn_at_the_table_is_replayed(roll):
    out = roll([("A", 5, 1, 1), ("B", 3, 3, 3), ("C", 3, 3, 3)], "type: end-of-turn\nactive: A\ndrawn: the weather\n")
    assert out["replayed"] and out["seed"] is None
    [cards] = [c for c in out["changes"] if c["field"] == ["frustrations"]]
    assert cards["after"] == ["Sex", "The Weather"]


def test_an_exhausted_deck_draws_nothing(files, roll):
    files.write("t/tiny.yaml", "system: fight-club\nkind: deck\nname: Tiny\ncards: [Sex, Music]\n")
    out = roll([("A", 5, 1, 1), ("B", 9, 9, 9, "[Music]")], "type: end-of-turn\nactive: A\n", deck="tiny.yaml")
    assert out["outcome"] == "turn-over"
    assert not [c for c in out["changes"] if c["field"] == ["frustrations"]]
    assert any("no card left" in s["text"] for s in out["steps"])


@pytest.mark.parametrize("cast, outcome", [
    ([("A", 9, 1, 1), ("B", 3, 3, 3), ("C", 3, 3, 3)], "endgame:insane"),
    ([("A", 1, 9, 1), ("B", 3, 3, 3), ("C", 3, 3, 3)], "endgame:dead"),
    ([("A", 4, 4, 10), ("B", 3, 3, 3), ("C", 3, 3, 3)], "endgame:ground-down"),
    ([("A", 3, 3, 3), ("B", 3, 3, 3)], "turn-over"),
])
def test_the_end_of_turn_conditions(roll, cast, outcome):
    assert roll(cast, "type: end-of-turn\nactive: A\n")["outcome"] == outcome


def test_a_bed_ridden_character_takes_pain_as_for_a_lost_stake(roll):
    cast = [("A", 1, 5, 1, "[Sex]", "Ann"), ("B", 3, 4, 3, "[Sex]", "Ben"), ("C", 3, 4, 3, "[Sex]", "Cat")]
    out = roll(cast, "type: end-of-turn\nactive: A\npain_given_by: [Ben]\n")
    assert out["outcome"] == "turn-over" and tokens_after(out, "A", "pain", 5) == 6
    worse = roll(cast, "type: end-of-turn\nactive: A\npain_given_by: [Ben, Cat]\n")
    assert worse["outcome"] == "turn-over"  # 7 Pain is not more than the others' 8


def test_trouble_gives_the_others_in_the_fight_frustration_equal_to_retirement(roll):
    out = roll([("A", 1, 1, 5), ("B", 3, 3, 3), ("C", 3, 3, 3)], "type: end-of-turn\nactive: A\nfought: [B]\n")
    assert tokens_after(out, "B", "frustration", 3) == 8
    assert tokens_after(out, "C", "frustration", 3) == 3


def test_checks_run_in_order_and_stop_at_the_endgame(roll):
    # a breakdown first (F 9 > 1 + 1), then insane: the other conditions are not reached
    out = roll([("A", 9, 1, 1), ("B", 1, 1, 1)], "type: end-of-turn\nactive: A\n", "--seed", "1")
    assert out["outcome"] == "endgame:insane"
    assert any(s.get("breakdown") for s in out["steps"])


# -- Pain --------------------------------------------------------------------------------

def test_spending_pain_on_statements_and_contradictions(run):
    out = json.loads(run("roll", EXAMPLES[GAME] / "scene-spend-pain.yaml", "--json").output)
    assert out["outcome"] == "pain-spent"
    changes = {(c["who"], tuple(c["field"])): c for c in out["changes"]}
    assert changes[("Dale Pruitt", ("tokens", "pain"))]["after"] == 6 - 1 - 2
    assert changes[("Marty Kowalski", ("pain_statements",))]["after"] == []
    assert len(changes[("Dale Pruitt", ("pain_statements",))]["after"]) == 2


@pytest.mark.parametrize("values, true", [({1: 2, 2: 3}, 2), ({1: 3, 2: 3}, None), ({1: 3, 2: 3, 3: 4}, 3),
                                          ({4: 1}, 4), ({}, None)])
def test_the_vote_makes_the_single_highest_true_and_a_tie_all_false(values, true):
    vote = Vote(values)
    assert vote.true == true
    assert set(vote.false) == set(values) - {true}


def test_the_endgame_vote_writes_each_verdict(run):
    out = json.loads(run("roll", EXAMPLES[GAME] / "scene-vote.yaml", "--json").output)
    assert out["outcome"] == "true:2"
    verdicts = {c["who"]: c["after"] for c in out["changes"]}
    assert verdicts == {"Marty Kowalski": "false", "Dale Pruitt": "true"}


def test_an_extra_fist_hurts_by_all_the_pain_in_it_police_pain_included(roll):
    out = roll([("A", 3, 3, 3), ("B", 3, 3, 3)], "type: fight-round\nframed_by: A\npolice: 1\n" + fists(*FIRST)
               + "follow_up:\n  - {who: A, tokens: {frustration: 1, pain: 2}, points_at: B}\n"
               "  - {who: A, tokens: {frustration: 1, pain: 1}}\n  - {who: B, tokens: {frustration: 1, pain: 1}}\n")
    assert out["outcome"] == "another-round"
    assert tokens_after(out, "B", "pain", 3) == 3 - 1 + 2  # paid one to the police, hurt for both Pain in A's fist
    assert tokens_after(out, "A", "pain", 3) == 1  # one Pain per fist to the police


def test_tied_framers_of_another_round_are_named_together(roll):
    out = roll([("A", 3, 3, 3), ("B", 3, 3, 3)], "type: fight-round\nframed_by: A\n" + fists(*FIRST)
               + "follow_up:\n  - {who: A, tokens: {frustration: 1}}\n  - {who: B, tokens: {frustration: 1}}\n")
    assert out["steps"][-1]["framed_by"] == ["A", "B"]


# -- Pain for a stake lost in a fight or by refusing a provocation -------------------------

FIGHTERS = [("A", 3, 3, 3, "[Sex]", "Ann"), ("B", 3, 3, 3, "[Sex]", "Ben"), ("C", 3, 3, 3, "[Sex]", "Cat")]


def test_the_fighters_who_lose_the_stake_take_one_pain_from_each_player_giving_it(roll):
    out = roll(FIGHTERS, "type: fight-round\nframed_by: A\n" + fists(*FIRST)
               + "follow_up:\n  - {who: B, tokens: {frustration: 1}}\n"
               "stake_pain:\n  A: [Ben, Cat]\n")
    assert out["outcome"] == "win:B"
    assert tokens_after(out, "A", "pain", 3) == 5  # B's one Frustration dealt none; two players gave one each
    assert [s["given_by"] for s in out["steps"] if "given_by" in s] == ["Ben", "Cat"]


def test_with_no_winner_every_fighter_lost_the_stake(roll):
    out = roll(FIGHTERS, "type: fight-round\nframed_by: A\n" + fists(*FIRST)
               + "follow_up: []\nstake_pain:\n  A: [Cat]\n  B: [Cat, Ann]\n")
    assert out["outcome"] == "no-winner"
    assert (tokens_after(out, "A", "pain", 3), tokens_after(out, "B", "pain", 3)) == (4, 5)


def test_a_refused_provocation_costs_the_provoked_the_stake_and_the_active_a_frustration(roll):
    out = roll(FIGHTERS, "type: no-fight\nactive: A\nprovoked: B\nstake: B apologises\npain_given_by: [Ann, Cat]\n")
    assert out["outcome"] == "no-fight"
    assert tokens_after(out, "B", "pain", 3) == 5
    assert tokens_after(out, "A", "frustration", 3) == 4
