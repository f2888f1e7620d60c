"""Asset-dice contests: pools, comparing rolls, success and concession dice, spending (`playaid roll`)."""

from __future__ import annotations

import random

import pytest

from conftest import EXAMPLES, roll_json
from playaid.documents import Library
from playaid.games.contest.comparing import Rolled, compare, concessions
from playaid.games.contest.pools import replacement
from playaid.games.contest.procedures import draw, play
from playaid.games.contest.scenes import prepare
from playaid.games.contest.spending import cheapest_payer, penalty_fits, reward_die
from playaid.systems.play import Dice, DiceMismatch

from test_contest_rules import HARROW, character

SCENES = sorted((EXAMPLES["contest"]).glob("scene-*.yaml"))


def pools_of(path) -> list[list[tuple[str, str]]]:
    """(die, source) of every die of every side, as `prepare` builds them."""
    library = Library()
    doc = library.load(path)
    assert doc.valid, library.problems()
    prepared, _ = prepare(doc.model, library.resolver(path, doc))
    return [[(str(d.die), d.source) for p in s.pools for d in p.dice] for s in prepared.sides]


def contest(files, sides: str, extra: str = "", name: str = "s.yaml"):
    files.write("harrow.yaml", HARROW)
    return files.write(name, "system: contest\nkind: scene\ngoal: Win\n" + extra + "sides:\n" + sides)


def gm(name: str, dice: str, rolled: str) -> str:
    return f"  - {{name: {name}, dice: [{dice}], rolled: [{rolled}]}}\n"


# -- every example scene ---------------------------------------------------------------

@pytest.mark.parametrize("path", SCENES, ids=lambda p: p.stem)
def test_every_example_scene_resolves_with_and_without_a_seed(run, path):
    first = run("roll", path, "--seed", "3")
    assert first.exit_code == 0, first.output
    assert run("roll", path, "--seed", "3").output == first.output
    assert run("roll", path).exit_code == 0
    data = roll_json(run, path, "--seed", "11")
    assert data["outcome"] == "true-tie" or data["outcome"].startswith("win:")


def test_the_riot_builds_harrows_pool_against_the_gms_dice():
    harrow, crowd = pools_of(EXAMPLES["contest"] / "scene-riot.yaml")
    assert harrow == [("d8", "Social Standing, attribute"), ("d8", "Oratory, skill"), ("d3", "Bullhorn, gear")]
    assert [die for die, _ in crowd] == ["d10", "d8", "d6", "d6", "d6"]


def test_the_artifact_struggle_is_a_true_tie(run):
    """The text: "Both pools come up with 2, 4, 4, 7 as a result... a tie!"."""
    data = roll_json(run, EXAMPLES["contest"] / "scene-artifact.yaml")
    assert data["outcome"] == "true-tie" and data["replayed"] is True and data["changes"] == []


# -- pools -----------------------------------------------------------------------------

def test_backgrounds_random_gear_and_aspects_fill_a_pool(files):
    path = contest(files, "  - {name: Harrow, character: harrow.yaml, assets: {attribute: Agility, "
                          "skill_background: Naval Rating, relationship_background: Naval Rating, random_gear: Flare, "
                          "aspects: [Never leaves a crewmate behind], aspect_bonus: [Oratory]}}\n"
                   + "  - {name: Storm, dice: [d8, d8, d6]}\n")
    harrow, _ = pools_of(path)
    assert [die for die, _ in harrow] == ["d8", "d3", "d3", "d3", "d6", "d8"]
    assert "Naval Rating, background for skill" in [s for _, s in harrow]


def test_an_opposing_penalty_die_and_a_condition_die_join_the_pool(files):
    files.write("rook.yaml", character(name="Rook", penalty_dice="[{name: Cracked rib, die: d6}]"))
    path = contest(files, "  - {name: Harrow, character: harrow.yaml, assets: {attribute: Strength, "
                          "opposing: Cracked rib, temporary: Rehearsed speech}}\n"
                   + "  - {name: Rook, character: rook.yaml, assets: {attribute: Strength}}\n")
    harrow, rook = pools_of(path)
    assert harrow == [("d6", "Strength, attribute"), ("d6", "Cracked rib, opponent's penalty die"),
                      ("d6", "Rehearsed speech, condition die")]


