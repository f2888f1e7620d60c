"""Issue 19, rules faithfulness round 3: each rule with a case that breaks it and one that keeps it.

Dirt (an incapacitated character can still be struck), contest (an assistant accumulates no
penalty dice), Isolation (going alone against a character has no Difficulty), Sapio (Special
Talents that change the TN, a debilitated character cannot act) and Fight Sphere (who is in
which Episode), plus the readings the issue asked to write down.
"""

from __future__ import annotations

import json

import yaml
from conftest import contract_example
from test_isolation_play import data, roll as isolation_roll, table as isolation_table
from test_sapio_play import BLANK, HIT, TWO_HITS, scene_file
from test_sapio_rules import wren as wren_sheet

from playaid.games.fight_sphere.arithmetic import plan_roll
from playaid.games.isolation.interpretation import active_dice, lone_green_dice
from playaid.games.sapio.pool import target_number
from playaid.games.sapio.talents import examples

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
    return {c["field"][2]: c["after"] for c in out["changes"] if c["field"][0] == "lost"}  # by duration since issue 27


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


# -- Sapio: Special Talents that change the TN; a debilitated character cannot act -------------------

def hide(files, tn: int, named: str, dice: str, penalties: str = "[]", **wren):
    return scene_file(files, f"""\
character: wren.yaml
action: Hide among the crowd on the station platform
tn: {tn}
invoke: {{profession: partial}}
bonus: {{talents: {named}}}
penalties: {penalties}
dice: {dice}
""", **wren)


def test_hide_in_plain_sight_caps_the_tn_at_4_instead_of_adding_a_die(files, run):
    # the example Wren's sheet writes only the talent's name and text: the effect is the rule text's
    out = roll_json(run, hide(files, 5, "[Hide in Plain Sight]", f"[{TWO_HITS}, {TWO_HITS}]"))
    assert [s["dice"] for s in out["steps"] if "dice" in s and "source" in s] == [1, 1]  # start + Profession: no die
    assert [s["tn"] for s in out["steps"] if "tn" in s and "hits" not in s] == [5, 4]
    assert out["outcome"] == "success"  # 4 Hits against TN 4; against TN 5 it would fail
    # without the talent, 4 Hits fall short of 5: Improbable Success adds a die, a blank
    without = roll_json(run, hide(files, 5, "[]", f"[{TWO_HITS}, {TWO_HITS}, {BLANK}]"))
    assert without["outcome"] == "failure"


def test_the_cap_holds_the_tn_with_its_penalties_and_bonus_dice_beyond_six_still_lower_it(files, run):
    injuries = [{"name": "Cracked Rib", "level": "severe"}]
    out = roll_json(run, hide(files, 4, "[Hide in Plain Sight]", f"[{HIT}, {HIT}]", "[Cracked Rib]",
                              injuries=injuries))
    assert out["outcome"] == "failure" and out["steps"][-2]["tn"] == 4  # 4 + 2 held to 4: 2 Hits fall short
    assert target_number(4, penalty=2, cap=4) == 4 and target_number(4, penalty=2, reduction=2, cap=4) == 2
    assert target_number(3, cap=4) == 3  # a cap never raises a TN


def test_a_stated_tn_change_and_stated_bonus_dice_play_as_written(files, run):
    talents = [{"name": "Sharp Eyes", "task": "spotting", "tn_change": -1}]
    out = roll_json(run, hide(files, 3, "[Sharp Eyes]", f"[{HIT}, {HIT}]", talents=talents))
    assert out["outcome"] == "success" and any("the TN for spotting is 1 lower — TN -1" in s["text"] for s in out["steps"])
    talents = [{"name": "Forest Born", "task": "woods", "bonus_dice": 2}]
    out = roll_json(run, hide(files, 3, "[Forest Born]", f"[{BLANK}, {BLANK}, {BLANK}, {BLANK}]", talents=talents))
    assert [(s["source"], s["dice"]) for s in out["steps"] if "source" in s][-1] == ("Special Talent", 2)


