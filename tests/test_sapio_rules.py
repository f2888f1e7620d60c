"""The Sapio System: character, die, setup and scene rules (rule text 001)."""

from __future__ import annotations

import copy
import textwrap

import pytest
import yaml

from conftest import EXAMPLES, rules
from playaid.games.sapio import RULES, SYSTEM, default_die

WREN = {
    "system": "sapio",
    "name": "Wren Halloway",
    "stage": "starting",
    "profession": {"name": "Roof Runner", "specializations": ["Leaping"]},
    "side_professions": [{"name": "Night Clerk", "specializations": []}],
    "qualities": ["Agile", "Perceptive"],
    "talents": [{"name": "Hide in Plain Sight", "text": "The TN to hide is never more than 4."}],
    "principle": "Violence is not the answer",
    "worst_impulse": "Stealing isn't a big deal",
    "luck": 1,
    "injuries": [],
    "stresses": [],
    "weapons": [{"name": "Folding knife", "level": "minor"}],
}

#: A history of one full cycle and the sheet it gives a starting Wren.
CYCLE = ["quality", "special-talent", "side-profession", "profession-specialization"]


def wren(**changes) -> str:
    data = copy.deepcopy(WREN)
    for key, value in changes.items():
        if value is None:
            data.pop(key, None)
        else:
            data[key] = value
    return yaml.safe_dump(data, sort_keys=False, allow_unicode=True)


def advanced(**changes) -> str:
    """Wren after one advancement cycle, with the sheet to match."""
    base = dict(stage="advanced", advancements=list(CYCLE),
                profession={"name": "Roof Runner", "specializations": ["Leaping", "Quick Escapes"]},
                side_professions=[{"name": "Night Clerk", "specializations": ["Bookkeeping"]}],
                qualities=["Agile", "Perceptive", "Durable"],
                talents=[{"name": "Hide in Plain Sight"}, {"name": "Small Contraption"}])
    return wren(**{**base, **changes})


def check(files, text: str, name: str = "wren.yaml"):
    return files.problems(name, text)


# -- the examples -------------------------------------------------------------------------

def test_the_examples_are_valid_without_warnings(run):
    result = run("validate", EXAMPLES["sapio"])
    assert result.exit_code == 0, result.output
    assert "0 errors, 0 warnings" in result.output


def test_the_example_character_keeps_every_rule(files):
    assert check(files, wren()) == []


# -- Professions --------------------------------------------------------------------------

@pytest.mark.parametrize("field, value, path", [
    ("profession", {"name": "Arcane Desert Knight", "specializations": ["Pyromancy"]}, ("profession", "name")),
    ("side_professions", [{"name": "Very Late Night Clerk", "specializations": []}], ("side_professions", 0, "name")),
])
def test_a_profession_of_more_than_two_words_is_an_error(files, field, value, path):
    [p] = check(files, wren(**{field: value}))
    assert (p.rule, p.severity, p.path) == ("sapio.profession-words", "error", path)


def test_a_profession_of_one_or_two_words_keeps_the_rule(files):
    assert check(files, wren(profession={"name": "Shopkeeper", "specializations": ["Haggling"]})) == []


# -- the starting character ---------------------------------------------------------------

@pytest.mark.parametrize("changes", [
    {"profession": {"name": "Roof Runner", "specializations": ["Leaping", "Quick Escapes"]}},
    {"profession": {"name": "Roof Runner", "specializations": []}},
    {"side_professions": [{"name": "Night Clerk", "specializations": ["Bookkeeping"]}]},
    {"side_professions": []},
    {"qualities": ["Agile"]},
    {"qualities": ["Agile", "Perceptive", "Durable"]},
    {"talents": []},
    {"advancements": ["quality"], "qualities": ["Agile", "Perceptive", "Durable"]},
])
def test_a_starting_character_has_exactly_the_starting_picks(files, changes):
    problems = check(files, wren(**changes))
    assert "sapio.starting-character" in rules(problems, "error")


