"""`playaid odds GAME --scene FILE` of every game that reads scenes, fuzzed (issue 42's
done-when: the fuzzers cover `--scene` pools).

Each example is a bundled scene with its pools resized (a dice list, a count of dice) and its
text mutated: whatever it holds, the answer is exit 0 or 1 (the command line is always
well formed, so never 2), never a traceback; an error names the scene file, every problem
names its file and line; and a pool past the typed query's bounds is refused at once, not
computed for minutes (hypothesis' deadline bounds each example).
"""

from __future__ import annotations

import re
import shutil
import string
from datetime import timedelta
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from conftest import EXAMPLES
from playaid.cli import cli
from playaid.odds import games, module


def _reads_scenes(game: str) -> bool:
    odds = module(game)
    return hasattr(odds, "from_scene") or "scene" in [o.name for o in getattr(odds, "OPTIONS", ())]


SCENES = {g: sorted(EXAMPLES[g].glob("scene-*.yaml")) for g in games() if _reads_scenes(g) and g in EXAMPLES}
SIZES = st.one_of(st.integers(0, 12), st.integers(13, 70), st.integers(71, 5000))
"""Pool sizes: within every game's bounds, around them (10, 50, 60), and far past them."""
LISTED = re.compile(r"\[\s*((?:d?\d+\s*,\s*)*d?\d+)\s*\]")
"""A flow list of dice (`[d10, d8]`) or of rolled faces (`[4, 3, 1]`): a pool, or its roll."""
NUMBER = re.compile(r"^(\s*(?:- )?[\w ]+:\s*)(\d+)\s*$")
PROBLEM = re.compile(r"^(\S.*?):(\d+):(\d+): (error|warning) \[")
ODD_VALUES = ["[", "{", "*a", "&a x", "!!python/object/apply:os.system [ls]", "~", "-1", "0", "d0", "d999",
              "[d6, d6", "{green: 3", "'", "1e9", "99999999999999999999", "[[[[[[1]]]]]]", "- x", "true"]


def test_every_game_with_scene_odds_is_fuzzed():
    assert {"contest", "dirt", "fight-sphere", "isolation", "sapio"} <= set(SCENES)
    assert all(SCENES.values())


@pytest.fixture(scope="module")
def workdir(tmp_path_factory):
    """The bundled examples, one folder per game, so a scene finds the setup and sheets it names."""
    root = tmp_path_factory.mktemp("scenes")
    for game in SCENES:
        shutil.copytree(EXAMPLES[game], root / game)
    return root


def _resized(line: str, size: int) -> str:
    """`line` with its list of dice or faces (`dice: [d10, d8]`) made `size` long, or its number
    (`green: 1`, `gamble: 2`) made `size`."""
    listed = LISTED.search(line)
    if listed:
        items = [i.strip() for i in listed.group(1).split(",")]
        return line[:listed.start()] + "[" + ", ".join(items[i % len(items)] for i in range(size)) + "]" + \
            line[listed.end():]
    number = NUMBER.match(line)
    return f"{number.group(1)}{size}" if number else line


@st.composite
def scenes(draw, mutated: bool):
    """(game, text): a bundled scene with pools resized and, if `mutated`, its text mutated."""
    game = draw(st.sampled_from(sorted(SCENES)))  # each game alike, however many scenes it bundles
    base = draw(st.sampled_from(SCENES[game]))
    lines = base.read_text(encoding="utf-8").splitlines()
    sizable = [i for i, line in enumerate(lines) if LISTED.search(line) or NUMBER.match(line)]
    for i in draw(st.lists(st.sampled_from(sizable), min_size=1, max_size=3)) if sizable else []:
        lines[i] = _resized(lines[i], draw(SIZES))
    for _ in range(draw(st.integers(1, 3)) if mutated else 0):
        i = draw(st.integers(0, len(lines) - 1))
        how = draw(st.sampled_from(["drop", "repeat", "value", "junk", "indent"]))
        if how == "drop" and len(lines) > 1:
            del lines[i]
        elif how == "repeat":
            lines.insert(i, lines[i])
        elif how == "value" and ":" in lines[i]:
            lines[i] = lines[i].split(":", 1)[0] + ": " + draw(st.one_of(
                st.sampled_from(ODD_VALUES), st.integers(-10**6, 10**12).map(str), st.text(max_size=12)))
        elif how == "junk":
            lines[i] += draw(st.text(alphabet=string.printable + "äΩ&*!|>[]{}", max_size=12))
        elif how == "indent":
            lines[i] = "  " + lines[i]
    return game, "\n".join(lines) + "\n"


@settings(max_examples=120, deadline=timedelta(seconds=4),
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(case=scenes(mutated=False))
def test_any_pool_size_is_answered_or_refused_at_once(workdir, case):
    _check(workdir, *case)


@settings(max_examples=100, deadline=timedelta(seconds=4),
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(case=scenes(mutated=True))
def test_any_scene_text_is_answered_or_refused_with_its_file_and_line(workdir, case):
    _check(workdir, *case)


def _check(workdir: Path, game: str, text: str) -> None:
    scene = workdir / game / "fuzzed-scene.yaml"
    scene.write_text(text, encoding="utf-8")
    result = CliRunner().invoke(cli, ["odds", game, "--scene", str(scene)])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exc_info
    assert result.exit_code in (0, 1), result.output
    assert "Traceback" not in result.output
    event(f"{game}: exit {result.exit_code}")
    for rule in set(re.findall(r"error \[([\w.-]+)\]", result.output)):
        event(f"refused: {rule}")
    if result.exit_code == 0:
        assert scene.name in result.output or game == "isolation", result.output
        return
    assert str(scene) in result.output, result.output  # the error names the scene
    problems = [line for line in result.output.splitlines() if "error [" in line or "warning [" in line]
    for line in problems:  # each problem names its file (the scene, or a file it names) and line
        where = PROBLEM.match(line)
        assert where and Path(where.group(1)).is_file() and int(where.group(2)) >= 1, line
    if "fix the problems above" in result.output:
        assert problems, result.output
