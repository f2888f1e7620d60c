"""Lists of entries that may be one word or a mapping (Sapio's advancements) are edited in
the studio's form, in-process: a choice of type from the model's Literal, each field of the
entry, problems beside the entry's field."""

from __future__ import annotations

import re
import shutil

import pytest
import yaml

from conftest import EXAMPLES
from playaid.games.sapio.character import ADVANCEMENT_TYPES, Character
from playaid.studio.files import digest
from playaid.studio.form import changes, fields_of, offer, submitted, walk
from test_studio_safety import SAME, run

REL = "sapio/ines.yaml"


@pytest.fixture
def folder(tmp_path):
    shutil.copytree(EXAMPLES["sapio"], tmp_path / "sapio")
    path = tmp_path / REL
    # one entry written as the bare word the file format allows
    path.write_text(path.read_text(encoding="utf-8").replace(
        "  - {type: quality, gained: Perceptive}", "  - quality  # the word alone"), encoding="utf-8")
    return tmp_path


def _form(text: str, **values: str) -> dict:
    """The form as the page posts it: every control of the file, then `values` changed."""
    found = fields_of(Character, yaml.safe_load(text))
    form = {f.name: f.shown() for f in walk(found) if f.widget not in ("group", "entries", "yaml", "checkbox")}
    form.update({name.replace("__", "."): value for name, value in values.items()})
    return {**form, "text": text, "base": digest(text.encode("utf-8"))}


def _problems_of(html: str, field_id: str) -> str:
    match = re.search(rf'<ul id="p-{field_id}"[^>]*>(.*?)</ul>', html, re.S)
    assert match, f"no problem list for {field_id}"
    return match.group(1)


def test_every_advancement_is_a_fieldset_with_its_type_to_choose(folder):
    found = fields_of(Character, yaml.safe_load((folder / REL).read_text(encoding="utf-8")))
    entries = next(f for f in found if f.name == "advancements")
    assert entries.widget == "entries" and len(entries.children) == 4
    word = entries.children[1]
    kinds = {c.path[-1]: c for c in word.children}
    assert kinds["type"].widget == "select" and kinds["type"].choices == ADVANCEMENT_TYPES
    assert kinds["type"].value == "quality" and kinds["cycle_reward"].widget == "select"


def test_a_one_word_entry_stays_one_word_until_a_field_beside_its_type_is_given():
    text = "advancements:\n  - quality  # kept\n"
    found = fields_of(Character, yaml.safe_load(text))
    form = {f.name: f.shown() for f in walk(found)}
    assert changes(found, form) == []
    assert changes(found, {**form, "advancements[0].type": "side-profession"}) == [
        (("advancements", 0), "side-profession")]
    assert changes(found, {**form, "advancements[0].gained": "Keen"}) == [
        (("advancements", 0), {"type": "quality", "gained": "Keen"})]


def test_an_advancement_edited_in_the_form_shows_its_problems_beside_it(folder):
    text = (folder / REL).read_text(encoding="utf-8")

    async def script(client):
        reward = await client.post(f"/api/form/{REL}", headers=SAME,
                                   data=_form(text, **{"advancements[0]__cycle_reward": "change-word"}))
        again = await client.post(f"/api/form/{REL}", headers=SAME,
                                  data=_form(text, **{"advancements[1]__type": "profession-specialization"}))
        fixed = await client.post(f"/api/form/{REL}", headers=SAME, data=_form(text))
        return reward.text, again.text, fixed.text

    reward, again, fixed = run(folder, script)
    assert "sapio.cycle-reward" in _problems_of(reward, "advancements-0-cycle_reward") and "fix:" in reward
    assert "cycle_reward: change-word" in reward  # the YAML view follows the form
    assert "sapio.advancement-cycle" in _problems_of(again, "advancements-1")
    assert "- profession-specialization  # the word alone" in again  # still one word, comment kept
    assert _problems_of(fixed, "advancements-0-cycle_reward").strip() == ""
    assert "sapio.advancement-cycle" not in _problems_of(fixed, "advancements-1")


def test_an_advancement_is_added_with_its_type_filled(folder):
    text = (folder / REL).read_text(encoding="utf-8")

    async def script(client):
        return await client.post(f"/api/add/{REL}", headers=SAME, data={**_form(text), "field": "advancements"})

    answer = run(folder, script).text
    assert 'id="f-advancements-4-type"' in answer
    added = re.search(r'<textarea id="yaml"[^>]*>(.*?)</textarea>', answer, re.S).group(1)
    data = yaml.safe_load(added.replace("&#34;", '"').replace("&#39;", "'").replace("&amp;", "&"))
    assert len(data["advancements"]) == 5 and data["advancements"][1] == "quality"
    assert data["advancements"][4] in (ADVANCEMENT_TYPES[0], {"type": ADVANCEMENT_TYPES[0]})


def test_a_cast_is_ticked_by_name_and_keeps_its_inline_characters():
    from starlette.datastructures import FormData

    from playaid.games.fight_club.models import Character, Setup

    data = {"name": "Club", "characters": ["dale.yaml", {"name": "Inline", "player": "Ann"}]}
    found = fields_of(Setup, data)
    offer(found, Character, [("dale.yaml", "Dale"), ("eve.yaml", "Eve")], [])
    cast = next(f for f in found if f.name == "characters")
    assert cast.widget == "cast" and cast.choices == (("dale.yaml", "Dale"), ("eve.yaml", "Eve"))
    form = FormData([("characters", ""), ("characters", "eve.yaml")])  # Dale unticked, Eve ticked
    assert submitted(cast, form) == (True, [{"name": "Inline", "player": "Ann"}, "eve.yaml"])


def test_a_list_of_file_names_or_models_that_is_not_a_cast_is_left_to_the_yaml_view():
    from playaid.games.fight_club.models import Card, Character, Deck

    data = {"cards": ["cards.csv", {"name": "Inline card"}]}
    found = fields_of(Deck, data)
    offer(found, Character, [("dale.yaml", "Dale")], [])
    cards = next(f for f in found if f.name == "cards")
    assert cards.widget == "yaml" and Card is not Character  # a deck's cards are not a cast
