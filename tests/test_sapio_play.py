"""The Sapio System: building pools, rolling checks, recording harm (rule text 001).

The rule text gives no rolled examples (those are in the illustrated rulebook); the
scenes here replay the situations the text describes with dice chosen for them.
Faces are those of the default die: 1–2 blank, 3 Spiral, 4 Spare, 5–7 Hit,
8 Hit + Spare, 9 Hit + Spiral, 10 Hit + Hit, 11 Hit + Hit + Spiral, 12 Spare + Spare.
"""

from __future__ import annotations

import json
import random

import pytest

from conftest import EXAMPLES, roll_json as roll
from playaid.systems.play import Dice
from playaid.games.sapio import default_die
from playaid.games.sapio.harm import is_debilitated, penalty, record, weapon_injury
from playaid.games.sapio.pool import Source, dice_pool, target_number, versus_tn
from playaid.games.sapio.procedures import roll_check
from playaid.games.sapio.roll import Tally, read_check, shows_double_hit
from playaid.games.sapio.character import Harm
from test_sapio_rules import BO, wren

BLANK, SPIRAL, SPARE, HIT, HIT_SPARE, HIT_SPIRAL, TWO_HITS, TWO_HITS_SPIRAL, TWO_SPARES = 1, 3, 4, 5, 8, 9, 10, 11, 12


def scene_file(files, body: str, **wren_changes):
    files.write("wren.yaml", wren(**wren_changes))
    files.write("bo.yaml", wren(**BO))
    return files.write("scene.yaml", "system: sapio\nkind: scene\n" + body)


# -- the example scenes ----------------------------------------------------------------------------

SCENES = sorted((EXAMPLES["sapio"]).glob("scene-*.yaml"))


@pytest.mark.parametrize("path", SCENES, ids=[p.name for p in SCENES])
def test_every_example_scene_resolves_with_and_without_a_seed(run, path):
    assert run("roll", path).exit_code == 0
    first, again = run("roll", path, "--seed", "3"), run("roll", path, "--seed", "3")
    assert first.exit_code == 0 and first.output == again.output
    assert "outcome: " in first.output


def test_the_leap_spends_wrens_luck_whatever_the_dice(run):
    out = roll(run, EXAMPLES["sapio"] / "scene-leap.yaml", "--seed", "11")
    assert out["outcome"] in ("success", "failure")
    assert out["changes"] == [{"who": "Wren Halloway", "field": ["luck"], "before": 1, "after": 0,
                               "text": "Wren Halloway: Luck 1 → 0 (spent)"}]
    dice = [s for s in out["steps"] if "face" in s]
    assert len(dice) >= 6 and all(1 <= s["face"] <= 12 for s in dice)


def test_the_leap_replayed_with_listed_faces(run, files):
    files.copy_example("sapio", "wren.yaml")
    path = files.write("sapio/leap.yaml", (EXAMPLES["sapio"] / "scene-leap.yaml").read_text()
                       + f"dice: [{TWO_HITS}, {HIT_SPIRAL}, {BLANK}, {SPARE}, {BLANK}, {TWO_SPARES}]\n")
    out = roll(run, path)
    assert out["replayed"] and out["outcome"] == "success"
    [result] = [s for s in out["steps"] if "extra_hits" in s and "success" in s]
    assert (result["hits"], result["tn"], result["extra_hits"]) == (3, 3, 0)
    [net] = [s for s in out["steps"] if "net" in s]
    assert (net["net"], net["net_count"]) == ("spare", 2)
    text = run("roll", path).output
    assert "Die 2 shows face 9: Hit + Spiral." in text



def test_the_standoff_example_replays_to_a_moderate_injury_on_wren(run):
    """TN 1 + Roof Runner + Agile = 3, +1 for Ines's Moderate Stress; 4 Hits meet it exactly,
    so the Moderate dagger deals its base level, recorded on Wren's sheet."""
    out = roll(run, EXAMPLES["sapio"] / "scene-standoff.yaml")
    assert (out["outcome"], out["replayed"], out["seed"]) == ("win:Ines Varga", True, None)
    assert out["changes"] == [{"who": "Wren Halloway", "field": ["injuries"], "before": [],
                               "after": [{"name": "Slashed Arm", "level": "moderate"}],
                               "text": "Wren Halloway: Injury Slashed Arm, Moderate"}]

# -- building the pool (the rule text's Roof Runner and its limits) -----------------------------------

def test_the_roof_runner_picks_up_five_dice_before_bonuses():
    """One to start, two for a fully applicable Profession, Leaping and Agile."""
    pool = dice_pool([Source("Profession", "Roof Runner", 2), Source("Specialization", "Leaping", 1),
                      Source("Quality", "Agile", 1)])
    assert (pool.size, pool.beyond, pool.tn_reduction) == (5, 0, 0)


