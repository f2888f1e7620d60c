"""Fight Sphere: conflicts, Gladiatorial Encounters and Layers, played with listed dice."""

from __future__ import annotations

import pytest

from conftest import EXAMPLES, rules
from playaid.play import resolve_scene
from test_fight_sphere_rules import base_setup, conflict, encounter, four_in_one, gladiator, mutate, side, who, write

SCENES = sorted((EXAMPLES["fight-sphere"]).glob("scene-*.yaml"))


# -- the examples through the command line ----------------------------------------------

@pytest.mark.parametrize("scene", SCENES, ids=lambda p: p.name)
def test_every_example_scene_rolls_with_a_seed_and_the_same_seed_rolls_the_same(run, scene):
    first = run("roll", scene, "--seed", "3")
    assert first.exit_code == 0, first.output
    assert run("roll", scene, "--seed", "3").output == first.output
    assert "outcome: " in first.output


@pytest.mark.parametrize("scene", SCENES, ids=lambda p: p.name)
def test_every_example_scene_rolls_without_a_seed(run, scene):
    result = run("roll", scene)
    assert result.exit_code == 0, result.output
    assert "seed: " in result.output


def test_json_output_carries_outcome_steps_and_changes(run):
    import json
    data = json.loads(run("roll", EXAMPLES["fight-sphere"] / "scene-conflict.yaml", "--seed", "1", "--json").output)
    assert data["outcome"] in ("success", "failure") and data["steps"] and data["seed"] == 1


# -- helpers ---------------------------------------------------------------------------

def roll(files, setup: dict, scene: dict, seed: int | None = None):
    write(files, "setup.yaml", setup)
    path = write(files, "scene.yaml", {k: v for k, v in scene.items() if v is not None})
    result, problems, _ = resolve_scene(path, seed)
    assert result is not None, [(p.rule, p.message) for p in problems]
    return result


def refused(files, setup: dict, scene: dict) -> set[str]:
    write(files, "setup.yaml", setup)
    path = write(files, "scene.yaml", scene)
    result, problems, _ = resolve_scene(path, None)
    assert result is None
    return rules(problems, "error")


def changes(result) -> dict:
    return {(c.who, c.field): (c.before, c.after) for c in result.changes}


# -- conflicts -------------------------------------------------------------------------

def test_the_example_conflict_replayed_counts_background_gamble_and_the_death_wish_relationship(files):
    """Dana: 1 background + 2 gambled + Marrow (2, rated 3 for a Death Wish) = 6 dice against 5."""
    for name in ("campaign.yaml", "dana.yaml", "bo.yaml"):
        files.copy_example("fight-sphere", name)
    text = (EXAMPLES["fight-sphere"] / "scene-conflict.yaml").read_text()
    path = files.write("fight-sphere/replay.yaml", text + "dice:\n  Dana Okafor: [1, 1, 4, 5, 6, 2]\n  GM: [1, 3, 3, 6, 2]\n")
    result, problems, seed = resolve_scene(path, None)
    assert (result.outcome, result.replayed, seed) == ("success", True, None)
    assert changes(result) == {}  # 5 − 1 spent on Marrow + 1 reward die
    assert any("rated 3" in s.text for s in result.steps)


def test_a_failed_conflict_loses_the_gamble_and_rests_the_relationships_used(files):
    setup = mutate(lambda s: who(s, "Ann").update(relationships=[{"npc": "Marrow", "value": 2},
                                                                 {"npc": "Ida", "value": 1, "resting": 2}]))
    scene = conflict(gamble=2, relationships_used=["Marrow"], dice={"Ann": [2, 3, 4, 5, 6], "GM": [6] * 5})
    result = roll(files, setup, scene)
    assert result.outcome == "failure"
    assert changes(result) == {("Ann", ("conflict_pool",)): (5, 2),
                               ("Ann", ("relationships", 0, "resting")): (0, 2),
                               ("Ann", ("relationships", 1, "resting")): (2, 1)}
    assert any("cut-scene" in s.text and "Nox" in s.text for s in result.steps)


def test_a_tie_of_ones_in_a_conflict_is_a_failure(files):
    result = roll(files, base_setup(), conflict(dice={"Ann": [1], "GM": [1, 2, 3, 4, 5]}))
    assert result.outcome == "failure"


