"""The Sapio System, issue 27 (rule text 001): Special Talents that add Hits or Spares, Luck
gained, healing, and the reading of "a second Severe".

Faces of the default die: 1–2 blank, 3 Spiral, 4 Spare, 5–7 Hit, 8 Hit + Spare, 9 Hit + Spiral,
10 Hit + Hit, 11 Hit + Hit + Spiral, 12 Spare + Spare. Every rule has a case that keeps it and one
that breaks it.
"""

from __future__ import annotations

from conftest import roll_json, rules
from test_sapio_play import BLANK, HIT, HIT_SPIRAL, TWO_HITS, scene_file


def shoot(files, tn: int, dice: str, talents: list, named: str = "[Deadly Aim]", extra: str = ""):
    return scene_file(files, f"""\
character: wren.yaml
action: Loose an arrow at the guard on the far roof
tn: {tn}
invoke: {{profession: partial}}
bonus: {{talents: {named}}}
dice: {dice}
{extra}""", talents=talents)


def talent_steps(out: dict) -> list[dict]:
    return [s for s in out["steps"] if s.get("rule") == "sapio.talent-effect"]


# -- Special Talents that generate automatic Hits, Spares or Spirals ----------------------------------

def test_deadly_aim_adds_a_hit_to_a_success_and_it_upgrades_the_weapon(files, run):
    # "Deadly Aim - This character generates one additional * if they succeed in a check to shoot a bow"
    out = roll_json(run, shoot(files, 2, f"[{HIT}, {HIT}]", [{"name": "Deadly Aim"}], extra="weapon: Folding knife\n"))
    assert out["outcome"] == "success"
    [step] = talent_steps(out)
    assert step["amount"] == 1 and "the check succeeds: +1 Hit [sapio.talent-effect]" in step["text"]
    [verdict] = [s for s in out["steps"] if "extra_hits" in s and "success" in s]
    assert (verdict["hits"], verdict["extra_hits"]) == (3, 1)
    [weapon] = [s for s in out["steps"] if "weapon" in s]
    assert weapon["injury"] == "moderate"  # the Minor knife climbs with the talent's Hit beyond the TN
    # without the talent, the same dice meet the TN exactly: the knife stays Minor
    files.write("scene.yaml", (files.root / "scene.yaml").read_text().replace("[Deadly Aim]", "[]"))
    plain = roll_json(run, files.root / "scene.yaml")
    assert [s["injury"] for s in plain["steps"] if "weapon" in s] == ["minor"] and not talent_steps(plain)


def test_deadly_aim_does_not_turn_a_failure_into_a_success(files, run):
    # "if they succeed": the Hit comes after success is decided, it never meets the TN for you
    out = roll_json(run, shoot(files, 3, f"[{HIT}, {HIT}]", [{"name": "Deadly Aim"}]))
    assert out["outcome"] == "failure"
    [step] = talent_steps(out)
    assert step["amount"] == 0 and "the check fails: no Hit" in step["text"]


def test_an_automatic_hit_stated_on_the_sheet_counts_toward_the_tn(files, run):
    talents = [{"name": "Iron Will", "task": "resisting fear", "hits": 1}]
    out = roll_json(run, shoot(files, 3, f"[{HIT}, {HIT}]", talents, "[Iron Will]"))
    assert out["outcome"] == "success"  # 2 Hits on the dice + 1 automatic meet TN 3
    assert "1 automatic Hit for resisting fear — +1 Hit" in talent_steps(out)[0]["text"]


def test_lucky_in_love_adds_two_spares_that_cancel_spirals(files, run):
    # "Lucky in Love - This character adds Y Y to all checks related to romance or seduction"
    out = roll_json(run, shoot(files, 1, f"[{HIT_SPIRAL}, {HIT_SPIRAL}]", [{"name": "Lucky in Love"}],
                               "[Lucky in Love]"))
    [net] = [s for s in out["steps"] if "net" in s]
    assert (net["spares"], net["spirals"], net["net"]) == (2, 2, "none")
    files.write("scene.yaml", (files.root / "scene.yaml").read_text().replace("[Lucky in Love]", "[]"))
    plain = roll_json(run, files.root / "scene.yaml")
    assert [(s["net"], s["net_count"]) for s in plain["steps"] if "net" in s] == [("spiral", 2)]


def test_automatic_hits_join_improbable_success(files, run):
    # two dice of two Hits + 1 automatic = 5, short of nothing at TN 5: no die is added
    talents = [{"name": "Iron Will", "hits": 1}]
    out = roll_json(run, shoot(files, 5, f"[{TWO_HITS}, {TWO_HITS}]", talents, "[Iron Will]"))
    assert out["outcome"] == "success" and not any(s.get("improbable_success") for s in out["steps"])


