"""Files that are not what they seem: too deep, not regular, not UTF-8, not the user's.

Each is refused with one clear problem that says what is really wrong, and neither
crashes nor hangs the process.
"""

from __future__ import annotations

import os

import pytest

from conftest import GAME_IDS, rules
from playaid.documents import Library
from playaid.source import MAX_NESTING

GOOD = "system: dirt\nname: Moss\nstats: {mental: 2, physical: 5, social: 3}\njob: Roofer\nhobby: Skating\n"
SETUP = "system: dirt\nkind: setup\nname: T\ncharacters: [{ref}]\n"


def test_thirty_thousand_brackets_are_refused_with_their_line(files):
    # libyaml's composer recursed on the C stack here and killed the process
    [p] = files.problems("deep.yaml", "system: dirt\nname: " + "[" * 30000 + "]" * 30000 + "\n")
    assert (p.rule, p.line) == ("yaml.too-deep", 2) and str(MAX_NESTING) in p.message and p.hint


def test_deep_block_and_mapping_nesting_is_refused(files):
    block = "".join("  " * i + "- \n" for i in range(200))
    assert "yaml.too-deep" in rules(files.problems("block.yaml", "system: dirt\nname:\n" + block))
    flow = "{a: " * 3000 + "x" + "}" * 3000
    assert "yaml.too-deep" in rules(files.problems("flow.yaml", "system: dirt\nname: " + flow + "\n"))


def test_nesting_just_inside_the_limit_is_read(files):
    nested = "[" * (MAX_NESTING - 1) + "]" * (MAX_NESTING - 1)
    problems = files.problems("ok.yaml", GOOD + "notes: " + nested + "\n")
    assert not rules(problems) & {"yaml.too-deep", "yaml.syntax"}


@pytest.fixture
def fifo(files):
    path = files.root / "pipe.yaml"
    os.mkfifo(path)
    return path


def test_a_fifo_is_refused_without_waiting(files, fifo):
    [p] = files.problems("pipe.yaml")
    assert p.rule == "input.not-a-file" and "FIFO" in p.message


def test_a_symlink_loop_says_so(files):
    (files.root / "loop.yaml").symlink_to("loop.yaml")
    [p] = files.problems("loop.yaml")
    assert "symlink loop" in p.message


def test_a_utf16_file_is_told_to_be_saved_as_utf8(files):
    (files.root / "wide.yaml").write_bytes(GOOD.encode("utf-16"))
    [p] = files.problems("wide.yaml")
    assert p.rule == "input.encoding" and "UTF-16" in p.message and "UTF-8" in p.message
    (files.root / "bom.yaml").write_bytes(GOOD.encode("utf-8-sig"))
    assert files.problems("bom.yaml") == []


def test_a_regular_file_named_by_a_setup_is_still_read(files):
    files.write("moss.yaml", GOOD)
    assert rules(files.problems("t.yaml", SETUP.format(ref="moss.yaml")), "error") == set()


@pytest.mark.parametrize("ref, rule, words", [
    ("/dev/zero", "input.not-a-file", "is a device"),
    ("/proc/self/environ", "input.system-file", "/proc"),
    ("/sys/kernel/uevent_seqnum", "input.system-file", "/sys"),
    ("pipe.yaml", "input.not-a-file", "FIFO"),
    ("loop.yaml", "input.not-a-file", "symlink loop"),
    (".", "input.not-a-file", "folder"),
])
def test_a_setup_cannot_name_devices_pipes_or_system_files(files, fifo, ref, rule, words):
    if not os.path.exists(ref) and ref.startswith("/"):
        pytest.skip(f"{ref} does not exist here")
    (files.root / "loop.yaml").symlink_to("loop.yaml")
    problems = files.problems("t.yaml", SETUP.format(ref=ref))
    [p] = [p for p in problems if p.file.endswith("t.yaml")]
    assert (p.rule, p.line) == (rule, 4) and words in p.message and p.hint


def test_a_symlink_into_proc_is_refused_too(files):
    (files.root / "env.yaml").symlink_to("/proc/self/environ")
    [p] = files.problems("t.yaml", SETUP.format(ref="env.yaml"))
    assert p.rule == "input.system-file"


def _first_character(game: str) -> str:
    """The first bundled character file of `game` (a file without `kind:` is a character)."""
    from conftest import EXAMPLES

    return next(p.name for p in sorted((EXAMPLES[game]).glob("*.yaml")) if Library().load(p).kind == "character")


CHARACTERS = [(game, _first_character(game)) for game in sorted(GAME_IDS)]


def _with_name(files, game: str, name: str, value: str):
    from conftest import EXAMPLES

    text = (EXAMPLES[game] / name).read_text(encoding="utf-8")
    first, rest = text.split("\nname: ", 1)
    return files.problems(name, first + f"\nname: {value}\n" + rest.split("\n", 1)[1])


@pytest.mark.parametrize("game, name", CHARACTERS)
def test_every_games_character_needs_a_real_name(files, game, name):
    assert rules(_with_name(files, game, name, "Zoë \"Z\" Ωμέγα"), "error") == set()
    [p] = _with_name(files, game, name, '""')
    assert (p.rule, p.line, p.path) == ("input.required", 2, ("name",)) and p.hint
    [p] = _with_name(files, game, name, '"Ann\\0e"')
    assert (p.rule, p.line) == ("input.control-character", 2) and "U+0000" in p.message and p.hint


def test_control_characters_are_refused_in_any_text_but_tabs_and_newlines_stay(files):
    assert rules(files.problems("ok.yaml", GOOD + 'notes: "one\\ttwo\\nthree"\n')) == set()
    [p] = files.problems("esc.yaml", GOOD + 'notes: "red \\e[31m alert \\x9b"\n')
    assert p.rule == "input.control-character" and "U+001B" in p.message


def test_a_deck_file_that_is_a_fifo_says_so(files, fifo):
    from playaid.games.fight_club.cards.sources import load

    txt = files.root / "cards.txt"
    os.mkfifo(txt)
    for path in (fifo, txt):
        deck, [p] = load(path)
        assert deck is None and p.rule == "input.not-a-file" and "FIFO" in p.message
