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


# -- contest: "the character doing the assisting is not subject to accumulating penalty dice" --------

HARROW = """system: contest
name: Ensign Tomas Harrow
attributes: {Strength: d6, Agility: d8}
penalty_dice: []
"""
VARGA = "system: contest\nname: Captain Ilse Varga\nattributes: {Nerve: d8}\n"


def cover_contest(files, to: str, penalty_to: str):
    files.write("harrow.yaml", HARROW)
    files.write("varga.yaml", VARGA)
    files.write("crew.yaml", "system: contest\nkind: setup\nname: Meridian\ncharacters: [harrow.yaml, varga.yaml]\n")
    return files.write("cover.yaml", f"""system: contest
kind: scene
setup: crew.yaml
goal: Draw the guards' eyes
condition: {{die: d8, name: Cover{', to: ' + to if to else ''}}}
sides:
  - {{name: Harrow, character: Ensign Tomas Harrow, assets: {{attribute: Agility}}, rolled: [2]}}
  - {{name: Guards, dice: [d10, d10, d10], rolled: [9, 8, 1]}}
spend:
  - {{by: Guards, penalty: d6, to: {penalty_to}, name: Bruised}}
""")


def test_a_penalty_die_bought_against_an_assistant_is_refused(files, run):
    for target in ("Harrow", "Ensign Tomas Harrow"):  # the side or the character
        result = run("roll", cover_contest(files, "Captain Ilse Varga", target))
        assert result.exit_code == 1, result.output
        assert "contest.assist-penalty" in result.output and "assisting Captain Ilse Varga" in result.output
        assert "cover.yaml:10:" in result.output  # the order's `to:`


def test_a_character_seeking_a_condition_die_for_themself_still_takes_penalty_dice(files, run):
    out = roll_json(run, cover_contest(files, "", "Harrow"))
    assert out["outcome"] == "win:Guards"
    [change] = out["changes"]
    assert change["who"] == "Ensign Tomas Harrow" and change["after"] == [{"name": "Bruised", "die": "d6"}]


def test_naming_oneself_as_the_one_helped_is_not_assisting(files, run):
    out = roll_json(run, cover_contest(files, "Ensign Tomas Harrow", "Harrow"))
    assert [c["field"] for c in out["changes"]] == [["penalty_dice"]]


# -- Isolation: going alone against a character: "the GM doesn't assign a Difficulty" ---------------

from test_isolation_play import data, roll as isolation_roll, table as isolation_table  # noqa: E402

from playaid.systems.isolation.interpretation import active_dice, lone_green_dice  # noqa: E402

ALONE_AGAINST_EVE = """
active: Bob Tanner
persuade: []
against: Eve Lindqvist
modifiers: [{who: Bob Tanner, green: 2, why: he is a carpenter and this is wood}]
"""


def test_going_alone_against_a_character_needs_no_difficulty_and_rolls_modifier_greens_only(files):
    isolation_table(files, stress=1)
    result, problems = isolation_roll(files, ALONE_AGAINST_EVE + """dice:
  Bob Tanner: {green: [2, 4], red: [3]}
  Eve Lindqvist: {red: [3, 2, 2, 2, 2]}
""")
    assert problems == [] and result is not None
    # Bob: 2 green dice (the modifier only, no Difficulty) → 2 evens, less his 1 red odd (Stress 1) = 1;
    # Eve: 2 red links + (3 living − 1) + Stress 1 = 5 red dice → 1 odd; 1 − 1 = 0
    assert any("assigns no Difficulty" in s.text for s in result.steps)
    assert data(result, "pooled") == [1] and data(result, "red_odds")[-1] == 1 and data(result, "net") == [0]
    assert result.outcome == "partial-success"


def test_a_difficulty_set_when_going_alone_against_a_character_is_refused(files):
    isolation_table(files, stress=1)
    _, problems = isolation_roll(files, ALONE_AGAINST_EVE + "difficulty: 2\n")
    [p] = problems
    assert p.rule == "isolation.scene-shape" and "even going it alone" in p.message
    assert p.path == ("difficulty",)


def test_going_alone_at_a_task_still_needs_the_difficulty(files):
    isolation_table(files, stress=1)
    _, problems = isolation_roll(files, "active: Bob Tanner\npersuade: []\n")
    [p] = problems
    assert p.rule == "isolation.scene-shape" and "lone actor rolls it in green dice" in p.message


def test_the_lone_green_dice_and_the_group_pool_count_the_stress_once():
    assert lone_green_dice(3, against_a_character=False) == 3
    assert lone_green_dice(None, against_a_character=True) == 0
    # Bob asks Alice (2 green, 1 red link) and Eve (1 green, 2 red) at Stress 2: 3 green, 5 red — not 7
    assert active_dice([2, 1], [1, 2], 2) == (3, 5)
    assert active_dice([2], [1], 2) == (2, 3)


def test_a_character_not_asked_who_turns_hostile_takes_a_red_link_one_who_stays_neutral_none(files):
    def failing(eve: str) -> list:
        isolation_table(files, stress=1)
        result, _ = isolation_roll(files, f"""
active: Bob Tanner
persuade: [Alice Moreau]
difficulty: 3
{eve}dice:
  Bob Tanner: {{green: [2, 4], red: [4, 2]}}
  Alice Moreau: {{green: [1, 4], red: [3]}}
  GM: {{red: [3, 3, 3, 3, 2, 2, 2]}}
""".replace("GM:", "Eve Lindqvist: {red: [3, 4]}\n  GM:" if eve else "GM:"))
        assert result.outcome == "basic-failure", result.outcome
        return data(result, "with")

    assert failing("stances: {Eve Lindqvist: hostile}\n") == [["Alice Moreau", "Eve Lindqvist"]]
    assert failing("") == [["Alice Moreau"]]
