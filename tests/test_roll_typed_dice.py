"""`roll --dice` text: only ASCII digits, bounded; `--ask` prints the line that repeats its roll;
`--apply` says when it rolled at random and when it replaced a copy (issues 26 and 28)."""

from __future__ import annotations

import re

from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import EXAMPLES
from playaid.cli import cli

SCUFFLE = EXAMPLES["dirt"] / "scene-scuffle.yaml"
KEYS = EXAMPLES["isolation"] / "scene-take-the-keys.yaml"


def test_digits_python_takes_but_int_refuses_are_a_usage_error(run):
    for typed in ("²", "⑦", "6,²", "٣", "9" * 5000, "1000"):
        result = run("roll", SCUFFLE, "--dice", typed)
        assert result.exit_code == 2, (typed, result.output)
        assert "is not a die's face" in result.output and "digits 0-9" in result.output
        assert len(result.output) < 600


def test_too_many_dice_are_refused_before_rolling(run):
    result = run("roll", SCUFFLE, "--dice", ",".join(["3"] * 1001))
    assert result.exit_code == 2 and "at most 1000" in result.output


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.text(max_size=40))
def test_any_dice_text_is_a_roll_or_a_clear_refusal(run, typed):
    result = CliRunner().invoke(cli, ["roll", str(SCUFFLE), "--dice", typed])
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    assert result.exit_code in (0, 1, 2)
    assert "Traceback" not in result.output


def test_after_ask_the_line_that_repeats_the_roll_is_printed(run):
    seeded = run("roll", SCUFFLE, "--seed", "5")
    faces = re.search(r"dice in the order taken: ([0-9,]+)", seeded.output)[1]
    answers = "".join(f"{v}\n" for v in faces.split(","))
    result = CliRunner().invoke(cli, ["roll", str(SCUFFLE), "--ask"], input=answers)
    assert result.exit_code == 0, result.output
    assert f"the same roll again: playaid roll {SCUFFLE} --dice {faces}" in result.output
    again = run("roll", SCUFFLE, "--dice", faces)
    assert again.output.split("\n\n")[:2] == result.output[result.output.index(again.output[:20]):].split("\n\n")[:2]


def test_apply_without_dice_says_it_rolls_at_random_before_writing(run, tmp_path):
    result = run("roll", KEYS, "--apply", "--out", tmp_path)
    assert result.exit_code == 0, result.output
    assert result.output.startswith("rolling at random (seed ")  # before the roll, and any copy, is shown
    seeded = run("roll", KEYS, "--seed", "3", "--apply", "--out", tmp_path / "b")
    assert seeded.output.index("rolling at random (seed 3)") < seeded.output.index("wrote ")
    faces = re.search(r"dice in the order taken: ([0-9,]+)", seeded.output)[1]
    typed = run("roll", KEYS, "--dice", faces, "--apply", "--out", tmp_path / "c")
    assert typed.exit_code == 0 and "wrote " in typed.output and "rolling at random" not in typed.output


def test_apply_says_when_it_replaces_a_copy(run, tmp_path):
    first = run("roll", KEYS, "--seed", "3", "--apply", "--out", tmp_path)
    assert "replaced" not in first.output
    second = run("roll", KEYS, "--seed", "4", "--apply", "--out", tmp_path)
    assert "(replaced the copy that was there)" in second.output