def test_every_roll_has_at_least_one_die_even_from_a_relationship_rated_zero(files):
    setup = mutate(lambda s: who(s, "Ben").update(relationships=[{"npc": "Ida", "value": 1}]))
    scene = conflict(character="Ben", relationships_used=["Ida"], dice={"Ben": [1], "GM": [2] * 5})
    result = roll(files, setup, scene)
    assert result.outcome == "success"
    assert changes(result) == {}  # one die spent on Ida, one won back
    assert any("at least one" in s.text for s in result.steps)


@pytest.mark.parametrize("reward, npc, expected", [
    ("pool", "", {("Ann", ("conflict_pool",)): (5, 6)}),
    ("raise-relationship", "Marrow", {("Ann", ("relationships", 0, "value")): (2, 3)}),
    ("new-relationship", "Ida", {("Ann", ("relationships",)): ([{"npc": "Marrow", "value": 2}],
                                                              [{"npc": "Marrow", "value": 2}, {"npc": "Ida", "value": 2}])}),
])
def test_a_success_takes_one_reward(files, reward, npc, expected):
    scene = conflict(reward=reward, reward_npc=npc, dice={"Ann": [1], "GM": [2] * 5})
    assert changes(roll(files, base_setup(), scene)) == expected


def test_a_reason_to_live_starts_a_new_relationship_at_zero(files):
    scene = conflict(character="Ben", reward="new-relationship", reward_npc="Ida", dice={"Ben": [1], "GM": [2] * 5})
    [(_, after)] = changes(roll(files, base_setup(), scene)).values()
    assert after == [{"npc": "Ida", "value": 0}]


@pytest.mark.parametrize("cut, expected", [
    ({"gladiator": "Vex", "option": "pool"}, {("Vex", ("conflict_pool",)): (5, 6)}),
    ({"gladiator": "Nox", "option": "new-relationship", "npc": "Ida"},
     {("Nox", ("relationships",)): ([], [{"npc": "Ida", "value": 2}])}),
    ({"gladiator": "Nox", "option": "resume-encounter"}, {}),  # Ann broke off an Encounter with Nox
])
def test_the_gms_cut_scene_after_a_failure(files, cut, expected):
    scene = conflict(cut_scene=cut, dice={"Ann": [2], "GM": [1] * 5})
    setup = mutate(lambda s: s.update(met=[["Ann", "Nox"]], disengaged=[["Ann", "Nox"]]))
    assert changes(roll(files, setup, scene)) == expected


@pytest.mark.parametrize("ann_dice, gm_dice, lost", [([1, 1], [2] * 7, True), ([2, 2], [2] * 7, False)])
def test_judgment_dice_are_lost_only_when_the_side_they_backed_succeeds(files, ann_dice, gm_dice, lost):
    setup = mutate(lambda s: who(s, "Ben").update(state="knocked-out", conflict_pool=-1, judgment_pool=6))
    scene = conflict(gamble=1, judgment=[{"character": "Ben", "dice": 2, "backs": "GM"}, {"character": "Ben", "dice": 1, "backs": "Ann"}],
                     dice={"Ann": ann_dice, "GM": gm_dice})
    result = roll(files, setup, scene)
    # Ann's 1 gambled + 1 Judgment die; the GM's 5 + 2 Judgment dice
    assert result.outcome == ("success" if lost else "failure")
    assert changes(result)[("Ben", ("judgment_pool",))] == (6, 5 if lost else 4)


# -- Gladiatorial Encounters -------------------------------------------------------------

def met_all(s: dict) -> None:
    s["met"] = [["Ann", "Nox"], ["Ben", "Vex"]]


def test_the_rule_texts_example_a_loss_by_three_victories(files):
    """Alice loses to Bob by three Victories: three more dice from her pool, three points
    off the two Relationships (3 and 2) she used."""
    def alice_and_bob(s):
        met_all(s)
        s["disengaged"] = [["Ann", "Nox"]]  # Nox resumes the Encounter Ann broke off
        who(s, "Ann").update(relationships=[{"npc": "Kit", "value": 3}, {"npc": "Lu", "value": 2}], conflict_pool=6)
    scene = encounter(side("Nox", gamble=3), side("Ann", gamble=1, relationships_used=["Kit", "Lu"]),
                      resumed=True, dice={"Nox": [1, 1, 1], "Ann": [2] * 8})
    result = roll(files, mutate(alice_and_bob), scene)
    assert result.outcome == "win:Nox"
    c = changes(result)
    assert c[("Ann", ("conflict_pool",))] == (6, 6 - 2 - 1 - 3)  # 2 spent on Relationships, gamble, Victories
    assert (c[("Ann", ("relationships", 0, "value"))], c[("Ann", ("relationships", 1, "value"))]) == ((3, 1), (2, 1))
    assert ("Nox", ("conflict_pool",)) not in c