@pytest.mark.parametrize("bonus, size, beyond, reduction", [(1, 6, 0, 0), (2, 6, 1, 0), (3, 6, 2, 1),
                                                            (4, 6, 3, 1), (5, 6, 4, 2)])
def test_every_two_bonus_dice_beyond_six_lower_the_tn_by_one(bonus, size, beyond, reduction):
    pool = dice_pool([Source("Profession", "", 2), Source("Specialization", "", 1), Source("Quality", "", 1),
                      Source("Luck", "", bonus, bonus=True)])
    assert (pool.size, pool.beyond, pool.tn_reduction) == (size, beyond, reduction)


@pytest.mark.parametrize("base, plus, reduction, tn", [(3, 0, 0, 3), (3, 2, 0, 5), (5, 2, 0, 7), (2, 1, 1, 2),
                                                        (1, 0, 2, 1), (2, 0, 5, 1)])
def test_the_tn_adds_the_penalty_and_loses_the_reduction_but_stays_at_least_1(base, plus, reduction, tn):
    assert target_number(base, plus, reduction) == tn


def test_only_the_largest_harm_penalty_counts():
    assert penalty([]) == 0 and penalty(["minor"]) == 0
    assert penalty(["moderate"]) == 1 and penalty(["moderate", "severe", "moderate"]) == 2


@pytest.mark.parametrize("invoked, tn", [(0, 1), (2, 3), (4, 5), (6, 5)])
def test_a_defender_sets_the_tn_from_1_by_one_per_element_up_to_5(invoked, tn):
    assert versus_tn(invoked) == tn


def test_a_scene_with_many_bonus_dice_rolls_six_and_lowers_the_tn(run, files):
    path = scene_file(files, f"""\
character: wren.yaml
tn: 5
invoke: {{profession: full, specialization: Leaping, quality: Agile}}
bonus: {{luck: 1, follows: principle, situation: 3}}
penalties: [Sprain, Panic]
dice: [{HIT}, {HIT}, {BLANK}, {BLANK}, {BLANK}, {TWO_HITS}]
""", injuries=[{"name": "Sprain", "level": "moderate"}], stresses=[{"name": "Panic", "level": "severe"}])
    out = roll(run, path)
    # 5 element dice + 5 bonus = 10: six rolled, four beyond, TN 5 + 2 (Severe Panic) − 2 = 5
    assert out["outcome"] == "failure"
    assert [s["tn"] for s in out["steps"] if "tn" in s and "hits" not in s] == [5, 5]
    assert [(s["beyond"], s["reduction"]) for s in out["steps"] if "reduction" in s] == [(4, 2)]
    assert any("only the largest penalty counts" in s["text"] for s in out["steps"])


def test_help_adds_a_bonus_die_per_helper(run, files):
    files.write("table.yaml", "system: sapio\nkind: setup\nname: T\ncharacters: [wren.yaml, bo.yaml]\n")
    path = scene_file(files, f"""\
setup: table.yaml
character: Wren Halloway
tn: 2
help: [{{character: Bo Tanner, invokes: Strong}}]
dice: [{BLANK}, {HIT}]
""")
    out = roll(run, path)
    assert any(s.get("source") == "Help" and "Bo Tanner invokes Strong" in s["text"] for s in out["steps"])
    assert out["outcome"] == "failure"


# -- reading the roll ------------------------------------------------------------------------------------

DIE = default_die()


def faces(*numbers):
    return [DIE.face(n) for n in numbers]


def test_hits_meet_or_beat_the_tn_and_the_rest_are_extra_hits():
    assert read_check(3, faces(TWO_HITS, HIT)).success
    r = read_check(2, faces(TWO_HITS_SPIRAL, TWO_HITS))
    assert (r.success, r.extra_hits) == (True, 2)
    assert not read_check(3, faces(TWO_HITS, BLANK)).success


@pytest.mark.parametrize("numbers, net", [((SPARE, SPIRAL), ("none", 0)), ((TWO_SPARES, HIT_SPIRAL), ("spare", 1)),
                                          ((SPIRAL, TWO_HITS_SPIRAL, HIT_SPARE), ("spiral", 1))])
def test_spares_and_spirals_cancel_one_for_one(numbers, net):
    assert Tally.of(faces(*numbers)).net == net


def listed(*numbers):
    dice = Dice.listed({"Wren": (list(numbers), ("dice",))})
    return dice, dice.pool("Wren", 12)


def test_improbable_success_adds_dice_while_every_new_die_shows_two_hits():
    dice, pool = listed(TWO_HITS, TWO_HITS_SPIRAL, HIT)
    r = roll_check(1, 5, DIE, pool)
    dice.finish()
    assert [f.number for f in r.added] == [TWO_HITS_SPIRAL, HIT] and r.tally.hits == 5 and r.success


