"""`playaid roll --apply` writes the GM's own files in place (issue 36 item 1)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
import yaml

from conftest import EXAMPLES
from playaid.campaign import CampaignError, apply_result
from playaid.campaign.edits import Plan
from playaid.systems.play import Change, Resolution

COMMENTED_SETUP = """\
# The farmhouse, kept by hand.
system: isolation
kind: setup
name: The farmhouse in January   # the title on the packet
locale: A snowed-in farmhouse with a wood furnace
threat: Something is walking the fields at night
stress: 2   # raised by play
characters: [alice.yaml, bob.yaml, eve.yaml]
"""


def _table(tmp_path: Path, game: str) -> Path:
    folder = tmp_path / game
    shutil.copytree(EXAMPLES[game], folder)
    return folder


def _links(folder: Path) -> str:
    text = (folder / "farmhouse.yaml").read_text(encoding="utf-8")
    return text[text.index("links:"):]


def test_an_isolation_roll_changes_the_setup_in_place_keeping_comments_and_file_references(tmp_path, run):
    folder = _table(tmp_path, "isolation")
    (folder / "farmhouse.yaml").write_text(COMMENTED_SETUP + _links(folder), encoding="utf-8")
    characters = {p.name: p.read_bytes() for p in folder.glob("[abe]*.yaml")}
    result = run("roll", folder / "scene-take-the-keys.yaml", "--seed", "7", "--apply")
    assert result.exit_code == 0, result.output
    text = (folder / "farmhouse.yaml").read_text(encoding="utf-8")
    assert text.startswith("# The farmhouse, kept by hand.\nsystem: isolation\n")
    assert "name: The farmhouse in January   # the title on the packet\n" in text
    assert "stress: 4   # raised by play\n" in text  # the value changed, its comment stayed
    assert "characters: [alice.yaml, bob.yaml, eve.yaml]\n" in text  # the cast stays file references
    assert list(yaml.safe_load(text)) == ["system", "kind", "name", "locale", "threat", "stress", "characters", "links",
                                          "stress_at_start"]  # kept by the first move, for the sheets
    assert {p.name: p.read_bytes() for p in folder.glob("[abe]*.yaml")} == characters  # nobody was hurt here
    assert "Changed in place:" in result.output
    assert "farmhouse.yaml: stress: 2 → 4" in result.output
    assert not (tmp_path / "output").exists() and not Path("output/farmhouse.yaml").exists()
    assert run("validate", folder / "farmhouse.yaml").exit_code == 0


def test_a_character_file_is_changed_where_it_is_and_stays_a_file(tmp_path, run):
    folder = _table(tmp_path, "isolation")
    before = (folder / "farmhouse.yaml").read_text(encoding="utf-8")
    result = run("roll", folder / "scene-reach-the-car.yaml", "--seed", "3", "--apply")
    assert result.exit_code == 0, result.output
    eve = yaml.safe_load((folder / "eve.yaml").read_text(encoding="utf-8"))
    assert eve["health"] == "dead" and eve["system"] == "isolation"
    setup = yaml.safe_load((folder / "farmhouse.yaml").read_text(encoding="utf-8"))
    assert setup["characters"] == ["alice.yaml", "bob.yaml", "eve.yaml"] and setup["stress"] == 4
    assert "eve.yaml: health: healthy → dead" in result.output
    assert (folder / "farmhouse.yaml").read_text(encoding="utf-8") != before


def test_a_dirt_fight_writes_into_the_character_files_the_scene_names(tmp_path, run):
    folder = _table(tmp_path, "dirt")
    scout = (folder / "scout.yaml").read_text(encoding="utf-8")
    result = run("roll", folder / "scene-fight.yaml", "--seed", "5", "--apply")
    assert result.exit_code == 0, result.output
    after = (folder / "scout.yaml").read_text(encoding="utf-8")
    assert after.startswith(scout)  # every line kept, the new fields added at the end
    assert yaml.safe_load(after)["lost"] == {"scene": {"mental": 1, "social": 1}}
    assert run("validate", folder / "scout.yaml").exit_code == 0


def test_sapio_the_scene_becomes_the_next_turn_and_rolls_again_as_it_stands(tmp_path, run):
    folder = _table(tmp_path, "sapio")
    scene = folder / "scene-chase.yaml"
    first = run("roll", scene, "--seed", "4", "--apply")
    assert first.exit_code == 0, first.output
    data = yaml.safe_load(scene.read_text(encoding="utf-8"))
    assert data["character"] == "Ines Varga" and "action" not in data and "take" not in data
    assert scene.read_text(encoding="utf-8").startswith("# One turn of an Action Sequence")  # comments kept
    assert data["setup"] == "rooftops.yaml"  # the setup is the GM's own, not a copy
    assert "tn" not in data  # the last turn's TN went with its action
    data["action"] = "Hold the guards at the stairwell"  # the GM writes what the next focal attempts
    data["tn"] = 3  # and how hard that is
    scene.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    second = run("roll", scene, "--seed", "4", "--apply")
    assert second.exit_code == 0, second.output


def test_out_still_writes_copies_and_leaves_the_files(tmp_path, run):
    folder = _table(tmp_path, "isolation")
    before = (folder / "farmhouse.yaml").read_bytes()
    result = run("roll", folder / "scene-take-the-keys.yaml", "--seed", "7", "--apply", "--out", tmp_path / "copies")
    assert result.exit_code == 0, result.output
    assert (folder / "farmhouse.yaml").read_bytes() == before and not (folder / ".playaid").exists()
    assert (tmp_path / "copies" / "farmhouse.yaml").exists()


def test_json_lists_every_change_in_place(tmp_path, run):
    folder = _table(tmp_path, "isolation")
    result = run("roll", folder / "scene-take-the-keys.yaml", "--seed", "7", "--apply", "--json")
    data = json.loads(result.stdout)
    assert {"field": "stress", "before": 2, "after": 4} == {k: data["changed"][0][k] for k in ("field", "before", "after")}
    assert data["written"] == [str(folder / "farmhouse.yaml")]


def _resolution(*changes: Change) -> Resolution:
    return Resolution("isolation", "success", "a test", (), changes)


def test_apply_result_reads_a_scene_given_as_text(tmp_path):
    folder = _table(tmp_path, "isolation")
    text = "system: isolation\nkind: scene\nsetup: farmhouse.yaml\n"
    changed = apply_result(folder / "event.yaml", _resolution(Change("setup", ("stress",), 2, 3, "Stress up")),
                           command="playaid event isolation stress +1", dice_from="none", seed=None, scene_text=text)
    assert [(c.file.name, c.field, c.before, c.after) for c in changed] == [("farmhouse.yaml", "stress", 2, 3)]
    assert not (folder / "event.yaml").exists()
    entry = json.loads((folder / ".playaid" / "journal.jsonl").read_text(encoding="utf-8").splitlines()[0])
    assert entry["kind"] == "event" and entry["scene_text"] == text and entry["dice"]["from"] == "none"
    with pytest.raises(CampaignError, match="no file of its own"):
        apply_result(folder / "event.yaml", _resolution(Change("scene", ("x",), 1, 2, "")), command="playaid event",
                     dice_from="none", seed=None, scene_text=text)


def test_a_change_that_cannot_be_written_changes_nothing(tmp_path):
    folder = _table(tmp_path, "isolation")
    before = {p.name: p.read_bytes() for p in folder.iterdir()}
    bad = _resolution(Change("setup", ("stress",), 2, 3, ""), Change("Nobody Here", ("health",), "healthy", "dead", ""))
    with pytest.raises(CampaignError, match="Nobody Here"):
        apply_result(folder / "scene-take-the-keys.yaml", bad, command="playaid roll x --apply", dice_from="seed", seed=1)
    assert {p.name: p.read_bytes() for p in folder.iterdir() if p.name != ".playaid"} == before
    assert not (folder / ".playaid" / "journal.jsonl").exists()


def test_an_inline_character_is_changed_inside_the_setup(tmp_path):
    setup = tmp_path / "table.yaml"
    setup.write_text("system: dirt\nkind: setup\nname: T\ncharacters:\n  - name: Scout   # the ranger\n"
                     "    stats: {mental: 3, physical: 4, social: 3}\n    job: a\n    hobby: b\n", encoding="utf-8")
    plan = Plan(tmp_path / "s.yaml", "system: dirt\nkind: scene\nsetup: table.yaml\n")
    plan.apply([Change("Scout", ("reductions", "social"), 0, 1, "")])
    text = plan.writes()[setup].decode("utf-8")
    assert "  - name: Scout   # the ranger\n" in text
    assert yaml.safe_load(text)["characters"][0]["reductions"] == {"social": 1}


@pytest.mark.parametrize("scene", ["isolation/scene-take-the-keys.yaml", "fight-sphere/scene-conflict.yaml",
                                   "fight-sphere/scene-encounter.yaml", "fight-club/scene-fight.yaml",
                                   "sapio/scene-rest.yaml", "contest/scene-rehearse.yaml", "dirt/scene-fight.yaml"])
def test_every_games_files_stay_valid_after_an_apply_in_place(tmp_path, run, scene):
    game, name = scene.split("/")
    folder = _table(tmp_path, game)
    result = run("roll", folder / name, "--seed", "5", "--apply")
    assert result.exit_code == 0, result.output
    assert "Changed in place:" in result.output
    for path in folder.glob("*.yaml"):
        if not path.name.startswith("scene-"):  # a scene may ask for what the roll just spent
            checked = run("validate", path)
            assert checked.exit_code == 0, (path.name, checked.output)


def test_a_character_file_that_is_a_link_stays_a_link(tmp_path, run):
    folder = _table(tmp_path, "isolation")
    kept = tmp_path / "cast"
    kept.mkdir()
    (folder / "eve.yaml").rename(kept / "eve.yaml")
    (folder / "eve.yaml").symlink_to(kept / "eve.yaml")
    assert run("roll", folder / "scene-reach-the-car.yaml", "--seed", "3", "--apply").exit_code == 0
    assert (folder / "eve.yaml").is_symlink()
    assert yaml.safe_load((kept / "eve.yaml").read_text(encoding="utf-8"))["health"] == "dead"
    assert run("undo", folder).exit_code == 0
    assert (folder / "eve.yaml").is_symlink()
    assert yaml.safe_load((kept / "eve.yaml").read_text(encoding="utf-8"))["health"] == "healthy"


def test_the_bundled_examples_are_never_changed_in_place(run):
    scene = EXAMPLES["isolation"] / "scene-take-the-keys.yaml"
    before = (EXAMPLES["isolation"] / "farmhouse.yaml").read_bytes()
    result = run("roll", scene, "--seed", "7", "--apply")
    assert result.exit_code == 1 and "playaid examples" in result.output
    assert (EXAMPLES["isolation"] / "farmhouse.yaml").read_bytes() == before
    assert not (EXAMPLES["isolation"] / ".playaid").exists()
