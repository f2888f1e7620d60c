"""Isolation: the permanent-link roll at the end of a session or on an injury — pairs roll
their red links against their green links, and what they record changes the map."""

from __future__ import annotations

import pytest
import yaml

from conftest import rules
from playaid.games.isolation import interpretation
from test_isolation_play import FARMHOUSE_LINKS, data, roll, table

BOB_ALICE = "Bob Tanner, Alice Moreau"


def injury(who: str, other: str, label: str) -> str:
    return f"  - {{between: [{who}, {other}], color: red, kind: injury, label: {label}}}\n"


def pair(between: str, green: list[int], red: list[int], choice: str | None = None, label: str = "") -> str:
    text = f"  - between: [{between}]\n    dice: {{green: {green}, red: {red}}}\n"
    if choice:
        text += f"    choice: {choice}\n"
    if label:
        text += f"    label: {label}\n"
    return text


def link_roll(*pairs: str) -> str:
    return "type: link-roll\npairs:\n" + "".join(pairs)


def links_after(result) -> list[dict]:
    return [c for c in result.changes if c.field == ("links",)][-1].after


@pytest.mark.parametrize("green, red, result", [
    ([2, 4], [1, 3], "even"), ([2], [1, 3], "red"), ([2, 4], [3], "green"), ([], [], "even")])
def test_green_evens_against_red_odds(green, red, result):
    assert interpretation.link_roll(green, red) == result


def test_more_green_evens_let_a_pair_add_a_labelled_green_link(files):
    table(files)
    # Bob and Alice share 2 green and 1 red link: 2 green dice, 1 red die
    result, _ = roll(files, link_roll(pair(BOB_ALICE, [2, 4], [3], "add-green", "Bonded over chess match")))
    assert data(result, "result") == ["green"] and result.outcome == "link-roll"
    added = [x for x in links_after(result) if x.get("label") == "Bonded over chess match"]
    assert added == [{"between": ["Bob Tanner", "Alice Moreau"], "color": "green", "kind": "story",
                      "label": "Bonded over chess match"}]


def test_more_red_odds_must_erase_a_green_or_add_a_red_link(files):
    table(files)
    result, _ = roll(files, link_roll(pair(BOB_ALICE, [1, 3], [5], "erase-green", "Patient / Impatient")))
    assert data(result, "result") == ["red"]
    assert not [x for x in links_after(result) if x.get("label") == "Patient / Impatient"]
    refused, problems = roll(files, link_roll(pair(BOB_ALICE, [1, 3], [5], "none")))
    assert refused is None and rules(problems, "error") == {"isolation.link-roll"}
    assert "erase-green or add-red" in problems[0].hint


def test_a_tie_changes_nothing_and_a_choice_is_refused(files):
    table(files)
    result, _ = roll(files, link_roll(pair(BOB_ALICE, [2, 3], [5])))
    assert data(result, "result") == ["even"] and result.changes == ()
    refused, problems = roll(files, link_roll(pair(BOB_ALICE, [2, 3], [5], "add-green", "Chess")))
    assert refused is None and rules(problems, "error") == {"isolation.link-roll"}


def test_without_a_recorded_choice_the_options_are_listed_and_nothing_changes(files):
    table(files)
    result, _ = roll(files, "type: link-roll\n", seed=4)
    assert len(data(result, "result")) == 3 and result.changes == ()  # every pair of the three rolls
    assert not result.replayed


def test_the_texts_bob_recovers_when_his_last_injured_link_is_erased(files):
    """Bob, injured, rolls with Alice and Eve; removing both Injured links brings him back to healthy."""
    table(files, health={"bob": "injured"},
          links=FARMHOUSE_LINKS + injury("Bob Tanner", "Alice Moreau", "Injured") + injury("Bob Tanner", "Eve Lindqvist", "Injured"))
    one = pair(BOB_ALICE, [2, 4], [3, 2], "erase-red", "Injured")
    result, _ = roll(files, link_roll(one))
    assert not [c for c in result.changes if c.field == ("health",)]  # the Injured link with Eve remains
    both = one + pair("Bob Tanner, Eve Lindqvist", [2], [2, 4, 6], "erase-red", "Injured")
    result, _ = roll(files, link_roll(both))
    assert [(c.who, c.before, c.after) for c in result.changes if c.field == ("health",)] == [
        ("Bob Tanner", "injured", "healthy")]


