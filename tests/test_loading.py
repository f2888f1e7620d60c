"""Reading input files: every kind of bad file gives a clear problem, never a traceback."""

from __future__ import annotations

import time

import pytest

from conftest import EXAMPLES, GAME_IDS, SHARED_EXAMPLES, rules
from playaid.source import MAX_BYTES

GOOD = "system: dirt\nname: Moss\nstats: {mental: 2, physical: 5, social: 3}\njob: Roofer\nhobby: Skating\n"


def test_malformed_yaml_names_its_line(files):
    [p] = files.problems("bad.yaml", "system: dirt\nname: [Moss\nstats: {}\n")
    assert p.rule == "yaml.syntax" and p.file.endswith("bad.yaml") and p.line >= 2
    assert p.hint


def test_a_missing_system_lists_the_games(files):
    [p] = files.problems("m.yaml", "name: Moss\n")
    assert p.rule == "input.system" and "fight-sphere" in p.hint and "dirt" in p.hint


def test_an_unknown_system_suggests_the_nearest(files):
    [p] = files.problems("m.yaml", "system: isolaton\nname: X\n")
    assert (p.rule, p.line, p.column) == ("input.system", 1, 9)
    assert "isolation" in p.hint


def test_an_unknown_kind_is_refused(files):
    [p] = files.problems("m.yaml", "system: dirt\nkind: deck\nname: X\n")
    assert p.rule == "input.kind" and "character" in p.hint


def test_an_unknown_key_suggests_the_nearest_and_points_at_its_line(files):
    [p] = files.problems("m.yaml", GOOD + "hobbby: Chess\n")
    assert (p.rule, p.line, p.column) == ("input.unknown-key", 6, 1)
    assert "`hobby`" in p.hint


def test_wrong_types_and_missing_fields_are_all_reported_at_once(files):
    problems = files.problems("m.yaml", "system: dirt\nname: [a, b]\nstats: {mental: two, physical: 5}\n")
    assert {(p.rule, p.line) for p in problems} >= {("input.type", 2), ("input.type", 3), ("input.required", 3)}


def test_text_fields_keep_what_was_written(files):
    """`No`, `yes` and `1984` are names here, not a boolean and a number."""
    assert files.problems("m.yaml", GOOD.replace("Moss", "No").replace("Roofer", "1984")) == []


def test_choices_ignore_case_and_separators(files):
    files.write("moss.yaml", GOOD)
    scene = "system: dirt\nkind: scene\ntype: Unopposed\ncharacter: moss.yaml\nstat: PHYSICAL\ndifficulty: Nearly Impossible\n"
    assert files.problems("s.yaml", scene) == []


def test_empty_binary_and_non_utf8_files_are_refused(files):
    assert rules(files.problems("e.yaml", "")) == {"input.empty"}
    (files.root / "b.yaml").write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00")
    assert rules(files.problems("b.yaml")) == {"input.binary"}
    (files.root / "l.yaml").write_bytes("system: dirt\nname: Zoë\n".encode("latin-1"))
    assert rules(files.problems("l.yaml")) == {"input.encoding"}


def test_a_file_that_is_not_a_mapping_is_refused(files):
    assert rules(files.problems("l.yaml", "- a\n- b\n")) == {"input.type"}


