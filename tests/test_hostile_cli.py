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
