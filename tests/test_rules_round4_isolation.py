"""Issue 27, rules faithfulness round 4 — Isolation: the last survivor goes it alone.

"Going At It Alone": "the player rolls a number of green dice equal to the Difficulty of the
task"; leaving `persuade:` out asks every other living character, and when that is nobody the
character is alone, exactly as with `persuade: []`.
"""

from __future__ import annotations

from test_isolation_play import data, roll, table

DEAD = {"alice": "dead", "eve": "dead"}


def survivor(files) -> None:
    """The farmhouse with Alice and Eve dead (their links gone with them): Bob is left alone."""
    table(files, stress=1, links="  []\n", health=DEAD)


LISTED = """difficulty: 2
dice:
  Bob Tanner: {green: [2, 4], red: [2]}
  GM: {red: [3, 2, 2, 2]}
"""


def test_the_last_survivor_with_persuade_left_out_rolls_the_difficulty_in_green_dice(files):
    survivor(files)
    result, problems = roll(files, "active: Bob Tanner\n" + LISTED)
    assert problems == []
    # 2 green dice (Difficulty 2), both even, no red odd of his own; GM 2 + 1 living + 1 Stress, 1 odd
    assert data(result, "green_evens") == [2] and data(result, "net") == [1]
    assert result.outcome == "partial-success"
    assert "goes it alone, no one else being alive to ask" in result.steps[0].text


def test_the_last_survivor_rolls_exactly_as_with_an_empty_persuade(files):
    survivor(files)
    left_out, _ = roll(files, "active: Bob Tanner\ndifficulty: 2\n", seed=11)
    empty, _ = roll(files, "active: Bob Tanner\npersuade: []\ndifficulty: 2\n", seed=11)
    assert left_out.outcome == empty.outcome
    assert [s.data for s in left_out.steps] == [s.data for s in empty.steps]
    # the seeded roll takes Difficulty-many green dice, not none
    assert any("Difficulty 2 when going it alone" in s.text for s in left_out.steps)


def test_with_others_alive_leaving_persuade_out_still_asks_them(files):
    table(files, stress=1)
    result, problems = roll(files, "active: Bob Tanner\ndifficulty: 2\n", seed=4)
    assert problems == []
    assert "tries to persuade Alice Moreau, Eve Lindqvist" in result.steps[0].text
    assert not any("going it alone" in s.text for s in result.steps)


def test_the_odds_of_a_last_survivors_scene_count_the_difficulty_greens(files, run):
    survivor(files)
    scene = files.write("alone.yaml", "system: isolation\nkind: scene\nsetup: setup.yaml\nactive: Bob Tanner\n"
                                      "difficulty: 2\n")
    empty = files.write("empty.yaml", "system: isolation\nkind: scene\nsetup: setup.yaml\nactive: Bob Tanner\n"
                                      "persuade: []\ndifficulty: 2\n")
    left_out, written = run("odds", "isolation", "--scene", scene, "--format", "json"), \
        run("odds", "isolation", "--scene", empty, "--format", "json")
    assert left_out.exit_code == 0, left_out.output
    assert left_out.output == written.output.replace("empty.yaml", "alone.yaml")
