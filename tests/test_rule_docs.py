"""Every rule id the code can report is listed in the docs, and every listed game rule exists."""

from __future__ import annotations

import re

import pytest

from conftest import ROOT
from playaid.systems import REGISTRY

DOCS = ROOT / "docs" / "rules"
ID = re.compile(r"""["']((?:[a-z]+(?:-[a-z]+)*)\.[a-z0-9]+(?:-[a-z0-9]+)*)["']""")
GENERAL = ("input.", "yaml.", "setup.", "scene.", "roll.")


def ids_in_code(path) -> set[str]:
    files = [path] if path.is_file() else sorted(path.rglob("*.py"))
    found = set()
    for f in files:
        found |= {m for m in ID.findall(f.read_text(encoding="utf-8"))
                  if m.startswith(GENERAL) or m.split(".")[0] in REGISTRY}
    return found


def test_general_rule_ids_are_documented():
    page = (DOCS / "README.md").read_text(encoding="utf-8")
    package = ROOT / "playaid"
    used = {i for i in ids_in_code(package) if i.startswith(GENERAL)}
    assert used, "no general ids found: the pattern is broken"
    assert {i for i in used if f"`{i}`" not in page} == set()


@pytest.mark.parametrize("system", sorted(REGISTRY))
def test_game_rule_ids_are_registered_and_documented(system):
    game = REGISTRY[system]
    page = (DOCS / f"{system}.md").read_text(encoding="utf-8")
    module = ROOT / "playaid" / "systems" / system.replace("-", "_")
    source = module if module.is_dir() else module.with_suffix(".py")
    used = {i for i in ids_in_code(source) if i.startswith(system + ".")}
    assert used <= set(game.rules), f"reported but not in RULES: {sorted(used - set(game.rules))}"
    assert {i for i in game.rules if f"`{i}`" not in page} == set()
