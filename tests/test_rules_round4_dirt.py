"""Issue 27, rules faithfulness round 4 — Games to Play in the Dirt: a disruption over several exchanges.

"-1: The target is disrupted, meaning … if an opposed check, the first degree of success for the
next action will not count"; "-2: … controlled, meaning that the character is both disrupted and …".
"""

from __future__ import annotations

import yaml

from conftest import roll_json

MOSS = "system: dirt\nname: Moss\nstats: {mental: 2, physical: 5, social: 3}\njob: Roofer\nhobby: Skateboarding\n"
SCOUT = "system: dirt\nname: Scout\nstats: {mental: 3, physical: 4, social: 3}\njob: Park ranger\nhobby: Birdwatching\n"


def exchange(files, moss_extra: str, scout_dice: str, moss_dice: str):
    files.write("moss.yaml", MOSS + moss_extra)
    files.write("scout.yaml", SCOUT)
    return files.write("fight.yaml", "system: dirt\nkind: scene\ntype: opposed\nfight: true\nsides:\n"
                       f"  - {{character: scout.yaml, stat: physical, dice: {scout_dice}}}\n"
                       f"  - {{character: moss.yaml, stat: physical, dice: {moss_dice}}}\n")


def applied(files, run, scene) -> dict:
    out = files.root / "out"
    result = run("roll", scene, "--apply", "--out", out)
    assert result.exit_code == 0, result.output
    assert run("validate", out / "moss.yaml").exit_code == 0  # the copy reads back
    return yaml.safe_load((out / "moss.yaml").read_text(encoding="utf-8"))


def test_a_disrupted_character_losing_by_two_again_ends_disrupted(files, run):
    # Scout 3 degrees; Moss 2 rolled, the first not counting: 1 → loses by 2, controlled, disrupted anew
    scene = exchange(files, "disrupted: true\n", "[5, 5, 5, 1]", "[5, 5, 1, 1, 1]")
    out = roll_json(run, scene)
    moss = [c for c in out["changes"] if c["who"] == "Moss" and c["field"] == ["disrupted"]]
    assert [(c["before"], c["after"]) for c in moss] == [(True, False), (False, True)]
    assert "the new disruption stands" in moss[-1]["text"]
    assert applied(files, run, scene)["disrupted"] is True


def test_a_character_not_disrupted_losing_by_two_ends_disrupted_once(files, run):
    scene = exchange(files, "", "[5, 5, 5, 1]", "[5, 1, 1, 1, 1]")
    moss = [c for c in roll_json(run, scene)["changes"] if c["who"] == "Moss" and c["field"] == ["disrupted"]]
    assert [(c["before"], c["after"]) for c in moss] == [(False, True)]
    assert applied(files, run, scene)["disrupted"] is True


def test_a_disrupted_character_with_no_degrees_spends_the_disruption(files, run):
    # Moss rolls nothing that counts: no first degree to lose, and the disruption is spent all the same
    scene = exchange(files, "disrupted: true\n", "[1, 1, 1, 1]", "[1, 1, 1, 1, 1]")
    out = roll_json(run, scene)
    assert out["outcome"] == "tie"
    step = next(s for s in out["steps"] if s.get("character") == "Moss" and "degrees" in s)
    assert step["degrees"] == 0 and "the disruption is spent" in step["text"]
    assert applied(files, run, scene)["disrupted"] is False


def test_a_disrupted_character_with_degrees_loses_the_first_and_spends_it(files, run):
    scene = exchange(files, "disrupted: true\n", "[5, 1, 1, 1]", "[5, 5, 1, 1, 1]")
    out = roll_json(run, scene)
    step = next(s for s in out["steps"] if s.get("character") == "Moss" and "degrees" in s)
    assert step["degrees"] == 1 and out["outcome"] == "tie"
    assert applied(files, run, scene)["disrupted"] is False


# -- rounds: simultaneous actions, held actions, control, points lost and coming back ---------

WREN = "{name: Wren, stats: {mental: 4, physical: 2, social: 3}, job: Nurse, hobby: Chess}"


def table(files, moss_extra: str = "") -> None:
    files.write("moss.yaml", MOSS + moss_extra)
    files.write("scout.yaml", SCOUT)
    files.write("table.yaml", "system: dirt\nkind: setup\nname: Creek\ncharacters: [scout.yaml, moss.yaml, "
                              f"{WREN}]\n")


