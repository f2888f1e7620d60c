"""Fight Sphere: Gladiator, setup and scene rules (rule text 000, first half)."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from conftest import rules
from playaid.games.fight_sphere.gladiators import Gladiator, Relationship, rated
from playaid.games.fight_sphere.sphere import Setup, threshold

BACKSTORY = " ".join(["before"] * 60)


def gladiator(name: str, player: str, role: str = "pc", drive: str = "death-wish", **extra) -> dict:
    return {"name": name, "player": player, "role": role, "backstory": BACKSTORY, "drive": drive,
            "weapon": "a pipe", **extra}


def base_setup() -> dict:
    return {"system": "fight-sphere", "kind": "setup", "name": "Rust", "layer": 1, "players": ["Alice", "Bob"],
            "characters": [gladiator("Ann", "Alice", relationships=[{"npc": "Marrow", "value": 2}]),
                           gladiator("Ben", "Bob", drive="reason-to-live"),
                           gladiator("Nox", "Alice", role="npc"),
                           gladiator("Vex", "Bob", role="npc", drive="reason-to-live")],
            "episodes": [["Ann", "Nox"], ["Ben", "Vex"]]}


def conflict(**extra) -> dict:
    return {"system": "fight-sphere", "kind": "scene", "setup": "setup.yaml", "type": "conflict",
            "character": "Ann", **extra}


def encounter(*sides: dict, **extra) -> dict:
    return {"system": "fight-sphere", "kind": "scene", "setup": "setup.yaml", "type": "encounter",
            "gladiators": list(sides), **extra}


def who(setup: dict, name: str) -> dict:
    return next(c for c in setup["characters"] if c["name"] == name)


def write(files, name: str, doc: dict) -> Path:
    return files.write(name, yaml.safe_dump(doc, sort_keys=False, allow_unicode=True))


def problems_of(files, setup: dict, scene: dict | None = None):
    write(files, "setup.yaml", setup)
    if scene is None:
        return files.problems("setup.yaml")
    write(files, "scene.yaml", scene)
    return files.problems("scene.yaml")


# -- the examples and the models -------------------------------------------------------

def test_the_examples_keep_every_rule(files):
    for name in ("campaign.yaml", "bo.yaml", "dana.yaml", "scene-conflict.yaml", "scene-encounter.yaml"):
        for other in ("campaign.yaml", "bo.yaml", "dana.yaml"):
            files.copy_example("fight-sphere", other)
        files.copy_example("fight-sphere", name)
        assert files.problems(f"fight-sphere/{name}") == [], name


def test_the_base_setup_and_a_plain_conflict_keep_every_rule(files):
    assert problems_of(files, base_setup(), conflict()) == []


def test_threshold_is_four_plus_the_layer():
    assert [threshold(n) for n in (1, 2, 5)] == [5, 6, 9]
    assert Setup(name="x", players=[], characters=[], layer=3).threshold() == 7


@pytest.mark.parametrize("drive, value, dice", [("death-wish", 2, 3), ("death-wish", 0, 1),
                                                ("reason-to-live", 2, 1), ("reason-to-live", 0, 0)])
def test_relationships_are_rated_by_the_drive_and_never_below_zero(drive, value, dice):
    g = Gladiator(name="A", role="pc", drive=drive, relationships=[Relationship("M", value)])
    assert rated(value, drive) == dice == g.rated(g.relationships[0])


def test_a_gladiator_starts_with_a_conflict_pool_of_five_and_active():
    g = Gladiator(name="A", role="pc")
    assert (g.conflict_pool, g.state, g.judgment_pool, g.switched) == (5, "active", None, False)


# -- Gladiators ------------------------------------------------------------------------

def character(files, **over):
    doc = {"system": "fight-sphere", **gladiator("Ann", "Alice"), **over}
    doc = {k: v for k, v in doc.items() if v is not None}
    write(files, "ann.yaml", doc)
    return files.problems("ann.yaml")


@pytest.mark.parametrize("over", [{"drive": None}, {"drive": "revenge"}])
def test_a_gladiator_without_a_drive_or_with_another_breaks_the_drive_rule(files, over):
    assert rules(character(files, **over), "error") == {"fight-sphere.drive"}


@pytest.mark.parametrize("drive", ["Death Wish", "reason to live", "Reason-To-Live"])
def test_a_drive_may_be_spelled_as_the_rules_write_it(files, drive):
    assert character(files, drive=drive) == []


@pytest.mark.parametrize("words, warned", [(49, True), (50, False), (100, False), (101, True)])
def test_the_backstory_is_fifty_to_a_hundred_words(files, words, warned):
    problems = character(files, backstory=" ".join(["w"] * words))
    assert (rules(problems, "warning") == {"fight-sphere.backstory"}) is warned
    assert rules(problems, "error") == set()


def test_a_gladiator_without_a_weapon_warns(files):
    assert rules(character(files, weapon=None), "warning") == {"fight-sphere.weapon"}


@pytest.mark.parametrize("over, broken", [
    ({"conflict_pool": -1}, True),
    ({"conflict_pool": 0}, False),
    ({"conflict_pool": -2, "state": "dead", "role": "npc"}, False),
])
def test_an_active_gladiators_conflict_pool_is_at_least_zero(files, over, broken):
    assert ("fight-sphere.conflict-pool" in rules(character(files, **over))) is broken


@pytest.mark.parametrize("rel, broken", [
    ({"npc": "M", "value": -1}, "fight-sphere.relationship-value"),
    ({"npc": "M", "value": 1, "resting": -1}, "fight-sphere.relationship-resting"),
])
def test_relationship_values_and_resting_counters_are_not_negative(files, rel, broken):
    assert rules(character(files, relationships=[rel])) == {broken}
    assert character(files, relationships=[{"npc": "M", "value": 0, "resting": 2}]) == []


def test_one_relationship_per_npc(files):
    twice = [{"npc": "Marrow", "value": 1}, {"npc": "marrow", "value": 2}]
    assert rules(character(files, relationships=twice)) == {"fight-sphere.relationship-duplicate"}
    assert character(files, relationships=[twice[0], {"npc": "Ida", "value": 2}]) == []


def test_npc_gladiators_are_dead_when_defeated_never_knocked_out(files):
    assert rules(character(files, role="npc", state="knocked-out", conflict_pool=-1)) == {"fight-sphere.state"}
    assert character(files, state="knocked-out", conflict_pool=-1, judgment_pool=5) == []


@pytest.mark.parametrize("over", [{"judgment_pool": 5}, {"judgment_pool": 5, "role": "npc", "state": "last-standing"},
                                  {"judgment_pool": -1, "state": "last-standing"}])
def test_a_judgment_pool_belongs_to_a_player_whose_gladiator_is_out(files, over):
    assert rules(character(files, **over)) == {"fight-sphere.judgment-pool"}


def test_a_last_standing_gladiators_player_may_hold_a_judgment_pool(files):
    assert character(files, state="last-standing", judgment_pool=7) == []


def test_a_drive_switched_back_again_is_two_switches(files):
    assert rules(character(files, previous_drive="death-wish")) == {"fight-sphere.drive-switch"}
    assert character(files, previous_drive="reason-to-live", drive_switched=True) == []


# -- setups ----------------------------------------------------------------------------

def mutate(fn):
    setup = base_setup()
    fn(setup)
    return setup


SETUP_BREAKS = {
    "fight-sphere.layer": lambda s: s.update(layer=0),
    "fight-sphere.gladiators-per-player": lambda s: s["players"].append("Cy"),
    "fight-sphere.pc-per-player": lambda s: who(s, "Nox").update(role="pc"),
    "fight-sphere.unknown-player": lambda s: s["characters"].append(gladiator("Oz", "Dot", role="npc")),
    "fight-sphere.relationship-with-gladiator": lambda s: who(s, "Ben").update(relationships=[{"npc": "vex", "value": 1}]),
    "fight-sphere.episode-size": lambda s: s.update(episodes=[["Ann"], ["Ben", "Vex", "Nox"]]),
    "fight-sphere.one-episode": lambda s: s.update(episodes=[["Ann", "Nox"], ["Ben", "Vex", "Ann"]]),
    # Ann marked Last Man Standing while the NPC Gladiator of her Episode is still active
    "fight-sphere.last-standing": lambda s: who(s, "Ann").update(state="last-standing"),
    "fight-sphere.core": lambda s: s.update(core=True, episodes=[["Ann", "Ben"]]),
    "fight-sphere.pair": lambda s: s.update(met=[["Ann", "ann"]]),
    "fight-sphere.truce": lambda s: s.update(truces=[["Ann", "Nox"]]),
}


@pytest.mark.parametrize("rule", SETUP_BREAKS)
def test_each_setup_rule_is_reported_when_broken(files, rule):
    assert rules(problems_of(files, mutate(SETUP_BREAKS[rule]))) == {rule}


def test_the_last_man_standing_is_the_only_one_left_in_the_episode(files):
    def ended(s):
        who(s, "Ann").update(state="last-standing")
        who(s, "Nox").update(state="dead", conflict_pool=-1)
    assert problems_of(files, mutate(ended)) == []
    [p] = problems_of(files, mutate(lambda s: (who(s, "Ann").update(state="last-standing"),
                                                s.update(episodes=[["Ann", "Nox", "Vex", "Ben"]]))))
    assert p.message == "Ann is marked Last Man Standing, but Nox, Vex, Ben are still in Episode 1"
    assert p.path == ("episodes", 0, 0)


def test_a_player_with_three_gladiators_and_one_pc_keeps_the_rules(files):
    setup = mutate(lambda s: s["characters"].append(gladiator("Oz", "Alice", role="npc")))
    assert problems_of(files, setup) == []


def test_setup_problems_point_into_the_inline_gladiator(files):
    [p] = problems_of(files, mutate(SETUP_BREAKS["fight-sphere.relationship-with-gladiator"]))
    assert p.path == ("characters", 1, "relationships", 0, "npc")


def test_a_relationship_with_a_gladiator_in_a_character_file_points_at_the_file_name(files):
    write(files, "ann.yaml", {"system": "fight-sphere", **gladiator("Ann", "Alice"),
                              "relationships": [{"npc": "Nox", "value": 1}]})
    setup = mutate(lambda s: s["characters"].__setitem__(0, "ann.yaml"))
    [p] = problems_of(files, setup)
    assert (p.rule, p.path) == ("fight-sphere.relationship-with-gladiator", ("characters", 0))


def test_an_episode_naming_a_stranger_is_refused(files):
    assert rules(problems_of(files, mutate(lambda s: s["episodes"][0].append("Zed")))) == {"scene.unknown-character"}


def core_setup(s: dict) -> None:
    s.update(core=True, layer=4, episodes=[["Ann", "Ben"]])
    for name in ("Nox", "Vex"):
        who(s, name).update(state="dead", conflict_pool=-1)


def test_the_core_holds_every_pc_and_only_once_every_npc_is_dead(files):
    assert problems_of(files, mutate(core_setup)) == []
    assert problems_of(files, mutate(lambda s: (core_setup(s), s.update(episodes=[])))) == []


@pytest.mark.parametrize("breaking", [
    lambda s: s.update(episodes=[["Ann", "Ben", "Nox"]]),
    lambda s: s.update(episodes=[["Ann", "Nox"], ["Ben", "Vex"]]),
    lambda s: who(s, "Ben").update(state="knocked-out", conflict_pool=-1, judgment_pool=8),
])
def test_the_core_is_one_episode_of_every_pc_where_defeat_is_death(files, breaking):
    setup = mutate(core_setup)
    breaking(setup)
    assert "fight-sphere.core" in rules(problems_of(files, setup))


def four_in_one(s: dict) -> None:
    s["episodes"] = [["Ann", "Nox", "Ben", "Vex"]]
    s["truces"] = [["Ann", "Ben"]]


def test_a_truce_among_four_in_an_episode_keeps_the_rules(files):
    assert problems_of(files, mutate(four_in_one)) == []


def test_a_truce_ends_when_its_two_are_the_last_standing(files):
    def last_two(s):
        four_in_one(s)
        for name in ("Nox", "Vex"):
            who(s, name).update(state="dead", conflict_pool=-1)
    assert rules(problems_of(files, mutate(last_two))) == {"fight-sphere.truce"}


# -- scenes ----------------------------------------------------------------------------

def side(name: str, **extra) -> dict:
    return {"character": name, **extra}


SCENE_BREAKS = {
    "fight-sphere.scene-shape": (base_setup, lambda: conflict(character=None)),
    "fight-sphere.not-active": (lambda: mutate(lambda s: who(s, "Ann").update(
        state="knocked-out", conflict_pool=-1, judgment_pool=5)), conflict),
    "fight-sphere.relationship-use": (base_setup, lambda: conflict(relationships_used=["Ida"])),
    "fight-sphere.gamble": (base_setup, lambda: conflict(gamble=5, relationships_used=["Marrow"])),
    "fight-sphere.gamble-cap": (base_setup, lambda: encounter(side("Ann", gamble=1), side("Nox", gamble=2))),
    "fight-sphere.initiative": (base_setup, lambda: encounter(side("Nox"), side("Ann"))),
    "fight-sphere.encounter-episode": (base_setup, lambda: encounter(side("Ann"), side("Vex"))),
    "fight-sphere.betrayal": (base_setup, lambda: encounter(side("Ann", betrays=["Nox"]), side("Nox"))),
    "fight-sphere.truce": (lambda: mutate(four_in_one), lambda: encounter(side("Ann"), side("Ben"))),
    "fight-sphere.judgment-gamble": (base_setup, lambda: conflict(judgment=[{"character": "Ben", "dice": 1, "backs": "GM"}])),
    "fight-sphere.reward": (base_setup, lambda: conflict(reward="raise-relationship", reward_npc="Ida")),
    "fight-sphere.cut-scene": (base_setup, lambda: conflict(cut_scene={"gladiator": "Ben", "option": "pool"})),
    "fight-sphere.advance": (base_setup, lambda: {**conflict(), "type": "advance", "character": None}),
    "fight-sphere.drive-switch": (lambda: mutate(lambda s: who(s, "Ann").update(drive_switched=True)),
                                  lambda: {**conflict(), "type": "drive-switch"}),
}


def clean(doc: dict) -> dict:
    return {k: v for k, v in doc.items() if v is not None}


@pytest.mark.parametrize("rule", SCENE_BREAKS)
def test_each_scene_rule_is_reported_when_broken(files, rule):
    make_setup, make_scene = SCENE_BREAKS[rule]
    assert rules(problems_of(files, make_setup(), clean(make_scene()))) == {rule}


SCENE_KEEPS = [
    (base_setup, lambda: conflict(gamble=4, relationships_used=["Marrow"], background_relevant=True)),
    (base_setup, lambda: conflict(reward="raise-relationship", reward_npc="marrow")),
    (base_setup, lambda: conflict(reward="new-relationship", reward_npc="Ida",
                                  cut_scene={"gladiator": "Vex", "option": "new-relationship", "npc": "Ida"})),
    (base_setup, lambda: encounter(side("Ann", gamble=2), side("Nox", gamble=2))),
    # Ben (Reason To Live, one Relationship) meets Vex for the first time: 5 + 1 in the pool
    (lambda: mutate(lambda s: who(s, "Ben").update(relationships=[{"npc": "Ida", "value": 1}])),
     lambda: encounter(side("Ben", gamble=6), side("Vex"))),
    # the GM resumes the Encounter Ann broke off by Disengagement (issue 27)
    (lambda: mutate(lambda s: s.update(met=[["Ann", "Nox"]], disengaged=[["Ann", "Nox"]])),
     lambda: encounter(side("Nox"), side("Ann"), resumed=True)),
    (lambda: mutate(four_in_one), lambda: encounter(side("Ann", betrays=["Ben"]), side("Ben"))),
    (lambda: mutate(four_in_one), lambda: encounter(side("Ann"), side("Ben"), side("Nox"))),
    # Ben is the Last Man Standing of his Episode once Vex, its other Gladiator, is dead
    (lambda: mutate(lambda s: (who(s, "Ben").update(state="last-standing", judgment_pool=6),
                               who(s, "Vex").update(state="dead", conflict_pool=-1))),
     lambda: conflict(judgment=[{"character": "Ben", "dice": 6, "backs": "GM"}], dice={"Ann": [1], "gm": [1] * 11})),
    (lambda: mutate(lambda s: ([who(s, n).update(state="last-standing", judgment_pool=5) for n in ("Ann", "Ben")],
                               [who(s, n).update(state="dead", conflict_pool=-1) for n in ("Nox", "Vex")])),
     lambda: {**conflict(), "type": "advance", "character": None}),
    # between Episodes (issue 27: "The switch can not happen during an Episode")
    (lambda: mutate(lambda s: s.update(episodes=[])), lambda: {**conflict(), "type": "drive-switch"}),
]


@pytest.mark.parametrize("case", range(len(SCENE_KEEPS)))
def test_scenes_within_the_rules_are_accepted(files, case):
    make_setup, make_scene = SCENE_KEEPS[case]
    assert problems_of(files, make_setup(), clean(make_scene())) == []


@pytest.mark.parametrize("scene", [
    conflict(relationships_used=["Marrow", "Marrow"]),
    encounter(side("Ann"), side("Ann")),
    conflict(dice={"Ben": [1]}),
])
def test_scenes_with_twice_bought_relationships_repeated_gladiators_or_stray_dice_are_refused(files, scene):
    assert rules(problems_of(files, base_setup(), scene)) <= {"fight-sphere.relationship-use", "fight-sphere.scene-shape"}
    assert problems_of(files, base_setup(), scene)


def test_a_resting_relationship_cannot_be_bought(files):
    setup = mutate(lambda s: who(s, "Ann").update(relationships=[{"npc": "Marrow", "value": 2, "resting": 1}]))
    assert rules(problems_of(files, setup, conflict(relationships_used=["Marrow"]))) == {"fight-sphere.relationship-use"}


def test_a_scene_naming_a_gladiator_outside_the_cast_is_refused(files):
    assert rules(problems_of(files, base_setup(), conflict(character="Zed"))) == {"scene.unknown-character"}


def test_judgment_dice_beyond_the_pool_or_on_no_side_are_refused(files):
    setup = mutate(lambda s: who(s, "Ben").update(state="knocked-out", conflict_pool=-1, judgment_pool=2))
    too_many = conflict(judgment=[{"character": "Ben", "dice": 2, "backs": "GM"}, {"character": "Ben", "dice": 1, "backs": "Ann"}])
    assert rules(problems_of(files, setup, too_many)) == {"fight-sphere.judgment-gamble"}
    nowhere = conflict(judgment=[{"character": "Ben", "dice": 1, "backs": "Vex"}])
    assert rules(problems_of(files, setup, nowhere)) == {"fight-sphere.judgment-gamble"}


def test_a_new_relationship_with_a_gladiator_is_refused(files):
    scene = conflict(reward="new-relationship", reward_npc="Vex")
    assert rules(problems_of(files, base_setup(), scene)) == {"fight-sphere.relationship-with-gladiator"}


def test_a_cut_scene_of_a_dead_npc_is_refused(files):
    setup = mutate(lambda s: who(s, "Vex").update(state="dead", conflict_pool=-1))
    scene = conflict(cut_scene={"gladiator": "Vex", "option": "pool"})
    assert rules(problems_of(files, setup, scene)) == {"fight-sphere.cut-scene"}


def test_there_is_no_layer_below_the_core(files):
    setup = mutate(core_setup)
    # the Core's one Episode ends with Ann its Last Man Standing: Ben died there
    who(setup, "Ann").update(state="last-standing", judgment_pool=8)
    who(setup, "Ben").update(state="dead", conflict_pool=-1, judgment_pool=8)
    scene = {**conflict(), "type": "advance", "character": None}
    assert rules(problems_of(files, setup, clean(scene))) == {"fight-sphere.advance"}


# -- the rule text's Episode examples ---------------------------------------------------

FIVE = ["Alice", "Bob", "Cary", "Danny", "Elmer"]


def five_players(episodes: list[list[str]], dead_npcs: int = 0) -> dict:
    characters = []
    for i, p in enumerate(FIVE):
        characters.append(gladiator(p, p))
        characters.append(gladiator(f"{p}'s NPC", p, role="npc",
                                    **({"state": "dead", "conflict_pool": -1} if i < dead_npcs else {})))
    return {"system": "fight-sphere", "kind": "setup", "name": "Five", "players": FIVE,
            "characters": characters, "episodes": episodes}


def test_the_top_of_the_game_example_leaves_three_npc_gladiators_unused(files):
    episodes = [["Alice", "Cary", "Bob's NPC"], ["Bob", "Danny"], ["Elmer", "Alice's NPC"]]
    assert problems_of(files, five_players(episodes)) == []


def test_the_deeper_layer_example_cary_and_elmer_cannot_stand_alone(files):
    alone = [["Alice", "Bob", "Danny"], ["Cary"], ["Elmer", "Elmer's NPC"]]
    assert rules(problems_of(files, five_players(alone, dead_npcs=4))) == {"fight-sphere.episode-size"}
    together = [["Alice", "Bob", "Danny"], ["Cary", "Elmer", "Elmer's NPC"]]
    assert problems_of(files, five_players(together, dead_npcs=4)) == []
