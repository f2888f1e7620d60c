"""Defaults a group sets once: playaid.toml, PLAYAID_* variables, and what --help says of them."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from click.testing import CliRunner

from conftest import ROOT
from pdfs import page_sizes_mm
from playaid.cli import cli, settings
from playaid.defaults import PREFIX


def _invoke(folder: Path, *args: str, env: dict | None = None):
    return CliRunner().invoke(cli, [str(a) for a in args], env=env, default_map=settings(folder),
                              auto_envvar_prefix=PREFIX, catch_exceptions=False)


def _paper_of(folder: Path) -> tuple[float, float]:
    (pdf,) = folder.rglob("*.pdf")
    return tuple(round(v) for v in page_sizes_mm(pdf)[0])


def test_playaid_toml_sets_paper_and_output_folder_for_every_command(tmp_path):
    (tmp_path / "playaid.toml").write_text('paper = "letter"\nout = "' + str(tmp_path / "table") + '"\n')
    result = _invoke(tmp_path, "sheet", "--blank", "dirt")
    assert result.exit_code == 0, result.output
    assert _paper_of(tmp_path / "table") == (216, 279)


def test_environment_beats_the_file_and_the_command_line_beats_both(tmp_path):
    (tmp_path / "playaid.toml").write_text('paper = "letter"\n')
    out = tmp_path / "env"
    result = _invoke(tmp_path, "sheet", "--blank", "dirt", env={"PLAYAID_PAPER": "a4", "PLAYAID_OUT": str(out)})
    assert result.exit_code == 0, result.output
    assert _paper_of(out) == (210, 297)
    line = tmp_path / "line"
    result = _invoke(tmp_path, "sheet", "--blank", "dirt", "--paper", "letter", "--out", line,
                     env={"PLAYAID_PAPER": "a4"})
    assert _paper_of(line) == (216, 279)


def test_a_command_table_and_clicks_own_variable_names(tmp_path):
    (tmp_path / "playaid.toml").write_text("[pregen]\ncount = 2\n")
    result = _invoke(tmp_path, "pregen", "dirt", "--seed", "1", "--out", tmp_path / "two")
    assert result.exit_code == 0, result.output
    assert len(list((tmp_path / "two").glob("*.yaml"))) == 2
    result = _invoke(tmp_path, "pregen", "dirt", "--seed", "1", "--out", tmp_path / "three",
                     env={"PLAYAID_PREGEN_COUNT": "3"})
    assert len(list((tmp_path / "three").glob("*.yaml"))) == 3


def test_help_says_where_a_default_came_from(tmp_path):
    (tmp_path / "playaid.toml").write_text('out = "table"\n')
    text = _invoke(tmp_path, "deck", "--help", env={"PLAYAID_PAPER": "letter"}).output
    assert "[default from $PLAYAID_PAPER]" in " ".join(text.split())
    assert "[default from playaid.toml]" in " ".join(text.split())
    assert "[default: table]" in text


def _run_in(folder: Path, *args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "playaid", *args], cwd=folder, capture_output=True, text=True, env=env)


def test_a_typo_in_playaid_toml_is_named_with_a_suggestion(tmp_path):
    (tmp_path / "playaid.toml").write_text('papr = "letter"\n[dek]\nbleed = 2\n')
    done = _run_in(tmp_path, "systems")
    assert done.returncode == 1
    assert "there is no command `dek`; did you mean [deck]?" in done.stderr
    (tmp_path / "playaid.toml").write_text('papr = "letter"\n')
    done = _run_in(tmp_path, "systems")
    assert done.returncode == 1 and "playaid.toml:1: no command has the setting `papr`; did you mean `paper`?" in done.stderr
    assert "Traceback" not in done.stderr


def test_unreadable_playaid_toml_says_the_line(tmp_path):
    (tmp_path / "playaid.toml").write_text('paper = letter\n')
    done = _run_in(tmp_path, "systems")
    assert done.returncode == 1 and "line 1" in done.stderr and "Traceback" not in done.stderr
