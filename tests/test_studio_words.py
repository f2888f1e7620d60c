"""The editor's words (labels, choices, places) and the quoting of what a GM types (no browser)."""

from __future__ import annotations

import pytest

from playaid.games.sapio.character import Character
from playaid.games.sapio.scene import Setup
from playaid.studio import words
from playaid.studio.form import fields_of, walk
from playaid.studio.yaml_edit import set_value, value_at


def test_labels_spell_out_what_the_rule_texts_spell_out():
    assert words.label("tn") == "Target Number"
    assert words.label("tn_cap") == "Target Number cap"
    assert words.label("gm") == "GM"
    assert words.label("worst_impulse") == "Worst impulse"  # a plain key: only its first letter grows
    labels = {f.name: f.label for f in walk(fields_of(Setup, {}))}
    assert labels["gm"] == "GM"  # not "Gm"
    labels = {f.name: f.label for f in walk(fields_of(Character, {"talents": [{"name": "x", "text": "y"}]}))}
    assert "Target Number cap" in labels.values()


def test_choices_and_places_read_as_words_not_yaml():
    assert words.choice("nearly_impossible") == "nearly impossible"
    assert words.choice("minor") == "minor"
    assert words.place(("talents", 0, "text")) == "Talents 1, Text"
    assert "[" not in words.place(("links", 3, "label")) and "." not in words.place(("links", 3, "label"))


NEW_ENTRY = "system: sapio\ntalents:\n  - {name: Old, text: kept}\n  - {name: '', text: ''}\n"


@pytest.mark.parametrize("typed", [
    "once a session, clear a Minor stress", "a: b", "# not a comment", "yes", "[x]", "{y}", "it's", 'say "hi"',
    "- dash", "two\nlines", "  spaced  ", "ümlaut & co", "3", "",
])
def test_any_text_typed_into_a_new_entry_reaches_the_file(typed):
    text = set_value(NEW_ENTRY, ("talents", 1, "text"), typed)
    assert value_at(text, ("talents", 1, "text")) == typed
    assert value_at(text, ("talents", 0)) == {"name": "Old", "text": "kept"}
    block = set_value("system: sapio\nnotes: old  # mine\n", ("notes",), typed)
    assert value_at(block, ("notes",)) == typed and "# mine" in block
