"""Asset-dice contests: character, setup and scene rules (rule text 004)."""

from __future__ import annotations


import pytest

from conftest import EXAMPLES, rules
from playaid.documents import Library
from playaid.games.contest.dice import Die, nearest_physical

HARROW = """
system: contest
name: Ensign Tomas Harrow
attributes: {Strength: d6, Agility: d8, Intellect: d8, Social Standing: d8}
skills: {Oratory: d8, Piloting: d6}
relationships: {Captain Ilse Varga: d6}
gear: {Bullhorn: d3, Service pistol: d8}
aspects: [Never leaves a crewmate behind]
backgrounds: [Naval Rating]
condition_dice:
  - {name: Rehearsed speech, die: d6, uses: 1}
penalty_dice: []
"""

CROWD = "  - {name: The crowd, dice: [d10, d8, d6, d6, d6]}\n"


def character(**changes: str) -> str:
    """Harrow with some lines replaced: `character(attributes="{Strength: d7}")`."""
    lines: list[str] = []
    replacing = False
    for line in HARROW.strip("\n").splitlines():
        if line.startswith(" ") and replacing:
            continue  # the old value's own lines
        key = line.split(":", 1)[0]
        replacing = key in changes
        if not replacing:
            lines.append(line)
        elif changes[key] is not None:
            lines.append(f"{key}: {changes[key]}")
    extra = [f"{k}: {v}" for k, v in changes.items() if k not in HARROW and v is not None]
    return "\n".join(lines + extra) + "\n"


def scene(assets: str, *, extra: str = "", opposition: str = CROWD, harrow: str = "") -> str:
    return ("system: contest\nkind: scene\ngoal: Talk the rioters into going home\n" + extra +
            "sides:\n  - name: Harrow\n    character: harrow.yaml\n" + f"    assets: {assets}\n" + harrow + opposition)


@pytest.fixture
def harrow(files):
    files.write("harrow.yaml", HARROW)
    return files


# -- the examples ----------------------------------------------------------------------

def test_the_examples_keep_every_rule():
    library = Library()
    for path in sorted((EXAMPLES["contest"]).glob("*.yaml")):
        library.load(path)
    assert library.problems() == []


def test_the_cli_validates_the_examples(run):
    result = run("validate", EXAMPLES["contest"])
    assert result.exit_code == 0, result.output


# -- dice ------------------------------------------------------------------------------

@pytest.mark.parametrize("size", ["d3", "d4", "d6", "d8", "d10", "d12"])
def test_the_six_physical_sizes_are_dice_of_the_game(files, size):
    assert files.problems("h.yaml", character(gear=f"{{Bullhorn: {size}}}")) == []


def test_a_d7_is_an_error_that_says_what_is_allowed(files):
    [p] = files.problems("h.yaml", character(attributes="{Strength: d7}"))
    assert p.rule == "contest.die-size" and "d7" in p.message
    assert "d3, d4, d6, d8, d10 or d12" in p.hint and "e_dice" in p.hint


def test_a_declared_e_die_is_allowed_on_its_character(files):
    assert files.problems("h.yaml", character(attributes="{Strength: d11}", e_dice="[d11]")) == []


def test_a_scene_declares_e_dice_or_rolls_electronically(harrow):
    gm = "  - {name: The crowd, dice: [d11, d7]}\n"
    assert rules(harrow.problems("s.yaml", scene("{attribute: Strength}", opposition=gm))) == {"contest.die-size"}
    assert harrow.problems("s.yaml", scene("{attribute: Strength}", opposition=gm, extra="e_dice: [d11, d7]\n")) == []
    assert harrow.problems("s.yaml", scene("{attribute: Strength}", opposition=gm, extra="electronic: true\n")) == []


@pytest.mark.parametrize("text", ["7", "d", "2d6", "d1", "d2", "d101", "six"])
def test_text_that_is_no_die_is_refused_with_the_dice_rule(files, text):
    problems = files.problems("h.yaml", character(skills=f"{{Oratory: {text}}}"))
    assert rules(problems) == {"contest.die-size"}


def test_a_missing_physical_size_is_rolled_as_the_nearest_lower_one():
    assert [nearest_physical(n) for n in (3, 5, 7, 11, 20)] == [3, 4, 6, 10, 12]
    assert str(Die.parse("D10")) == "d10"