def test_a_condition_die_used_in_a_pool_loses_a_use_and_goes_with_its_last(files, run):
    sides = ("  - {name: Harrow, character: harrow.yaml, assets: {attribute: Strength, temporary: Rehearsed speech},"
             " rolled: [3, 2]}\n" + gm("Crowd", "d6", "6"))
    data = roll_json(run, contest(files, sides))
    [change] = data["changes"]
    assert change["who"] == "Ensign Tomas Harrow" and change["field"] == ["condition_dice"]
    assert change["before"] == [{"name": "Rehearsed speech", "die": "d6", "uses": 1}] and change["after"] == []


def test_a_condition_die_with_uses_left_counts_down(files, run):
    files.write("harrow.yaml", character(condition_dice="[{name: Plan, die: d8, uses: 3}]"))
    path = files.write("s.yaml", "system: contest\nkind: scene\ngoal: Win\nsides:\n"
                       "  - {name: Harrow, character: harrow.yaml, assets: {attribute: Strength, temporary: Plan},"
                       " rolled: [3, 2]}\n" + gm("Crowd", "d6", "6"))
    [change] = roll_json(run, path)["changes"]
    assert (change["field"], change["before"], change["after"]) == (["condition_dice", 0, "uses"], 3, 2)


# -- comparing rolls -------------------------------------------------------------------

def sides_of(*sides: list[list[int]], size: int = 12) -> list[list[list[Rolled]]]:
    return [[[Rolled(s, p, k, v, size) for k, v in enumerate(pool)] for p, pool in enumerate(side)]
            for s, side in enumerate(sides)]


def values(dice) -> list[int]:
    return sorted((d.value for d in dice), reverse=True)


def test_the_highest_die_wins_and_counts_success_dice_above_the_losers_high_die():
    result = compare(sides_of([[9, 8, 3]], [[7, 2]]))
    assert result.winner == 0 and values(result.success) == [9, 8] and len(result.rounds) == 1


def test_a_pool_with_several_tied_dice_discards_only_one():
    result = compare(sides_of([[8, 8, 3]], [[8, 5]]))
    assert values(result.rounds[0].discarded) == [8, 8]
    assert result.winner == 0 and values(result.success) == [8]


def test_co_operating_pools_do_not_discard_against_each_other():
    won = compare(sides_of([[6], [6]], [[5, 2]]))
    assert won.winner == 0 and values(won.success) == [6, 6] and len(won.rounds) == 1
    tied = compare(sides_of([[8, 3], [8, 2]], [[8, 5]]))
    assert values(tied.rounds[0].discarded) == [8, 8, 8] and tied.winner == 1


def test_a_side_out_of_dice_has_a_zero_high_die():
    result = compare(sides_of([[5]], [[5, 2]]))
    assert result.rounds[-1].highs == (0, 2) and result.winner == 1 and values(result.success) == [2]


def test_third_parties_benefit_from_ties_between_two_others():
    result = compare(sides_of([[8, 2]], [[8, 7]], [[7]]))
    assert result.winner == 0 and values(result.success) == [2]
    assert [r.highs for r in result.rounds] == [(8, 8, 7), (2, 7, 7), (2, 0, 0)]


def test_identical_rolls_are_a_true_tie():
    result = compare(sides_of([[2, 4, 4, 7]], [[7, 4, 2, 4]]))
    assert result.winner is None and result.success == () and all(not d for s in result.remaining for p in s for d in p)


def test_concession_dice_after_the_success_dice_are_set_aside():
    result = compare(sides_of([[9, 3]], [[7, 5]]))
    after = concessions(result.remaining)
    [c] = after.taken
    assert (c.by, c.against, values(c.dice)) == (1, 0, [7, 5])


def test_with_three_sides_the_winner_takes_no_concession_dice_from_a_weaker_loser():
    result = compare(sides_of([[9, 5]], [[7, 2]], [[4]]))
    assert result.winner == 0 and values(result.success) == [9]
    after = concessions(result.remaining, result.winner)
    # the winner's 5 beats the third side's 4, but only the losers take concession dice
    assert [(c.by, c.against, values(c.dice)) for c in after.taken] == [(1, 0, [7])]


def test_with_three_sides_a_loser_still_takes_concession_dice_from_another_loser():
    result = compare(sides_of([[9, 6]], [[7, 5]], [[3]]))
    after = concessions(result.remaining, result.winner)
    assert [(c.by, c.against, values(c.dice)) for c in after.taken] == [(1, 0, [7]), (1, 2, [5])]