def test_every_broken_starting_pick_is_reported_at_once(files):
    problems = check(files, wren(qualities=["Agile"], talents=[], side_professions=[]))
    assert [p.rule for p in problems].count("sapio.starting-character") == 3


def test_a_character_without_stage_or_advancements_is_a_starting_one(files):
    assert check(files, wren(stage=None)) == []
    assert "sapio.starting-character" in rules(check(files, wren(stage=None, qualities=["Agile"])))


# -- what an advanced character keeps ----------------------------------------------------

def test_an_advanced_character_keeps_a_side_profession_two_qualities_and_a_talent(files):
    problems = check(files, wren(stage="advanced", talents=[], qualities=["Agile"]))
    assert [p.rule for p in problems].count("sapio.elements") == 2


def test_an_advanced_character_after_one_cycle_keeps_every_rule(files):
    assert check(files, advanced()) == []


# -- Qualities ---------------------------------------------------------------------------

@pytest.mark.parametrize("quality", ["Lucky", "competent", "Good at Everything"])
def test_a_quality_too_broad_warns(files, quality):
    [p] = check(files, wren(qualities=["Agile", quality]))
    assert (p.rule, p.severity, p.path) == ("sapio.quality-too-broad", "warning", ("qualities", 1))


def test_a_narrow_quality_keeps_the_rule(files):
    assert check(files, wren(qualities=["Durable", "Likeable"])) == []


# -- Principle, Worst Impulse and Luck ---------------------------------------------------------

def test_a_character_needs_a_principle_and_a_worst_impulse(files):
    problems = check(files, wren(principle=None, worst_impulse=""))
    assert [p.rule for p in problems] == ["sapio.nature", "sapio.nature"]


def test_negative_luck_is_an_error_and_zero_is_fine(files):
    [p] = check(files, wren(luck=-1))
    assert p.rule == "sapio.luck" and "at least 0" in p.message
    assert check(files, wren(luck=0)) == []


# -- Injuries and Stresses ----------------------------------------------------------------------

def test_harm_of_more_than_two_words_is_an_error(files):
    [p] = check(files, wren(injuries=[{"name": "Broken left arm", "level": "moderate"}]))
    assert (p.rule, p.path) == ("sapio.harm-words", ("injuries", 0, "name"))


def test_harm_of_one_or_two_words_at_a_level_keeps_the_rules(files):
    assert check(files, wren(injuries=[{"name": "Twisted Ankle", "level": "Minor"}],
                             stresses=[{"name": "Exhausted", "level": "severe"}])) == []


def test_harm_at_an_unknown_level_is_an_error(files):
    [p] = check(files, wren(stresses=[{"name": "Rattled", "level": "mild"}]))
    assert (p.rule, p.path) == ("sapio.harm-level", ("stresses", 0, "level"))


@pytest.mark.parametrize("level, n", [("minor", 3), ("moderate", 3), ("severe", 3)])
def test_more_harm_than_boxes_is_an_error(files, level, n):
    injuries = [{"name": f"Cut {i}", "level": level} for i in range(n)]
    assert "sapio.harm-boxes" in rules(check(files, wren(injuries=injuries)), "error")


def test_full_boxes_keep_the_rule(files):
    injuries = [{"name": "Cut", "level": "minor"}, {"name": "Bruise", "level": "minor"},
                {"name": "Burn", "level": "moderate"}, {"name": "Gash", "level": "moderate"},
                {"name": "Broken Arm", "level": "severe"}]
    assert check(files, wren(injuries=injuries)) == []


def test_a_second_severe_warns_that_the_character_is_debilitated(files):
    injuries = [{"name": "Broken Arm", "level": "severe"}, {"name": "Stab Wound", "level": "severe"}]
    [p] = check(files, wren(injuries=injuries))
    assert (p.rule, p.severity) == ("sapio.debilitated", "warning") and "debilitated" in p.message