def test_improbable_success_stops_at_a_die_with_one_hit():
    dice, pool = listed(TWO_HITS, HIT)
    r = roll_check(1, 5, DIE, pool)
    dice.finish()
    assert len(r.added) == 1 and not r.success and r.tally.hits == 3


def test_improbable_success_needs_every_die_of_the_pool_to_show_two_hits():
    dice, pool = listed(TWO_HITS, BLANK)
    assert not roll_check(2, 3, DIE, pool).added
    dice.finish()


def test_one_hit_on_every_die_is_not_an_improbable_success():
    """`**` is two Hits, as in "Moderate -> Severe: **"."""
    dice, pool = listed(HIT, HIT_SPIRAL)
    r = roll_check(2, 3, DIE, pool)
    dice.finish()
    assert not r.added and not r.success


def test_improbable_success_may_be_declined(run, files):
    path = scene_file(files, f"character: wren.yaml\ntn: 4\nimprobable_success: false\ndice: [{TWO_HITS}]\n")
    out = roll(run, path)
    assert out["outcome"] == "failure"
    assert any(s.get("improbable_success") is False for s in out["steps"])


def test_improbable_success_without_its_extra_die_is_a_dice_mismatch(run, files):
    path = scene_file(files, f"character: wren.yaml\ntn: 5\ninvoke: {{profession: partial}}\n"
                             f"dice: [{TWO_HITS}, {TWO_HITS}]\n")
    result = run("roll", path)
    assert result.exit_code == 1
    assert "roll.dice-count" in result.output and "Improbable Success" in result.output


def test_too_many_listed_dice_are_a_dice_mismatch(run, files):
    path = scene_file(files, f"character: wren.yaml\ntn: 1\ndice: [{HIT}, {HIT}]\n")
    result = run("roll", path)
    assert result.exit_code == 1 and "too many dice listed" in result.output


def test_a_tn_of_9_is_refused_at_roll_time_with_the_allowed_range(run, files):
    result = run("roll", scene_file(files, "character: wren.yaml\ntn: 9\n"))
    assert result.exit_code == 1 and "sapio.tn-range" in result.output and "from 1 to 5" in result.output


def test_a_die_file_of_the_scene_replaces_the_default(run, files):
    files.write("allhits.yaml", "system: sapio\nkind: dice\nfaces: " + json.dumps([["hit", "hit"]] * 12) + "\n")
    path = scene_file(files, "character: wren.yaml\ntn: 5\ndie: allhits.yaml\ndice: [1, 2, 3]\n")
    out = roll(run, path)
    assert out["outcome"] == "success" and sum(1 for s in out["steps"] if s.get("improbable_success")) == 2


# -- weapons -------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("base, extra, level", [
    ("minor", 0, "minor"), ("minor", 1, "moderate"), ("minor", 2, "moderate"), ("minor", 3, "severe"),
    ("minor", 5, "severe"), ("minor", 6, "death"), ("moderate", 1, "moderate"), ("moderate", 2, "severe"),
    ("moderate", 5, "death"), ("severe", 2, "severe"), ("severe", 3, "death"), ("severe", 9, "death"),
])
def test_extra_hits_upgrade_a_weapons_injury_level_by_level(base, extra, level):
    assert weapon_injury(base, extra)[0] == level


def test_a_successful_attack_on_another_character_records_the_injury(run, files):
    files.write("table.yaml", "system: sapio\nkind: setup\nname: T\ncharacters: [wren.yaml, bo.yaml]\n")
    path = scene_file(files, f"""\
setup: table.yaml
type: versus
character: Wren Halloway
invoke: {{profession: partial}}
defender: {{character: Bo Tanner, invokes: [Strong]}}
weapon: Folding knife
wound: Knife Cut
dice: [{TWO_HITS}, {HIT}]
""", injuries=None)
    out = roll(run, path)
    # TN 2 (1 + Strong); 3 Hits: one beyond, so the Minor knife deals a Moderate Injury
    assert out["outcome"] == "win:Wren Halloway"
    assert out["changes"] == [{"who": "Bo Tanner", "field": ["injuries"], "before": [],
                               "after": [{"name": "Knife Cut", "level": "moderate"}],
                               "text": "Bo Tanner: Injury Knife Cut, Moderate"}]


def test_a_failed_attack_is_won_by_the_defender(run, files):
    path = scene_file(files, f"""\
type: versus
character: wren.yaml
defender: {{character: bo.yaml, invokes: [Strong, Dock Worker, Lifting]}}
weapon: Folding knife
invoke: {{profession: partial}}
dice: [{TWO_HITS}, {BLANK}]
""")
    out = roll(run, path)
    assert out["outcome"] == "win:Bo Tanner" and out["changes"] == []


# -- recording Injuries and Stresses ----------------------------------------------------------------------