def test_a_ten_megabyte_file_is_refused_unread_and_quickly(files):
    path = files.root / "big.yaml"
    path.write_bytes(b"system: dirt\nnotes: '" + b"x" * (10 * 1024 * 1024) + b"'\n")
    start = time.perf_counter()
    [p] = files.problems("big.yaml")
    assert p.rule == "input.too-large" and str(MAX_BYTES // 1024) in p.message
    assert time.perf_counter() - start < 2


def test_an_alias_bomb_is_refused_in_bounded_time(files):
    lines = ['a0: &a0 ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
    for i in range(1, 9):
        lines.append(f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 9) + "]")
    text = "system: dirt\nkind: setup\nname: T\ncharacters:\n  - {name: X, stats: {mental: 2, physical: 2, social: 2}, job: a, hobby: b, items: *a8}\n"
    start = time.perf_counter()
    problems = files.problems("bomb.yaml", "\n".join(lines) + "\n" + text)
    assert time.perf_counter() - start < 5
    assert "input.unknown-key" in rules(problems) and problems


def test_aliases_that_expand_past_the_budget_are_named(files):
    items = "[" + ", ".join(["x"] * 500) + "]"
    body = "system: dirt\nkind: setup\nname: T\nbase: &b {name: X, stats: {mental: 2, physical: 2, social: 2}, job: a, hobby: b, items: " + items + "}\n"
    body += "characters: [" + ", ".join(["*b"] * 200) + "]\n"
    problems = files.problems("many.yaml", body)
    assert "yaml.too-many-values" in rules(problems)


def test_deep_nesting_is_refused(files):
    problems = files.problems("deep.yaml", "system: dirt\nname: " + "[" * 5000 + "]" * 5000 + "\n")
    assert rules(problems) & {"yaml.too-deep", "yaml.syntax", "input.type"}


def test_a_duplicate_key_is_reported(files):
    assert rules(files.problems("d.yaml", GOOD + "name: Again\n")) == {"input.duplicate-key"}


def test_setup_references_missing_files_and_duplicates(files):
    files.write("moss.yaml", GOOD)
    problems = files.problems("t.yaml", "system: dirt\nkind: setup\nname: T\ncharacters: [moss.yaml, ./moss.yaml, gone.yaml]\n")
    assert rules(problems) >= {"setup.duplicate-character", "input.missing-file"}
    missing = next(p for p in problems if p.rule == "input.missing-file")
    assert missing.file.endswith("t.yaml") and missing.line == 4


def test_a_setup_naming_a_file_of_another_game_or_kind_is_refused(files):
    files.write("iso.yaml", "system: isolation\nname: A\n")
    files.write("setup2.yaml", "system: dirt\nkind: setup\nname: S\ncharacters: [setup2.yaml]\n")
    assert "input.wrong-system" in rules(files.problems("t.yaml", "system: dirt\nkind: setup\nname: T\ncharacters: [iso.yaml]\n"))
    assert "input.cycle" in rules(files.problems("setup2.yaml"))


@pytest.mark.parametrize("game", sorted(GAME_IDS))
def test_every_shared_example_validates(game, run):
    folder = SHARED_EXAMPLES / game if SHARED_EXAMPLES.is_dir() else EXAMPLES[game]
    result = run("validate", folder)
    assert result.exit_code == 0, result.output


@pytest.mark.skipif(not SHARED_EXAMPLES.is_dir(), reason="no shared folder beside this clone")
def test_the_bundled_examples_hold_every_contract_example_unchanged():
    """Tests and the demo read the bundled copies; they must stay the files users were promised."""
    shared = sorted(p.relative_to(SHARED_EXAMPLES) for p in SHARED_EXAMPLES.rglob("*.yaml"))
    assert shared
    for relative in shared:
        bundled = EXAMPLES / relative
        assert bundled.is_file(), f"{relative} has no bundled copy"
        assert bundled.read_bytes() == (SHARED_EXAMPLES / relative).read_bytes(), f"{relative} differs"


@pytest.mark.parametrize("game, setup, scene", [
    ("isolation", "farmhouse.yaml", "scene-board-up.yaml"),
    ("fight-sphere", "campaign.yaml", "scene-conflict.yaml"),
    ("fight-club", "club.yaml", "scene-fight.yaml"),
])
def test_a_scene_in_another_folder_finds_its_setups_character_files(files, run, game, setup, scene):
    from conftest import EXAMPLES

    for f in (EXAMPLES[game]).glob("*.yaml"):
        if not f.name.startswith("scene-"):
            files.write(f"table/{f.name}", f.read_text(encoding="utf-8"))
    text = (EXAMPLES[game] / scene).read_text(encoding="utf-8").replace(f"setup: {setup}", f"setup: ../table/{setup}")
    path = files.write(f"scenes/{scene}", text)
    assert run("validate", path).exit_code == 0, run("validate", path).output
    result = run("roll", path, "--seed", "4")
    assert result.exit_code == 0, result.output
