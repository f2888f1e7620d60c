"""Isolation: character, relationship map and scene rules (rule text 000, second half)."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import EXAMPLES, rules

BOB_ALICE = [
    "{between: [Bob Tanner, Alice Moreau], color: green, kind: descriptor, label: Flirtatious / Charming}",
    "{between: [Bob Tanner, Alice Moreau], color: red, kind: descriptor, label: Stubborn / Arrogant}",
]
BOB_EVE = ["{between: [Bob Tanner, Eve Lindqvist], color: green, kind: descriptor, label: Handy / Resourceful}"]
ALICE_EVE = ["{between: [Alice Moreau, Eve Lindqvist], color: red, kind: descriptor, label: Arrogant / Arrogant}"]
MAP = BOB_ALICE + BOB_EVE + ALICE_EVE


def character(files, name: str, health: str = "healthy", **changes: str) -> None:
    """Write the example character `name` (alice, bob, eve) with some lines changed."""
    lines = (EXAMPLES["isolation"] / f"{name}.yaml").read_text(encoding="utf-8").splitlines()
    lines = [ln for ln in lines if ln.split(":")[0] not in changes and not ln.startswith("health:")]
    lines += [f"{k}: {v}" for k, v in changes.items()] + [f"health: {health}"]
    files.write(f"{name}.yaml", "\n".join(lines) + "\n")


def setup(files, links: list[str], stress: int = 2, health: dict[str, str] | None = None,
          name: str = "setup.yaml") -> list:
    """The problems of a setup of Alice, Bob and Eve with the given links."""
    for who in ("alice", "bob", "eve"):
        character(files, who, (health or {}).get(who, "healthy"))
    body = "\n".join(f"  - {link}" for link in links)
    return files.problems(name, f"system: isolation\nkind: setup\nname: T\nstress: {stress}\n"
                                f"characters: [alice.yaml, bob.yaml, eve.yaml]\nlinks:\n{body or '  []'}\n")


def test_the_example_table_keeps_every_rule(run):
    result = run("validate", EXAMPLES["isolation"])
    assert result.exit_code == 0, result.output
    assert "0 errors, 0 warnings" in result.output


# -- characters --------------------------------------------------------------------------

def test_more_than_twice_as_many_positive_as_negative_descriptors_warns(files, run):
    character(files, "alice", negative="[Nosy]")
    problems = files.problems("alice.yaml")
    assert "isolation.descriptor-balance" in rules(problems, "warning")
    assert "isolation.descriptor-balance" not in rules(problems, "error")
    assert run("validate", files.root / "alice.yaml").exit_code == 0
    assert run("validate", "--strict", files.root / "alice.yaml").exit_code == 1


def test_exactly_twice_as_many_positive_descriptors_is_allowed(files):
    character(files, "alice", positive="[Charming, Compassionate]", negative="[Nosy]")
    assert "isolation.descriptor-balance" not in rules(files.problems("alice.yaml"))


def test_a_shape_other_than_one_three_three_one_one_warns(files):
    character(files, "alice", positive="[Charming, Compassionate]", goal="[Live, Escape]")
    problems = files.problems("alice.yaml")
    assert rules(problems) == {"isolation.recommended-shape"}
    assert problems[0].severity == "warning" and "2 positive" in problems[0].message and "2 goal" in problems[0].message


def test_the_recommended_shape_gives_no_warning(files):
    character(files, "alice")
    assert files.problems("alice.yaml") == []


# -- the Stress Level ------------------------------------------------------------------------

def test_a_negative_stress_level_is_an_error(files):
    assert "isolation.stress-range" in rules(setup(files, MAP, stress=-1), "error")


@pytest.mark.parametrize("stress", [0, 4])
def test_a_stress_level_outside_one_to_three_warns(files, stress):
    assert rules(setup(files, MAP, stress=stress)) == {"isolation.stress-start"}


def test_a_stress_level_of_one_to_three_keeps_the_rules(files):
    assert setup(files, MAP, stress=3) == []


# -- links ------------------------------------------------------------------------------------

@pytest.mark.parametrize("link, said", [
    ("{between: [Bob Tanner, Alice Moro], color: green}", "did you mean `Alice Moreau`"),
    ("{between: [Bob Tanner, Bob Tanner], color: green}", "a link joins two different characters"),
    ("{between: [Bob Tanner, Alice Moreau, Eve Lindqvist], color: green}", "between: [First Name, Second Name]"),
])
def test_a_link_joins_two_different_characters_of_the_cast(files, link, said):
    problems = [p for p in setup(files, MAP + [link]) if p.rule == "isolation.link-ends"]
    assert problems and said in problems[0].hint + problems[0].message


def test_link_names_match_whatever_their_case(files):
    assert setup(files, MAP + ["{between: [bob tanner, ALICE MOREAU], color: green}"]) == []


def test_a_link_of_a_declared_kind_needs_a_label(files):
    assert "isolation.link-label" in rules(setup(files, MAP + ["{between: [Bob Tanner, Eve Lindqvist], "
                                                               "color: green, kind: story}"]), "error")


def test_a_link_labelled_by_play_needs_no_kind(files):
    assert setup(files, MAP + ["{between: [Bob Tanner, Eve Lindqvist], color: green, label: Bonded over chess}"]) == []


@pytest.mark.parametrize("label", ["Handy / Handy", "Handy", "Nosy / Flirtatious / Loud-Mouthed"])
def test_a_descriptor_link_names_one_descriptor_of_each_side(files, label):
    link = f"{{between: [Bob Tanner, Alice Moreau], color: green, kind: descriptor, label: {label}}}"
    assert "isolation.descriptor-link-label" in rules(setup(files, MAP + [link]), "error")


@pytest.mark.parametrize("label", ["Charming / Flirtatious", "loud-mouthed / nosy", "Carpenter / Nurse"])
def test_descriptor_labels_may_run_either_way_and_name_professions(files, label):
    link = f"{{between: [Bob Tanner, Alice Moreau], color: red, kind: descriptor, label: {label}}}"
    assert setup(files, MAP + [link]) == []


def bias_links(n: int, label: str = "Mistrustful of academic types", color: str = "red") -> list[str]:
    return [f"{{between: [Bob Tanner, Eve Lindqvist], color: {color}, kind: bias, label: {label}}}"] * n


def test_a_bias_link_is_labelled_with_a_bias_of_one_side(files):
    assert "isolation.bias-link-label" in rules(setup(files, MAP + bias_links(2, "Racist")), "error")
    assert setup(files, MAP + bias_links(2, "Distrusts anyone in a uniform")) == []


def test_bias_links_come_in_twos(files):
    assert rules(setup(files, MAP + bias_links(1))) == {"isolation.bias-link-count"}
    assert setup(files, MAP + bias_links(2)) == []


def goal_links(n: int, label: str = "Keep everyone alive until help comes", color: str = "green") -> list[str]:
    return [f"{{between: [Alice Moreau, Bob Tanner], color: {color}, kind: goal, label: {label}}}"] * n


def test_a_goal_link_is_labelled_with_a_goal_of_one_side(files):
    assert "isolation.goal-link-label" in rules(setup(files, MAP + goal_links(3, "Get rich")), "error")
    assert setup(files, MAP + goal_links(3, "board up the house and wait for rescue", "red")) == []


def test_goal_links_come_in_threes(files):
    problems = setup(files, MAP + goal_links(2))
    assert rules(problems) == {"isolation.goal-link-count"} and problems[0].severity == "warning"
    assert setup(files, MAP + goal_links(3)) == []


def test_unlabelled_links_of_both_colours_cannot_stand_together(files):
    both = ["{between: [Bob Tanner, Eve Lindqvist], color: green}", "{between: [Eve Lindqvist, Bob Tanner], color: red}"]
    assert rules(setup(files, MAP + both)) == {"isolation.temporary-links-cancel"}


def test_unlabelled_links_of_one_colour_may_pile_up_beside_labelled_ones(files):
    greens = ["{between: [Bob Tanner, Eve Lindqvist], color: green}"] * 2
    assert setup(files, MAP + greens) == []


def test_a_pair_without_any_link_warns(files):
    problems = setup(files, BOB_ALICE + BOB_EVE)
    assert rules(problems) == {"isolation.pair-unlinked"} and "Alice Moreau and Eve Lindqvist" in problems[0].message


def test_the_dead_need_no_links(files):
    assert setup(files, BOB_ALICE, health={"eve": "dead"}) == []


# -- health and the links it brings -------------------------------------------------------------

def injury(who: str, other: str, label: str = "Injured", color: str = "red") -> str:
    return f"{{between: [{who}, {other}], color: {color}, kind: injury, label: {label}}}"


def test_injury_links_are_red_and_labelled_with_a_wound_level(files):
    links = MAP + [injury("Bob Tanner", "Alice Moreau", color="green"), injury("Bob Tanner", "Eve Lindqvist")]
    assert "isolation.injury-link" in rules(setup(files, links, health={"bob": "injured"}), "error")
    links = MAP + [injury("Bob Tanner", "Alice Moreau", label="Bruised")]
    assert "isolation.injury-link" in rules(setup(files, links, health={"bob": "injured"}), "error")


def test_an_injured_character_holds_injured_links(files):
    assert "isolation.health-links" in rules(setup(files, MAP, health={"bob": "injured"}), "error")
    links = MAP + [injury("Bob Tanner", "Alice Moreau"), injury("Bob Tanner", "Eve Lindqvist")]
    assert setup(files, links, health={"bob": "injured"}) == []


def test_a_healthy_character_holds_no_injury_links(files):
    problems = setup(files, MAP + [injury("Bob Tanner", "Alice Moreau")])
    assert rules(problems) == {"isolation.health-links"} and "neither is injured" in problems[0].message


def test_a_dying_character_holds_dying_and_injured_links(files):
    injured = [injury("Bob Tanner", "Alice Moreau"), injury("Bob Tanner", "Eve Lindqvist")]
    dying = [injury("Bob Tanner", o, "Dying") for o in ("Alice Moreau", "Eve Lindqvist")]
    assert "isolation.health-links" in rules(setup(files, MAP + injured, health={"bob": "dying"}), "error")
    assert setup(files, MAP + injured + dying, health={"bob": "dying"}) == []
    assert "isolation.health-links" in rules(setup(files, MAP + injured + dying, health={"bob": "injured"}), "error")


def test_the_texts_bob_after_one_recovery_roll_warns_but_is_allowed(files):
    # "can only remove the red link with Alice": still Injured, with one Injured link left
    problems = setup(files, MAP + [injury("Bob Tanner", "Eve Lindqvist")], health={"bob": "injured"})
    assert rules(problems) == {"isolation.injury-links-missing"} and problems[0].severity == "warning"


def test_the_texts_bob_dying_keeps_the_rules_but_for_the_removed_link(files):
    # "one red link with Alice labeled Dying and two red links with Eve, one Injured and one Dying"
    links = MAP + [injury("Bob Tanner", "Alice Moreau", "Dying"), injury("Bob Tanner", "Eve Lindqvist"),
                   injury("Bob Tanner", "Eve Lindqvist", "Dying")]
    assert rules(setup(files, links, health={"bob": "dying"})) == {"isolation.injury-links-missing"}


def test_the_dead_hold_no_red_links(files):
    problems = setup(files, BOB_ALICE + BOB_EVE + ALICE_EVE, health={"eve": "dead"})
    assert rules(problems, "error") == {"isolation.dead-red-links"}
    assert rules(problems, "warning") == {"isolation.dead-green-links"}


# -- scenes -----------------------------------------------------------------------------------

def scene(files, body: str, links: list[str] = MAP, health: dict | None = None) -> list:
    setup(files, links, health=health)
    return files.problems("scene.yaml", "system: isolation\nkind: scene\nsetup: setup.yaml\n" + body)


def test_the_example_scene_keeps_every_rule(files):
    for name in ("alice.yaml", "bob.yaml", "eve.yaml", "farmhouse.yaml", "scene-board-up.yaml"):
        files.copy_example("isolation", name)
    assert files.problems("isolation/scene-board-up.yaml") == []


def test_a_scene_names_only_characters_of_the_cast(files):
    problems = scene(files, "active: Bob Tanner\ndifficulty: 2\npersuade: [Alice Moro]\n")
    assert rules(problems) == {"scene.unknown-character"} and "Alice Moreau" in problems[0].hint


def test_a_setup_in_another_folder_finds_its_characters(files):
    setup(files, MAP, name="table/setup.yaml")
    for who in ("alice", "bob", "eve"):
        Path(files.root / "table" / f"{who}.yaml").write_text((files.root / f"{who}.yaml").read_text())
    files.write("scenes/s.yaml", "system: isolation\nkind: scene\nsetup: ../table/setup.yaml\nactive: Bob Tanner\n"
                                 "difficulty: 2\n")
    assert files.problems("scenes/s.yaml") == []


@pytest.mark.parametrize("body, said", [
    ("active: Eve Lindqvist\ndifficulty: 2\n", "dead"),
    ("active: Bob Tanner\ndifficulty: 2\npersuade: [Bob Tanner]\n", "Active Player"),
    ("active: Bob Tanner\ndifficulty: 2\npersuade: [Alice Moreau, alice moreau]\n", "twice"),
    ("active: Bob Tanner\nagainst: Alice Moreau\npersuade: [Alice Moreau]\n", "acted against"),
    ("active: Bob Tanner\nagainst: Bob Tanner\ndifficulty: 2\n", "themselves"),
    ("active: Bob Tanner\ndifficulty: 2\nstances: {Bob Tanner: neutral}\n", "no stance"),
    ("active: Bob Tanner\ndifficulty: 2\npersuade: []\nstances: {Alice Moreau: cooperative}\n", "not asked"),
    ("active: Bob Tanner\ndifficulty: 2\npersuade: []\nmodifiers: [{who: Alice Moreau, red: 1}]\n", "rolls no dice"),
    ("active: Bob Tanner\ndifficulty: 2\npersuade: []\nstances: {Alice Moreau: hostile}\n"
     "modifiers: [{who: Alice Moreau, green: 1}]\n", "red dice only"),
    ("active: Bob Tanner\nagainst: Alice Moreau\ndice: {GM: {red: [1]}}\n", "GM rolls no dice"),
])
def test_scene_roles_name_living_characters_in_parts_the_rules_allow(files, body, said):
    problems = scene(files, body, links=BOB_ALICE, health={"eve": "dead"})
    assert rules(problems) == {"isolation.scene-roles"}, problems
    assert said in problems[0].message


@pytest.mark.parametrize("body", [
    "active: Bob Tanner\ndifficulty: 2\npersuade: [Alice Moreau]\nstances: {Alice Moreau: neutral}\n",
    "active: Bob Tanner\ndifficulty: hard\npersuade: []\nstances: {Alice Moreau: hostile}\n"
    "modifiers: [{who: Alice Moreau, red: 1}, {who: Bob Tanner, green: 1}]\n",
    "active: Bob Tanner\nagainst: Alice Moreau\nmodifiers: [{who: Alice Moreau, green: 1}]\n",
    "active: Bob Tanner\nagainst: Alice Moreau\npersuade: []\n",  # alone against a character: no Difficulty
])
def test_scene_roles_the_rules_allow(files, body):
    assert scene(files, body, links=BOB_ALICE, health={"eve": "dead"}) == []


def test_every_task_has_a_difficulty_unless_a_character_rolls_against_it(files):
    assert rules(scene(files, "active: Bob Tanner\n")) == {"isolation.scene-shape"}
    assert rules(scene(files, "active: Bob Tanner\nagainst: Eve Lindqvist\ndifficulty: 2\n")) == {"isolation.scene-shape"}


@pytest.mark.parametrize("difficulty", [0, 7])
def test_a_difficulty_is_one_to_six(files, difficulty):
    assert rules(scene(files, f"active: Bob Tanner\ndifficulty: {difficulty}\n")) == {"isolation.difficulty-range"}


@pytest.mark.parametrize("difficulty", [1, 6, "easy", "Really Hard", "impossible"])
def test_difficulties_by_number_or_by_name(files, difficulty):
    assert scene(files, f"active: Bob Tanner\ndifficulty: {difficulty}\n") == []


def test_a_modifier_adds_dice_and_never_takes_them_away(files):
    body = "active: Bob Tanner\ndifficulty: 2\nmodifiers: [{who: Bob Tanner, green: -1}]\n"
    assert rules(scene(files, body)) == {"isolation.modifier-range"}


# -- the invalid examples ---------------------------------------------------------------------


def test_a_scene_reports_every_problem_at_once(files):
    problems = scene(files, "active: Bob Tanner\npersuade: [Alice Moro]\nstances: {Bob Tanner: neutral}\n")
    assert rules(problems) == {"scene.unknown-character", "isolation.scene-shape", "isolation.scene-roles"}
