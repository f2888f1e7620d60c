"""The typing mistakes a GM new to the tool made (issue 28), each answered with what to type.

Every test's messages are read by conftest's `_no_bare_messages` (no traceback, no click's bare
type wording); this one makes the mistakes on purpose. The name kept from when it read the whole
suite's transcript last.
"""

from __future__ import annotations

from click.testing import CliRunner

from conftest import BARE, EXAMPLES
from playaid.cli import cli

MISTAKES = [
    ["sheets", "x.yaml"], ["odds", "contest", "--against", "d6"], ["odds", "contest", "--pol", "d6"],
    ["roll", str(EXAMPLES["contest"] / "scene-riot.yaml"), "--dice", "d8", "d6"],
    ["pregen", "isolation", "--count", "0"], ["pregen", "isolation", "--count", "four"],
    ["pregen", "isolation", "--count", "4", "--seed", "-1"], ["net", "--count", "9000"],
    ["deck", "--bleed", "1,5"], ["deck", "--deal", "x", "--players", "Ann,Ben"],
    ["map", "--blank", "99"], ["roll", "nowhere.yaml", "--seed", "x"],
]


def test_no_message_is_a_traceback_or_clicks_bare_type_wording(tmp_path):
    for args in MISTAKES:
        result = CliRunner().invoke(cli, [*args, "--out", str(tmp_path)] if args[0] != "sheets" else args)
        assert result.exit_code in (1, 2), (args, result.output)
        assert not BARE.search(result.output), (args, result.output)


def test_a_bare_message_would_be_caught():
    # the check must be able to fail: click's own wording and a traceback are both caught
    assert BARE.search("Error: Invalid value for '--count': 'four' is not a valid integer.")
    assert BARE.search("Traceback (most recent call last):")
    assert not BARE.search("Error: --count takes a whole number from 1 to 60, like --count 4")
