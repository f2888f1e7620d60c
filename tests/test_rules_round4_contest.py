"""Issue 27, rules faithfulness round 4 — asset-dice contests: reward dice split, and ties below the top.

"The GM might choose to split multiple success dice between multiple reward dice if it seems
appropriate"; "If any pool's highest dice are tied with those of another pool … these tied are
dice discarded" (read: only ties for the top, see docs/rules/contest.md).
"""

from __future__ import annotations

import yaml

from conftest import roll_json
from test_contest_play import contest, gm

FOUR = ("  - {name: Harrow, character: harrow.yaml, assets: {attribute: Agility, skill: Oratory, "
        "relationship: Captain Ilse Varga, gear: Service pistol}, rolled: [8, 7, 6, 5]}\n")
CROWD = gm("Crowd", "d8, d6, d6, d4", "2, 1, 1, 1")


def rewards(data: dict) -> list:
    # each change carries the whole list as it becomes: the last is the sheet's final state
    return data["changes"][-1]["after"][1:]  # after the condition die Harrow already holds


def test_the_gm_splits_four_unspent_dice_between_two_reward_dice(files, run):
    path = contest(files, FOUR + CROWD, extra="forgo_goal: true\nspend:\n  - {by: Harrow, reward: Goodwill, dice: 3}\n"
                                              "  - {by: Harrow, reward: Contacts}\n")
    data = roll_json(run, path)
    assert rewards(data) == [{"name": "Goodwill", "die": "d6", "uses": 3}, {"name": "Contacts", "die": "d6", "uses": 1}]
    assert any("[contest.reward-split]" in s["text"] for s in data["steps"])
    folder = files.root / "out"
    assert run("roll", path, "--apply", "--out", folder).exit_code == 0
    assert run("validate", folder / "harrow.yaml").exit_code == 0
    held = yaml.safe_load((folder / "harrow.yaml").read_text())["condition_dice"]
    assert [d["name"] for d in held] == ["Rehearsed speech", "Goodwill", "Contacts"]


def test_one_reward_die_without_a_split_still_takes_every_die_left(files, run):
    path = contest(files, FOUR + CROWD, extra="forgo_goal: true\nspend:\n  - {by: Harrow, reward: Goodwill}\n")
    assert rewards(roll_json(run, path)) == [{"name": "Goodwill", "die": "d6", "uses": 4}]


def test_a_split_asking_more_dice_than_are_left_takes_what_is_left(files, run):
    # the goal takes one of the four success dice: three are left for a split asking five
    path = contest(files, FOUR + CROWD, extra="spend:\n  - {by: Harrow, reward: Goodwill, dice: 5}\n")
    data = roll_json(run, path)
    assert rewards(data) == [{"name": "Goodwill", "die": "d6", "uses": 3}]
    assert any("only 3 being left" in s["text"] for s in data["steps"])


def test_a_reward_taking_every_die_before_another_reward_is_refused(files, run):
    path = contest(files, FOUR + CROWD, extra="spend:\n  - {by: Harrow, reward: Goodwill}\n"
                                              "  - {by: Harrow, reward: Contacts}\n")
    result = run("roll", path)
    assert result.exit_code == 1 and "contest.reward-split" in result.output and "s.yaml:5:" in result.output


def test_dice_on_a_penalty_order_or_below_one_are_refused(files, run):
    path = contest(files, FOUR + CROWD, extra="spend:\n  - {by: Harrow, penalty: d6, to: Crowd, dice: 2}\n")
    assert "contest.reward-split" in run("roll", path).output
    path = contest(files, FOUR + CROWD, extra="spend:\n  - {by: Harrow, reward: Goodwill, dice: 0}\n")
    result = run("roll", path)
    assert result.exit_code == 1 and "contest.reward-split" in result.output


# -- decision: with three or more sides only ties for the top discard -------------------------

def test_a_tie_below_the_top_keeps_its_dice_so_the_winner_counts_fewer_success_dice(files, run):
    # Thugs and Guards tie at 8 and discard; Dogs and Cats tie at 6 below Harrow's 7 and keep their sixes,
    # so only Harrow's 7 beats the losers' best (6): one success die, not the two the other reading gives
    sides = ("  - {name: Harrow, character: harrow.yaml, assets: {attribute: Agility, skill: Oratory}, rolled: [7, 6]}\n"
             + gm("Thugs", "d8, d6", "8, 2") + gm("Guards", "d8, d6", "8, 2") + gm("Dogs", "d6, d6", "6, 1")
             + gm("Cats", "d6, d6", "6, 5"))
    data = roll_json(run, contest(files, sides, extra="forgo_goal: true\n"))
    assert data["outcome"] == "win:Harrow"
    assert "1 success die" in data["summary"]


def test_a_tie_at_the_top_between_two_others_lets_a_third_win(files, run):
    sides = ("  - {name: Harrow, character: harrow.yaml, assets: {attribute: Agility, skill: Oratory}, rolled: [7, 6]}\n"
             + gm("Thugs", "d8, d6", "8, 2") + gm("Guards", "d8, d6", "8, 3"))
    data = roll_json(run, contest(files, sides, extra="forgo_goal: true\n"))
    assert data["outcome"] == "win:Harrow" and "2 success dice" in data["summary"]
