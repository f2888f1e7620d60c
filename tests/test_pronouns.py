"""Pronouns (issue 40, item 1): an optional `pronouns:` on a character of every game, checked,
printed small beside the player's name on the sheet, and filled from a players
spreadsheet's `pronouns` column."""

from __future__ import annotations

import re
import subprocess

import pytest

from playaid.convention.names import read_signups

EXAMPLE = {"contest": "harrow.yaml", "dirt": "moss.yaml", "fight-club": "dale.yaml",
           "fight-sphere": "bo.yaml", "isolation": "alice.yaml", "sapio": "ines.yaml"}


def _with_pronouns(files, game: str, pronouns: str):
    text = files.copy_example(game, EXAMPLE[game]).read_text(encoding="utf-8")
    player = re.search(r"^player: *(.+)$", text, re.M)
    assert player, f"{game}'s example names no player"
    text = text[:player.end()] + f"\npronouns: {pronouns}" + text[player.end():]
    return files.write(f"{game}/{EXAMPLE[game]}", text), player.group(1).strip().strip("\"'")


@pytest.mark.parametrize("game", sorted(EXAMPLE))
def test_pronouns_print_beside_the_players_name_in_every_game(run, files, tmp_path, game):
    path, player = _with_pronouns(files, game, "they/them")
    result = run("sheet", str(path), "--out", str(tmp_path / "out"), "--flat")
    assert result.exit_code == 0, result.output
    pdf = next((tmp_path / "out").glob("*.pdf"))
    text = subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True, check=True).stdout
    assert f"{player} they/them" in text  # on the player's line, right after the name


def test_a_sheet_without_pronouns_prints_none(run, files, tmp_path):
    path = files.copy_example("dirt", "moss.yaml")
    assert run("sheet", str(path), "--out", str(tmp_path / "out")).exit_code == 0
    text = subprocess.run(["pdftotext", str(next((tmp_path / "out").glob("*.pdf"))), "-"],
                          capture_output=True, text=True, check=True).stdout
    assert "/them" not in text and "/her" not in text


@pytest.mark.parametrize("written, said", [
    ("she/her and I would rather you asked me first", "pronouns are at most 30"),
    ("|\n  she/her\n  they/them", "pronouns are one line"),
])
def test_pronouns_that_do_not_fit_are_refused_with_the_line(run, files, written, said):
    path, _ = _with_pronouns(files, "dirt", written)
    result = run("validate", str(path))
    assert result.exit_code == 1
    assert f"{path}:4:11: error [input.pronouns]" in result.output and said in result.output
    assert "fix: write them as the player says them" in result.output


def test_the_spreadsheets_pronouns_column_is_kept_and_checked(tmp_path):
    good = tmp_path / "s.csv"
    good.write_text("Name,Pronouns,Email\nAnn,she/her,a@x.org\nBen,,b@x.org\n", encoding="utf-8")
    signups = read_signups(good)
    assert signups.names == ["Ann", "Ben"] and signups.pronouns == {"Ann": "she/her"}
    assert signups.notes == [f"{good}: only the names and pronouns are read; column `Email` left out"]
    bad = tmp_path / "t.csv"
    bad.write_text("Name,Pronouns\nAnn,she/her\nBen," + "x" * 31 + "\n", encoding="utf-8")
    signups = read_signups(bad)
    assert signups.names == [] and [(p.rule, p.line) for p in signups.problems] == [("input.pronouns", 3)]