# -- characters ------------------------------------------------------------------------

def test_a_character_needs_an_attribute(files):
    [p] = files.problems("h.yaml", character(attributes="{}"))
    assert p.rule == "contest.attribute-required"
    [p] = files.problems("h.yaml", character(attributes=None))
    assert p.rule == "contest.attribute-required"


@pytest.mark.parametrize("uses, ok", [(0, False), (-1, False), (1, True), (3, True)])
def test_condition_dice_have_a_use_left(files, uses, ok):
    problems = files.problems("h.yaml", character(condition_dice=f"[{{name: Plan, die: d6, uses: {uses}}}]"))
    assert (problems == []) == ok
    assert ok or rules(problems) == {"contest.condition-uses"}


def test_backgrounds_stand_in_as_d3(files):
    assert files.problems("h.yaml", character(backgrounds="{Naval Rating: d3}")) == []
    [p] = files.problems("h.yaml", character(backgrounds="{Naval Rating: d6}"))
    assert p.rule == "contest.background-die" and "d3" in p.message


@pytest.mark.parametrize("entry", ["{name: Cracked rib}", "{die: d6}", "{name: '', die: d6}"])
def test_a_penalty_die_needs_a_name_and_a_die(files, entry):
    [p] = files.problems("h.yaml", character(penalty_dice=f"[{entry}]"))
    assert p.rule == "contest.penalty-die" and p.path == ("penalty_dice", 0)


def test_a_well_formed_penalty_die_keeps_the_rule(files):
    assert files.problems("h.yaml", character(penalty_dice="[{name: Cracked rib, die: d6}]")) == []


def test_every_problem_of_a_sheet_is_reported_at_once(files):
    problems = files.problems("h.yaml", character(
        attributes="{}", skills="{Oratory: d7}", backgrounds="{Scout: d4}", penalty_dice="[{name: Sore}]"))
    assert rules(problems) == {"contest.attribute-required", "contest.die-size", "contest.background-die",
                               "contest.penalty-die"}


def test_aspects_may_carry_their_own_die(files):
    assert files.problems("h.yaml", character(aspects="{Never leaves a crewmate behind: d8}")) == []
    assert rules(files.problems("h.yaml", character(aspects="{Never leaves a crewmate behind: d9}"))) == {
        "contest.die-size"}


# -- setups ----------------------------------------------------------------------------

def test_a_setup_checks_inline_characters_where_they_stand(harrow):
    problems = harrow.problems("crew.yaml", """
        system: contest
        kind: setup
        name: The Meridian
        characters:
          - harrow.yaml
          - {name: Ilse Varga, attributes: {}}
        """)
    [p] = problems
    assert (p.rule, p.file.endswith("crew.yaml"), p.line) == ("contest.attribute-required", True, 6)


# -- scenes ----------------------------------------------------------------------------

def test_the_riot_scene_keeps_every_rule(harrow):
    assert harrow.problems("s.yaml", scene("{attribute: Social Standing, skill: Oratory, gear: Bullhorn}")) == []


def test_a_contest_has_two_sides_with_their_own_names(harrow):
    one = harrow.problems("s.yaml", scene("{attribute: Social Standing}", opposition=""))
    assert rules(one) == {"contest.scene-sides"}
    twice = harrow.problems("s.yaml", scene("{attribute: Social Standing}", opposition="  - {name: harrow, dice: [d6]}\n"))
    assert rules(twice) == {"contest.scene-sides"}


def test_a_pool_is_a_character_with_assets_or_gm_dice(harrow):
    assert rules(harrow.problems("s.yaml", scene("{attribute: Strength}", harrow="    dice: [d6]\n"))) == {
        "contest.pool-shape"}
    assert rules(harrow.problems("s.yaml", scene("{attribute: Strength}",
                                                 opposition="  - {name: The crowd, dice: []}\n"))) == {"contest.pool-shape"}
    assert rules(harrow.problems("s.yaml", scene("{attribute: Strength}", opposition="  - {name: The crowd}\n"))) == {
        "contest.pool-shape"}


def test_a_pool_always_has_an_attribute(harrow):
    [p] = harrow.problems("s.yaml", scene("{skill: Oratory}"))
    assert p.rule == "contest.pool-attribute"
    assert harrow.problems("s.yaml", scene("{attribute: Intellect}")) == []