def test_a_talent_the_tool_cannot_play_is_an_error_never_a_bonus_die(files, run):
    # Usually Bloody is played since issue 37 (tests/test_rules_round5.py); Weather Sense needs no roll
    talents = [{"name": "Weather Sense", "text": "Always knows what the weather will be tomorrow."}]
    result = run("roll", hide(files, 3, "[Weather Sense]", f"[{HIT}, {HIT}]", talents=talents))
    assert result.exit_code == 1
    assert "sapio.talent-effect" in result.output and "Weather Sense does nothing `playaid roll` can play" in result.output
    assert "it needs no roll" in result.output  # the rule text's own example says why
    talents = [{"name": "Knack for Locks", "text": "Opens any lock."}]
    result = run("roll", hide(files, 3, "[Knack for Locks]", f"[{HIT}, {HIT}]", talents=talents))
    assert result.exit_code == 1 and "tn_cap: 4" in result.output  # the hint says how to state an effect


def test_a_talent_states_one_effect_within_range(files):

    two = files.problems("w.yaml", wren_sheet(talents=[{"name": "Odd", "tn_cap": 3, "bonus_dice": 1}]))
    assert [p.rule for p in two if p.is_error] == ["sapio.talent-effect"]
    raising = files.problems("w.yaml", wren_sheet(talents=[{"name": "Odd", "tn_change": 1}]))
    assert [p.rule for p in raising if p.is_error] == ["sapio.talent-effect"]
    assert [p for p in files.problems("w.yaml", wren_sheet(talents=[{"name": "Odd", "tn_change": -2}]))
            if p.is_error] == []


def test_the_rule_texts_example_talents_are_bundled():
    bundled = examples()
    assert bundled["hide in plain sight"]["tn_cap"] == 4
    assert bundled["one with the forest"]["bonus_dice"] == bundled["friend of the dwarves"]["bonus_dice"] == 1
    assert bundled["usually bloody"]["ignore_injuries"] == 1 and "why" not in bundled["usually bloody"]  # issue 37
    for name in ("weather sense", "small contraption", "teleportation", "spellcaster"):
        assert "why" in bundled[name] and not {"tn_cap", "tn_change", "bonus_dice", "hits", "spares"} & set(bundled[name])
    # issue 27: the talents that modify the result are played (tests/test_sapio_round4.py)
    assert (bundled["deadly aim"]["hits"], bundled["deadly aim"]["on_success"]) == (1, True)
    assert bundled["lucky in love"]["spares"] == 2 and "why" not in bundled["lucky in love"]


SEVERE_TWICE = [{"name": "Broken Arm", "level": "severe"}, {"name": "Deep Gash", "level": "severe"}]


def test_a_debilitated_character_cannot_make_a_check(files, run):
    result = run("roll", hide(files, 2, "[]", f"[{HIT}, {HIT}]", injuries=SEVERE_TWICE))
    assert result.exit_code == 1
    assert "sapio.debilitated" in result.output and "Wren Halloway has two Severe Injuries" in result.output
    assert "heal first" in result.output
    one = roll_json(run, hide(files, 2, "[]", f"[{HIT}, {HIT}]", injuries=SEVERE_TWICE[:1]))
    assert one["outcome"] == "success"  # one Severe Injury hinders (when named) but does not stop


def test_a_debilitated_helper_or_defender_does_nothing_but_can_be_confronted(files, run):
    help_scene = scene_file(files, f"character: wren.yaml\ntn: 2\nhelp: [{{character: bo.yaml, invokes: Strong}}]\n"
                                   f"dice: [{HIT}, {HIT}, {HIT}]\n")
    files.write("bo.yaml", yaml.safe_dump(yaml.safe_load((files.root / "bo.yaml").read_text()) | {
        "injuries": SEVERE_TWICE}))
    result = run("roll", help_scene)
    assert result.exit_code == 1 and "cannot help" in result.output
    versus = files.write("versus.yaml", "system: sapio\nkind: scene\ncharacter: wren.yaml\ntype: versus\n"
                                        f"defender: {{character: bo.yaml}}\ndice: [{HIT}]\n")
    assert roll_json(run, versus)["outcome"] == "win:Wren Halloway"  # TN 1: nothing invoked
    files.write("versus.yaml", versus.read_text().replace("{character: bo.yaml}",
                                                          "{character: bo.yaml, invokes: [Strong]}"))
    result = run("roll", versus)
    assert result.exit_code == 1 and "cannot invoke elements to raise the TN" in result.output