def test_one_severe_injury_and_one_severe_stress_are_two_tracks(files):
    assert check(files, wren(injuries=[{"name": "Broken Arm", "level": "severe"}],
                             stresses=[{"name": "Panicked", "level": "severe"}])) == []


# -- weapons -------------------------------------------------------------------------------------

def test_a_weapon_level_outside_minor_moderate_severe_is_an_error(files):
    [p] = check(files, wren(weapons=[{"name": "Katana", "level": "deadly"}]))
    assert (p.rule, p.path) == ("sapio.weapon-level", ("weapons", 0, "level"))


def test_weapons_of_each_level_keep_the_rule(files):
    weapons = [{"name": n, "level": lv} for n, lv in (("Knife", "minor"), ("Sword", "Moderate"), ("Shotgun", "severe"))]
    assert check(files, wren(weapons=weapons)) == []


# -- advancement ---------------------------------------------------------------------------------

def test_repeating_a_type_before_the_cycle_is_complete_is_an_error(files):
    problems = check(files, advanced(advancements=["quality", "quality", "side-profession", "special-talent"]))
    [p] = [p for p in problems if p.rule == "sapio.advancement-cycle"]
    assert p.path == ("advancements", 1) and "profession-specialization" in p.hint


def test_a_type_may_repeat_once_the_cycle_is_complete(files):
    sheet = advanced(advancements=CYCLE + ["quality"],
                     qualities=["Agile", "Perceptive", "Durable", "Likeable"])
    assert check(files, sheet) == []


def test_advancements_may_be_written_out_with_what_was_gained(files):
    history = [{"type": "quality", "gained": "Durable"}, "special talent", "side-profession",
               {"type": "profession-specialization", "gained": "Quick Escapes", "cycle_reward": "change-quality"}]
    assert check(files, advanced(advancements=history)) == []


def test_a_cycle_reward_before_the_cycle_is_complete_is_an_error(files):
    history = [{"type": "quality", "cycle_reward": "swap-professions"}, *CYCLE[1:]]
    [p] = check(files, advanced(advancements=history))
    assert (p.rule, p.path) == ("sapio.cycle-reward", ("advancements", 0, "cycle_reward"))


def test_a_sheet_that_does_not_match_its_history_warns(files):
    problems = check(files, advanced(qualities=["Agile", "Perceptive"]))
    assert [(p.rule, p.severity) for p in problems] == [("sapio.advancement-count", "warning")]


# -- the Spiral die --------------------------------------------------------------------------------

DIE = (EXAMPLES["sapio"] / "spiral-d12.yaml").read_text(encoding="utf-8")


def test_the_default_die_is_the_data_file_with_twelve_faces():
    die = default_die()
    assert len(die.faces) == 12
    assert [f.number for f in die.faces] == list(range(1, 13))
    assert (die.face(11).hits, die.face(11).spirals) == (2, 1)
    assert str(die.face(1)) == "blank"


def test_a_die_of_eleven_faces_is_an_error(files):
    text = DIE.replace("  - [spare, spare]\n", "")
    [p] = files.problems("d.yaml", text)
    assert p.rule == "sapio.die-faces" and "11" in p.message


def test_a_die_with_an_unknown_symbol_suggests_the_nearest(files):
    [p] = files.problems("d.yaml", DIE.replace("[hit, hit]", "[hit, hti]"))
    assert (p.rule, p.path) == ("sapio.die-symbol", ("faces", 9, 1)) and "`hit`" in p.hint


def test_a_die_of_twelve_known_faces_keeps_the_rules(files):
    assert files.problems("d.yaml", DIE.replace("[spiral]", "[Spiral]")) == []


def test_a_face_must_be_a_list(files):
    assert rules(files.problems("d.yaml", DIE.replace("[spiral]", "spiral"))) == {"input.type"}


# -- setups -------------------------------------------------------------------------------------