def test_on_success_needs_automatic_symbols(files):
    from test_sapio_rules import wren

    wrong = files.problems("w.yaml", wren(talents=[{"name": "Odd", "bonus_dice": 1, "on_success": True}]))
    assert [(p.rule, p.path) for p in wrong if p.is_error] == [("sapio.talent-effect", ("talents", 0, "on_success"))]
    right = files.problems("w.yaml", wren(talents=[{"name": "Odd", "spares": 1, "on_success": True}]))
    assert "sapio.talent-effect" not in rules(right)


# -- Luck gained -----------------------------------------------------------------------------------

def at_the_table(files, body: str, **wren_changes):
    from test_sapio_rules import table

    table(files, **wren_changes)
    return files.write("scene.yaml", "system: sapio\nkind: scene\nsetup: table.yaml\n" + body)


def luck_of(out: dict) -> dict:
    return {c["who"]: (c["before"], c["after"], c["text"]) for c in out["changes"] if c["field"] == ["luck"]}


def test_a_principle_brings_its_own_character_one_luck_on_top_of_what_they_spend(files, run):
    # "When a character gets into trouble by pursuing their Principle ... they gain 1 Luck"
    path = at_the_table(files, f"character: Wren Halloway\ntn: 1\nbonus: {{luck: 1}}\ndice: [{HIT}, {HIT}]\n"
                               "luck_gained: [{character: Wren Halloway, source: principle}]\n")
    out = roll_json(run, path)
    assert luck_of(out) == {"Wren Halloway": (1, 1, "Wren Halloway: Luck 1 → 1 (1 spent, 1 gained)")}
    [step] = [s for s in out["steps"] if s.get("rule") == "sapio.luck-gained"]
    assert "Violence is not the answer" in step["text"] and step["text"].endswith("[sapio.luck-gained].")


def test_a_worst_impulse_brings_luck_to_the_most_inconvenienced_other_character(files, run):
    path = at_the_table(files, f"character: Wren Halloway\ntn: 1\ndice: [{HIT}]\nluck_gained:\n"
                               "  - {character: Bo Tanner, source: worst-impulse, of: Wren Halloway}\n"
                               "  - {character: Wren Halloway, source: gm, amount: 2}\n")
    out = roll_json(run, path)
    assert luck_of(out) == {"Bo Tanner": (1, 2, "Bo Tanner: Luck 1 → 2 (gained)"),
                            "Wren Halloway": (1, 3, "Wren Halloway: Luck 1 → 3 (gained)")}


def test_luck_gained_breaks_its_rule(files):
    cases = {
        "[{character: Wren Halloway, source: worst-impulse, of: Wren Halloway}]": ("luck_gained", 0, "character"),
        "[{character: Bo Tanner, source: worst-impulse}]": ("luck_gained", 0),
        "[{character: Wren Halloway, source: principle, amount: 2}]": ("luck_gained", 0, "amount"),
        "[{character: Wren Halloway, source: principle, of: Bo Tanner}]": ("luck_gained", 0, "of"),
    }
    for gains, path in cases.items():
        at_the_table(files, f"character: Wren Halloway\ntn: 1\nluck_gained: {gains}\n")
        found = [(p.rule, p.path) for p in files.problems("scene.yaml") if p.is_error]
        assert found == [("sapio.luck-gained", path)], gains
    at_the_table(files, "character: Wren Halloway\ntn: 1\nluck_gained:\n"
                        "  - {character: Bo Tanner, source: worst-impulse, of: Wren Halloway}\n"
                        "  - {character: Bo Tanner, source: worst-impulse, of: Wren Halloway}\n")
    assert [p.rule for p in files.problems("scene.yaml") if p.is_error] == ["sapio.luck-gained"]


# -- healing: a treatment check lowers one level, rest downgrades with time --------------------------

GASH = {"name": "Gash", "level": "severe"}


def test_a_successful_treatment_lowers_the_injury_one_level(files, run):
    body = "character: wren.yaml\ntn: 1\ntreat: {{injury: Gash}}\ndice: [{}]\n"
    out = roll_json(run, scene_file(files, body.format(HIT), injuries=[GASH]))
    assert [c["after"] for c in out["changes"]] == [[{"name": "Gash", "level": "moderate"}]]
    assert any("Gash: Severe → Moderate [sapio.heal-treatment]" in s["text"] for s in out["steps"])
    failed = roll_json(run, scene_file(files, body.format(BLANK), injuries=[GASH]))
    assert failed["changes"] == [] and any("the treatment fails" in s["text"].lower() for s in failed["steps"])


