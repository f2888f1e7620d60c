"""The house stays legible: modules of at most 300 lines, no import circle, and the layers of
one folder per game: generic code never imports a game, the rules core (the registry's
`playaid.systems` and what each game's package loads) stays free of the command line and
the studio, renderers do not reach up into odds, and games do not import each other."""

from __future__ import annotations

import ast
from pathlib import Path

from conftest import ROOT

PACKAGE = ROOT / "playaid"
MAX_LINES = 300


def _name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def imports(name: str) -> set[str]:
    """The package's modules `name` imports, at the top, inside a function or only for
    annotations (`if TYPE_CHECKING:`): a circle kept alive for annotations is still a circle."""
    path = MODULES[name]
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = package.split(".")[:len(package.split(".")) - node.level + 1] if node.level else []
            target = ".".join([*base, node.module] if node.module else base)
            subs = [f"{target}.{a.name}" for a in node.names if f"{target}.{a.name}" in MODULES]
            targets = subs + ([target] if len(subs) < len(node.names) else [])
        else:
            continue
        found |= {t for t in targets if t in MODULES and t != name}
    return found


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for v in graph:
        if v not in index:
            visit(v)
    return found


GRAPH = {name: imports(name) for name in MODULES}


def test_no_module_is_over_300_lines():
    long = {name: n for name, p in MODULES.items() if (n := len(p.read_text(encoding="utf-8").splitlines())) > MAX_LINES}
    assert long == {}


def test_no_import_circle():
    assert cycles(GRAPH) == []


def test_the_circle_finder_finds_one():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


# The layers, each a rule over an import graph (module → modules it imports), so each can
# be shown a graph that breaks it.
GAMES = "playaid.games"
FRONT = ("playaid.cli", "playaid.commands", "playaid.studio")
"""What the rules core never imports: the command line and the studio."""


def _within(name: str, prefix: str) -> bool:
    return name == prefix or name.startswith(prefix + ".")


def game_of(name: str) -> str | None:
    """The game package a module belongs to (`playaid.games.sapio`), None outside the games."""
    parts = name.split(".")
    return ".".join(parts[:3]) if _within(name, GAMES) and len(parts) >= 3 else None


def generic_into_games(graph: dict[str, set[str]]) -> set[tuple[str, str]]:
    """Modules outside `playaid.games` importing a game: generic code never does."""
    return {(a, b) for a, bs in graph.items() for b in bs if not _within(a, GAMES) and _within(b, GAMES)}


def rules_core(graph: dict[str, set[str]]) -> set[str]:
    """`playaid.systems` and each game's rules: what loading the game's package pulls in
    (its renderers, commands and odds are named by "module:function" and load only when used)."""
    core = {m for m in graph if _within(m, "playaid.systems")}
    todo = [m for m in graph if game_of(m) == m]
    while todo:
        m = todo.pop()
        if m not in core:
            core.add(m)
            todo += graph.get(m, ())
    return core


def core_into_front(graph: dict[str, set[str]]) -> set[tuple[str, str]]:
    """Imports from the rules core into the command line or the studio."""
    return {(a, b) for a in rules_core(graph) for b in graph.get(a, ()) if b.startswith(FRONT)}


def render_into_odds(graph: dict[str, set[str]]) -> set[tuple[str, str]]:
    """Renderers reaching up into odds."""
    return {(a, b) for a, bs in graph.items() for b in bs
            if _within(a, "playaid.render") and _within(b, "playaid.odds")}


def games_into_each_other(graph: dict[str, set[str]]) -> set[tuple[str, str]]:
    """A game importing another game's module."""
    return {(a, b) for a, bs in graph.items() for b in bs
            if game_of(a) and game_of(b) and game_of(a) != game_of(b)}


def test_no_generic_module_imports_a_game():
    assert generic_into_games(GRAPH) == set()


def test_the_rules_core_imports_no_command_line_or_studio():
    core = rules_core(GRAPH)
    assert {"playaid.systems.base", "playaid.games.sapio.spiral_die", "playaid.games.dirt.rules"} <= core
    assert not any(_within(m, "playaid.render") for m in core), "a game's rules load a renderer"
    assert core_into_front(GRAPH) == set()


def test_renderers_do_not_import_odds():
    assert render_into_odds(GRAPH) == set()


def test_games_do_not_import_each_other():
    assert games_into_each_other(GRAPH) == set()


def test_each_layer_rule_catches_a_graph_that_breaks_it():
    fine = {"playaid.games.a": {"playaid.games.a.rules"}, "playaid.games.a.rules": {"playaid.problems"},
            "playaid.games.a.commands": {"playaid.commands"}, "playaid.games.a.odds": {"playaid.odds.tables"},
            "playaid.games.b": set(), "playaid.render.nets": {"playaid.render.nets.dice"},
            "playaid.systems.base": {"playaid.problems"}, "playaid.problems": set(), "playaid.commands": set(),
            "playaid.odds.tables": set(), "playaid.render.nets.dice": set()}
    rules = (generic_into_games, core_into_front, render_into_odds, games_into_each_other)
    assert [rule(fine) for rule in rules] == [set()] * 4
    broken = {
        generic_into_games: ("playaid.render.nets", "playaid.games.a.rules"),
        core_into_front: ("playaid.games.a.rules", "playaid.studio.app"),
        render_into_odds: ("playaid.render.nets.dice", "playaid.odds.tables"),
        games_into_each_other: ("playaid.games.b", "playaid.games.a.rules"),
    }
    for rule, (a, b) in broken.items():
        graph = {**fine, a: fine.get(a, set()) | {b}}
        assert rule(graph) == {(a, b)}, rule.__name__
    # the core is what a game's package loads, however deep: a rules module reached
    # through another one counts, a command named by "module:function" does not
    deep = {**fine, "playaid.games.a.rules": {"playaid.games.a.more"}, "playaid.games.a.more": {"playaid.cli"}}
    assert core_into_front(deep) == {("playaid.games.a.more", "playaid.cli")}
    assert "playaid.games.a.commands" not in rules_core(fine)


def test_the_systems_import_no_cli_renderer_or_odds():
    outward = (*FRONT, "playaid.render", "playaid.odds", "playaid.pregen", "playaid.demo")
    core = {(a, b) for a, bs in GRAPH.items() for b in bs
            if a.startswith("playaid.systems") and b.startswith(outward)}
    assert core == set()
    assert GRAPH["playaid.games.isolation.maps.panel"] and "playaid.render.html" in GRAPH["playaid.render.sheets"]