def test_inline_characters_of_a_setup_are_checked_where_they_stand(files):
    files.write("wren.yaml", wren())
    inline = yaml.safe_load(wren(qualities=["Lucky", "Agile"]))
    inline.pop("system")
    inline["name"] = "Bo"
    text = yaml.safe_dump({"system": "sapio", "kind": "setup", "name": "Table",
                           "characters": ["wren.yaml", inline]}, sort_keys=False)
    [p] = files.problems("table.yaml", text)
    assert p.rule == "sapio.quality-too-broad" and p.file.endswith("table.yaml")


# -- scenes ---------------------------------------------------------------------------------------------

BO = dict(name="Bo Tanner", profession={"name": "Dock Worker", "specializations": ["Lifting"]},
          side_professions=[{"name": "Street Fighter", "specializations": []}], qualities=["Strong", "Stubborn"],
          talents=[{"name": "Friend of the Dwarves"}], principle="Family first", worst_impulse="Never backs down",
          weapons=[{"name": "Crowbar", "level": "moderate"}])


def table(files, **wren_changes) -> None:
    """wren.yaml and bo.yaml beside a setup table.yaml naming both."""
    files.write("wren.yaml", wren(**wren_changes))
    files.write("bo.yaml", wren(**BO))
    files.write("table.yaml", "system: sapio\nkind: setup\nname: Rooftops\ncharacters: [wren.yaml, bo.yaml]\n")


def scene(files, body: str, **wren_changes):
    table(files, **wren_changes)
    return files.problems("scene.yaml", "system: sapio\nkind: scene\n" + textwrap.dedent(body))


def test_the_example_scene_keeps_every_rule(files):
    files.copy_example("sapio", "wren.yaml")
    files.copy_example("sapio", "spiral-d12.yaml")
    files.copy_example("sapio", "scene-leap.yaml")
    assert files.problems("sapio/scene-leap.yaml") == []


def test_a_tn_of_9_is_refused_with_the_allowed_range(files):
    [p] = scene(files, "character: wren.yaml\ntn: 9\n")
    assert p.rule == "sapio.tn-range" and "from 1 to 5" in p.message


@pytest.mark.parametrize("tn", [1, 5])
def test_a_tn_from_1_to_5_keeps_the_rule(files, tn):
    assert scene(files, f"character: wren.yaml\ntn: {tn}\n") == []


@pytest.mark.parametrize("body", [
    "character: wren.yaml\n",
    "character: wren.yaml\ntn: 3\ndefender: {character: bo.yaml}\n",
    "type: versus\ncharacter: wren.yaml\n",
    "type: versus\ncharacter: wren.yaml\ntn: 2\ndefender: {character: bo.yaml}\n",
    "character: wren.yaml\ntn: 3\ntake: {level: minor}\n",
    "character: wren.yaml\ntn: 3\ntake: {level: minor, injury: Cut, stress: Rattled}\n",
    "character: wren.yaml\ntn: 3\nhelp: [{character: wren.yaml, invokes: Agile}]\n",
    "type: versus\ncharacter: wren.yaml\ndefender: {character: wren.yaml}\n",
])
def test_a_scene_of_the_wrong_shape_is_an_error(files, body):
    assert "sapio.scene-shape" in rules(scene(files, body))


def test_a_scene_naming_characters_in_its_setup_by_name_keeps_the_rules(files):
    problems = scene(files, """\
        setup: table.yaml
        type: versus
        character: Wren Halloway
        defender: {character: bo tanner, invokes: [Dock Worker, Strong]}
        help: []
        """)
    assert problems == []


def test_a_scene_naming_someone_not_in_the_setup_is_refused(files):
    [p] = scene(files, "setup: table.yaml\ncharacter: Wren Haloway\ntn: 2\n")
    assert p.rule == "scene.unknown-character" and "Wren Halloway" in p.hint


