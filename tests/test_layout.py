"""The house stays legible: modules of at most 300 lines, no import circle, the rules core
free of the command line and the renderers, and renderers that do not reach up into odds."""

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


def test_renderers_do_not_import_odds_and_the_rules_core_imports_no_cli_or_renderer():
    upward = {(a, b) for a, bs in GRAPH.items() for b in bs
              if a.startswith("playaid.render") and b.startswith("playaid.odds")}
    assert upward == set()
    outward = ("playaid.cli", "playaid.commands", "playaid.render", "playaid.odds", "playaid.pregen", "playaid.demo")
    core = {(a, b) for a, bs in GRAPH.items() for b in bs
            if a.startswith("playaid.systems") and b.startswith(outward)}
    assert core == set()
    assert GRAPH["playaid.games.isolation.maps.panel"] and "playaid.render.html" in GRAPH["playaid.render.sheets"]
