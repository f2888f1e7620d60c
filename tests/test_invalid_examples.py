"""Every invalid example breaks exactly the rule its first line names, in its own file.

Each file under tests/invalid/<game>/ starts with `# breaks: <rule-id>`.
"""

from __future__ import annotations

import re

import pytest

from conftest import INVALID, ROOT
from playaid.documents import Library
from playaid.systems import REGISTRY

INVALID = sorted(INVALID.rglob("*.yaml"))
GENERAL_DOC = (ROOT / "docs" / "rules" / "README.md").read_text(encoding="utf-8")
AT_LEAST = {"contest": 10, "dirt": 5, "fight-club": 10, "fight-sphere": 5, "isolation": 8, "sapio": 10}


@pytest.mark.parametrize("game", sorted(REGISTRY))
def test_every_game_has_invalid_examples(game):
    assert game in AT_LEAST, f"{game}: add invalid examples under tests/invalid/{game}/ and their count here"
    assert len([p for p in INVALID if p.parent.name == game]) >= AT_LEAST[game]


@pytest.mark.parametrize("path", INVALID, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_every_invalid_example_is_reported_with_the_rule_it_names(path):
    first = path.read_text(encoding="utf-8").splitlines()[0]
    match = re.fullmatch(r"# breaks: (\S+)", first)
    assert match, f"{path.name}: the first line must be `# breaks: <rule-id>`"
    rule = match.group(1)
    game = REGISTRY[path.parent.name]
    assert rule in game.rules or f"`{rule}`" in GENERAL_DOC, f"{rule} is neither {game.id}'s nor a general id"
    library = Library()
    library.load(path)
    reported = {p.rule for p in library.problems() if p.file.endswith(path.name)}
    assert rule in reported, [f"{p.rule}: {p.message}" for p in library.problems()]