def test_a_setup_in_another_folder_resolves_its_own_character_files(files):
    files.write("cast/wren.yaml", wren())
    files.write("cast/table.yaml", "system: sapio\nkind: setup\nname: T\ncharacters: [wren.yaml]\n")
    assert files.problems("scenes/s.yaml", "system: sapio\nkind: scene\nsetup: ../cast/table.yaml\n"
                                           "character: Wren Halloway\ntn: 2\n") == []


def test_invoking_two_professions_is_an_error(files):
    [p] = scene(files, "character: wren.yaml\ntn: 3\ninvoke: {profession: full, side_profession: Night Clerk}\n")
    assert p.rule == "sapio.one-profession"


@pytest.mark.parametrize("invoke", ["{specialization: Leaping}",
                                    "{side_profession: Night Clerk, specialization: Leaping}"])
def test_a_specialization_needs_its_own_profession_invoked(files, invoke):
    [p] = scene(files, f"character: wren.yaml\ntn: 3\ninvoke: {invoke}\n")
    assert p.rule == "sapio.specialization-profession" and "Roof Runner" in p.message


def test_a_specialization_with_its_profession_keeps_the_rule(files):
    assert scene(files, "character: wren.yaml\ntn: 3\ninvoke: {profession: partial, specialization: leaping}\n") == []


@pytest.mark.parametrize("body, path", [
    ("invoke: {quality: Strong}", ("invoke", "quality")),
    ("invoke: {side_profession: Day Clerk}", ("invoke", "side_profession")),
    ("invoke: {profession: full, specialization: Haggling}", ("invoke", "specialization")),
    ("bonus: {talents: [Weather Sense]}", ("bonus", "talents", 0)),
    ("penalties: [Broken Arm]", ("penalties", 0)),
    ("weapon: Katana", ("weapon",)),
    ("take: {injury: Cut, level: minor, similar_to: Gash}", ("take", "similar_to")),
])
def test_naming_what_is_not_on_the_sheet_is_an_error(files, body, path):
    [p] = scene(files, f"character: wren.yaml\ntn: 3\n{body}\n")
    assert (p.rule, p.path) == ("sapio.unknown-element", path)


def test_naming_what_is_on_the_sheet_keeps_the_rules(files):
    body = """\
        character: wren.yaml
        tn: 3
        invoke: {side_profession: night clerk, quality: Perceptive}
        bonus: {talents: [Hide in Plain Sight], follows: principle, situation: 1}
        penalties: [Sprain]
        weapon: Folding knife
        take: {injury: Sprain, level: minor, similar_to: Sprain}
        """
    assert scene(files, body, injuries=[{"name": "Sprain", "level": "moderate"}]) == []


@pytest.mark.parametrize("invokes", ["Friend of the Dwarves", "Family first", "Worst Impulse"])
def test_a_helper_may_not_invoke_a_talent_principle_or_worst_impulse(files, invokes):
    [p] = scene(files, f"character: wren.yaml\ntn: 3\nhelp: [{{character: bo.yaml, invokes: {invokes}}}]\n")
    assert p.rule == "sapio.help-element"


def test_a_helper_invokes_one_element_only(files):
    problems = scene(files, "character: wren.yaml\ntn: 3\n"
                            "help: [{character: bo.yaml, invokes: Strong}, {character: bo.yaml, invokes: Lifting}]\n")
    assert rules(problems) == {"sapio.help-element"}


@pytest.mark.parametrize("invokes", ["Strong", "Lifting", "street fighter"])
def test_a_helper_invoking_an_element_keeps_the_rule(files, invokes):
    assert scene(files, f"character: wren.yaml\ntn: 3\nhelp: [{{character: bo.yaml, invokes: {invokes}}}]\n") == []


def test_spending_more_luck_than_the_character_has_is_an_error(files):
    [p] = scene(files, "character: wren.yaml\ntn: 3\nbonus: {luck: 2}\n")
    assert p.rule == "sapio.luck-spent" and "has 1" in p.message
    assert scene(files, "character: wren.yaml\ntn: 3\nbonus: {luck: 1}\n") == []


