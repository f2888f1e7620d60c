"""An add-on that fails at any step is set aside alone, with one line naming it, the step and
the cause; every built-in game goes on working (issue 29, item 3)."""

from __future__ import annotations

import json
import sys
import textwrap
from types import SimpleNamespace

import pytest

from conftest import EXAMPLES, GAME_IDS
from playaid import systems
from playaid.systems import REGISTRY

GAME = '''
from dataclasses import dataclass
from playaid.convert import spec
from playaid.systems.base import GameSystem


@dataclass(frozen=True)
class Character:
    name: str = spec(doc="the character's name")


SYSTEM = GameSystem(id={id!r}, title="Add-on {id}", models={{"character": Character}}, checks={{}}, rules={{}}{more})
'''

ODDS = '''
import click
from playaid.odds.tables import Table

OPTIONS = ({options})


def tables():
    return [Table("t", "t", "a", "b", (1,), (1,), ((1,),))]


def words():
    return {{"read": "", "assumptions": []}}
'''


class EntryPoint:
    """What `importlib.metadata` hands the registry for one installed add-on."""

    def __init__(self, name: str, value: str, dist=None, fails: Exception | None = None):
        self.name, self.value, self.fails = name, value, fails
        self.dist = dist or SimpleNamespace(name=f"playaid-{name}", version="0.3")

    def load(self):
        if self.fails is not None:
            raise self.fails
        module, _, attr = self.value.partition(":")
        __import__(module)
        return getattr(sys.modules[module], attr)


@pytest.fixture
def add_ons(tmp_path, monkeypatch):
    """`add_ons(id=files, …)`: each an add-on package `addon_<id>` written to a temporary
    folder (`files`: name → text, `__init__.py` a small game unless given; `more`: id → more
    GameSystem arguments) and installed through a fake entry point into the real registry,
    for this test only; an exception instead of files is what loading its entry point raises."""
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delenv(systems.NO_ADD_ONS, raising=False)
    for name, value in (("_points", None), ("_loaded", dict(REGISTRY._loaded)), ("broken", {}), ("_told", set())):
        monkeypatch.setattr(REGISTRY, name, value)
    real = systems.entry_points(systems.GROUP)
    points: list[EntryPoint] = []
    monkeypatch.setattr(systems, "entry_points", lambda group: [*real, *points])

    def install(more: dict[str, str] | None = None, **games: dict[str, str] | Exception):
        for game, files in games.items():
            if isinstance(files, Exception):  # its entry point fails to load
                points.append(EntryPoint(game, f"addon_{game}:SYSTEM", fails=files))
                continue
            package = tmp_path / f"addon_{game}"
            package.mkdir()
            files = {"__init__.py": GAME.format(id=game, more=(more or {}).get(game, "")), **files}
            for name, text in files.items():
                (package / name).parent.mkdir(parents=True, exist_ok=True)
                (package / name).write_text(textwrap.dedent(text), encoding="utf-8")
            points.append(EntryPoint(game, f"addon_{game}:SYSTEM"))
            monkeypatch.delitem(sys.modules, f"addon_{game}", raising=False)
        REGISTRY._points = None
        return points

    yield install
    for name in [m for m in sys.modules if m.startswith("addon_")]:
        del sys.modules[name]


def said(result, game: str, step: str) -> bool:
    """The one line on stderr naming the add-on and the step."""
    lines = [line for line in result.stderr.splitlines() if f"game add-on {game!r}" in line]
    return len(lines) == 1 and f"disabled at {step}" in lines[0]


def test_an_odds_module_that_fails_to_import_leaves_the_others(add_ons, run):
    add_ons(broken={"odds.py": "raise ImportError('no module named numpyy')\n"})
    result = run("odds", "dirt", "--format", "json")
    assert result.exit_code == 0 and json.loads(result.stdout)["tables"]
    assert said(result, "broken", "odds") and "numpyy" in result.stderr
    assert "broken" not in REGISTRY and run("odds", "--help").exit_code == 0


def test_a_flag_another_game_declares_is_no_option_given(add_ons, run):
    add_ons(loud={"odds.py": ODDS.format(options='click.Option(["--loud"], is_flag=True, help="Shout."),')})
    result = run("odds", "dirt", "--format", "json")
    assert result.exit_code == 0, result.output
    assert "loud" in REGISTRY and not REGISTRY.broken
    assert run("odds", "loud", "--format", "json").exit_code == 0


def test_an_option_that_changes_a_built_ins_sets_the_add_on_aside(add_ons, run):
    add_ons(clash={"odds.py": ODDS.format(options='click.Option(["--pool"], is_flag=True),')},
            common={"odds.py": ODDS.format(options='click.Option(["--paper"]),')})
    from playaid.odds import module

    shared = next(g for g in GAME_IDS if REGISTRY[g].odds and "pool" in [o.name for o in module(g).OPTIONS])
    result = run("odds", shared, "--format", "json")
    assert result.exit_code == 0
    assert said(result, "clash", "odds options") and "--pool takes other values" in result.stderr
    assert said(result, "common", "odds options") and "`playaid odds`'s own" in result.stderr