def test_first_meetings_give_the_drive_bonuses_once_per_episode(files):
    def drives(s):
        who(s, "Ann").update(relationships=[{"npc": "Kit", "value": 1}, {"npc": "Lu", "value": 1}])  # Death Wish
        who(s, "Nox").update(drive="reason-to-live", relationships=[{"npc": "Mo", "value": 0}])
    scene = encounter(side("Ann"), side("Nox"), dice={"Ann": [2], "Nox": [2]})
    result = roll(files, mutate(drives), scene)
    c = changes(result)
    assert result.outcome == "true-tie"
    assert c[("Nox", ("conflict_pool",))] == (5, 5 + 2 + 1)  # Ann's Death Wish hands 2; Nox's own Reason To Live 1
    assert ("Ann", ("conflict_pool",)) not in c
    assert c[("setup", ("met",))] == ([], [["Ann", "Nox"]])
    again = mutate(lambda s: (drives(s), s.update(met=[["Nox", "Ann"]])))
    assert ("Nox", ("conflict_pool",)) not in changes(roll(files, again, scene))


def test_an_npc_gladiator_below_zero_is_dead_and_the_last_pc_stands(files):
    def weak(s):
        met_all(s)
        who(s, "Nox").update(conflict_pool=1)
    scene = encounter(side("Ann", gamble=3), side("Nox", gamble=1), dice={"Ann": [1, 1, 1], "Nox": [3]})
    result = roll(files, mutate(weak), scene)
    c = changes(result)
    assert result.outcome == "win:Ann"
    assert c[("Nox", ("conflict_pool",))] == (1, 1 - 1 - 3)  # gamble and three Victories
    assert c[("Nox", ("state",))] == ("active", "dead")
    assert c[("Ann", ("state",))] == ("active", "last-standing")
    assert c[("Ann", ("judgment_pool",))] == (None, 5 + 1)  # Threshold + one Relationship


@pytest.mark.parametrize("core, state", [(False, "knocked-out"), (True, "dead")])
def test_a_defeated_pc_is_knocked_out_off_the_core_and_dead_at_it(files, core, state):
    def place(s):
        if core:
            s.update(core=True, layer=3, episodes=[["Ann", "Ben"]])
            for n in ("Nox", "Vex"):
                who(s, n).update(state="dead", conflict_pool=-1)
        else:
            s.update(episodes=[["Ann", "Ben", "Nox"]])  # Vex sits this Layer out: NPCs need no Episode
        s["met"] = [["Ann", "Ben"]]
        who(s, "Ben").update(conflict_pool=0)
    scene = encounter(side("Ann", gamble=2), side("Ben"), dice={"Ann": [1, 1], "Ben": [4]})
    c = changes(roll(files, mutate(place), scene))
    assert c[("Ben", ("state",))] == ("active", state)
    assert c[("Ben", ("judgment_pool",))] == (None, (7 if core else 5) + 0)
    assert (("Ann", ("state",)) in c) is core  # at The Core Ann is the last one left


def three_way(s: dict) -> None:
    s["episodes"] = [["Ann", "Nox", "Ben", "Vex"]]
    s["met"] = [[a, b] for i, a in enumerate(["Ann", "Nox", "Ben"]) for b in ["Ann", "Nox", "Ben"][i + 1:]]


@pytest.mark.parametrize("dice, outcome", [
    ({"Ann": [1, 1], "Nox": [1], "Ben": [2]}, "win:Ann"),
    ({"Ann": [1], "Nox": [1], "Ben": [2]}, "split"),
    ({"Ann": [2], "Nox": [2], "Ben": [2]}, "true-tie"),
])
def test_more_than_two_gladiators_compare_every_pair(files, dice, outcome):
    scene = encounter(*(side(n, gamble=len(dice[n])) for n in ("Ann", "Nox", "Ben")), dice=dice)
    result = roll(files, mutate(three_way), scene)
    assert result.outcome == outcome
    assert sum(1 for s in result.steps if "pair" in s.data) == 3


