"""What an add-on's author meets past the guide (issue 38, items 7–14): playaid keeps the
promises the guide makes for them (seats, cover data, printables, the test kit), and its
messages point at the author's own file."""

from __future__ import annotations

import pytest

from playaid.systems import REGISTRY
from test_add_on_isolation import add_ons  # noqa: F401  (the fixture)

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