def track(*entries):
    return [Harm(n, lv) for n, lv in entries]


def shown(recorded):
    return [(h.name, h.level) for h in recorded.track]


def test_a_second_minor_of_a_similar_nature_becomes_moderate():
    r = record(track(("Bruised", "minor")), "Bruised", "minor")
    assert shown(r) == [("Bruised", "moderate")] and r.level == "moderate"


def test_a_second_minor_of_a_different_nature_takes_the_second_box():
    assert shown(record(track(("Bruised", "minor")), "Cut", "minor")) == [("Bruised", "minor"), ("Cut", "minor")]


def test_a_minor_finding_both_boxes_full_is_recorded_moderate_and_the_minors_stay():
    r = record(track(("Bruised", "minor"), ("Cut", "minor")), "Burn", "minor")
    assert shown(r) == [("Bruised", "minor"), ("Cut", "minor"), ("Burn", "moderate")]


def test_a_second_moderate_of_a_similar_nature_becomes_severe():
    assert shown(record(track(("Gash", "moderate")), "gash", "moderate")) == [("gash", "severe")]


def test_a_moderate_finding_both_boxes_full_is_recorded_severe():
    r = record(track(("Gash", "moderate"), ("Burn", "moderate")), "Stab", "moderate")
    assert r.level == "severe" and len(r.track) == 3


def test_a_second_severe_debilitates():
    r = record(track(("Broken Arm", "severe")), "Stab Wound", "severe")
    assert r.debilitated and r.level == "severe" and is_debilitated(r.track)
    assert "debilitated" in r.notes[-1]


def test_upgrades_chain_when_the_next_level_holds_the_same_harm():
    """A second Minor Cut climbs to Moderate, where it meets a Moderate Cut and climbs again."""
    r = record(track(("Cut", "minor"), ("Cut", "moderate")), "Cut", "minor")
    assert shown(r) == [("Cut", "severe")]


def test_similar_to_names_harm_of_a_similar_nature_under_another_name():
    r = record(track(("Bruised Ribs", "minor")), "Winded", "minor", similar_to="bruised ribs")
    assert shown(r) == [("Winded", "moderate")]


def test_a_scene_takes_a_stress_on_failure_only(run, files):
    body = "character: wren.yaml\ntn: 2\ntake: {stress: Rattled, level: minor}\ndice: [DIE]\n"
    before = [{"name": "Rattled", "level": "minor"}]
    failed = roll(run, scene_file(files, body.replace("DIE", str(BLANK)), stresses=before))
    assert failed["changes"] == [{"who": "Wren Halloway", "field": ["stresses"], "before": before,
                                  "after": [{"name": "Rattled", "level": "moderate"}],
                                  "text": "Wren Halloway: Stress Rattled, Moderate"}]
    succeeded = roll(run, scene_file(files, body.replace("DIE", str(TWO_HITS)), stresses=before))
    assert succeeded["changes"] == []


def test_a_scene_can_record_harm_on_another_character_always(run, files):
    body = f"character: wren.yaml\ntn: 1\ntake: {{injury: Cut, level: severe, who: bo.yaml, when: always}}\ndice: [{HIT}]\n"
    out = roll(run, scene_file(files, body))
    [change] = out["changes"]
    assert change["who"] == "Bo Tanner" and change["after"] == [{"name": "Cut", "level": "severe"}]


# -- any valid scene --------------------------------------------------------------------------------------

def test_the_same_seed_gives_the_same_resolution(run):
    path = EXAMPLES["sapio"] / "scene-leap.yaml"
    assert roll(run, path, "--seed", "42") == roll(run, path, "--seed", "42")


def test_rolled_dice_keep_the_pool_size_and_follow_improbable_success():
    for seed in range(200):
        dice = Dice(rng=random.Random(seed))
        r = roll_check(3, 5, DIE, dice.pool("Wren", 12))
        assert len(r.rolled) == 3
        assert not r.added or all(shows_double_hit(f) for f in r.rolled)
        assert all(shows_double_hit(f) for f in r.added[:-1])



def test_bonus_dice_beyond_six_lower_a_tn_the_defender_set(run, files):
    path = scene_file(files, f"""\
type: versus
character: wren.yaml
invoke: {{profession: full, specialization: Leaping, quality: Agile}}
bonus: {{situation: 3}}
defender: {{character: bo.yaml, invokes: [Strong, Dock Worker, Lifting]}}
dice: [{HIT}, {HIT}, {BLANK}, {BLANK}, {BLANK}, {BLANK}]
""")
    out = roll(run, path)
    # the defender's TN 4, less one for the two dice beyond six: 2 Hits fall short of 3
    assert [s["tn"] for s in out["steps"] if "tn" in s and "hits" not in s] == [4, 3]
    assert out["outcome"] == "win:Bo Tanner"
