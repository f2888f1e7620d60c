"""Deck inputs held to one standard, and what a printed deck says of its back offset
(issue 26 item 7, issue 28 item 2)."""

from __future__ import annotations

import pytest

from pdfs import text as pdf_text


@pytest.mark.parametrize("name, body", [
    ("cards.txt", "Fine card\nBad\x1b[31m card\n"),
    ("cards.txt", "Fine card\nRinging\x07 card\n"),
    ("cards.txt", "Fine card\nNul\x00 card\n"),
    ("cards.csv", "name,copies\nFine card,1\nBad\x1bcard,2\n"),
])
def test_text_and_csv_decks_refuse_control_characters_as_a_yaml_deck_does(run, tmp_path, name, body):
    path = tmp_path / name
    path.write_bytes(body.encode("utf-8"))
    result = run("deck", path, "--out", tmp_path / "out")
    assert result.exit_code == 1
    assert f"{path}:2:1: error [input.control-character]" in result.output or \
        f"{path}:3:1: error [input.control-character]" in result.output, result.output
    assert "\x1b" not in result.output and "\x07" not in result.output
    assert not (tmp_path / "out").exists()


def test_a_yaml_deck_refuses_the_same_character_with_the_same_rule(files, run, tmp_path):
    path = files.write("d.yaml", 'system: fight-club\nkind: deck\nname: D\ncards: ["Fine", "Bad\\e card"]\n')
    result = run("deck", path, "--out", tmp_path / "out")
    assert result.exit_code == 1 and "[input.control-character]" in result.output


def test_many_repeated_problems_are_counted_not_each_printed(run, tmp_path):
    path = tmp_path / "dups.txt"
    path.write_text("Same card\n" * 100_000, encoding="utf-8")
    result = run("deck", path, "--out", tmp_path / "out")
    assert result.exit_code == 1
    assert result.output.count("[fight-club.deck-duplicate]") == 11
    assert "and 99,989 more problems like these (99,999 in all)" in result.output
    assert len(result.output) < 5000


def test_the_back_offset_used_is_said_and_printed_on_the_back_pages(run, tmp_path):
    result = run("deck", "--back-offset", "1,5", "--out", tmp_path)
    assert result.exit_code == 0, result.output
    assert "backs moved 1 mm right, 5 mm up (--back-offset 1,5)" in result.output
    pdf = tmp_path / "frustrations-deck.pdf"
    assert "backs moved 1 mm right, 5 mm up" in pdf_text(pdf, 1)  # the first back page
    assert "backs moved" not in pdf_text(pdf, 0)
    plain = run("deck", "--back-offset", "-0.5,0", "--out", tmp_path / "b")
    assert "backs moved 0.5 mm left (--back-offset -0.5,0)" in plain.output
