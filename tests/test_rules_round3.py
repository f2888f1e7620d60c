"""Issue 19, rules faithfulness round 3: each rule with a case that breaks it and one that keeps it.

Dirt (an incapacitated character can still be struck), contest (an assistant accumulates no
penalty dice), Isolation (going alone against a character has no Difficulty), Sapio (Special
Talents that change the TN, a debilitated character cannot act) and Fight Sphere (who is in
which Episode), plus the readings the issue asked to write down.
"""

from __future__ import annotations

import json

import yaml

SCOUT = "system: dirt\nname: Scout\nstats: {mental: 3, physical: 4, social: 3}\njob: Park ranger\nhobby: Birdwatching\n"
FRAIL = "system: dirt\nname: Frail\nstats: {mental: 1, physical: 1, social: 1}\njob: Clerk\nhobby: Chess\n"


def roll_json(run, path, *args):
    result = run("roll", path, "--json", *args)
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


# -- Dirt: "an incapacitated character may not declare an action or oppose an action" ---------------

def dirt_fight(files, frail_extra: str, scout_dice: str, damage: str, ambush: bool, frail_first: bool = False):
    files.write("scout.yaml", SCOUT)
    files.write("frail.yaml", FRAIL + frail_extra)
    sides = ["  - {character: scout.yaml, stat: physical, dice: %s}" % scout_dice,
             "  - {character: frail.yaml, stat: physical}"]
    if frail_first:
        sides.reverse()
    return files.write("blow.yaml", "system: dirt\nkind: scene\ntype: opposed\nfight: true\n"
                       + ("ambush: true\n" if ambush else "") + "sides:\n" + "\n".join(sides)
                       + f"\ndamage_dice: {damage}\n")


def reductions_after(out: dict) -> dict:
    return {c["field"][1]: c["after"] for c in out["changes"] if c["field"][0] == "reductions"}


def test_an_incapacitated_target_can_be_ambushed_and_killed_over_several_blows(files, run):
    # blow 1: 4 degrees against an unaware target → injured, two damage rolls: mental and physical
    first = roll_json(run, dirt_fight(files, "", "[5, 5, 5, 5]", "[1, 3]", ambush=True))
    assert reductions_after(first) == {"mental": 1, "physical": 1}
    assert any(s.get("incapacitated") for s in first["steps"])
    # blow 2 on the incapacitated character: refused before issue 19, now it lands and kills
    extra = "reductions: " + json.dumps(reductions_after(first)) + "\n"
    second = roll_json(run, dirt_fight(files, extra, "[5, 5, 5, 1]", "[6]", ambush=True))
    assert second["outcome"] == "win:Scout"
    assert reductions_after(second) == {"social": 1}
    assert any(s.get("dead") for s in second["steps"])


def test_an_incapacitated_target_does_not_oppose_a_plain_attack_either(files, run):
    out = roll_json(run, dirt_fight(files, "reductions: {mental: 1}\n", "[5, 5, 5, 1]", "[3]", ambush=False))
    step = next(s for s in out["steps"] if s.get("character") == "Frail" and "degrees" in s)
    assert (step["incapacitated"], step["degrees"]) == (True, 0)
    assert "may not oppose" in step["text"]
    # 3 degrees to 0: hurt, one damage roll (3: physical)
    assert out["outcome"] == "win:Scout" and reductions_after(out) == {"physical": 1}


def test_dice_listed_for_an_incapacitated_target_are_refused(files, run):
    path = dirt_fight(files, "reductions: {mental: 1}\n", "[5, 5, 1, 1]", "[]", ambush=False)
    text = path.read_text().replace("stat: physical}", "stat: physical, dice: [1]}")
    result = run("roll", files.write("blow.yaml", text))
    assert result.exit_code == 1 and "rolls no dice here" in result.output


def test_an_incapacitated_character_still_may_not_declare_an_attack(files, run):
    result = run("roll", dirt_fight(files, "reductions: {mental: 1}\n", "[5, 5, 1, 1]", "[]", ambush=False,
                                    frail_first=True))
    assert result.exit_code == 1
    assert "dirt.incapacitated" in result.output and "may not declare an action" in result.output
