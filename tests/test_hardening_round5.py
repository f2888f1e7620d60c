"""Hardening round 5 (issue 42): the bounds the newer surfaces lacked."""

from __future__ import annotations

import shutil
import time

from conftest import EXAMPLES


def _contest_scene(tmp_path, dice: int):
    for f in EXAMPLES["contest"].glob("*.yaml"):
        shutil.copy(f, tmp_path / f.name)
    scene = tmp_path / "scene-riot.yaml"
    text = scene.read_text(encoding="utf-8")
    assert "dice: [d10, d8, d6, d6, d6]" in text
    scene.write_text(text.replace("dice: [d10, d8, d6, d6, d6]", "dice: [" + ", ".join(["d12"] * dice) + "]"),
                     encoding="utf-8")
    return scene


def test_a_scene_pool_past_the_typed_bound_is_refused_at_its_line_and_fast(tmp_path, run):
    scene = _contest_scene(tmp_path, 200)
    started = time.perf_counter()
    result = run("odds", "contest", "--scene", scene)
    assert time.perf_counter() - started < 20  # before: past 60 s and growing memory
    assert result.exit_code == 1, result.output
    line = next(i for i, t in enumerate(scene.read_text(encoding="utf-8").splitlines(), 1) if "The crowd" in t)
    assert f"{scene}:{line}:" in result.output and "[odds.scene-pool]" in result.output
    assert "200 dice" in result.output and "1 to 10" in result.output and "Traceback" not in result.output


def test_a_scene_pool_at_the_bound_is_answered(tmp_path, run):
    result = run("odds", "contest", "--scene", _contest_scene(tmp_path, 10))
    assert result.exit_code == 0, result.output


def test_an_answer_of_thousands_of_digits_at_ask_is_refused_not_a_traceback(tmp_path):
    from click.testing import CliRunner

    from playaid.cli import cli

    shutil.copytree(EXAMPLES["dirt"], tmp_path / "dirt")
    scene = next((tmp_path / "dirt").glob("scene-*.yaml"))
    result = CliRunner().invoke(cli, ["roll", str(scene), "--ask"], input="9" * 5000 + "\n" + "3\n" * 40)
    assert "Traceback" not in result.output and not isinstance(result.exception, ValueError)
    assert "is not one die" in result.output