def test_a_loser_of_two_pairs_pays_the_gamble_once_and_every_victory(files):
    scene = encounter(side("Ann", gamble=2), side("Nox", gamble=2), side("Ben", gamble=1),
                      dice={"Ann": [1, 1], "Nox": [1, 1], "Ben": [2]})
    c = changes(roll(files, mutate(three_way), scene))
    assert c[("Ben", ("conflict_pool",))] == (5, 5 - 1 - 2 - 2)
    assert ("Ann", ("conflict_pool",)) not in c and ("Nox", ("conflict_pool",)) not in c


def test_a_shared_relationship_bought_once_brings_in_every_gladiators_own(files):
    """Ann buys Marrow (2, rated 3); Nox's own Marrow (0, rated 1) comes in free, and as
    a Relationship used it takes Nox's Victories, and when lost it is lost to Ann too."""
    def share(s):
        met_all(s)
        who(s, "Ann").update(relationships=[{"npc": "Marrow", "value": 2}])
        who(s, "Nox").update(relationships=[{"npc": "Marrow", "value": 0}])
    scene = encounter(side("Ann", relationships_used=["Marrow"]), side("Nox"),
                      dice={"Ann": [1, 1, 1], "Nox": [1]})
    result = roll(files, mutate(share), scene)
    c = changes(result)
    assert result.outcome == "win:Ann"
    assert c[("Nox", ("conflict_pool",))] == (5, 3)
    assert c[("Nox", ("relationships",))] == ([{"npc": "Marrow", "value": 0}], [])
    assert c[("Ann", ("relationships",))] == ([{"npc": "Marrow", "value": 2}], [])
    assert c[("Ann", ("conflict_pool",))] == (5, 4)  # the die Ann paid for Marrow


def test_a_shared_npc_lost_below_zero_is_lost_to_every_gladiator(files):
    def share(s):
        met_all(s)
        for n in ("Ann", "Nox", "Ben"):
            who(s, n).update(relationships=[{"npc": "Marrow", "value": 0}])
    scene = encounter(side("Ann", relationships_used=["Marrow"]), side("Nox"),
                      dice={"Ann": [2], "Nox": [1]})
    c = changes(roll(files, mutate(share), scene))
    for n in ("Ann", "Nox", "Ben"):
        assert c[(n, ("relationships",))] == ([{"npc": "Marrow", "value": 0}], [])


def test_rolls_of_shared_relationships_are_counted_for_each_gladiator(files):
    def share(s):
        met_all(s)
        who(s, "Ann").update(relationships=[{"npc": "Marrow", "value": 2}])
        who(s, "Nox").update(relationships=[{"npc": "Marrow", "value": 1}])
    scene = encounter(side("Ann", relationships_used=["Marrow"]), side("Nox"),
                      dice={"Ann": [2, 2, 2], "Nox": [2, 2]})  # 2+1 and 1+1 (both Death Wish)
    result = roll(files, mutate(share), scene)
    assert result.outcome == "true-tie"


def test_truce_partners_are_not_compared_unless_one_betrays(files):
    def truce(s):
        four_in_one(s)
        s["met"] = [["Ann", "Ben"], ["Ann", "Nox"], ["Ben", "Nox"]]
    kept = encounter(side("Ann"), side("Ben"), side("Nox"), dice={"Ann": [1], "Ben": [2], "Nox": [2]})
    result = roll(files, mutate(truce), kept)
    pairs = [s.data["pair"] for s in result.steps if "pair" in s.data]
    assert ["Ann", "Ben"] not in pairs and len(pairs) == 2
    betrayed = encounter(side("Ann", betrays=["Ben"]), side("Ben"), side("Nox"), dice={"Ann": [1], "Ben": [2], "Nox": [2]})
    result = roll(files, mutate(truce), betrayed)
    c = changes(result)
    assert c[("Ann", ("conflict_pool",))] == (5, 5 + 5)  # the Threshold of Layer 1
    assert c[("setup", ("truces",))] == ([["Ann", "Ben"]], [])
    assert result.outcome == "win:Ann"