@pytest.mark.parametrize("assets", ["{attribute: Charm}", "{attribute: Strength, skill: Oratroy}",
                                    "{attribute: Strength, relationship: The mayor}",
                                    "{attribute: Strength, gear: Megaphone}",
                                    "{attribute: Strength, temporary: Lucky coin}",
                                    "{attribute: Strength, aspects: [Brave]}",
                                    "{attribute: Strength, skill_background: Scout}"])
def test_a_pool_names_only_assets_on_the_sheet(harrow, assets):
    assert rules(harrow.problems("s.yaml", scene(assets))) == {"contest.pool-asset"}


def test_asset_names_match_whatever_their_case(harrow):
    assert harrow.problems("s.yaml", scene("{attribute: social standing, skill: ORATORY, temporary: rehearsed speech}")) == []


def test_a_background_or_random_gear_stands_in_only_for_what_is_missing(harrow):
    ok = "{attribute: Agility, skill_background: Naval Rating, relationship_background: Naval Rating, random_gear: Flare}"
    assert harrow.problems("s.yaml", scene(ok)) == []
    for bad in ("{attribute: Agility, skill: Piloting, skill_background: Naval Rating}",
                "{attribute: Agility, relationship: Captain Ilse Varga, relationship_background: Naval Rating}",
                "{attribute: Agility, gear: Bullhorn, random_gear: Flare}"):
        assert rules(harrow.problems("s.yaml", scene(bad))) == {"contest.asset-substitute"}


def test_one_aspect_bonus_die_per_aspect_copying_an_asset_on_the_sheet(harrow):
    ok = "{attribute: Strength, aspects: [Never leaves a crewmate behind], aspect_bonus: [Oratory]}"
    assert harrow.problems("s.yaml", scene(ok)) == []
    too_many = "{attribute: Strength, aspects: [Never leaves a crewmate behind], aspect_bonus: [Oratory, Strength]}"
    assert rules(harrow.problems("s.yaml", scene(too_many))) == {"contest.aspect-bonus"}
    unknown = "{attribute: Strength, aspects: [Never leaves a crewmate behind], aspect_bonus: [Charm]}"
    assert rules(harrow.problems("s.yaml", scene(unknown))) == {"contest.aspect-bonus"}


def test_an_opposing_asset_is_a_penalty_die_an_opponent_carries(files):
    files.write("harrow.yaml", HARROW)
    files.write("rook.yaml", character(name="Rook", penalty_dice="[{name: Cracked rib, die: d6}]"))
    rook = "  - {name: Rook, character: rook.yaml, assets: {attribute: Strength}}\n"
    assert files.problems("s.yaml", scene("{attribute: Strength, opposing: Cracked rib}", opposition=rook)) == []
    assert rules(files.problems("s.yaml", scene("{attribute: Strength, opposing: Bad knee}", opposition=rook))) == {
        "contest.opposing-asset"}
    free = "{attribute: Strength, opposing: {name: Crowd's fear, die: d6}}"
    assert files.problems("s.yaml", scene(free)) == []


def test_own_penalty_dice_are_no_opposing_asset(files):
    files.write("harrow.yaml", character(penalty_dice="[{name: Cracked rib, die: d6}]"))
    assert rules(files.problems("s.yaml", scene("{attribute: Strength, opposing: Cracked rib}"))) == {
        "contest.opposing-asset"}


def test_a_gm_pool_of_more_than_ten_dice_warns(harrow):
    ten = "  - {name: The crowd, dice: [d6, d6, d6, d6, d6, d6, d6, d6, d6, d6]}\n"
    assert harrow.problems("s.yaml", scene("{attribute: Strength}", opposition=ten)) == []
    eleven = ten.replace("[d6,", "[d6, d6,")
    [p] = harrow.problems("s.yaml", scene("{attribute: Strength}", opposition=eleven))
    assert (p.rule, p.severity) == ("contest.opposition-size", "warning")