def test_a_game_whose_entry_point_fails_is_named_with_why(add_ons, run, files):
    add_ons(ghost=ImportError("no module named spooky"))
    result = run("validate", files.write("g.yaml", "system: ghost\nname: Boo\n"))
    assert result.exit_code == 1
    assert "unknown system `ghost` — the add-on ghost is installed but disabled: ImportError: no module named " \
           "spooky" in result.stdout
    assert said(result, "ghost", "loading")
    listed = run("systems").stdout
    assert "ghost" in listed and "disabled add-on (playaid-ghost 0.3), at loading" in listed


def test_commands_that_fail_or_clash_set_their_add_on_aside(add_ons, run):
    add_ons(more={"lost": ', commands={"lost-map": "addon_lost.nowhere:command"}',
                  "rude": ', commands={"validate": "addon_rude.cmd:command"}'},
            lost={}, rude={"cmd.py": "import click\ncommand = click.Command('validate')\n"})
    assert run("--help").exit_code == 0
    assert run("lost-map").exit_code == 2
    assert "ModuleNotFoundError" in REGISTRY.broken["lost"].reason and REGISTRY.broken["lost"].step == "commands"
    assert "'validate' is already playaid's" in REGISTRY.broken["rude"].reason
    assert run("validate", EXAMPLES[GAME_IDS[0]]).exit_code == 0


def test_an_add_on_failing_in_its_sheet_is_set_aside_and_the_command_says_so(add_ons, run, files, tmp_path):
    add_ons(more={"crash": ', sheet="addon_crash.sheet"'},
            crash={"sheet.py": "def build(character, namer, fit, setup=None):\n    raise KeyError('number')\n"})
    result = run("sheet", files.write("c.yaml", "system: crash\nname: Boo\n"), "--out", tmp_path / "o")
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert said(result, "crash", "sheet") and "KeyError: 'number'" in result.stderr
    assert "the add-on crash is installed but disabled" in result.stdout


def test_systems_names_each_add_on_with_its_package_and_version(add_ons, run):
    add_ons(zombies={})
    listed = run("systems")
    assert listed.exit_code == 0 and "Add-on zombies  [add-on: playaid-zombies 0.3]" in listed.stdout
    assert all(g in listed.stdout for g in GAME_IDS)


def test_only_an_add_ons_own_code_is_blamed(add_ons):
    add_ons(blame={"boom.py": "def boom():\n    raise RuntimeError('mine')\n"})
    REGISTRY["blame"]
    from addon_blame.boom import boom

    with pytest.raises(RuntimeError) as raised:
        boom()
    assert REGISTRY.culprit(raised.value) == "blame"
    with pytest.raises(ZeroDivisionError) as ours:
        1 / 0
    assert REGISTRY.culprit(ours.value) is None
    with pytest.raises(RuntimeError):
        REGISTRY.disable(GAME_IDS[0], "sheet", "a bug of ours")  # built-ins stay loud



def test_a_command_naming_a_disabled_add_on_says_why(add_ons, run):
    add_ons(broken={"odds.py": "raise ImportError('no module named numpyy')\n"})
    result = run("odds", "broken")
    assert result.exit_code == 2 and "the add-on broken is installed but disabled" in result.output
    assert "numpyy" in result.output



def test_a_failing_check_leaves_the_other_games_files_checked(add_ons, run, files):
    """The command runs once more without the add-on: every other file is still checked."""
    shaky = GAME.format(id="shaky", more="").replace("checks={}", 'checks={"character": check}')
    add_ons(shaky={"__init__.py": shaky.replace("\n\nSYSTEM", "\n\ndef check(model, resolver):\n"
                                                                "    raise ValueError('a bug in the add-on')\n\nSYSTEM")})
    game = GAME_IDS[0]
    ours = next(p for p in sorted(EXAMPLES[game].glob("*.yaml")) if not p.name.startswith("scene-"))
    result = run("validate", ours, files.write("s.yaml", "system: shaky\nname: Boo\n"))
    assert result.exit_code == 1 and ": 1 error, 0 warnings — invalid" in result.stdout
    assert "the add-on shaky is installed but disabled: ValueError: a bug in the add-on" in result.stdout, result.stdout
    assert said(result, "shaky", "validate")


def test_a_command_runs_once_more_without_the_add_on_that_failed_in_it(add_ons, capsys):
    """What the demo does when one add-on's step fails: the rest is made without it."""
    import click

    from playaid.cli import cli
    from playaid.commands.add_ons import guarded

    add_ons(blame={"boom.py": "def boom():\n    raise RuntimeError('its demo step broke')\n"}, calm={})
    def demo(ctx):
        made = []
        for game in list(REGISTRY):
            if game == "blame":
                __import__("addon_blame.boom").boom.boom()
            made.append(game)
        return made

    made = guarded(demo, click.Context(cli), "demo")  # an add-on installed beside playaid is made too
    assert made[:len(GAME_IDS)] == GAME_IDS and "calm" in made and "blame" not in made
    assert "blame" in REGISTRY.broken and "calm" in REGISTRY
    err = capsys.readouterr().err
    assert err.count("game add-on 'blame' (playaid-blame 0.3) disabled at demo: RuntimeError: its demo step broke") == 1
