"""What an add-on's author meets past the guide (issue 38, items 7–14): playaid keeps the
promises the guide makes for them (seats, cover data, printables, the test kit), and its
messages point at the author's own file."""

from __future__ import annotations

import pytest

from conftest import GAME_IDS
from playaid.systems import REGISTRY
from test_add_on_isolation import ODDS, add_ons  # noqa: F401  (add_ons: the fixture)

SEATS = '''
PLAYERS = (1, 6)
DEMO_TABLE = 3


def characters(draw, count, players):
    return [(name, {"name": name.written}) for name in (draw.name() for _ in range(count))]


def ready_table(draw, count, players):
    # no seat check of its own: playaid's is the one that counts
    return characters(draw, count, players), {"name": "The Table"}
'''


def test_a_ready_table_outside_the_games_players_is_refused_for_its_count(add_ons, run, tmp_path):  # noqa: F811
    add_ons(seats={"pregen.py": SEATS})
    result = run("pregen", "seats", "--count", "8", "--table", "--out", tmp_path / "out")
    assert result.exit_code == 2, result.output
    assert "Invalid value for --count: an Add-on seats table seats 1 to 6 characters, one per player; " \
           "use --count 1 to 6" in result.output
    assert not (tmp_path / "out").exists()
    # six seat: the count passes (the toy add-on has no setup model, so its table is refused later)
    assert "--count" not in run("pregen", "seats", "--count", "6", "--table", "--out", tmp_path / "out").output


@pytest.mark.parametrize("cover, said", [
    ("premise: notes\nthreat: [notes]\n", "`premise:` is a text; write a list of the setup's field names"),
    ("premise: [notes]\nopenings: Rain on the roof.\n", "`openings:` is a text; write a list of texts"),
    ("premise: [notes]\nthreath: [notes]\n", "`threath` is not a key of the cover"),
    ("- notes\n", "write `key: value` lines"),
])
def test_a_cover_file_of_the_wrong_shape_is_an_error_naming_it(add_ons, cover, said):  # noqa: F811
    from types import SimpleNamespace

    from playaid.render.cover_story import CoverError, story

    add_ons(covered={"data/cover.yaml": cover})
    with pytest.raises(CoverError) as raised:
        story("covered", SimpleNamespace(name="The Table", notes="A heist"))
    assert str(raised.value).startswith("addon_covered/data/cover.yaml: ") and said in str(raised.value)


def test_every_built_in_cover_file_has_the_right_shape():
    from playaid.render.cover_story import cover_data

    assert all(cover_data(g) is not None for g in GAME_IDS)


@pytest.mark.parametrize("gives, said", [
    ('{"map.pdf": b""}', "made map.pdf with nothing in it (0 bytes)"),
    ("{}", "made no file"),
    ('{"map.pdf": "text"}', "gave dict, not {file name: bytes}"),
])
def test_a_printable_that_makes_an_empty_file_is_not_printed(add_ons, gives, said):  # noqa: F811
    """The studio's Print button for a game's own printable: an empty file is an error, not "written"."""
    from playaid.studio.printables import make_for_game

    add_ons(more={"blank": ', printables=(("Map", "game", "addon_blank.prints:map_files", "playaid blank-map"),)'},
            blank={"prints.py": f"def map_files(path, paper):\n    return {gives}\n"})
    made = make_for_game("game-0", "blank", "a4")
    assert made["files"] == {} and made["error"] == f"ValueError: addon_blank.prints:map_files {said}"


def test_the_odds_twin_check_fails_when_it_has_nothing_to_compare(add_ons):  # noqa: F811
    from playaid.testing import check_odds_twin

    add_ons(lonely={"odds.py": ODDS.format(options="")}, plain={})
    with pytest.raises(AssertionError, match=r"addon_lonely.odds: give `twin\(\)`"):
        check_odds_twin("lonely")
    with pytest.raises(AssertionError, match="plain: no odds module"):
        check_odds_twin("plain")
    twin = "\n\ndef twin():\n    return tables()\n"
    add_ons(twinned={"odds.py": ODDS.format(options="") + twin})
    assert check_odds_twin("twinned") == 1


