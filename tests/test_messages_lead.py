"""Command-line messages that lead to the fix (issue 28 item 4): the nearest command or
option, why spaces split values, a file given where names go, examples not copied yet."""

from __future__ import annotations

from click.testing import CliRunner

from conftest import EXAMPLES
from playaid.cli import cli
from playaid.commands.wording import plain_wording


def invoke(*args: str):
    return CliRunner().invoke(cli, list(args))


def test_a_misspelt_command_names_the_nearest():
    result = invoke("sheets", "moss.yaml")
    assert result.exit_code == 2
    assert "No such command 'sheets'; did you mean `playaid sheet`?" in result.output


def test_a_command_nothing_is_near_points_at_the_list():
    result = invoke("frobnicate")
    assert result.exit_code == 2 and "did you mean" not in result.output
    assert "`playaid --help` lists the commands" in result.output


def test_an_unknown_option_names_the_nearest_or_the_word_meant(tmp_path):
    result = invoke("odds", "contest", "--against", "d6")
    assert result.exit_code == 2
    assert "No such option '--against': did you mean --vs or --versus?" in result.output
    assert "did you mean --pool?" in invoke("odds", "contest", "--pol", "d6").output


def test_an_option_nothing_is_near_lists_the_commands_options():
    result = invoke("sheet", "--bogus")
    assert result.exit_code == 2
    assert "`playaid sheet` takes: --blank, --flat, --lang, --out, --paper, --png" in result.output


def test_values_split_by_spaces_say_to_join_them():
    result = invoke("roll", str(EXAMPLES["contest"] / "scene-riot.yaml"), "--dice", "d8", "d6")
    assert result.exit_code == 2
    assert "Got unexpected extra argument (d6): a space ends a value" in result.output
    assert 'joined by commas (d8,d6) or in quotes ("d8 d6")' in result.output


def test_a_file_given_to_players_is_refused_as_a_file(tmp_path):
    seats = tmp_path / "seats.txt"
    seats.write_text("Ann\nBen\n", encoding="utf-8")
    for args in (["pregen", "isolation", "--count", "4"], ["deck", "--deal", "3"]):
        result = invoke(*args, "--players", str(seats), "--out", str(tmp_path / "out"))
        assert result.exit_code == 2, result.output
        assert "is a file name: --players takes the names themselves, separated by commas" in result.output
    assert not (tmp_path / "out").exists()


def test_one_name_where_several_are_needed_says_to_separate_them(tmp_path):
    result = invoke("pregen", "isolation", "--count", "4", "--players", "Ann Ben", "--out", str(tmp_path))
    assert result.exit_code == 1
    assert "--players names 1 (Ann Ben): give 2 to 8 names separated by commas" in result.output


def test_a_missing_examples_file_says_to_run_playaid_examples(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    for args in (["validate", "examples/dirt/moss.yaml"], ["deck", "examples/fight-club/deck-custom.yaml"]):
        result = invoke(*args)
        assert result.exit_code == 1
        assert "examples does not exist yet: run `playaid examples` first" in result.output, result.output
    (tmp_path / "examples").mkdir()  # copied, and the file is still missing: the usual fix
    assert "check the path" in invoke("validate", "examples/dirt/moss.yaml").output


def test_clicks_type_wording_is_said_as_what_to_type():
    assert plain_wording("'0' is not in the range 1<=x<=60.") == "`0` is out of range: give 1 to 60"
    assert plain_wording("'x' is not a valid integer range.") == "`x` is not a whole number: write it in digits, e.g. 3"
    assert plain_wording("'-1' is not in the range x>=0.") == "`-1` is too small: give 0 or more"
    assert plain_wording("a message of our own") == "a message of our own"
