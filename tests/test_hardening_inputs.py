"""Round three of hostile input: tags, non-text ids, malformed CSV, odd output folders."""

from __future__ import annotations

import os

import pytest

from tests.conftest import EXAMPLES

MOSS = EXAMPLES["dirt"] / "moss.yaml"


def _files(tmp_path):
    return sorted(p.name for p in tmp_path.rglob("*") if p.is_file())


@pytest.mark.parametrize("value, tag", [
    ('!!python/object/apply:os.system ["id"]', "!!python/object/apply:os.system"),
    ("!!python/name:os.system ''", "!!python/name:os.system"),
    ("!mine Bo", "!mine"),
])
def test_a_tag_yaml_does_not_know_is_refused_with_its_line(files, run, value, tag):
    path = files.write("c.yaml", f"system: isolation\nplayer: Ann\nname: {value}\n")
    result = run("validate", path)
    assert result.exit_code == 1
    assert f"c.yaml:3:7: error [yaml.tag] the tag `{tag}` is not allowed" in result.output


def test_yaml_s_own_tags_and_aliases_are_kept(files, run):
    path = files.write("c.yaml", "system: isolation\nname: !!str Ann\nplayer: &p Bo\nnotes: *p\nbias: !!str 12\n")
    result = run("validate", path)
    assert "yaml.tag" not in result.output and result.exit_code == 0, result.output


@pytest.mark.parametrize("field, text", [("system: [dirt]", "`system` must be text, a single id, not a list"),
                                         ("system: {a: dirt}", "`system` must be text, a single id, not a mapping"),
                                         ("system: dirt\nkind: [scene]", "`kind` must be text, a single id, not a list")])
def test_a_system_or_kind_that_is_not_text_says_so(files, run, field, text):
    result = run("validate", files.write("c.yaml", f"{field}\nname: x\n"))
    assert result.exit_code == 1 and text in result.output and "unknown system ``" not in result.output


@pytest.mark.parametrize("csv, line, what", [
    ('name,copies\nGood,1\n"unterminated,1\nOther,2\n', 3, "malformed CSV: unexpected end of data"),
    ('name\nA\n"' + "x" * 140_000 + '"\n', 3, "a field starting on this line is longer than 131,072 characters"),
    ('name\n"A"x"\n', 2, "malformed CSV"),
])
def test_a_malformed_csv_deck_is_refused_with_its_line(files, tmp_path, run, csv, line, what):
    deck = files.write("d.csv", "placeholder")
    deck.write_text(csv, encoding="utf-8")
    result = run("deck", deck, "--out", tmp_path / "out")
    assert result.exit_code == 1, result.output
    assert f"d.csv:{line}:1: error [deck.csv-syntax] {what}" in result.output
    assert not (tmp_path / "out").exists()


def test_a_well_formed_csv_with_quotes_is_still_read(files, tmp_path, run):
    deck = files.write("d.csv", 'name,copies\n"Debt, again",2\n"Said ""no""",1\n')
    result = run("deck", deck, "--out", tmp_path / "out")
    assert result.exit_code == 0, result.output


def test_a_csv_deck_larger_than_the_input_cap_is_refused_unread(files, tmp_path, run):
    deck = files.write("d.csv", "name\n")
    with deck.open("a") as fh:
        fh.write("Card\n" * 300_000)
    result = run("deck", deck, "--out", tmp_path / "out")
    assert result.exit_code == 1 and "[input.too-large]" in result.output


@pytest.mark.parametrize("command", [["sheet", str(MOSS)], ["pregen", "dirt", "--count", "1"], ["deck"]])
def test_an_output_folder_name_too_long_is_one_line_and_exit_1(tmp_path, run, command):
    out = tmp_path / ("x" * 300) / "inner"
    result = run(*command, "--out", out)
    assert result.exit_code == 1, result.output
    assert "cannot write" in result.output and "File name too long" in result.output
    assert "Traceback" not in result.output and _files(tmp_path) == []


@pytest.mark.parametrize("command", [["sheet", str(MOSS)], ["deck"], ["demo"], ["roll", str(MOSS)]])
def test_an_empty_out_is_a_usage_error(tmp_path, monkeypatch, run, command):
    monkeypatch.chdir(tmp_path)
    result = run(*command, "--out", "")
    assert result.exit_code == 2 and "an empty folder name" in result.output
    assert _files(tmp_path) == []


def test_out_naming_a_device_or_a_file_says_it_is_not_a_folder(tmp_path, run):
    result = run("sheet", MOSS, "--out", os.devnull)
    assert result.exit_code == 2 and f"{os.devnull} is not a folder" in result.output
    plain = tmp_path / "plain.txt"
    plain.write_text("x")
    result = run("sheet", MOSS, "--out", plain / "below")
    assert result.exit_code == 1 and "is not a folder" in result.output and "File exists" not in result.output


@pytest.mark.parametrize("args", [
    ["map", "--blank", "0"], ["map", "--blank", "13"], ["deck", "--bleed", "-1"],
    ["deck", "--players", "1000000", "--tokens"], ["deck", "--back-offset", "1e308,1e308"],
    ["odds", "sapio", "--pool", "3", "--tn", "-3"], ["odds", "contest", "--pool", "d0", "--vs", "d8"],
    ["odds", "fight-sphere", "--pool", "1000000000", "--threshold", "3"],
])
def test_out_of_range_options_are_malformed_command_lines(tmp_path, run, args):
    result = run(*args, "--out", tmp_path / "out")
    assert result.exit_code == 2 and "Usage:" in result.output and "Invalid value for" in result.output
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("command", [["pregen", "dirt", "--count", "2"], ["deck", "--deal", "1"]])
def test_a_player_name_longer_than_a_name_in_a_file_is_a_usage_error(tmp_path, run, command):
    result = run(*command, "--players", "Bo," + "A" * 81, "--out", tmp_path / "out")
    assert result.exit_code == 2 and "at most 80 characters" in result.output
    assert run(*command, "--players", "Bo," + "A" * 80, "--out", tmp_path / "ok").exit_code == 0
