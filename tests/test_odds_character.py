"""`playaid odds GAME --character FILE`: a character's own chances (issue 40, item 5), exact
numbers checked against every face sequence run through the procedure `playaid roll` plays."""

from __future__ import annotations

import csv
import io
import json
from fractions import Fraction
from itertools import product

import pytest

from brute import _Listed, _Unrolled
from conftest import EXAMPLES
from playaid.games.sapio.odds import success
from playaid.games.sapio.procedures import roll_check
from playaid.games.sapio.spiral_die import default_die
from playaid.games.sapio.talents import Effect

PIA = """system: sapio
name: Pia
stage: advanced
profession: {name: Climber}
side_professions: [{name: Cook}]
qualities: [Steady, Patient]
principle: Never leave a rope behind
worst_impulse: Show off
luck: LUCK
talents:
  - {name: Sure Grip, text: One automatic Hit when climbing., hits: 1, task: climbing}
  - {name: Good Ears, text: Hears what is said two rooms away.}
"""


def brute_success(pool: int, tn: int, effects=()) -> Fraction:
    """P(success) by `roll_check` on every face sequence, extended while it asks for dice."""
    die, out = default_die(), Fraction(0)
    waiting = [tuple(r) for r in product(range(1, len(die.faces) + 1), repeat=pool)]
    while waiting:
        numbers = waiting.pop()
        try:
            result = roll_check(pool, tn, die, _Listed(numbers), True, effects)  # type: ignore[arg-type]
        except _Unrolled:
            waiting += [numbers + (n,) for n in range(1, len(die.faces) + 1)]
            continue
        out += Fraction(int(result.success), len(die.faces) ** len(numbers))
    return out


def success_table(run, path) -> dict[str, dict[str, Fraction]]:
    result = run("odds", "sapio", "--character", path, "--format", "json")
    assert result.exit_code == 0, result.output
    return {action: {tn: Fraction(p) for tn, p in row.items()}
            for action, row in json.loads(result.output)["exact"]["success"].items()}


def test_a_sapio_characters_checks_are_exact_against_every_roll(run, files):
    table = success_table(run, files.write("pia.yaml", PIA.replace("LUCK", "0")))
    grip = [Effect("Sure Grip", "hits", 1, "climbing")]
    expected = {"Climber (fully applicable) + Steady": (4, ()),
                "Cook + Steady": (3, ()),
                "Climber (fully applicable) + Steady, Special Talent Sure Grip (1 automatic Hit for climbing)": (4, grip)}
    assert list(table) == list(expected)  # Good Ears changes no roll: no row of its own
    for action, (pool, effects) in expected.items():
        for tn in range(1, 6):
            assert table[action][f"TN {tn}"] == brute_success(pool, tn, effects), (action, tn)


def test_the_words_name_the_actions_and_the_talent_that_changes_nothing(run, files):
    out = run("odds", "sapio", "--character", files.write("pia.yaml", PIA.replace("LUCK", "0"))).output
    assert out.startswith("Pia's chances to succeed, by the TN the GM sets")
    assert "  Cook + Steady — 3 dice: TN 1 92.8%, TN 2 71.1%, TN 3 40.7%" in out
    assert "Special Talents that change no chance of success: Good Ears." in out


@pytest.mark.parametrize("luck,said,tn_at_3", [
    (3, "6 dice: 1 die beyond six is lost to the cap (two beyond six would lower the TN by one)", 3),
    (4, "6 dice, 2 dice beyond six: TN −1 (one for every two)", 2),
    (5, "6 dice, 3 dice beyond six: TN −1 (one for every two; the odd die is lost)", 2),
])
def test_the_pool_cap_is_said_when_a_die_is_lost_to_it(run, files, luck, said, tn_at_3):
    path = files.write("pia.yaml", PIA.replace("LUCK", str(luck)))
    out = run("odds", "sapio", "--character", path).output
    line = next(x for x in out.splitlines() if f"all {luck} Luck spent" in x)
    assert f"— {said}: " in line, out
    table = success_table(run, path)
    spent = next(v for k, v in table.items() if "Luck spent" in k)
    assert spent["TN 3"] == success(default_die(), 6, tn_at_3)


def test_a_dirt_characters_stats_with_job_and_hobby(run):
    scout = EXAMPLES["dirt"] / "scout.yaml"
    out = run("odds", "dirt", "--character", scout).output
    # the same number the one-situation query gives: 4 dice, job applies, hard check
    assert "Physical (4 dice), job Park ranger applies (3+ counts): simple 98.8%, average 90.5%, " \
           "difficult 68.6%, hard 38.6%" in out
    rows = list(csv.DictReader(io.StringIO(run("odds", "dirt", "--character", scout, "--format", "csv").output)))
    one = next(r for r in rows if r["outcome"] == "Mental (3 dice) / average")
    assert Fraction(one["exact"]) == Fraction(1, 3)  # two of three dice at 5+, sixes again: 1/3 exactly


@pytest.mark.parametrize("game,why", [("fight-club", "it uses no dice"),
                                      ("isolation", "its links with the other characters"),
                                      ("contest", "the assets a player picks"),
                                      ("fight-sphere", "Conflict Pool dice gambled")])
def test_a_game_without_a_characters_own_checks_says_so(run, game, why):
    result = run("odds", game, "--character", EXAMPLES["sapio"] / "wren.yaml")
    assert result.exit_code == 1 and "has no chances of a character's own" in result.output and why in result.output


def test_a_character_of_another_game_or_kind_is_refused(run):
    result = run("odds", "sapio", "--character", EXAMPLES["dirt"] / "scout.yaml")
    assert result.exit_code == 1 and "a dirt character, not a sapio character" in result.output
    result = run("odds", "sapio", "--character", EXAMPLES["sapio"] / "scene-leap.yaml")
    assert result.exit_code == 1 and "not a sapio character" in result.output
    result = run("odds", "sapio", "--character", EXAMPLES["sapio"] / "wren.yaml", "--pool", "3")
    assert result.exit_code == 2 and "leave out --pool" in result.output