def test_a_tie_after_the_success_dice_ends_resolution_without_concessions():
    result = compare(sides_of([[9, 7]], [[7, 2]]))
    after = concessions(result.remaining)
    assert after.ties == ((0, 1),) and after.taken == () and values(after.discarded) == [7, 7]


def test_a_stand_in_die_wins_a_tied_high_die_with_one_success_die(files, run):
    files.write("vess.yaml", character(name="Vess", attributes="{Strength: d11}", e_dice="[d11]"))
    sides = ("  - {name: Vess, character: vess.yaml, assets: {attribute: Strength}, rolled: [10]}\n"
             + gm("Wall", "d10, d4", "10, 3"))
    path = files.write("s.yaml", "system: contest\nkind: scene\ngoal: Climb\nsides:\n" + sides)
    data = roll_json(run, path)
    assert data["outcome"] == "win:Vess" and "1 success die" in data["summary"]
    assert "rolled as a d10" in data["steps"][0]["text"]
    [goal] = [s for s in data["steps"] if s.get("goal") == "paid"]
    assert goal["die"] == 10  # a success die is the size rolled
    electric = files.write("e.yaml", "system: contest\nkind: scene\ngoal: Climb\nelectronic: true\nsides:\n" + sides)
    assert roll_json(run, electric)["outcome"] == "win:Wall"


def test_an_e_die_rolled_electronically_shows_its_top_face(files, run):
    files.write("vess.yaml", character(name="Vess", attributes="{Strength: d11}", e_dice="[d11]"))
    path = files.write("s.yaml", "system: contest\nkind: scene\ngoal: Climb\nelectronic: true\nsides:\n"
                       "  - {name: Vess, character: vess.yaml, assets: {attribute: Strength}, rolled: [11]}\n"
                       + gm("Wall", "d10", "10"))
    assert roll_json(run, path)["outcome"] == "win:Vess"
    physical = path.read_text().replace("electronic: true\n", "")
    files.write("p.yaml", physical)
    result = run("roll", files.root / "p.yaml")
    assert result.exit_code == 1 and "contest.rolled-dice" in result.output and "d10" in result.output


# -- listed dice -----------------------------------------------------------------------

def test_listed_dice_that_do_not_fit_are_refused_at_roll_time():
    side = prepare_riot()
    dice = Dice.listed({"Harrow": ([7, 5, 4], ("sides", 0, "rolled"))})
    assert draw(dice, side, side.pools[0].dice[0]) == 7
    draw(dice, side, side.pools[0].dice[1])
    with pytest.raises(DiceMismatch) as info:
        draw(dice, side, side.pools[0].dice[2])
    assert info.value.problem.rule == "roll.dice-value" and "d3" in info.value.problem.message
    short = Dice.listed({"Harrow": ([7], ("sides", 0, "rolled"))})
    draw(short, side, side.pools[0].dice[0])
    with pytest.raises(DiceMismatch, match="too few"):
        draw(short, side, side.pools[0].dice[1])


def prepare_riot():
    path = EXAMPLES["contest"] / "scene-riot.yaml"
    library = Library()
    doc = library.load(path)
    return prepare(doc.model, library.resolver(path, doc))[0].sides[0]


def test_the_cli_refuses_a_scene_whose_listed_dice_do_not_fit(files, run):
    path = contest(files, "  - {name: Harrow, character: harrow.yaml, assets: {attribute: Strength}, rolled: [3, 3]}\n"
                   + gm("Crowd", "d6", "6"))
    result = run("roll", path)
    assert result.exit_code == 1 and "contest.rolled-dice" in result.output


# -- spending --------------------------------------------------------------------------

def test_the_reward_die_is_the_third_largest_opposing_die():
    """The text's d8, d6, d6, d4 gives a d6 (printed there as "a de")."""
    assert reward_die([8, 6, 6, 4]) == 6
    assert reward_die([4, 12, 10]) == 4
    assert reward_die([10, 6]) == 6 and reward_die([]) is None


