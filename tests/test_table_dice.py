"""Dice rolled at the table: `roll --dice`, `roll --ask`, and `rolled` in `roll --json`.

Every game's example scenes: a seeded roll's `rolled` list, typed back with `--dice`,
gives the same resolution; wrong counts and faces are refused naming the die.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

from conftest import EXAMPLES, GAME_IDS, roll_json
from playaid.systems import REGISTRY


def example_scenes() -> list[Path]:
    found = []
    for game in GAME_IDS:
        folder = EXAMPLES[game]
        for path in sorted(folder.glob("*.yaml")):
            if (yaml.safe_load(path.read_text(encoding="utf-8")) or {}).get("kind") == "scene":
                found.append(path)
    return found


SCENES = example_scenes()



def same_resolution(a: dict, b: dict) -> bool:
    keep = ("outcome", "summary", "steps", "changes", "rolled")
    return all(a[k] == b[k] for k in keep)


def test_every_game_has_a_scene_here():
    assert {EXAMPLES.relative(p).split("/")[0] for p in SCENES} >= {g for g in GAME_IDS if REGISTRY[g].play is not None}


@pytest.mark.parametrize("scene", SCENES, ids=EXAMPLES.relative)
@pytest.mark.parametrize("seed", [1, 7, 2024])
def test_a_seeded_roll_replays_die_for_die_with_dice(run, scene, seed):
    seeded = roll_json(run, scene, "--seed", str(seed))
    assert all(isinstance(v, int) for v in seeded["rolled"])
    assert len(seeded["rolled_for"]) == len(seeded["rolled"])
    if not seeded["rolled"]:  # a procedure that rolls nothing takes no --dice either
        result = run("roll", scene, "--dice", "1")
        assert result.exit_code == 1 and "too many dice" in result.output
        return
    typed = ",".join(map(str, seeded["rolled"]))
    replayed = roll_json(run, scene, "--dice", typed)
    assert same_resolution(seeded, replayed)
    assert replayed["seed"] is None


@pytest.mark.parametrize("scene", SCENES, ids=EXAMPLES.relative)
def test_asking_for_each_die_gives_the_same_roll(run, scene):
    from click.testing import CliRunner
    from playaid.cli import cli

    seeded = roll_json(run, scene, "--seed", "5")
    answers = "".join(f"{v}\n" for v in seeded["rolled"])
    result = CliRunner().invoke(cli, ["roll", str(scene), "--ask", "--json"], input=answers, catch_exceptions=False)
    assert result.exit_code == 0, result.output
    asked = json.loads(result.output[result.output.index("{"):])
    assert same_resolution(seeded, asked)


def scuffle() -> Path:
    return EXAMPLES["dirt"] / "scene-scuffle.yaml"


def test_too_few_dice_name_the_missing_die_and_whose_it_is(run):
    rolled = roll_json(run, scuffle(), "--seed", "3")["rolled"]
    result = run("roll", scuffle(), "--dice", ",".join(map(str, rolled[:-1])))
    assert result.exit_code == 1
    assert f"too few dice — die {len(rolled)}, the d6 for " in result.output
    assert "Traceback" not in result.output


def test_too_many_dice_say_how_many_the_roll_takes(run):
    rolled = roll_json(run, scuffle(), "--seed", "3")["rolled"]
    result = run("roll", scuffle(), "--dice", ",".join(map(str, rolled + [4])))
    assert result.exit_code == 1
    assert f"too many dice — this roll takes {len(rolled)}, 1 more given (4)" in result.output


def test_a_face_off_the_die_is_refused_naming_whose_die(run):
    result = run("roll", scuffle(), "--dice", "2,5,7,2,3,5,4,6,5,1")
    assert result.exit_code == 1
    assert "die 3 is the d6 for Scout (die 3 of 4), and 7 is not a face of it" in result.output


def test_a_spiral_die_takes_twelve_faces(run):
    scene = EXAMPLES["sapio"] / "scene-leap.yaml"
    n = len(roll_json(run, scene, "--seed", "1")["rolled"])
    ok = run("roll", scene, "--dice", ",".join(["12"] * n))
    assert ok.exit_code == 0, ok.output
    bad = run("roll", scene, "--dice", ",".join(["13"] * n))
    assert bad.exit_code == 1 and "not a face" in bad.output


@pytest.mark.parametrize("args", [["--dice", "2,x"], ["--dice", ","], ["--dice", "1", "--seed", "2"],
                                  ["--dice", "1", "--ask"]])
def test_a_malformed_dice_option_is_a_usage_error(run, args):
    result = run("roll", scuffle(), *args)
    assert result.exit_code == 2
    assert "Traceback" not in result.output


def test_typed_dice_win_over_the_dice_a_scene_lists(run, files):
    listed = EXAMPLES["sapio"] / "scene-leap.yaml"
    doc = yaml.safe_load(listed.read_text(encoding="utf-8"))
    seeded = roll_json(run, listed, "--seed", "9")
    path = files.write("sapio/scene.yaml", yaml.safe_dump({**doc, "dice": [1] * len(seeded["rolled"])}))
    for name in ("rooftops.yaml", "ines.yaml", "wren.yaml", "spiral-d12.yaml"):
        files.copy_example("sapio", name)
    from_file = roll_json(run, path)
    assert from_file["replayed"] and from_file["rolled"] == [1] * len(seeded["rolled"])
    typed = roll_json(run, path, "--dice", ",".join(map(str, seeded["rolled"])))
    assert same_resolution(seeded, typed)


def test_the_text_output_says_the_dice_to_type(run):
    result = run("roll", scuffle(), "--seed", "3")
    rolled = roll_json(run, scuffle(), "--seed", "3")["rolled"]
    assert f"dice in the order taken: {','.join(map(str, rolled))}" in result.output
    typed = run("roll", scuffle(), "--dice", ",".join(map(str, rolled)))
    assert "dice: as rolled at the table" in typed.output and "seed:" not in typed.output


FIGHT = """
system: dirt
kind: scene
type: opposed
fight: true
sides:
  - {character: scout.yaml, stat: physical, dice: [6, 5, 5, 5, 2]}
  - {character: moss.yaml, stat: physical, applies: hobby%s}
"""


@pytest.mark.parametrize("moss, field", [(", dice: [1, 1, 1, 2, 2]", "`damage_dice`"), ("", "`sides[1].dice`")])
def test_a_missing_listed_die_points_at_the_field_that_takes_it(run, files, moss, field):
    for name in ("scout.yaml", "moss.yaml"):
        files.copy_example("dirt", name)
    path = files.write("dirt/fight.yaml", FIGHT % moss)
    result = run("roll", path)
    assert result.exit_code == 1
    assert f"is missing (at {field})" in result.output
    assert "open-ended" not in result.output
    fixed = files.write("dirt/fight.yaml", FIGHT % moss + ("damage_dice: [3, 5]\n" if moss else ""))
    if moss:
        assert run("roll", fixed).exit_code == 0


def test_the_dirt_fight_example_replays_its_real_dice_damage_dice_last(run):
    scene = EXAMPLES["dirt"] / "scene-fight.yaml"
    data = roll_json(run, scene)
    assert data["replayed"] and data["seed"] is None
    doc = yaml.safe_load(scene.read_text(encoding="utf-8"))
    listed = doc["sides"][0]["dice"] + doc["sides"][1]["dice"] + doc["damage_dice"]
    assert data["rolled"] == listed
    assert data["rolled_for"][-1] == "the d6 for the narrator's damage dice (damage roll 2 of 2)"
    typed = roll_json(run, scene, "--dice", ",".join(map(str, listed)))
    assert same_resolution(data, typed)

