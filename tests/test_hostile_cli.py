"""Hostile command lines and input text: refused as usage errors or problems, never a traceback."""

from __future__ import annotations

import click
import pytest
from click.testing import CliRunner

from playaid.cli import cli
from playaid.commands import Finite


def _invoke(*args: str):
    return CliRunner().invoke(cli, list(args))


def _every_option():
    ctx = click.Context(cli)
    for name in cli.list_commands(ctx):
        command = cli.get_command(ctx, name)
        for param in command.params:
            yield name, param


def test_every_float_option_refuses_nan_and_inf():
    floats = [(name, p.name) for name, p in _every_option()
              if isinstance(p.type, click.types.FloatParamType) and not isinstance(p.type, Finite)]
    assert floats == [], "use commands.Finite for these float options"
    assert [name for name, p in _every_option() if isinstance(p.type, Finite)]


@pytest.mark.parametrize("args", [
    ("net", "--edge", "nan"), ("net", "--edge", "inf"), ("net", "--edge", "-inf"),
    ("deck", "--bleed", "nan"), ("deck", "--gap", "inf"),
    ("deck", "--back-offset", "nan,0"), ("deck", "--back-offset", "0,-inf"),
])
def test_nan_and_inf_are_usage_errors(tmp_path, args):
    result = _invoke(*args, "--out", str(tmp_path / "out"))
    assert result.exit_code == 2, result.output
    assert "Usage:" in result.output and "Traceback" not in result.output
    assert not (tmp_path / "out").exists()


def test_finite_numbers_keep_working():
    assert Finite(1, 5).convert("2.5", None, None) == 2.5
    with pytest.raises(click.BadParameter):
        Finite(1, 5).convert("7", None, None)


@pytest.mark.parametrize("value", [".nan", ".inf", "-.inf", ".NaN"])
def test_yaml_nan_and_inf_are_not_numbers_to_any_game(files, value):
    text = f"system: dirt\nname: Moss\nstats: {{mental: {value}, physical: 5, social: 3}}\njob: Roofer\nhobby: Skating\n"
    [p] = files.problems("nan.yaml", text)
    assert (p.rule, p.line) == ("input.type", 3) and value in p.message


MOSS = "system: dirt\nname: Moss\nstats: {mental: 2, physical: 5, social: 3}\njob: Roofer\nhobby: Skating\n"
NASTY = "k\\e]0;owned\\a\\x9b\\nfake.yaml:1:1: error"
"""A key that retitles the terminal, starts a C1 control sequence and fakes a second problem line."""


def test_control_characters_are_escaped_in_problems(tmp_path):
    path = tmp_path / "esc.yaml"
    path.write_text(MOSS + f'"{NASTY}": 1\n', encoding="utf-8")
    result = _invoke("validate", str(path))
    assert result.exit_code == 1
    assert "\x1b" not in result.output and "\x9b" not in result.output and "\x07" not in result.output
    assert "k\\x1b]0;owned\\x07\\x9b\\nfake.yaml" in result.output
    assert not any(line.startswith("fake.yaml") for line in result.output.splitlines())


def test_control_characters_are_escaped_in_json_too(tmp_path):
    path = tmp_path / "esc.yaml"
    path.write_text(MOSS + f'"{NASTY}": 1\n', encoding="utf-8")
    result = _invoke("validate", "--json", str(path))
    assert "\x9b" not in result.output and "\x1b" not in result.output
    import json
    [p] = json.loads(result.output)
    assert "\x1b]0;owned\x07\x9b" in p["message"]


def test_control_characters_are_escaped_in_error_messages(tmp_path):
    result = _invoke("net", "--faces", str(tmp_path / "die\x1b[2J.yaml"), "--out", str(tmp_path))
    assert result.exit_code == 1 and "\x1b" not in result.output and "die\\x1b[2J.yaml" in result.output


def test_a_huge_quoted_value_is_shortened(tmp_path):
    (tmp_path / "moss.yaml").write_text(MOSS, encoding="utf-8")
    scene = tmp_path / "scene.yaml"
    scene.write_text("system: dirt\nkind: scene\ntype: Unopposed\ncharacter: moss.yaml\nstat: "
                     + "x" * 900_000 + "\n", encoding="utf-8")
    for args in (("validate", str(scene)), ("validate", "--json", str(scene))):
        result = _invoke(*args)
        assert result.exit_code == 1 and "x" * 60 + "…" in result.output
        assert len(result.output) < 2000


def test_short_quoted_values_stay_whole(tmp_path):
    (tmp_path / "moss.yaml").write_text(MOSS, encoding="utf-8")
    scene = tmp_path / "scene.yaml"
    scene.write_text("system: dirt\nkind: scene\ntype: Unopposed\ncharacter: moss.yaml\nstat: " + "y" * 60 + "\n",
                     encoding="utf-8")
    assert f"`{'y' * 60}`" in _invoke("validate", str(scene)).output


def test_players_that_look_like_digits_but_are_not_are_names():
    from playaid.games.fight_club.cards.deal import player_names

    assert player_names("²", 4) == ["²"]
    assert player_names("3", 4) == ["Player 1", "Player 2", "Player 3"]