def test_penalty_dice_are_at_most_the_size_of_the_die_that_pays():
    """A d12 and a d6 success die buy a d12 and a d6 penalty die, or any two smaller."""
    assert penalty_fits(12, 12) and penalty_fits(6, 6) and penalty_fits(4, 12) and not penalty_fits(8, 6)
    dice = [Rolled(0, 0, 0, 9, 12), Rolled(0, 0, 1, 5, 6)]
    assert cheapest_payer(dice, 6).size == 6 and cheapest_payer(dice, 8).size == 12
    assert cheapest_payer(dice[1:], 8) is None


def test_the_opposition_replaces_three_dice_with_the_target_where_it_helps():
    assert replacement([4, 6, 10], 8) == ([0, 1], 0)
    assert replacement([4, 4, 4, 4, 12], 8) == ([0, 1, 2], 0)
    assert replacement([12, 12], 8) == ([], 1)
    assert replacement([], 6) == ([], 3)


def test_the_winner_pays_one_die_for_the_goal_and_buys_penalty_dice(files, run):
    files.write("rook.yaml", character(name="Rook"))
    path = contest(files, "  - {name: Harrow, character: harrow.yaml, assets: {attribute: Strength, gear: Service pistol},"
                          " rolled: [6, 8]}\n"
                          "  - {name: Rook, character: rook.yaml, assets: {attribute: Strength}, rolled: [2]}\n",
                   extra="spend:\n  - {by: Harrow, penalty: d6, to: Rook, name: Winded}\n"
                         "  - {by: Harrow, penalty: d8, to: Rook, name: Disarmed}\n")
    data = roll_json(run, path)
    assert data["outcome"] == "win:Harrow" and "2 success dice" in data["summary"]
    texts = " ".join(s["text"] for s in data["steps"])
    assert "spends 6 (d6, Strength, attribute) on the goal" in texts
    assert "spends 8 (d8, Service pistol, gear) on a d6 penalty die (Winded)" in texts
    assert "cannot buy a d8 penalty die (Disarmed)" in texts
    [change] = data["changes"]
    assert change["who"] == "Rook" and change["after"] == [{"name": "Winded", "die": "d6"}]


def test_a_pyrrhic_victory_keeps_the_goal_die(files, run):
    path = contest(files, "  - {name: Harrow, character: harrow.yaml, assets: {attribute: Strength}, rolled: [6]}\n"
                   + gm("Crowd", "d6", "2"), extra="forgo_goal: true\nspend:\n  - {by: Harrow, reward: Goodwill}\n")
    data = roll_json(run, path)
    [change] = data["changes"]
    assert change["after"][-1] == {"name": "Goodwill", "die": "d6", "uses": 1}


def test_a_condition_die_is_gained_one_use_per_success_die(files, run):
    files.write("crew.yaml", "system: contest\nkind: setup\nname: Meridian\ncharacters: [harrow.yaml]\n")
    path = contest(files, "  - {name: Harrow, character: Ensign Tomas Harrow, assets: {attribute: Agility, skill: Oratory},"
                          " rolled: [8, 7]}\n" + gm("Doubt", "d6", "2, 1, 5"),
                   extra="setup: crew.yaml\ncondition: {die: d8, name: Plan}\n")
    data = roll_json(run, path)
    assert "replaces its d6 (GM die) with a d8" in data["steps"][0]["text"]
    [change] = data["changes"]
    assert change["after"][-1] == {"name": "Plan", "die": "d8", "uses": 2}


def test_winning_a_removal_contest_takes_the_penalty_die_off(files, run):
    path = contest(files, "  - {name: Harrow, character: harrow.yaml, assets: {attribute: Agility}, rolled: [8]}\n"
                   + gm("Fear", "d4", "1, 6, 3"), extra="remove_penalty: Stage fright\n")
    files.write("harrow.yaml", character(penalty_dice="[{name: Stage fright, die: d6}]"))
    data = roll_json(run, path)
    assert "adds a d6 for a missing die" in data["steps"][0]["text"]
    [change] = data["changes"]
    assert change["before"] == [{"name": "Stage fright", "die": "d6"}] and change["after"] == []


def test_the_same_seed_gives_the_same_resolution():
    library = Library()
    path = EXAMPLES["contest"] / "scene-airlock.yaml"
    doc = library.load(path)
    a = play(doc.model, library.resolver(path, doc), random.Random(9))
    b = play(doc.model, library.resolver(path, doc), random.Random(9))
    assert a == b and not a.replayed