def test_the_goal_is_a_condition_die_or_a_penalty_removal_not_both(files):
    files.write("harrow.yaml", character(penalty_dice="[{name: Stage fright, die: d8}]"))
    assert files.problems("s.yaml", scene("{attribute: Strength}", extra="condition: {die: d8}\n")) == []
    assert files.problems("s.yaml", scene("{attribute: Strength}", extra="remove_penalty: Stage fright\n")) == []
    both = "condition: {die: d8}\nremove_penalty: Stage fright\n"
    assert rules(files.problems("s.yaml", scene("{attribute: Strength}", extra=both))) == {"contest.scene-goal"}
    assert rules(files.problems("s.yaml", scene("{attribute: Strength}", extra="remove_penalty: Cold feet\n"))) == {
        "contest.scene-goal"}
    assert rules(files.problems("s.yaml", scene("{attribute: Strength}", extra="condition: {die: d8, to: Nobody}\n"))) \
        == {"scene.unknown-character"}


def test_rolled_dice_fit_the_pool_they_are_listed_for(harrow):
    assets = "{attribute: Social Standing, skill: Oratory, gear: Bullhorn}"
    crowd = "  - {name: The crowd, dice: [d10, d8, d6, d6, d6], rolled: [9, 3, 2, 6, 1]}\n"
    assert harrow.problems("s.yaml", scene(assets, harrow="    rolled: [7, 5, 3]\n", opposition=crowd)) == []
    short = harrow.problems("s.yaml", scene(assets, harrow="    rolled: [7, 5]\n", opposition=crowd))
    assert rules(short) == {"contest.rolled-dice"} and "Bullhorn" in short[0].hint
    [off] = harrow.problems("s.yaml", scene(assets, harrow="    rolled: [7, 5, 4]\n", opposition=crowd))
    assert off.rule == "contest.rolled-dice" and off.path == ("sides", 0, "rolled", 2) and "d3" in off.message
    [one_side] = harrow.problems("s.yaml", scene(assets, harrow="    rolled: [7, 5, 3]\n"))
    assert one_side.rule == "contest.rolled-dice" and "The crowd" in one_side.message


def test_spending_orders_name_a_side_and_an_opponent(harrow):
    ok = "spend:\n  - {by: Harrow, penalty: d6, to: The crowd, name: Cowed}\n  - {by: Harrow, reward: Goodwill}\n"
    assert harrow.problems("s.yaml", scene("{attribute: Strength}", extra=ok)) == []
    for bad in ("spend:\n  - {by: Nobody, reward: Goodwill}\n",
                "spend:\n  - {by: Harrow, penalty: d6, to: Harrow}\n",
                "spend:\n  - {by: Harrow, penalty: d6}\n",
                "spend:\n  - {by: Harrow}\n",
                "spend:\n  - {by: The crowd, reward: Goodwill}\n"):
        assert rules(harrow.problems("s.yaml", scene("{attribute: Strength}", extra=bad))) == {"contest.spend"}, bad


def test_a_scene_with_a_setup_names_characters_of_its_cast(harrow):
    harrow.write("crew.yaml", "system: contest\nkind: setup\nname: Meridian\ncharacters: [harrow.yaml]\n")
    text = scene("{attribute: Strength}", extra="setup: crew.yaml\n").replace("harrow.yaml", "Ensign Tomas Harrow")
    assert harrow.problems("s.yaml", text) == []
    [p] = harrow.problems("s.yaml", text.replace("Ensign Tomas Harrow", "Ensign Tomas Harow"))
    assert p.rule == "scene.unknown-character" and "Ensign Tomas Harrow" in p.hint


def test_a_character_rolls_in_one_pool_only(harrow):
    twice = "  - {name: Again, character: harrow.yaml, assets: {attribute: Strength}}\n"
    assert rules(harrow.problems("s.yaml", scene("{attribute: Strength}", opposition=twice))) == {"contest.scene-sides"}


def test_co_operating_pools_are_listed_under_their_side(files):
    files.write("harrow.yaml", HARROW)
    files.write("ilse.yaml", character(name="Ilse Varga"))
    text = """
        system: contest
        kind: scene
        goal: Hold the airlock
        sides:
          - name: Crew
            pools:
              - {character: harrow.yaml, assets: {attribute: Strength}}
              - {character: ilse.yaml, assets: {attribute: Agility}}
            rolled: [4, 6]
          - name: Boarders
            dice: [d8, d8, d6]
            rolled: [8, 2, 2]
        """
    assert files.problems("s.yaml", text) == []
    mixed = text.replace("pools:", "character: harrow.yaml\n            pools:")
    assert "contest.pool-shape" in rules(files.problems("s.yaml", mixed))