def test_a_treated_minor_injury_clears_and_a_full_lower_level_keeps_it(files, run):
    body = f"character: wren.yaml\ntn: 1\ntreat: {{injury: Scrape}}\ndice: [{HIT}]\n"
    out = roll_json(run, scene_file(files, body, injuries=[{"name": "Scrape", "level": "minor"}]))
    assert out["changes"][0]["after"] == []
    full = [GASH, {"name": "Cut", "level": "moderate"}, {"name": "Burn", "level": "moderate"}]
    out = roll_json(run, scene_file(files, body.replace("Scrape", "Gash"), injuries=full))
    assert out["changes"] == [] and any("both Moderate boxes are full" in s["text"] for s in out["steps"])


def test_a_treatment_lowers_injuries_only(files):
    for body, path in ((f"character: wren.yaml\ntn: 1\ntreat: {{injury: Rattled}}\n", ("treat", "injury")),
                       ("character: wren.yaml\ntype: rest\nrest: {days: 1}\ntreat: {injury: Gash}\n", ("treat",))):
        scene_file(files, body, injuries=[GASH], stresses=[{"name": "Rattled", "level": "minor"}])
        assert ("sapio.heal-treatment", path) in [(p.rule, p.path) for p in files.problems("scene.yaml")]


def rest_scene(files, rest: str, **wren_changes):
    return scene_file(files, f"character: wren.yaml\ntype: rest\nrest: {rest}\n", **wren_changes)


def test_rest_downgrades_each_injury_in_its_time_and_rolls_nothing(files, run):
    # a month turns the Severe Gash Moderate (and a day more counts toward its week); a day clears a Minor
    out = roll_json(run, rest_scene(files, "{months: 1, days: 1}",
                                    injuries=[GASH, {"name": "Scrape", "level": "minor"}]))
    assert out["rolled"] == [] and out["seed"] is None and out["outcome"] == "rested"
    [change] = out["changes"]
    assert change["after"] == [{"name": "Gash", "level": "moderate", "rested": 1}]
    # six days rest short of a week: nothing yet, but the days are written down and count next time
    out = roll_json(run, rest_scene(files, "{days: 6}", injuries=[{"name": "Cut", "level": "moderate"}]))
    assert out["changes"][0]["after"] == [{"name": "Cut", "level": "moderate", "rested": 6}]
    out = roll_json(run, rest_scene(files, "{days: 1}", injuries=[{"name": "Cut", "level": "moderate", "rested": 6}]))
    assert out["changes"][0]["after"] == [{"name": "Cut", "level": "minor"}]


def test_stresses_clear_when_the_character_gathers_themself(files, run):
    stresses = [{"name": "Rattled", "level": "moderate"}, {"name": "Jumpy", "level": "minor"}]
    out = roll_json(run, rest_scene(files, "{stresses: [Jumpy]}", stresses=stresses))
    assert out["changes"][0]["after"] == [{"name": "Rattled", "level": "moderate"}]
    out = roll_json(run, rest_scene(files, "{gathered: true}", stresses=stresses))
    assert out["changes"][0]["after"] == []


def test_a_rest_that_is_rolled_or_heals_nothing_is_refused(files):
    cases = {"{days: 0}": ("rest",), "{stresses: [Sulky]}": ("rest", "stresses", 0)}
    for rest, path in cases.items():
        rest_scene(files, rest)
        assert [(p.rule, p.path) for p in files.problems("scene.yaml") if p.is_error][0][1] == path, rest
    scene_file(files, "character: wren.yaml\ntype: rest\nrest: {days: 2}\ntn: 3\n")
    assert [(p.rule, p.path) for p in files.problems("scene.yaml") if p.is_error] == [("sapio.heal-rest", ("tn",))]
    scene_file(files, "character: wren.yaml\ntn: 3\nrest: {days: 2}\n")
    assert [(p.rule, p.path) for p in files.problems("scene.yaml") if p.is_error] == [("sapio.heal-rest", ("rest",))]


# -- "A second Severe Injury or Stress debilitates": within one track (decision, docs/rules/sapio.md) --

def test_a_severe_injury_and_a_severe_stress_do_not_debilitate_but_two_severe_stresses_do(files, run):
    body = f"character: wren.yaml\ntn: 1\ndice: [{HIT}]\n"
    across = roll_json(run, scene_file(files, body, injuries=[GASH], stresses=[{"name": "Panic", "level": "severe"}]))
    assert across["outcome"] == "success"
    two = [{"name": "Panic", "level": "severe"}, {"name": "Despair", "level": "severe"}]
    result = run("roll", scene_file(files, body, stresses=two))
    assert result.exit_code == 1 and "sapio.debilitated" in result.output and "two Severe Stresses" in result.output


def test_a_debilitated_character_rests_back_to_functioning(files, run):
    two = [GASH, {"name": "Broken Arm", "level": "severe"}]
    out = roll_json(run, rest_scene(files, "{months: 1}", injuries=two))
    assert [h["level"] for h in out["changes"][0]["after"]] == ["moderate", "moderate"]