def test_a_disengage_succeeds_only_against_everyone(files):
    scene = encounter(side("Ann"), side("Nox", disengage=True), side("Ben"), dice={"Ann": [2], "Nox": [1], "Ben": [2]})
    result = roll(files, mutate(three_way), scene)
    assert any(s.data.get("disengaged") is True for s in result.steps)
    scene["dice"] = {"Ann": [1], "Nox": [1], "Ben": [2]}
    assert any(s.data.get("disengaged") is False for s in roll(files, mutate(three_way), scene).steps)


# -- between Episodes -------------------------------------------------------------------

def test_descending_a_layer_resets_the_knocked_out_and_rewards_the_last_standing(files):
    def done(s):
        who(s, "Ann").update(state="knocked-out", conflict_pool=-2, judgment_pool=5)
        who(s, "Ben").update(state="last-standing", conflict_pool=3, judgment_pool=5)
        who(s, "Vex").update(state="dead", conflict_pool=-1)
        who(s, "Nox").update(state="last-standing", conflict_pool=4)
        s["met"] = [["Ann", "Nox"], ["Ben", "Vex"]]
    result = roll(files, mutate(done), {**conflict(), "type": "advance", "character": None})
    c = changes(result)
    assert result.outcome == "advance"
    assert c[("Ann", ("conflict_pool",))] == (-2, 6)
    assert c[("Ben", ("conflict_pool",))] == (3, 3 + 6)
    assert c[("Nox", ("conflict_pool",))] == (4, 4 + 6)
    assert c[("Ann", ("judgment_pool",))] == (5, None)
    assert c[("setup", ("layer",))] == (1, 2)
    assert c[("setup", ("met",))][1] == [] and c[("setup", ("episodes",))][1] == []
    assert ("Vex", ("state",)) not in c


def test_the_layer_after_the_last_npc_gladiators_death_is_the_core(files):
    def done(s):
        for n in ("Ann", "Ben"):
            who(s, n).update(state="last-standing", judgment_pool=5)
        for n in ("Nox", "Vex"):
            who(s, n).update(state="dead", conflict_pool=-1)
    result = roll(files, mutate(done), {**conflict(), "type": "advance", "character": None})
    assert result.outcome == "core"
    assert changes(result)[("setup", ("core",))] == (False, True)


def test_the_drive_switch_records_the_drive_traded_away(files):
    between_episodes = mutate(lambda s: s.update(episodes=[]))
    result = roll(files, between_episodes, {**conflict(), "type": "drive-switch"})
    assert result.outcome == "drive-switched"
    assert changes(result) == {("Ann", ("drive",)): ("death-wish", "reason-to-live"),
                               ("Ann", ("drive_switched",)): (False, True),
                               ("Ann", ("previous_drive",)): (None, "death-wish")}


# -- dice that do not fit -----------------------------------------------------------------

@pytest.mark.parametrize("dice, message", [
    ({"Ann": [1], "GM": [1, 2, 3, 4]}, "too few"),
    ({"Ann": [1, 2], "GM": [1, 2, 3, 4, 5]}, "too many"),
    ({"Ann": [7], "GM": [1, 2, 3, 4, 5]}, "not a face"),
    ({"Ann": [1]}, "too few"),
])
def test_listed_dice_that_do_not_fit_are_refused_with_what_is_allowed(files, dice, message):
    write(files, "setup.yaml", base_setup())
    path = write(files, "scene.yaml", conflict(dice=dice))
    result, problems, _ = resolve_scene(path, None)
    assert result is None
    [p] = [p for p in problems if p.is_error]
    assert message in p.message and p.rule.startswith("roll.") and p.line > 0


def test_dice_listed_for_a_scene_that_rolls_none_are_refused(files):
    write(files, "setup.yaml", mutate(lambda s: s.update(episodes=[])))
    path = write(files, "scene.yaml", {**conflict(), "type": "drive-switch", "dice": {"Ann": [1]}})
    result, problems, _ = resolve_scene(path, None)
    assert result is None and "rolls no dice" in problems[-1].message


# -- the loser's own split of Relationship losses ---------------------------------------

def _kit_and_lu(s):
    met_all(s)
    s["disengaged"] = [["Ann", "Nox"]]  # Nox resumes the Encounter Ann broke off
    who(s, "Ann").update(relationships=[{"npc": "Kit", "value": 3}, {"npc": "Lu", "value": 2}], conflict_pool=6)