def test_negative_luck_spent_is_an_error(files):
    assert rules(scene(files, "character: wren.yaml\ntn: 3\nbonus: {luck: -1}\n")) == {"sapio.luck-spent"}


def test_a_minor_harm_named_as_a_penalty_warns(files):
    [p] = scene(files, "character: wren.yaml\ntn: 3\npenalties: [Scrape]\n",
                injuries=[{"name": "Scrape", "level": "minor"}])
    assert (p.rule, p.severity) == ("sapio.penalty-level", "warning")


@pytest.mark.parametrize("invokes, rule", [
    ("[Dock Worker, Street Fighter]", "sapio.one-profession"),
    ("[Dock Worker, Strong, Stubborn]", "sapio.one-quality"),
    ("[Lifting, Strong]", "sapio.specialization-profession"),
    ("[Street Fighter, Lifting]", "sapio.specialization-profession"),
])
def test_a_defender_invokes_one_profession_specialization_and_quality_at_most(files, invokes, rule):
    body = f"type: versus\ncharacter: wren.yaml\ndefender: {{character: bo.yaml, invokes: {invokes}}}\n"
    assert rules(scene(files, body)) == {rule}


def test_two_specializations_of_a_defender_are_one_too_many(files):
    body = ("type: versus\ncharacter: wren.yaml\n"
            "defender: {character: bo.yaml, invokes: [Dock Worker, Lifting, Hauling]}\n")
    table(files)
    files.write("bo.yaml", wren(**{**BO, "stage": "advanced", "advancements": ["profession-specialization"],
                                   "profession": {"name": "Dock Worker", "specializations": ["Lifting", "Hauling"]}}))
    found = files.problems("scene.yaml", "system: sapio\nkind: scene\n" + body)
    assert rules(found) == {"sapio.one-specialization"}


def test_a_defender_invoking_a_profession_its_specialization_and_a_quality_keeps_the_rule(files):
    body = ("type: versus\ncharacter: wren.yaml\n"
            "defender: {character: bo.yaml, invokes: [Dock Worker, Lifting, Strong]}\n")
    assert scene(files, body) == []


def test_a_defender_may_not_raise_the_tn_with_a_talent(files):
    body = "type: versus\ncharacter: wren.yaml\ndefender: {character: bo.yaml, invokes: [Friend of the Dwarves]}\n"
    assert rules(scene(files, body)) == {"sapio.help-element"}


def test_no_luck_is_added_when_characters_confront_each_other(files):
    body = "type: versus\ncharacter: wren.yaml\nbonus: {luck: 1}\ndefender: {character: bo.yaml}\n"
    assert rules(scene(files, body)) == {"sapio.versus-luck"}


@pytest.mark.parametrize("dice, ok", [("[1, 12, 5]", True), ("[0, 3]", False), ("[13]", False)])
def test_listed_dice_are_face_numbers_1_to_12(files, dice, ok):
    problems = scene(files, f"character: wren.yaml\ntn: 3\ndice: {dice}\n")
    assert problems == [] if ok else rules(problems) == {"sapio.dice-face"}


def test_a_scene_may_name_its_own_die_file(files):
    files.write("mine.yaml", DIE)
    assert scene(files, "character: wren.yaml\ntn: 3\ndie: mine.yaml\n") == []
    assert rules(scene(files, "character: wren.yaml\ntn: 3\ndie: wren.yaml\n")) == {"input.wrong-kind"}


def test_take_names_harm_in_one_or_two_words(files):
    [p] = scene(files, "character: wren.yaml\ntn: 3\ntake: {stress: Very Very Tired, level: minor}\n")
    assert (p.rule, p.path) == ("sapio.harm-words", ("take", "stress"))


def test_the_system_lists_every_rule_it_reports():
    assert SYSTEM.rules is RULES and all(r.startswith("sapio.") for r in RULES)
