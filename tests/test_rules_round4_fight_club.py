"""Issue 27, rules faithfulness round 4 — Fight Club: the Endgame stops Pain, and one deck serves the table.

"If you're not at Endgame yet, you get to spend Pain"; the frustration cards are drawn from one
deck ("Take the deck of frustrations … and draw three").
"""

from __future__ import annotations

import yaml

from conftest import roll_json, rules
from test_fight_club_play import character, roll  # noqa: F401  (`roll` is a fixture)

STATEMENT = "type: spend-pain\nactive: A\nstatements: [{text: The shelter stays open, tokens: 1}]\n"


def test_reaching_the_endgame_is_recorded_and_read_back(files, run):
    files.write("t/table.yaml", "system: fight-club\nkind: setup\nname: T\ncharacters:\n"
                + character("A", 9, 1, 1, "[Sex]") + character("B", 1, 1, 1, "[Women]"))
    scene = files.write("t/scene.yaml", "system: fight-club\nkind: scene\nsetup: table.yaml\ntype: end-of-turn\n"
                                        "active: A\ndrawn: Drugs\n")
    out = roll_json(run, scene)
    assert out["outcome"] == "endgame:insane"
    assert {tuple(c["field"]): c["after"] for c in out["changes"] if c["who"] == "A"}[("endgame",)] == "insane"
    assert any("[fight-club.endgame]" in s["text"] for s in out["steps"])
    folder = files.root / "out"
    assert run("roll", scene, "--apply", "--out", folder).exit_code == 0
    assert run("validate", folder / "table.yaml").exit_code == 0
    state = yaml.safe_load((folder / "table.yaml").read_text())
    assert state["characters"][0]["endgame"] == "insane"
    # the character at the Endgame spends no more Pain
    files.write("out/spend.yaml", "system: fight-club\nkind: scene\nsetup: table.yaml\n" + STATEMENT)
    refused = run("roll", folder / "spend.yaml")
    assert refused.exit_code == 1 and "fight-club.endgame" in refused.output and "spend.yaml:5:" in refused.output


def test_a_character_not_at_the_endgame_still_spends_pain_after_another_reached_it(roll):
    cast = [character("A", 1, 3, 1, "[Sex]"),
            "  - {name: B, frustrations: [Women], tokens: {frustration: 9, pain: 1, retirement: 1}, in_play: true, "
            "endgame: insane}\n"]
    assert roll(cast, STATEMENT)["outcome"] == "pain-spent"


def test_two_characters_holding_the_single_copy_of_a_card_warn(files):
    files.write("table.yaml", "system: fight-club\nkind: setup\nname: T\ncharacters:\n"
                + character("A", 1, 1, 1, "[Sex, Women]") + character("B", 1, 1, 1, "[sex]"))
    problems = files.problems("table.yaml")
    [shared] = [p for p in problems if p.rule == "fight-club.card-shared"]
    assert shared.severity == "warning" and "A, B all hold Sex" in shared.message and "a single card" in shared.message


def test_a_card_fought_out_by_one_and_held_by_another_warns_too(files):
    files.write("table.yaml", "system: fight-club\nkind: setup\nname: T\ncharacters:\n"
                + character("A", 1, 1, 1, "[Women]").replace("in_play: true", "in_play: true, fought_out: [Sex]")
                + character("B", 1, 1, 1, "[Sex]"))
    assert "fight-club.card-shared" in rules(files.problems("table.yaml"), "warning")


def test_different_cards_or_a_deck_with_copies_do_not_warn(files):
    files.write("table.yaml", "system: fight-club\nkind: setup\nname: T\ncharacters:\n"
                + character("A", 1, 1, 1, "[Sex]") + character("B", 1, 1, 1, "[Women]"))
    assert "fight-club.card-shared" not in rules(files.problems("table.yaml"))
    files.write("deck.yaml", "system: fight-club\nkind: deck\nname: Doubles\ncards: [{name: Sex, copies: 2}, Women]\n")
    files.write("table.yaml", "system: fight-club\nkind: setup\nname: T\ndeck: deck.yaml\ncharacters:\n"
                + character("A", 1, 1, 1, "[Sex]") + character("B", 1, 1, 1, "[Sex]"))
    assert "fight-club.card-shared" not in rules(files.problems("table.yaml"))