def round_of(files, *actions: str, name: str = "round.yaml"):
    return files.write(name, "system: dirt\nkind: scene\ntype: round\nsetup: table.yaml\nactions:\n"
                       + "".join(f"  - {a}\n" for a in actions))


def attack(scout_dice: str, moss_dice: str, damage: str = "[]", against: str = "Moss") -> str:
    return ("{type: opposed, fight: true, sides: [{character: Scout, stat: physical, dice: %s}, "
            "{character: %s, stat: physical, dice: %s}], damage_dice: %s}" % (scout_dice, against, moss_dice, damage))


MOSS_THINKS = "{type: unopposed, character: Moss, stat: mental, difficulty: simple, dice: [5, 1]}"


def changed(out: dict, who: str) -> dict:
    return {tuple(c["field"]): c["after"] for c in out["changes"] if c["who"] == who}


def test_a_character_dropped_this_round_still_performs_its_action(files, run):
    table(files)
    # Scout 5 degrees to none: wounded, three damage rolls (1, 2: mental; 3: physical) → mental 0, incapacitated
    out = roll_json(run, round_of(files, attack("[6, 5, 5, 5, 5]", "[1, 1, 1, 1, 1]", "[1, 2, 3]"), MOSS_THINKS))
    assert out["outcome"] == "round"
    assert "Moss, simple mental check: success" in out["summary"]
    texts = [s["text"] for s in out["steps"]]
    assert any("still performs its action" in t and "[dirt.simultaneous]" in t for t in texts)
    assert any("rolls the 2 dice it had as the round began" in t for t in texts)
    assert changed(out, "Moss")[("lost", "session", "mental")] == 2


def test_the_next_round_an_incapacitated_character_may_not_act(files, run):
    table(files)
    folder = files.root / "out"
    first = round_of(files, attack("[6, 5, 5, 5, 5]", "[1, 1, 1, 1, 1]", "[1, 2, 3]"))
    assert run("roll", first, "--apply", "--out", folder).exit_code == 0
    assert run("validate", folder / "table.yaml").exit_code == 0
    state = yaml.safe_load((folder / "table.yaml").read_text())
    moss = next(c for c in state["characters"] if c["name"] == "Moss")
    assert moss["lost"] == {"session": {"mental": 2, "physical": 1}} and moss["controlled"] is True
    files.write("out/next.yaml", "system: dirt\nkind: scene\ntype: round\nsetup: table.yaml\nactions:\n"
                                 f"  - {MOSS_THINKS}\n")
    result = run("roll", folder / "next.yaml")
    assert result.exit_code == 1 and "dirt.incapacitated" in result.output


def test_a_point_lost_comes_back_when_its_combat_ends_and_not_before(files, run):
    # hurt (lost by 3): one physical point until the end of the combat; injured points wait for the scene
    table(files, "lost: {scene: {social: 1}}\n")
    out = roll_json(run, round_of(files, attack("[5, 5, 5, 1]", "[1, 1, 1, 1, 1]", "[4]")))
    assert changed(out, "Moss")[("lost", "combat", "physical")] == 1
    assert any(s.get("until") == "combat" and "[dirt.lost-until]" in s["text"] for s in out["steps"])
    folder = files.root / "out"
    assert run("roll", round_of(files, attack("[5, 5, 5, 1]", "[1, 1, 1, 1, 1]", "[4]")), "--apply",
               "--out", folder).exit_code == 0
    files.write("out/over.yaml", "system: dirt\nkind: scene\ntype: end\nsetup: table.yaml\nends: combat\n")
    end = roll_json(run, folder / "over.yaml")
    assert end["outcome"] == "end:combat"
    assert changed(end, "Moss") == {("lost", "combat", "physical"): 0, ("controlled",): False}
    files.write("out/scene-over.yaml", "system: dirt\nkind: scene\ntype: end\nsetup: table.yaml\nends: scene\n")
    assert changed(roll_json(run, folder / "scene-over.yaml"), "Moss")[("lost", "scene", "social")] == 0


def test_a_controlled_character_may_only_react_to_attackers_for_one_round(files, run):
    table(files, "controlled: true\n")
    moss_attacks = ("{type: opposed, fight: true, sides: [{character: Moss, stat: physical, dice: [5, 1, 1, 1, 1]}, "
                    "{character: Scout, stat: physical, dice: [1, 1, 1, 1]}], damage_dice: []}")
    refused = run("roll", round_of(files, moss_attacks))
    assert refused.exit_code == 1 and "dirt.controlled" in refused.output and "round.yaml:6:" in refused.output
    # reacting to Scout's attack is allowed; a tie harms no one, and the control ends with the round
    out = roll_json(run, round_of(files, attack("[5, 1, 1, 1]", "[5, 1, 1, 1, 1]")))
    assert changed(out, "Moss") == {("controlled",): False}
    assert any("no longer controlled [dirt.controlled]" in s["text"] for s in out["steps"])


