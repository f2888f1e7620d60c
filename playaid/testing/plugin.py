"""pytest fixtures for an add-on game's own tests: `pytest_plugins = ["playaid.testing.plugin"]`
in its `conftest.py`, then

    def test_contract(playaid_contract):
        playaid_contract("zombies")

    def test_sheet(playaid_run, tmp_path):
        assert playaid_run("sheet", "examples/hero.yaml", "--out", tmp_path).exit_code == 0
"""

from __future__ import annotations

import pytest

from . import check_contract, run


@pytest.fixture
def playaid_run():
    """`playaid_run("validate", path)`: the command line in-process → click's `Result`."""
    return run


@pytest.fixture
def playaid_contract(tmp_path):
    """`playaid_contract(game_id)`: every check of `playaid.testing` over one game."""
    return lambda game: check_contract(game, tmp_path)