MOODY = '''
from dataclasses import dataclass
from typing import Literal

from playaid.convert import spec
from playaid.problems import error
from playaid.systems.base import GameSystem


@dataclass(frozen=True)
class Character:
    name: str = spec(doc="the character's name")
    mood: Literal["calm", "angry"] = spec("calm", doc="how the character starts")


def check(c, resolver):
    return [] if len(c.name) > 2 else [error("moody.name", "the name is too short", "write three letters or more",
                                             ("name",))]


SYSTEM = GameSystem(id="moody", title="Moody", models={"character": Character}, checks={"character": check},
                    rules={"moody.name": "A name has three letters or more (error)."})
'''


def test_a_choice_out_of_its_list_is_reported_and_the_games_own_checks_still_run(add_ons, run, files):  # noqa: F811
    add_ons(moody={"__init__.py": MOODY})
    result = run("validate", files.write("bo.yaml", "system: moody\nname: Bo\nmood: sad\n"))
    assert result.exit_code == 1
    assert "[input.choice] `mood` is `sad`; allowed: `calm`, `angry`" in result.output
    assert "[moody.name] the name is too short" in result.output


def test_examples_takes_no_options_and_says_what_it_takes(run, tmp_path):
    result = run("examples", "--out", tmp_path / "x")
    assert result.exit_code == 2 and "takes: \n" not in result.output + "\n"
    assert "No such option '--out'; `playaid examples` takes no options: playaid examples [FOLDER]" in result.output


def test_a_folder_given_to_demo_as_an_argument_is_pointed_to_out(run):
    result = run("demo", "made")
    assert result.exit_code == 2 and "a space ends a value" not in result.output
    assert "`playaid demo` takes no arguments; to write into that folder, give it with --out: " \
           "playaid demo --out made" in result.output


LONG_ID = "long-named-game"
"""Fifteen characters: wider than any built-in's id, so it widens `playaid systems`'s columns."""


@pytest.mark.slow
def test_playaids_add_on_tests_pass_with_another_add_on_installed_beside_it(tmp_path):
    """The guide's §9 promise: a copy of the toy under a long id, installed, and the suite's
    add-on tests run with it on the path, as on an author's machine."""
    import os
    import re
    import shutil
    import subprocess
    import sys

    from conftest import ROOT, TOY_PROJECT
    from test_add_on_install import install

    project = tmp_path / "playaid-long"
    shutil.copytree(TOY_PROJECT, project, ignore=shutil.ignore_patterns("__pycache__", "build", "*.egg-info"))
    (project / "toy_game").rename(project / "long_named_game")
    for path in sorted(project.rglob("*"), reverse=True):
        if path.is_file():
            text = path.read_text(encoding="utf-8")
            path.write_text(re.sub(r"\btoy\b", LONG_ID, text.replace("toy_game", "long_named_game")), encoding="utf-8")
        if path.stem == "toy":
            path.rename(path.with_name(LONG_ID + path.suffix))
    install(project, tmp_path / "site")
    env = {**os.environ, "PYTHONPATH": str(tmp_path / "site")}
    env.pop("PYTEST_XDIST_WORKER", None)
    done = subprocess.run([sys.executable, "-m", "pytest", "-rA", "-p", "no:cacheprovider", "-p", "no:xdist",
                           "tests/test_add_on_install.py::test_systems_lists_it_with_its_package_and_version",
                           "tests/test_add_on_isolation.py", "tests/test_contract.py", "-k", f"not slow or {LONG_ID}"],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout[-4000:]
    assert f"PASSED tests/test_contract.py::test_declarations[{LONG_ID}]" in done.stdout  # the contract ran over it too


def test_the_contract_says_when_odds_had_no_twin_to_compare(monkeypatch, tmp_path):
    """An add-on written before twin() keeps its contract, with a warning that nothing compared its odds."""
    from dataclasses import replace

    from playaid.testing import NothingChecked, check_contract
    from toy_game import SYSTEM

    REGISTRY.add(replace(SYSTEM, package="toy_game"), "the test")
    try:
        from playaid.systems.base import load

        monkeypatch.delattr(load(REGISTRY["toy"].odds), "twin")
        with pytest.warns(NothingChecked, match="toy: its odds have no twin"):
            check_contract("toy", tmp_path)
    finally:
        REGISTRY.remove("toy")
