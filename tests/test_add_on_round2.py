"""Add-ons broken in the ways issue 38 found (items 1–5): each is set aside alone, named in
one line with its package's version, the step and the cause, and every built-in game goes on."""

from __future__ import annotations

import json
import signal

import pytest

from conftest import EXAMPLES, GAME_IDS
from playaid import systems
from playaid.systems import REGISTRY
from playaid.systems.blame import SECONDS
from test_add_on_isolation import GAME, ODDS, add_ons  # noqa: F401  (add_ons: the fixture)

WRONG_TABLES = ODDS.format(options="").replace('[Table("t", "t", "a", "b", (1,), (1,), ((1,),))]',
                                               '[{"id": "t", "cells": []}]')
ENDLESS = ODDS.format(options='click.Option(["--stat"], type=int),').replace(
    "def tables():\n", "def tables():\n    while True:\n        pass\n")
SHEET = '''
from dataclasses import dataclass


@dataclass(frozen=True)
class Sheet:
    notes: object


def build(character, namer, fit, setup=None):
    return Sheet(namer.notes(""))
'''
BROKEN = {  # id → (its files, the step named, words of the cause)
    "wrong": ({"odds.py": WRONG_TABLES}, "odds", "tables() returned a dict among its tables, not a Table"),
    "quits": ({"__init__.py": "import sys\nsys.exit(0)\n"}, "loading", "raised sys.exit(0)"),
    "stops": ({"__init__.py": "raise KeyboardInterrupt\n"}, "loading", "raised KeyboardInterrupt"),
    "shapeless": ({"__init__.py": GAME.format(id="shapeless", more="").replace('{"character": Character}',
                                                                            '{"character": 42}')},
                  "loading", "its model 'character' is a int, not a dataclass"),
    "hollow": ({"odds.py": "", "sheet.py": ""}, "odds", "has no tables()"),
    "endless": ({"odds.py": ENDLESS}, "odds", "its odds ran over 2 s"),
}


def one_line(result, game: str, step: str, cause: str) -> bool:
    """The add-on named once on stderr, with its package's version, the step and the cause."""
    lines = [line for line in result.stderr.splitlines() if f"game add-on {game!r}" in line]
    return len(lines) == 1 and f"(playaid-{game} 0.3) disabled at {step}: " in lines[0] and cause in lines[0]


def built_ins_work(run, out) -> None:
    """Every built-in game is listed, has its schema and its starter file, and gives its odds."""
    assert all(g in run("systems").stdout for g in GAME_IDS)
    schema = json.loads(run("schema").stdout)
    for game in GAME_IDS:
        assert game in json.dumps(schema)
        if REGISTRY[game].odds:
            result = run("odds", game, "--format", "json")
            assert result.exit_code == 0 and "Traceback" not in result.output, result.output
        assert run("new", game, "character", "--blank", "--out", out / game).exit_code == 0
        assert list((out / game).glob("*.yaml"))


@pytest.mark.parametrize("game", BROKEN)
def test_a_broken_add_on_is_named_and_the_built_ins_go_on(add_ons, run, monkeypatch, tmp_path, game):  # noqa: F811
    monkeypatch.setenv(SECONDS, "2")
    files, step, cause = BROKEN[game]
    add_ons(**{game: files})
    asked = run("odds", game, "--format", "json") if step == "odds" else run("systems")
    assert asked.exit_code in (0, 2) and "Traceback" not in asked.output, asked.output
    assert one_line(asked, game, step, cause), asked.stderr
    assert game not in REGISTRY and REGISTRY.broken[game].step == step
    built_ins_work(run, tmp_path)


def test_an_empty_sheet_module_sets_the_add_on_aside(add_ons, run, tmp_path):  # noqa: F811
    add_ons(hollow={"sheet.py": ""})
    result = run("sheet", "--blank", "hollow", "--out", tmp_path / "out")
    assert result.exit_code == 2 and "the add-on hollow is installed but disabled" in result.output
    assert one_line(result, "hollow", "sheet", "has no attribute 'build'")
    assert run("sheet", "--blank", GAME_IDS[0], "--out", tmp_path / "out").exit_code == 0


def test_odds_for_a_disabled_add_on_say_why_not_no_such_option(add_ons, run):  # noqa: F811
    """Its option --stat went with it: the command says the game is disabled, and why."""
    add_ons(rude={"odds.py": ODDS.format(options='click.Option(["--stat"], type=int), click.Option(["--paper"]),')})
    result = run("odds", "rude", "--stat", "3")
    assert result.exit_code == 2 and "No such option" not in result.output
    assert "the add-on rude is installed but disabled: its option --paper is one of `playaid odds`'s own" \
        in result.output
    assert one_line(result, "rude", "odds options", "--paper")
    assert run("odds", GAME_IDS[0], "--format", "json").exit_code == 0


def test_a_real_ctrl_c_while_an_add_on_loads_still_stops(add_ons):  # noqa: F811
    """Only the import's own KeyboardInterrupt is the add-on's: a SIGINT that arrives meanwhile is the user's."""
    add_ons(slow={"__init__.py": "import os, signal, time\nos.kill(os.getpid(), signal.SIGINT)\ntime.sleep(5)\n"})
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler
    with pytest.raises(KeyboardInterrupt):
        REGISTRY["slow"]
    assert "slow" not in REGISTRY.broken and signal.getsignal(signal.SIGINT) is signal.default_int_handler


@pytest.fixture
def one_built_in(add_ons, monkeypatch):  # noqa: F811
    """The registry with one built-in game besides the add-ons: a demo of all six takes a minute."""
    every = systems.entry_points
    kept = min(GAME_IDS, key=lambda g: len(list(EXAMPLES[g].rglob("*.yaml"))))  # the quickest to make
    monkeypatch.setattr(systems, "entry_points", lambda group: [
        ep for ep in every(group) if ep.name == kept or not ep.value.startswith(systems.BUILT_IN)])
    REGISTRY._points = None
    return kept


def test_the_demo_sets_each_broken_add_on_aside_and_makes_the_rest(add_ons, one_built_in, run, monkeypatch,  # noqa: F811
                                                                   tmp_path):
    monkeypatch.setenv(SECONDS, "2")
    add_ons(**{g: files for g, (files, _, _) in BROKEN.items()}, plain={"sheet.py": SHEET})
    result = run("demo", "--out", tmp_path / "demo")
    assert result.exit_code == 0 and "Traceback" not in result.output, result.output
    named = {"wrong": ("demo (odds handout)", BROKEN["wrong"][2]),
             "hollow": ("demo (sheet)", "has no attribute 'build'"),  # its sheet comes before its odds
             "endless": ("demo (odds handout)", "its odds handout ran over 2 s"),
             "plain": ("demo (sheet)", "template sheets/plain.html not found"),  # it has no template
             **{g: ("loading", cause) for g, (_, step, cause) in BROKEN.items() if step == "loading"}}
    for game, (step, cause) in named.items():
        assert one_line(result, game, step, cause), result.stderr
    made = tmp_path / "demo"
    assert (made / "sheets" / f"blank-{one_built_in}.pdf").is_file() and (made / "README.txt").is_file()
    assert (made / f"odds-{one_built_in}.pdf").is_file() or not REGISTRY[one_built_in].odds
    assert not [p for p in made.rglob("*") if any(g in p.name for g in named)]
