"""Issue 27, rules faithfulness round 4 — Fight Sphere: what earlier rolls left behind.

A Disengaged Encounter is recorded and only such a one is resumed; an NPC driven below zero
is recorded and never related to again; a PC defeated before The Core is left for dead; the
drive switch waits for the end of an Episode; NPC Gladiators frame no Conflicts.
"""

from __future__ import annotations

import yaml

from conftest import roll_json, rules
from test_fight_sphere_play import changes, refused, roll
from test_fight_sphere_rules import base_setup, conflict, encounter, mutate, problems_of, side, who, write


def met(*pairs) -> dict:
    return mutate(lambda s: s.update(met=[list(p) for p in pairs]))


def held_open(s: dict) -> None:
    s.update(met=[["Ann", "Nox"]], disengaged=[["Ann", "Nox"]])


# -- Disengaged Encounters --------------------------------------------------------------------

def test_a_successful_disengage_is_recorded_and_the_applied_setup_reads_back(files, run):
    write(files, "setup.yaml", met(["Ann", "Nox"]))
    scene = write(files, "scene.yaml", encounter(side("Ann", disengage=True), side("Nox"),
                                                 dice={"Ann": [1], "Nox": [2]}))
    out = roll_json(run, scene)
    [change] = [c for c in out["changes"] if c["field"] == ["disengaged"]]
    assert change["after"] == [["Ann", "Nox"]]
    assert any("[fight-sphere.disengaged]" in s["text"] for s in out["steps"])
    folder = files.root / "out"
    assert run("roll", scene, "--apply", "--out", folder).exit_code == 0
    assert run("validate", folder / "setup.yaml").exit_code == 0
    assert yaml.safe_load((folder / "setup.yaml").read_text())["disengaged"] == [["Ann", "Nox"]]
    # the GM resumes it from the applied setup, Nox holding the Initiative; the record is then used up
    resumed = files.write("out/resume.yaml", "system: fight-sphere\nkind: scene\nsetup: setup.yaml\ntype: encounter\n"
                                             "resumed: true\ngladiators: [{character: Nox}, {character: Ann}]\n"
                                             "dice: {Nox: [2], Ann: [2]}\n")
    again = roll_json(run, resumed)
    assert {tuple(c["field"]): c["after"] for c in again["changes"]}[("disengaged",)] == []


def test_a_failed_disengage_records_nothing(files):
    result = roll(files, met(["Ann", "Nox"]), encounter(side("Ann", disengage=True), side("Nox"),
                                                        dice={"Ann": [2], "Nox": [1]}))
    assert ("setup", ("disengaged",)) not in changes(result)


def test_an_encounter_never_disengaged_cannot_be_resumed(files):
    assert refused(files, met(["Ann", "Nox"]), encounter(side("Nox"), side("Ann"), resumed=True)) == \
        {"fight-sphere.disengaged"}


def test_the_gms_resume_cut_scene_needs_a_disengaged_encounter(files):
    scene = conflict(cut_scene={"gladiator": "Nox", "option": "resume-encounter"}, dice={"Ann": [2], "GM": [1] * 5})
    assert refused(files, met(["Ann", "Nox"]), scene) == {"fight-sphere.disengaged"}
    assert roll(files, mutate(held_open), scene).outcome == "failure"


def test_a_disengaged_pair_must_have_met_in_one_episode(files):
    assert rules(problems_of(files, mutate(lambda s: s.update(disengaged=[["Ann", "Nox"]])))) == \
        {"fight-sphere.disengaged"}  # never met
    across = mutate(lambda s: s.update(met=[["Ann", "Nox"]], disengaged=[["Ann", "Vex"]]))
    assert rules(problems_of(files, across)) == {"fight-sphere.disengaged"}  # different Episodes
    assert problems_of(files, mutate(held_open)) == []


def test_advancing_a_layer_ends_every_disengaged_encounter(files):
    def done(s):
        held_open(s)
        for name in ("Ann", "Ben"):
            who(s, name).update(state="knocked-out", conflict_pool=-1)
    result = roll(files, mutate(done), {**conflict(), "type": "advance", "character": None})
    assert changes(result)[("setup", ("disengaged",))] == ([["Ann", "Nox"]], [])


# -- NPCs removed from the game ---------------------------------------------------------------

def lu_lost(s: dict) -> None:
    s["met"] = [["Ann", "Nox"]]
    who(s, "Ann").update(relationships=[{"npc": "Kit", "value": 3}, {"npc": "Lu", "value": 2}])
    who(s, "Nox").update(relationships=[{"npc": "Ida", "value": 2}])