def _three_victories(**ann) -> dict:
    return encounter(side("Nox", gamble=3), side("Ann", gamble=1, relationships_used=["Kit", "Lu"], **ann),
                     resumed=True, dice={"Nox": [1, 1, 1], "Ann": [2] * 8})


def test_the_loser_may_put_every_victory_on_one_relationship_and_lose_it(files):
    """The rule text's other option: all three points on the Relationship at two."""
    result = roll(files, mutate(_kit_and_lu), _three_victories(losses={"Lu": 3}))
    # Lu is gone; Kit keeps its value and, the loss being a failure, rests for 3 (issue 27)
    assert changes(result)[("Ann", ("relationships",))][1] == [{"npc": "Kit", "value": 3, "resting": 3}]
    assert any("as its player chose" in s.text for s in result.steps)
    assert any(s.data.get("npc_lost") == "Lu" for s in result.steps)


def test_without_losses_the_highest_value_pays_first(files):
    result = roll(files, mutate(_kit_and_lu), _three_victories())
    assert any("from the highest first" in s.text for s in result.steps)


@pytest.mark.parametrize("losses, message", [
    ({"Kit": 1, "Lu": 1}, "take 2 points, but Ann owes 3"),
    ({"Kit": 2, "Lu": 2}, "take 4 points, but Ann owes 3"),
])
def test_a_split_that_does_not_add_up_to_the_victories_is_refused(files, losses, message):
    write(files, "setup.yaml", mutate(_kit_and_lu))
    path = write(files, "scene.yaml", _three_victories(losses=losses))
    result, problems, _ = resolve_scene(path, None)
    assert result is None
    [p] = [p for p in problems if p.is_error]
    assert p.rule == "fight-sphere.relationship-loss" and message in p.message and p.line > 0 and p.hint


def test_a_split_recorded_for_the_winner_is_refused(files):
    def kit(s):
        met_all(s)
        s["disengaged"] = [["Ann", "Nox"]]
        who(s, "Nox").update(relationships=[{"npc": "Kit", "value": 1}])
    scene = encounter(side("Nox", relationships_used=["Kit"], losses={"Kit": 1}), side("Ann"),
                      resumed=True, dice={"Nox": [1, 1], "Ann": [2]})
    assert refused(files, mutate(kit), scene) == {"fight-sphere.relationship-loss"}


@pytest.mark.parametrize("losses", [{"Ida": 1, "Kit": 2}, {"Lu": 4}, {"Kit": -1, "Lu": 4}])
def test_a_split_naming_a_relationship_outside_the_roll_or_taking_more_than_it_has_is_refused(files, losses):
    """Lu at 2 can take 3 points (it is then below zero and gone), not 4; Ida is not in the roll."""
    write(files, "setup.yaml", mutate(_kit_and_lu))
    path = write(files, "scene.yaml", _three_victories(losses=losses))
    result, problems, _ = resolve_scene(path, None)
    assert result is None
    assert rules(problems, "error") == {"fight-sphere.relationship-loss"}


def test_an_encounters_winner_is_offered_one_reward_and_a_losing_pc_gives_the_gm_a_cut_scene(files):
    result = roll(files, mutate(_kit_and_lu), _three_victories())
    offers = [s for s in result.steps if "reward_options" in s.data]
    assert [s.data["reward_options"] for s in offers] == ["Nox"]
    assert "ONE of" in offers[0].text and "the GM may" in offers[0].text
    [cut] = [s for s in result.steps if s.data.get("failing")]
    assert cut.data["failing"] == "Ann" and "Vex" in cut.data["npc_gladiators"]


def test_a_tied_encounter_offers_no_reward_and_no_cut_scene(files):
    scene = encounter(side("Ann"), side("Nox"), dice={"Ann": [2], "Nox": [2]})
    result = roll(files, mutate(met_all), scene)
    assert result.outcome == "true-tie"
    assert not [s for s in result.steps if "reward_options" in s.data or "failing" in s.data]


def test_an_npc_gladiator_losing_gives_no_cut_scene(files):
    scene = encounter(side("Ann"), side("Nox"), dice={"Ann": [1], "Nox": [2]})
    result = roll(files, mutate(met_all), scene)
    assert [s.data["reward_options"] for s in result.steps if "reward_options" in s.data] == ["Ann"]
    assert not [s for s in result.steps if "failing" in s.data]
