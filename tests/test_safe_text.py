"""File names from any script, and text shown safely: `playaid.safe_text`."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from playaid.cli import cli
from playaid.safe_text import clip, slug, terminal


@pytest.mark.parametrize("name, expected", [
    ("Dana Okafor", "dana-okafor"),
    ("Zoë O'Brien", "zoe-obrien"),
    ("Łucja Ørsted", "lucja-orsted"),
    ("Ωμέγα", "omega"),  # Greek in ASCII (issue 39, item 13); the page still shows the Greek
    ("Παπαδοπούλου", "papadopoulou"),
    ("Иван Петров", "иван-петров"),
    ("佐藤 花子", "佐藤-花子"),
    ("ガギグ", "ガギグ"),  # voiced kana keep their marks
    ("नमस्ते", "नमस्ते"),  # so do Devanagari vowel signs
    ("../../etc/passwd", "etc-passwd"),
    ("a\x00b\x1bc", "a-b-c"),
])
def test_names_slug_to_their_letters(name, expected):
    assert slug(name) == expected


def test_only_names_without_letters_fall_back():
    assert slug("") == slug("!!! ---") == "sheet"
    assert slug("?", fallback="deck") == "deck"


def test_long_slugs_are_cut_at_a_word_boundary():
    assert slug("Ελένη Παπαδοπούλου Καραγιάννη και άλλοι") == "eleni-papadopoulou-karagianni"
    assert len(slug("x" * 100)) == 32


def test_terminal_escapes_controls_but_keeps_lines_unless_asked():
    assert terminal("a\x1b[2Jb\x9bc\n\td") == "a\\x1b[2Jb\\x9bc\n\td"
    assert terminal("a\nb", lines=False) == "a\\nb"
    assert terminal("plain Ωμέγα") == "plain Ωμέγα"


def test_clip_shortens_long_quotes_only():
    assert clip(f"is `{'x' * 61}` here") == f"is `{'x' * 60}…` here"
    assert clip(f"is `{'x' * 60}` here") == f"is `{'x' * 60}` here"


def test_a_shortened_quote_ends_at_a_word_never_inside_a_name():
    label = "<a descriptor of Kit Marlowe> / <a descriptor of Ines Abara-Quill>"
    shortened = clip(f"write `{label}`")
    assert shortened == "write `<a descriptor of Kit Marlowe> / <a descriptor of Ines…`"
    assert len(shortened) < len(f"write `{label}`")


def test_sheets_of_non_latin_names_are_named_by_them(tmp_path):
    stats = "stats: {mental: 2, physical: 5, social: 3}\njob: Roofer\nhobby: Skating\n"
    paths = []
    for i, name in enumerate(["Ωμέγα Παπά", "佐藤 花子"]):
        path = tmp_path / f"c{i}.yaml"
        path.write_text(f"system: dirt\nname: {name}\n{stats}", encoding="utf-8")
        paths.append(str(path))
    result = CliRunner().invoke(cli, ["sheet", *paths, "--out", str(tmp_path / "out")])
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in (tmp_path / "out").iterdir() if not p.name.startswith(".")) == ["omega-papa.pdf", "佐藤-花子.pdf"]


def test_a_deck_named_in_greek_is_named_in_ascii(tmp_path):
    cards = tmp_path / "Ωμέγα.txt"
    cards.write_text("Late bus\nLost keys\n", encoding="utf-8")
    result = CliRunner().invoke(cli, ["deck", str(cards), "--no-backs", "--out", str(tmp_path / "out")])
    assert result.exit_code == 0, result.output
    assert [p.name for p in (tmp_path / "out").iterdir() if not p.name.startswith(".")] == ["omega-deck.pdf"]


def test_a_greek_names_fields_are_ascii_and_its_page_shows_the_greek(tmp_path):
    import pdfs

    path = tmp_path / "c.yaml"
    path.write_text("system: dirt\nname: Ωμέγα Παπά\nstats: {mental: 2, physical: 5, social: 3}\n"
                    "job: Roofer\nhobby: Skating\n", encoding="utf-8")
    result = CliRunner().invoke(cli, ["sheet", str(path), "--out", str(tmp_path / "out")])
    assert result.exit_code == 0, result.output
    pdf = tmp_path / "out" / "omega-papa.pdf"
    names = pdfs.form_field_names(pdf)
    assert names and all(name.isascii() for name in names), [n for n in names if not n.isascii()]
    assert "Ωμέγα Παπά" in pdfs.text(pdf)
