"""`playaid roll --apply`: consequences go to copies, never to the originals."""

from __future__ import annotations

import yaml

from playaid.apply import apply_changes
from playaid.outputs import OutputFolder
from playaid.systems.play import Change

MOSS = "system: dirt\nname: Moss\nstats: {mental: 2, physical: 5, social: 3}\njob: Roofer\nhobby: Skateboarding\n"
SCOUT = "system: dirt\nname: Scout\nstats: {mental: 3, physical: 4, social: 3}\njob: Park ranger\nhobby: Birdwatching\n"
FIGHT = """system: dirt
kind: scene
type: opposed
fight: true
sides:
  - {character: scout.yaml, stat: physical, dice: [5, 5, 5, 5]}
  - {character: moss.yaml, stat: physical, applies: hobby, dice: [1, 1, 1, 1, 1]}
damage_dice: [3, 4]
"""


def test_apply_writes_a_copy_of_the_changed_character_and_leaves_the_original(files, run):
    files.write("moss.yaml", MOSS)
    files.write("scout.yaml", SCOUT)
    scene = files.write("fight.yaml", FIGHT)
    out = files.root / "out"
    result = run("roll", scene, "--apply", "--out", out)
    assert result.exit_code == 0, result.output
    assert f"wrote {out / 'moss.yaml'}" in result.output
    copy = yaml.safe_load((out / "moss.yaml").read_text(encoding="utf-8"))
    assert copy["lost"] == {"scene": {"physical": 2}} and copy["disrupted"] is True  # injured: until the scene ends
    assert (files.root / "moss.yaml").read_text(encoding="utf-8") == MOSS
    assert not (out / "scout.yaml").exists()
    # the copy is itself a valid character the next scene can use
    assert run("validate", out / "moss.yaml").exit_code == 0


def test_apply_refuses_to_write_over_the_original(files, run):
    files.write("moss.yaml", MOSS)
    files.write("scout.yaml", SCOUT)
    scene = files.write("fight.yaml", FIGHT)
    result = run("roll", scene, "--apply", "--out", files.root)
    assert result.exit_code == 1 and "never writes over" in result.output
    assert (files.root / "moss.yaml").read_text(encoding="utf-8") == MOSS


def test_a_setup_copy_holds_the_whole_cast_inline(files):
    files.write("moss.yaml", MOSS)
    files.write("table.yaml", "system: dirt\nkind: setup\nname: T\ncharacters:\n  - moss.yaml\n"
                "  - {name: Scout, stats: {mental: 3, physical: 4, social: 3}, job: a, hobby: b}\n")
    scene = files.write("s.yaml", "system: dirt\nkind: scene\nsetup: table.yaml\n")
    changes = (Change("Scout", ("reductions", "social"), 0, 1, ""), Change("setup", ("objective",), "", "Escape", ""))
    [path] = apply_changes(scene, changes, OutputFolder(files.root / "out"))
    copy = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert [c["name"] for c in copy["characters"]] == ["Moss", "Scout"]
    assert copy["characters"][1]["reductions"] == {"social": 1} and copy["objective"] == "Escape"
    assert "system" not in copy["characters"][0]
    assert files.problems("out/table.yaml") == []


def test_every_games_applied_copy_is_itself_valid(tmp_path, run):
    """The copy --apply writes is the table's next state: it must validate as it stands."""
    from conftest import EXAMPLES

    scenes = ["isolation/scene-take-the-keys.yaml", "fight-sphere/scene-conflict.yaml",
              "fight-sphere/scene-encounter.yaml", "fight-club/scene-fight.yaml", "sapio/scene-leap.yaml"]
    for i, scene in enumerate(scenes):
        out = tmp_path / str(i)
        result = run("roll", EXAMPLES / scene, "--seed", "5", "--apply", "--out", out)
        assert result.exit_code == 0, result.output
        [copy] = list(out.iterdir())
        checked = run("validate", copy)
        assert checked.exit_code == 0, (scene, checked.output)