def test_an_npc_driven_below_zero_is_recorded_and_cannot_be_related_to_again(files, run):
    write(files, "setup.yaml", mutate(lu_lost))
    # Ann 1 gambled + Kit (4) + Lu (3) = 8 dice, no one; Nox 1 + Ida (3) = 4 dice, three ones: 3 Victories on Lu
    scene = write(files, "scene.yaml", encounter(
        side("Ann", gamble=1, relationships_used=["Kit", "Lu"], losses={"Lu": 3}), side("Nox", gamble=1,
                                                                                          relationships_used=["Ida"]),
        dice={"Ann": [2] * 8, "Nox": [1, 1, 1, 2]}))
    out = roll_json(run, scene)
    assert {tuple(c["field"]): c["after"] for c in out["changes"] if c["who"] == "setup"}[("removed_npcs",)] == ["Lu"]
    assert any("[fight-sphere.npc-removed]" in s["text"] for s in out["steps"])
    folder = files.root / "out"
    assert run("roll", scene, "--apply", "--out", folder).exit_code == 0
    assert run("validate", folder / "setup.yaml").exit_code == 0
    again = files.write("out/reward.yaml", "system: fight-sphere\nkind: scene\nsetup: setup.yaml\ntype: conflict\n"
                                           "character: Ann\nreward: new-relationship\nreward_npc: Lu\n")
    result = run("roll", again)
    assert result.exit_code == 1 and "fight-sphere.npc-removed" in result.output and "reward.yaml:7:" in result.output


def test_a_removed_npc_refuses_every_new_relationship_and_a_sheet_holding_one(files):
    gone = mutate(lambda s: s.update(removed_npcs=["Ida"]))
    assert refused(files, gone, conflict(reward="new-relationship", reward_npc="ida")) == {"fight-sphere.npc-removed"}
    cut = {"gladiator": "Vex", "option": "new-relationship", "npc": "Ida"}
    assert refused(files, gone, conflict(cut_scene=cut)) == {"fight-sphere.npc-removed"}
    assert problems_of(files, gone, conflict(reward="new-relationship", reward_npc="Kit")) == []
    assert rules(problems_of(files, mutate(lambda s: s.update(removed_npcs=["Marrow"])))) == {"fight-sphere.npc-removed"}


# -- PCs left for dead, and The Core ----------------------------------------------------------

def test_a_pc_defeated_before_the_core_is_left_for_dead_not_dead(files):
    def poor(s):
        s["met"] = [["Ann", "Nox"]]
        who(s, "Ann").update(conflict_pool=0)
    result = roll(files, mutate(poor), encounter(side("Ann"), side("Nox"), dice={"Ann": [2], "Nox": [1]}))
    assert changes(result)[("Ann", ("state",))] == ("active", "knocked-out")
    assert any("left for dead" in s.text and "[fight-sphere.left-for-dead]" in s.text for s in result.steps)


def test_a_pc_marked_dead_off_the_core_is_an_error_and_at_the_core_is_not(files):
    dead = mutate(lambda s: who(s, "Ben").update(state="dead", conflict_pool=-1))
    assert rules(problems_of(files, dead), "error") == {"fight-sphere.left-for-dead"}

    def core(s):
        s.update(core=True, episodes=[["Ann", "Ben"]])
        for name in ("Nox", "Vex"):
            who(s, name).update(state="dead", conflict_pool=-1)
        who(s, "Ben").update(state="dead", conflict_pool=-1)
    assert "fight-sphere.left-for-dead" not in rules(problems_of(files, mutate(core)))


# -- the drive switch and who frames a Conflict -----------------------------------------------

def test_a_drive_switch_during_an_episode_is_refused(files):
    assert refused(files, base_setup(), {**conflict(), "type": "drive-switch"}) == {"fight-sphere.drive-switch"}


def test_a_drive_switch_once_out_of_the_episode_or_between_episodes_is_played(files):
    out = mutate(lambda s: who(s, "Ann").update(state="knocked-out", conflict_pool=-1))
    assert roll(files, out, {**conflict(), "type": "drive-switch"}).outcome == "drive-switched"
    between = mutate(lambda s: s.update(episodes=[]))
    assert roll(files, between, {**conflict(), "type": "drive-switch"}).outcome == "drive-switched"


def test_an_npc_gladiator_does_not_frame_a_conflict(files):
    assert refused(files, base_setup(), conflict(character="Nox")) == {"fight-sphere.initiative"}
    assert roll(files, base_setup(), conflict(dice={"Ann": [1], "GM": [2] * 5})).outcome == "success"


# -- decision: the loser of an Encounter failed its Conflict, so what it bought rests -------

def test_the_loser_of_an_encounter_rests_the_relationships_in_its_roll_after_the_losses(files):
    def both(s):
        lu_lost(s)
        who(s, "Ann").update(relationships=[{"npc": "Kit", "value": 3}, {"npc": "Lu", "value": 2}])
    # 3 Victories from the highest first: Kit 3 → 1, Lu 2 → 1; each then rests for its new value
    result = roll(files, mutate(both), encounter(side("Ann", gamble=1, relationships_used=["Kit", "Lu"]),
                                                 side("Nox", gamble=1, relationships_used=["Ida"]),
                                                 dice={"Ann": [2] * 8, "Nox": [1, 1, 1, 2]}))
    c = changes(result)
    assert c[("Ann", ("relationships", 0, "resting"))] == (0, 1) and c[("Ann", ("relationships", 1, "resting"))] == (0, 1)
    assert any("[fight-sphere.relationship-resting]" in s.text for s in result.steps)
    assert any(s.data.get("cut_scene", "x") is None and s.data.get("failing") == "Ann" for s in result.steps)
    # the winner's Relationship does not rest
    assert ("Nox", ("relationships", 0, "resting")) not in c
