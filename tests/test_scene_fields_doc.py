"""docs/scene-fields.md is the schema's word for word: made again here and compared."""

from __future__ import annotations

from conftest import GAME_IDS, ROOT
from playaid.schema_docs import PAGE, page
from playaid.systems import REGISTRY


def test_the_scene_fields_page_is_what_the_schema_makes():
    written = (ROOT / PAGE).read_text(encoding="utf-8")
    assert written == page(), "docs/scene-fields.md is stale: run `python -m playaid.schema_docs`"


def test_every_game_s_every_scene_field_is_on_the_page():
    text = page()
    for game in GAME_IDS:
        scene = REGISTRY[game].models.get("scene")
        if scene is None:
            continue
        section = text.split(f"(`{game}`)", 1)[1].split("\n## ", 1)[0]
        for name in scene.__dataclass_fields__:
            assert f"| `{name}`" in section, (game, name)


def test_a_changed_field_doc_changes_the_page(monkeypatch):
    import dataclasses

    scene = REGISTRY["dirt"].models["scene"]
    field = scene.__dataclass_fields__["damage_dice"]
    monkeypatch.setattr(field, "metadata", {**field.metadata, "doc": "changed words"})
    assert "| `damage_dice` | a list of whole numbers | changed words |" in page()
    assert dataclasses.is_dataclass(scene)
