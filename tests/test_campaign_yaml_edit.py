"""The span editor, now shared by the studio and `roll --apply`: what applying a roll needs."""

from __future__ import annotations

import pytest
import yaml

from playaid.studio.yaml_edit import set_value as studio_set_value
from playaid.yaml_edit import EditRefused, remove_value, set_value

SCENE = """\
# a turn
system: sapio
character: Wren   # focal
action: Vault the skylight
invoke: {profession: full, quality: Agile}
help:
  - {character: Ines, invokes: Perceptive}   # she keeps the guards off
take:
  injury: Twisted Ankle
  level: minor
tn: 3
"""


def test_the_studio_still_finds_the_editor_where_it_was():
    assert studio_set_value is set_value


@pytest.mark.parametrize("key", ["action", "invoke", "help", "take", "tn", "character"])
def test_removing_a_key_takes_its_lines_and_nothing_else(key):
    new = remove_value(SCENE, (key,))
    data = yaml.safe_load(SCENE)
    del data[key]
    assert yaml.safe_load(new) == data
    assert new.startswith("# a turn\n")
    kept = [line for line in SCENE.splitlines() if not line.startswith((key, "  "))]
    assert all(line in new for line in kept if not line.startswith(key))


def test_removing_a_key_of_a_one_line_mapping_and_a_missing_key():
    assert yaml.safe_load(remove_value(SCENE, ("invoke", "quality")))["invoke"] == {"profession": "full"}
    assert yaml.safe_load(remove_value(SCENE, ("invoke", "profession")))["invoke"] == {"quality": "Agile"}
    assert remove_value(SCENE, ("nothing",)) == SCENE


def test_a_key_sharing_its_line_is_refused():
    with pytest.raises(EditRefused):
        remove_value("items:\n  - a: 1\n    b: 2\n", ("items", 0, "a"))  # `- ` stands before it
    assert remove_value("items:\n  - a: 1\n    b: 2\n", ("items", 0, "b")) == "items:\n  - a: 1\n"


def test_one_entry_of_a_list_of_mappings_changes_and_the_comments_beside_the_others_stay():
    text = "links:\n  - {a: 1}   # first\n  - {a: 2}   # second\n"
    new = set_value(text, ("links",), [{"a": 1}, {"a": 3}])
    assert new == "links:\n  - {a: 1}   # first\n  - {a: 3}   # second\n"


def test_a_list_emptied_goes_on_its_keys_line_and_the_next_key_keeps_its_indent():
    text = "cast:\n  - name: Marty\n    notes:\n      - {text: a, tokens: 2}\n    in_play: true\n"
    new = set_value(text, ("cast", 0, "notes"), [])
    assert new == "cast:\n  - name: Marty\n    notes: []\n    in_play: true\n"
