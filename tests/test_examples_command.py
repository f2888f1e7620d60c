"""`playaid examples DIR`: every bundled example copied out, nothing ever overwritten."""

from __future__ import annotations

import os

import pytest

from tests.conftest import EXAMPLES

BUNDLED = sorted(EXAMPLES.relative(p) for p in EXAMPLES.rglob("*.yaml"))


def _tree(root):
    return sorted(p.relative_to(root).as_posix() for p in root.rglob("*") if p.is_file())


def test_every_example_is_copied_byte_for_byte_and_validates(tmp_path, run):
    result = run("examples", tmp_path / "ex")
    assert result.exit_code == 0, result.output
    assert _tree(tmp_path / "ex") == BUNDLED and len(BUNDLED) >= 40
    assert all((tmp_path / "ex" / n).read_bytes() == (EXAMPLES / n).read_bytes() for n in BUNDLED)
    assert run("validate", tmp_path / "ex", "--strict").exit_code == 0


def test_the_default_folder_is_examples_in_the_current_folder(tmp_path, monkeypatch, run):
    monkeypatch.chdir(tmp_path)
    assert run("examples").exit_code == 0
    assert _tree(tmp_path / "examples") == BUNDLED


def test_a_second_run_keeps_identical_files(tmp_path, run):
    run("examples", tmp_path / "ex")
    (tmp_path / "ex" / "dirt" / "moss.yaml").unlink()
    result = run("examples", tmp_path / "ex")
    assert result.exit_code == 0 and f"{len(BUNDLED) - 1} of the {len(BUNDLED)} examples were already" in result.output
    assert "wrote" in result.output and _tree(tmp_path / "ex") == BUNDLED


@pytest.mark.parametrize("how", ["edited", "symlink", "folder"])
def test_a_different_file_in_the_way_stops_the_copy_before_anything_is_written(tmp_path, run, how):
    target = tmp_path / "ex" / "dirt" / "moss.yaml"
    target.parent.mkdir(parents=True)
    if how == "edited":
        target.write_text("system: dirt\nname: Mine\n")
    elif how == "symlink":
        (tmp_path / "elsewhere.yaml").write_text("x")
        os.symlink(tmp_path / "elsewhere.yaml", target)
    else:
        target.mkdir()
    result = run("examples", tmp_path / "ex")
    assert result.exit_code == 1 and "moss.yaml already exists with other content; nothing was copied" in result.output
    assert _tree(tmp_path / "ex") == (["dirt/moss.yaml"] if how != "folder" else [])
    if how == "edited":
        assert target.read_text() == "system: dirt\nname: Mine\n"
    if how == "symlink":
        assert (tmp_path / "elsewhere.yaml").read_text() == "x"


def test_a_copy_that_fails_half_way_leaves_nothing(tmp_path, run):
    (tmp_path / "ex").mkdir()
    (tmp_path / "ex" / "sapio").write_text("a file where a game's folder goes")  # the last game copied
    result = run("examples", tmp_path / "ex")
    assert result.exit_code == 1 and "is not a folder" in result.output and "nothing was written" in result.output
    assert _tree(tmp_path / "ex") == ["sapio"] and not list((tmp_path / "ex").glob(".*"))


def test_examples_refuses_an_empty_folder_name(run):
    assert run("examples", "").exit_code == 2


def test_a_folder_name_too_long_for_the_system_says_so(run, tmp_path):
    result = run("examples", tmp_path / ("e" * 300))
    assert result.exit_code == 1
    assert "File name too long" in result.output and "already exist" not in result.output