def test_a_defender_invoking_everything_allowed_sets_tn_4_so_the_cap_of_5_is_not_reached(files, run):
    scene_file(files, "character: wren.yaml\ntn: 1\n")
    most = files.write("versus.yaml", "system: sapio\nkind: scene\ncharacter: wren.yaml\ntype: versus\n"
                                      "defender: {character: bo.yaml, invokes: [Dock Worker, Lifting, Strong]}\n"
                                      f"dice: [{HIT}]\n")
    assert roll_json(run, most)["steps"][2]["tn"] == 4
    files.write("versus.yaml", most.read_text().replace("Strong]", "Strong, Stubborn]"))
    result = run("roll", most)
    assert result.exit_code == 1 and "sapio.one-quality" in result.output


# -- Fight Sphere: who is in which Episode; the minimum die -------------------------------------------

def campaign(files, episodes: str):
    for name in ("dana.yaml", "bo.yaml"):
        files.write(name, contract_example(f"fight-sphere/{name}").read_text(encoding="utf-8"))
    text = contract_example("fight-sphere/campaign.yaml").read_text(encoding="utf-8")
    return files.write("campaign.yaml", text[:text.index("episodes:")] + "episodes:\n" + episodes)


def episode_problems(files, episodes: str) -> list:
    campaign(files, episodes)
    return [(p.rule, p.message, p.path) for p in files.problems("campaign.yaml") if p.is_error]


def test_the_example_episodes_keep_the_rules(files):
    assert episode_problems(files, "  - [Dana Okafor, The Surgeon]\n  - [Bo Reyes, Vix]\n") == []
    # the GM need not use every NPC Gladiator: Vix sits this Layer out
    assert episode_problems(files, "  - [Dana Okafor, The Surgeon, Bo Reyes]\n") == []


def test_an_active_pc_left_out_of_the_episodes_is_an_error(files):
    [(rule, message, path)] = episode_problems(files, "  - [Dana Okafor, The Surgeon, Vix]\n")
    assert rule == "fight-sphere.episode-pc" and "Bo Reyes is in no Episode" in message and path == ("episodes",)


def test_an_episode_without_a_pc_is_an_error(files):
    [(rule, message, path)] = episode_problems(files, "  - [Dana Okafor, Bo Reyes]\n  - [The Surgeon, Vix]\n")
    assert rule == "fight-sphere.episode-pc" and "Episode 2 holds no player's Gladiator" in message
    assert path == ("episodes", 1)


def test_a_gladiator_in_two_episodes_or_twice_in_one_is_an_error(files):
    [(rule, message, _)] = episode_problems(files, "  - [Dana Okafor, The Surgeon]\n  - [Bo Reyes, Vix, Dana Okafor]\n")
    assert rule == "fight-sphere.one-episode" and "in Episode 1 and Episode 2" in message
    [(rule, message, _)] = episode_problems(files, "  - [Dana Okafor, The Surgeon, Dana Okafor]\n  - [Bo Reyes, Vix]\n")
    assert rule == "fight-sphere.one-episode" and "twice in Episode 1" in message


def test_a_pc_out_of_the_layer_needs_no_episode(files):
    campaign(files, "  - [Dana Okafor, The Surgeon]\n")
    bo = files.root / "bo.yaml"
    bo.write_text(bo.read_text(encoding="utf-8").replace("conflict_pool: 5", "conflict_pool: -1\nstate: knocked-out\n"
                                                          "judgment_pool: 5"), encoding="utf-8")
    assert [p.rule for p in files.problems("campaign.yaml") if p.is_error] == []


def test_the_minimum_die_is_a_floor_not_an_extra_die():
    # "Each player rolls a minimum of one die": a relevant background alone gives 1 die in all, not 2
    assert plan_roll([], background=True).size == 1
    assert plan_roll([]).size == 1  # nothing at all: the minimum
    assert plan_roll([], background=True, gamble=2).size == 3
    # Judgment dice backing a Gladiator who gambles nothing replace the minimum die, not add to it
    assert plan_roll([], judgment=2).size == 2
    assert plan_roll([], background=True, judgment=2).size == 3
