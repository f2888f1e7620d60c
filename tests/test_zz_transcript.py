"""Read last (hence the name): every message the suite's CLI tests made a user read.

None may be a Python traceback or click's bare default wording for a type error
(`'x' is not a valid integer`, `is not in the range 1<=x<=60`): each says what to type
instead. Run alone, it reads the messages of the command lines below, the typing
mistakes a GM new to the tool made (issue 28).
"""

from __future__ import annotations

import re

from click.testing import CliRunner

from conftest import EXAMPLES, TRANSCRIPT
from playaid.cli import cli

BARE = re.compile(r"Traceback|is not a valid (integer|float|boolean)|is not in the range|<=x|x>=|x<=")

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
    bad = [(test, line) for test, line in TRANSCRIPT if BARE.search(line)]
    assert not bad, "\n".join(f"{test}: {line}" for test, line in bad[:20])