def test_a_controlled_character_in_a_one_check_scene_may_not_declare(files, run):
    files.write("moss.yaml", MOSS + "controlled: true\n")
    files.write("scout.yaml", SCOUT)
    path = files.write("c.yaml", "system: dirt\nkind: scene\ntype: unopposed\ncharacter: moss.yaml\nstat: mental\n"
                                 "difficulty: simple\n")
    result = run("roll", path)
    assert result.exit_code == 1 and "dirt.controlled" in result.output


def test_a_held_action_is_played_at_the_end_of_the_round(files, run):
    table(files)
    wren = "{type: unopposed, character: Wren, stat: mental, difficulty: average, dice: [5, 5, 1, 1], hold: %s}"
    held = roll_json(run, round_of(files, wren % "true", MOSS_THINKS))
    order = [s["action"] for s in held["steps"] if "action" in s]
    assert order == [2, 1]
    assert any("held and acts now, at the end of the round [dirt.hold]" in s["text"] for s in held["steps"])
    plain = roll_json(run, round_of(files, wren % "false", MOSS_THINKS))
    assert [s["action"] for s in plain["steps"] if "action" in s] == [1, 2]


def test_a_character_opposes_one_action_a_round_or_two_giving_up_its_own(files):
    table(files)
    wren_hits = attack("[5, 1, 1, 1]", "[1, 1, 1, 1, 1]").replace("Scout", "Wren")
    twice = round_of(files, attack("[5, 1, 1, 1]", "[1, 1, 1, 1, 1]"), wren_hits, MOSS_THINKS)
    problems = files.problems("round.yaml")
    assert [p.rule for p in problems] == ["dirt.round-actions"] and problems[0].path == ("actions", 1, "sides", 1,
                                                                                          "character")
    assert twice.exists()
    round_of(files, attack("[5, 1, 1, 1]", "[1, 1, 1, 1, 1]"), wren_hits)
    assert files.problems("round.yaml") == []
    round_of(files, MOSS_THINKS, MOSS_THINKS)
    assert [p.rule for p in files.problems("round.yaml")] == ["dirt.round-actions"]


def test_a_round_names_its_setup_and_characters_of_it(files):
    table(files)
    files.write("bad.yaml", "system: dirt\nkind: scene\ntype: round\nactions:\n  - " + MOSS_THINKS.replace("Moss", "Mos")
                + "\n")
    rules_found = {p.rule for p in files.problems("bad.yaml")}
    assert rules_found == {"dirt.scene-shape"}
    round_of(files, MOSS_THINKS.replace("Moss", "Mos"))
    assert {p.rule for p in files.problems("round.yaml")} == {"scene.unknown-character"}


# -- decision: a defender who wins a fight hurts the attacker ---------------------------------

def test_a_defender_who_wins_a_fight_hurts_the_attacker(files, run):
    # Scout attacks with no degree; Moss, defending, has 3: Scout is hurt, one point (die 3: physical) until the
    # combat ends
    path = exchange(files, "", "[1, 1, 1, 1]", "[5, 5, 5, 1, 1]")
    path.write_text(path.read_text() + "damage_dice: [3]\n")
    out = roll_json(run, path)
    assert out["outcome"] == "win:Moss"
    assert changed(out, "Scout") == {("disrupted",): True, ("controlled",): True, ("lost", "combat", "physical"): 1}
    assert changed(out, "Moss") == {}


def test_an_ambushed_defender_cannot_hurt_the_attacker(files, run):
    files.write("moss.yaml", MOSS)
    files.write("scout.yaml", SCOUT)
    path = files.write("a.yaml", "system: dirt\nkind: scene\ntype: opposed\nfight: true\nambush: true\nsides:\n"
                                 "  - {character: scout.yaml, stat: physical, dice: [1, 1, 1, 1]}\n"
                                 "  - {character: moss.yaml, stat: physical}\n")
    out = roll_json(run, path)
    assert out["outcome"] == "tie" and out["changes"] == []  # "strike with impunity on that first round"
