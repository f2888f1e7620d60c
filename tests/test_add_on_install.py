"""The toy game installed as a real package, offline, and used through its entry point as a
user's add-on is: no hand registration. Twice: shaped by today's convention (`toy_game`),
and as add-ons were written before it (`toy_game_v1`, unchanged: issue 29, item 6)."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from conftest import ROOT

PROJECTS = {"toy_game": ("playaid-toy 0.1.0", ""), "toy_game_v1": ("playaid-toy-v1 0.0.1", "toy")}
"""Each project under tests/: its package and version, and its examples' subfolder."""


@dataclass(frozen=True)
class Installed:
    site: Path
    examples: Path
    origin: str
    work: Path

    def run(self, *args, module: str | None = "playaid", flags: tuple[str, ...] = ()) -> subprocess.CompletedProcess:
        """`python FLAGS -m playaid ARGS` (another module, or none: `python ARGS`) with the add-on
        installed and add-ons on."""
        env = {k: v for k, v in os.environ.items() if k != "PLAYAID_NO_PLUGINS"}
        # first on the path, beside whatever else is installed (another add-on, say)
        env["PYTHONPATH"] = os.pathsep.join([str(self.site), *filter(None, [os.environ.get("PYTHONPATH")])])
        return subprocess.run([sys.executable, *flags, *(["-m", module] if module else []), *map(str, args)], capture_output=True, text=True,
                              cwd=self.work, env=env, timeout=300)


def install(project: Path, target: Path) -> None:
    """`pip install` a project into `target`, offline, from a copy (a build writes into its source)."""
    source = target.parent / f"{project.name}-source"
    shutil.copytree(project, source, ignore=shutil.ignore_patterns("__pycache__", "build", "*.egg-info"))
    done = subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--no-build-isolation",
                           "--no-index", "--target", str(target), str(source)], capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 0, done.stderr[-3000:]


@pytest.fixture(scope="module", params=sorted(PROJECTS))
def toy(request, tmp_path_factory) -> Installed:
    base = tmp_path_factory.mktemp(request.param)
    install(ROOT / "tests" / request.param, base / "site")
    origin, sub = PROJECTS[request.param]
    (base / "work").mkdir()
    return Installed(base / "site", base / "site" / "toy_game" / "examples" / sub, origin, base / "work")


def test_systems_lists_it_with_its_package_and_version(toy):
    done = toy.run("systems")
    assert done.returncode == 0, done.stderr
    # the id's column is as wide as the longest id installed: another add-on may widen it
    assert re.search(rf"^toy +Toy Dice: a game made up for a test  \[add-on: {re.escape(toy.origin)}\]", done.stdout,
                     re.M), done.stdout
    assert done.stderr == ""  # an old add-on's deprecated fields are no noise for users …


def test_an_old_add_on_hears_of_its_deprecated_fields_under_w(toy):
    done = toy.run("systems", flags=("-W", "always::DeprecationWarning"))
    said = "names its examples folder (`examples=`): put it in `examples/`"
    assert done.returncode == 0 and (said in done.stderr) == toy.origin.startswith("playaid-toy-v1")


def test_its_examples_validate_and_roll(toy):
    assert toy.run("validate", toy.examples, "--strict").returncode == 0
    done = toy.run("roll", toy.examples / "scene-roll.yaml", "--dice", "5,3", "--json")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["outcome"] == "success"


def test_sheet_odds_and_packet(toy):
    out = toy.work / "out"
    done = toy.run("sheet", toy.examples / "pip.yaml", "--blank", "toy", "--reference", "toy", "--out", out)
    assert done.returncode == 0, done.stderr
    assert {"pip.pdf", "blank-toy.pdf", "reference-toy.pdf"} <= {p.name for p in out.glob("*.pdf")}
    assert "75.0% that one counts" in toy.run("odds", "toy", "--pool", "2", "--number", "4").stdout
    assert json.loads(toy.run("odds", "toy", "--format", "json").stdout)["tables"][0]["id"] == "under"
    done = toy.run("packet", toy.examples / "table.yaml", "--out", out)
    assert done.returncode == 0, done.stderr
    assert list(out.glob("*-packet.pdf"))


def test_it_keeps_the_contract_with_the_test_kit_from_its_own_tests(toy):
    """An add-on's own test file, as the guide shows it, run by pytest with playaid's fixtures."""
    tests = toy.work / "addon_tests"
    tests.mkdir(exist_ok=True)
    (tests / "conftest.py").write_text('pytest_plugins = ["playaid.testing.plugin"]\n', encoding="utf-8")
    (tests / "test_toy.py").write_text(
        "def test_contract(playaid_contract):\n    playaid_contract('toy')\n\n\n"
        "def test_cli(playaid_run):\n    assert 'toy' in playaid_run('systems').output\n", encoding="utf-8")
    done = toy.run("-q", "-p", "no:cacheprovider", "--rootdir", tests, tests, module="pytest")
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]
    assert "2 passed" in done.stdout