def test_a_dying_character_removes_dying_links_before_injured_ones(files):
    links = (FARMHOUSE_LINKS + injury("Bob Tanner", "Alice Moreau", "Dying") + injury("Bob Tanner", "Eve Lindqvist", "Injured")
             + injury("Bob Tanner", "Eve Lindqvist", "Dying") + injury("Bob Tanner", "Alice Moreau", "Injured"))
    table(files, health={"bob": "dying"}, links=links)
    early = pair("Bob Tanner, Eve Lindqvist", [2], [2, 4, 6, 4], "erase-red", "Injured")
    refused, problems = roll(files, link_roll(early))
    assert refused is None and "Dying" in problems[0].hint
    dying_first = (pair(BOB_ALICE, [2, 4], [3, 2, 2], "erase-red", "Dying")
                   + pair("Bob Tanner, Eve Lindqvist", [2], [2, 4, 6, 4], "erase-red", "Dying"))
    result, _ = roll(files, link_roll(dying_first))
    assert [(c.who, c.after) for c in result.changes if c.field == ("health",)] == [("Bob Tanner", "injured")]


@pytest.mark.parametrize("body, wrong", [
    ("type: link-roll\ndifficulty: 2\n", "isolation.scene-shape"),
    (link_roll(pair("Bob Tanner, Bob Tanner", [], [])), "isolation.link-roll"),
    (link_roll(pair(BOB_ALICE, [2], [3]), pair("Alice Moreau, Bob Tanner", [2], [3])), "isolation.link-roll"),
    (link_roll(pair(BOB_ALICE, [2], [3], "add-green")), "isolation.link-roll"),
    (link_roll(pair(BOB_ALICE, [2], [3], "erase-red", "Nope")), "isolation.link-roll"),
    (link_roll(pair(BOB_ALICE, [2], [3], "erase-green")), "isolation.link-roll"),  # two greens: name one
    ("active: Bob Tanner\ndifficulty: 2\npairs: []\n", "isolation.scene-shape"),
    ("difficulty: 2\n", "isolation.scene-shape"),
])
def test_a_link_roll_that_breaks_a_rule_is_refused_before_any_die(files, body, wrong):
    table(files)
    result, problems = roll(files, body)
    assert result is None and rules(problems, "error") == {wrong}


def test_listed_dice_must_fit_the_pairs_links(files):
    table(files)
    result, problems = roll(files, link_roll(pair(BOB_ALICE, [2], [3])))
    assert result is None and problems[0].rule == "roll.dice-count" and "Bob Tanner" in problems[0].message


def test_apply_writes_the_new_links_and_the_recovered_health(files, run):
    table(files, health={"bob": "injured"}, links=FARMHOUSE_LINKS + injury("Bob Tanner", "Alice Moreau", "Injured")
          + injury("Bob Tanner", "Eve Lindqvist", "Injured"))
    scene = files.write("scene.yaml", "system: isolation\nkind: scene\nsetup: setup.yaml\n" + link_roll(
        pair(BOB_ALICE, [2, 4], [3, 2], "erase-red", "Injured"),
        pair("Bob Tanner, Eve Lindqvist", [2], [2, 4, 6], "erase-red", "Injured")))
    out = files.root / "out"
    result = run("roll", scene, "--apply", "--out", out)
    assert result.exit_code == 0, result.output
    copy = yaml.safe_load((out / "setup.yaml").read_text(encoding="utf-8"))
    assert next(c for c in copy["characters"] if c["name"] == "Bob Tanner")["health"] == "healthy"
    assert not [x for x in copy["links"] if x.get("kind") == "injury"]
    assert run("validate", out / "setup.yaml").exit_code == 0
