"""`playaid roll --ask` at the table: one die at a time, a Spiral die by what it shows."""

from __future__ import annotations

import json

from click.testing import CliRunner

from conftest import EXAMPLES, roll_json
from playaid.cli import cli
from playaid.commands.table_dice import read_face
from playaid.systems.play import Rolled
from playaid.games.sapio.spiral_die import DEFAULT_DIE_FILE

SCUFFLE = EXAMPLES["dirt"] / "scene-scuffle.yaml"
LEAP = EXAMPLES["sapio"] / "scene-leap.yaml"


def asked(scene, answers: list[str]):
    return CliRunner().invoke(cli, ["roll", str(scene), "--ask", "--json"], input="\n".join(answers) + "\n")


def _json(output: str) -> dict:
    return json.loads(output[output.index("\n{") + 1:] if not output.startswith("{") else output)


def test_several_dice_on_one_line_are_refused_saying_one_at_a_time(run):
    rolled = roll_json(run, SCUFFLE, "--seed", "3")["rolled"]
    result = asked(SCUFFLE, ["1 4 1", "7", "²", *map(str, rolled)])
    assert result.exit_code == 0, result.output
    assert "`1 4 1` is not one die: one die at a time, a whole number from 1 to 6 (the d6's face)" in result.output
    assert "`7` is not one die" in result.output and "`²` is not one die" in result.output
    assert "is not a valid integer" not in result.output
    assert _json(result.output)["rolled"] == rolled


def test_a_spiral_die_is_asked_by_what_it_shows():
    spiral = Rolled(0, "Wren", 12, "die 1", ("blank", "blank", "Spiral", "Spare", "Hit", "Hit", "Hit",
                                              "Hit + Spare", "Hit + Spiral", "Hit + Hit", "Hit + Hit + Spiral",
                                              "Spare + Spare"))
    assert read_face("hit spare", spiral) == (8, "")
    assert read_face("Spare + Hit", spiral) == (8, "")
    assert read_face("2 hits", spiral)[0] is None  # a count is not a symbol: `hit hit` is
    assert read_face("hit, hit", spiral) == (10, "")
    assert read_face("blank", spiral) == (1, "")
    assert read_face("12", spiral) == (12, "")
    value, why = read_face("hit spiral spare", spiral)
    assert value is None and "type what the face shows" in why


def test_roll_ask_for_sapio_shows_the_faces_and_takes_symbols(run):
    seeded = roll_json(run, LEAP, "--seed", "4")
    import yaml
    faces = yaml.safe_load(DEFAULT_DIE_FILE.read_text(encoding="utf-8"))["faces"]
    answers = [" ".join(faces[v - 1]) or "blank" for v in seeded["rolled"]]
    result = asked(LEAP, ["13", *answers])
    assert result.exit_code == 0, result.output
    assert "1 blank, 2 blank, 3 Spiral" in result.output  # the prompt lists what each face shows
    assert "`13` is not a face of this die" in result.output
    got = _json(result.output)
    assert got["outcome"] == seeded["outcome"] if "outcome" in seeded else got["steps"] == seeded["steps"]


def test_input_ending_mid_roll_says_what_was_left_and_how_to_replay(run, tmp_path):
    """Issue 40, item 6: not a bare `Aborted!`, but the die still needed and a --dice line."""
    import shlex

    faces = [2, 5, 5, 2, 3, 5, 4, 6, 5, 1]
    result = CliRunner().invoke(cli, ["roll", str(SCUFFLE), "--ask"], input="2\n5\n")
    assert result.exit_code == 1 and "Aborted!" not in result.output, result.output
    assert "\nThe input ended at die 3, the d6 for Scout (die 3 of 4): nothing was resolved, nothing written." \
        in result.output
    assert "Still needed: die 3 and every die the steps take after it." in result.output
    line = result.output.split("add the faces from die 3 on after them:\n  ", 1)[1].splitlines()[0]
    words = shlex.split(line)
    assert words[:2] == ["playaid", "roll"] and words[3:] == ["--dice", "2,5"]
    # the line, with the rest of the dice added, is the roll the whole input would have made
    replayed = roll_json(run, *words[2:3], "--dice", ",".join(map(str, faces)))
    whole = _json(asked(SCUFFLE, list(map(str, faces))).output)
    assert replayed["rolled"] == whole["rolled"] and replayed["outcome"] == whole["outcome"]
    import shutil

    shutil.copytree(EXAMPLES["dirt"], tmp_path / "dirt")
    before = {p.name: p.read_bytes() for p in (tmp_path / "dirt").glob("*.yaml")}
    nothing = CliRunner().invoke(cli, ["roll", str(tmp_path / "dirt" / SCUFFLE.name), "--ask", "--apply"], input="")
    assert nothing.exit_code == 1 and "No die was typed. To start again:" in nothing.output, nothing.output
    assert "--ask --apply" in nothing.output and "Traceback" not in nothing.output
    assert {p.name: p.read_bytes() for p in (tmp_path / "dirt").glob("*.yaml")} == before
