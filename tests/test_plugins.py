"""A game is one plug-in: what each game declares holds together, the registry finds add-on
games safely, and no generic module names a game."""

from __future__ import annotations

import ast
import dataclasses
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import GAME_IDS, ROOT
from playaid import systems
from playaid.systems import REGISTRY, Registry
from playaid.testing import check_declarations

PACKAGE = ROOT / "playaid"


def own_modules(game: str) -> set[str]:
    """The dotted names of the modules and packages that are game `game`'s own."""
    return own_modules_of(REGISTRY[game])


def own_modules_of(g) -> set[str]:
    """A game's own modules: its package, nothing else. Whatever a game names outside it
    (the d6 nets, say) is generic code and must not name the game back; `owns` is ignored."""
    return {g.package or next(iter(g.models.values())).__module__.rsplit(".", 1)[0]}


def _dotted(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def generic_modules() -> list[Path]:
    """Every module of the package that no game owns, the registry itself left out."""
    owned = set().union(*(own_modules(g) for g in GAME_IDS))
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        name = _dotted(path)
        if name == systems.__name__ or any(name == o or name.startswith(o + ".") for o in owned):
            continue
        found.append(path)
    return found


def naming_a_game(text: str, dotted: str) -> list[str]:
    """Each line of module `dotted` (source `text`) that quotes a game's id or imports a
    module of a game's own."""
    ids = "|".join(re.escape(g) for g in GAME_IDS)
    quoted = re.compile(rf"""["'`]({ids})["'`]""")
    found = [f"{dotted}:{i}: {line.strip()}" for i, line in enumerate(text.splitlines(), 1) if quoted.search(line)]
    owned = {g: own_modules(g) for g in GAME_IDS}
    for node in ast.walk(ast.parse(text)):
        if not isinstance(node, (ast.Import, ast.ImportFrom)):
            continue
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        else:
            base = dotted.split(".")[:len(dotted.split(".")) - node.level] if node.level else []
            target = ".".join([*base, node.module] if node.module else base)
            targets = [target, *(f"{target}.{a.name}" for a in node.names)]
        for game, mods in owned.items():
            hits = {m for t in targets for m in mods if t == m or t.startswith(m + ".")}
            found += [f"{dotted}:{node.lineno}: imports {m} ({game}'s own)" for m in sorted(hits)]
    return found


def _source(path: Path) -> tuple[str, str]:
    dotted = _dotted(path)
    # relative imports count from the package: a package's __init__ is its own package
    return path.read_text(encoding="utf-8"), dotted + ".__init__" if path.name == "__init__.py" else dotted


def test_no_generic_module_names_a_game():
    modules = generic_modules()
    names = {_dotted(p) for p in modules}
    assert {"playaid.cli", "playaid.demo", "playaid.packets", "playaid.odds.handout", "playaid.commands.odds",
            "playaid.render.packet", "playaid.render.sheets", "playaid.pregen", "playaid.schema",
            "playaid.studio.odds_page", "playaid.studio.table_page", "playaid.odds.chart", "playaid.render.faces",
            "playaid.render.nets", "playaid.render.nets.packet_pages", "playaid.render.nets.table_faces",
            "playaid.commands.net"} <= names
    offending = [hit for path in modules for hit in naming_a_game(*_source(path))]
    assert offending == []


def test_nothing_is_allow_listed():
    """Every module outside the games' folders is checked: no game claims one with `owns`,
    and a claim would not exempt it."""
    assert all(REGISTRY[g].owns == () for g in GAME_IDS)
    claiming = dataclasses.replace(REGISTRY[GAME_IDS[0]], owns=("playaid.render.nets",))
    assert not any(m.startswith("playaid.render") for m in own_modules_of(claiming))


def test_the_guard_sees_a_game_named_in_generic_code():
    """The guard is not blind: a quoted id and an import of a game's own module are caught."""
    first, last = GAME_IDS[0], GAME_IDS[-1]
    folder = REGISTRY[first].package.rsplit(".", 1)[1]
    probe = f'TITLES = {{"{last}": "x"}}\nfrom ..games.{folder} import odds\nfrom ..odds.tables import Table\n'
    hits = naming_a_game(probe, "playaid.render.probe")
    assert len(hits) >= 2 and last in hits[0] and all(f"{first}'s own" in h for h in hits[1:]), hits
    assert naming_a_game("from ..odds.tables import Table\n", "playaid.render.probe") == []


@pytest.mark.parametrize("game", GAME_IDS)
def test_what_a_game_declares_is_there(game):
    assert REGISTRY[game].id == game
    check_declarations(REGISTRY[game])


@pytest.mark.parametrize("game", [g for g in GAME_IDS if REGISTRY[g].odds])
def test_every_games_odds_has_help(run, game):
    result = run("odds", game, "--help")
    assert result.exit_code == 0 and game in result.output


def test_a_games_own_commands_are_listed_and_run(run):
    own = {name for g in GAME_IDS for name in REGISTRY[g].commands}
    assert own and own <= set(run("--help").output.split())
    for name in own:
        assert run(name, "--help").exit_code == 0


class FakeEntryPoint:
    """What `importlib.metadata` hands the registry for one installed add-on."""

    def __init__(self, name: str, value: str, loads):
        self.name, self.value, self._loads = name, value, loads

    def load(self):
        return self._loads()


def test_add_on_games_load_and_bad_ones_are_set_aside_with_why(monkeypatch):
    zombies = dataclasses.replace(REGISTRY[GAME_IDS[0]], id="zombies", title="Zombies", package=None,
                                  examples=None, templates=None)

    def broken():
        raise ImportError("no module named playaid_broken")

    fakes = [FakeEntryPoint("zombies", "playaid_zombies:SYSTEM", lambda: zombies),
             FakeEntryPoint("broken", "playaid_broken:SYSTEM", broken),
             FakeEntryPoint("again", "playaid_again:SYSTEM", lambda: REGISTRY[GAME_IDS[1]]),
             FakeEntryPoint(GAME_IDS[2], "playaid_clash:SYSTEM", lambda: zombies)]
    real = systems.entry_points(systems.GROUP)
    monkeypatch.setattr(systems, "entry_points", lambda group: real + fakes if group == systems.GROUP else [])
    monkeypatch.delenv(systems.NO_ADD_ONS, raising=False)
    fresh = Registry()
    assert GAME_IDS[0] in fresh and fresh.is_built_in(GAME_IDS[0]) and not fresh.is_built_in("zombies")
    assert list(fresh) == [*GAME_IDS, "zombies"] and fresh["zombies"].title == "Zombies"
    assert sorted(fresh.broken) == sorted(["again", "broken", GAME_IDS[2]])
    assert "already taken" in fresh.broken[GAME_IDS[2]].reason
    assert "ImportError: no module named playaid_broken" in fresh.broken["broken"].line()
    assert "declares the id" in fresh.broken["again"].reason
    assert fresh[GAME_IDS[2]] is not zombies  # the built-in keeps its id


def test_the_suite_ignores_installed_add_ons(monkeypatch):
    real = systems.entry_points(systems.GROUP)
    monkeypatch.setattr(systems, "entry_points", lambda group: [*real, FakeEntryPoint("x", "x:SYSTEM", lambda: 1 / 0)])
    monkeypatch.setenv(systems.NO_ADD_ONS, "1")
    assert list(Registry()) == GAME_IDS


def test_one_sheet_loads_its_own_game_only(tmp_path):
    """Start-up stays cheap with every game a plug-in: `playaid sheet` for one character
    imports that game's rules core and no other, and never looks for add-on games."""
    from conftest import EXAMPLES

    game = GAME_IDS[-1]
    character = next(p for p in sorted((EXAMPLES[game]).glob("*.yaml")) if not p.name.startswith("scene-"))
    done = subprocess.run([sys.executable, "-X", "importtime", "-m", "playaid", "sheet", str(character),
                           "--out", str(tmp_path)], capture_output=True, text=True, cwd=tmp_path,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert done.returncode == 0, done.stderr[-2000:]
    loaded = {line.split("|")[-1].strip() for line in done.stderr.splitlines() if "|" in line}
    games = {m.split(".")[2] for m in loaded if m.startswith("playaid.games.") and m.count(".") >= 2}
    assert games == {REGISTRY[game].package.rsplit(".", 1)[1]}


def test_a_missing_install_says_how_to_reinstall(monkeypatch):
    """Stale metadata (an old playaid.egg-info in the working folder) hides the built-ins'
    entry points: that must say how to reinstall, not that every game is unknown."""
    monkeypatch.setattr(systems, "entry_points", lambda group: [])
    with pytest.raises(systems.NotInstalled, match="reinstall"):
        list(Registry())
