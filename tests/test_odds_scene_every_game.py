"""`playaid odds GAME --scene SCENE.yaml` for every game with dice (issue 28 item 5): the
pools `playaid roll` builds, read into the game's exact query, checked against the same
query typed by hand and against the scene rolled many times."""

from __future__ import annotations

import json
import math
import shutil
from pathlib import Path

import pytest
import yaml

from conftest import EXAMPLES
from playaid.play import resolve_scene

# scene, the query typed by hand that must give the same odds, the outcome that is a success
SCENES = [
    ("dirt/scene-climb.yaml", ["--pool", "5", "--applies", "job", "--difficulty", "hard"], "success", "success"),
    ("dirt/scene-scuffle.yaml", ["--pool", "4", "--versus", "5"], None, None),
    ("sapio/scene-leap.yaml", ["--pool", "6", "--tn", "3"], "success", "success"),
    ("sapio/scene-standoff.yaml", ["--pool", "5", "--tn", "4"], "success", "win:Ines Varga"),
    ("fight-sphere/scene-conflict.yaml", ["--pool", "6", "--threshold", "5"], "success", "success"),
    ("fight-sphere/scene-encounter.yaml", ["--pool", "6", "--versus", "1"], "win", "win:Dana Okafor"),
    ("contest/scene-riot.yaml", ["--pool", "d8,d8,d3", "--vs", "d10,d8,d6,d6,d6"], "win", "win:Harrow"),
]


def odds_json(run, game: str, *args) -> dict:
    result = run("odds", game, "--format", "json", *args)
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


@pytest.mark.parametrize("scene,typed,key,outcome", SCENES, ids=[s[0] for s in SCENES])
def test_a_scenes_odds_are_the_query_its_pools_make(run, scene, typed, key, outcome):
    game = scene.split("/")[0]
    from_scene = odds_json(run, game, "--scene", EXAMPLES / scene)
    by_hand = odds_json(run, game, *typed)
    assert from_scene.pop("scene") == str(EXAMPLES / scene)
    outcomes = from_scene.pop("outcomes", None)  # in `roll`'s words (tests/test_rules_round5.py)
    from_scene["exact"].pop("outcomes", None)  # the same, as exact fractions
    if game == "dirt" and "versus" in by_hand:
        # not a fight: the outcomes `roll` reports, no damage bands; the typed query is a fight's
        assert set(outcomes) == {"win:Scout", "win-incomplete:Scout", "tie", "win-incomplete:Moss", "win:Moss"}
        assert "bands" not in from_scene and "bands" in by_hand
        return
    assert from_scene == by_hand


@pytest.fixture(scope="module")
def unrolled(tmp_path_factory):
    """Copies of the example scenes without their listed dice, so each seed rolls anew."""
    def copy(scene: str) -> Path:
        folder = tmp_path_factory.mktemp(scene.split("/")[0])
        shutil.copytree(EXAMPLES / scene.split("/")[0], folder, dirs_exist_ok=True)
        path = folder / Path(scene).name
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        data.pop("dice", None)
        for side in data.get("sides") or []:
            side.pop("rolled", None)
        path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
        return path
    return copy


@pytest.mark.parametrize("scene,typed,key,outcome", [s for s in SCENES if s[2]], ids=[s[0] for s in SCENES if s[2]])
def test_the_scene_rolled_many_times_succeeds_as_often_as_the_odds_say(run, unrolled, scene, typed, key, outcome):
    game = scene.split("/")[0]
    p = float(odds_json(run, game, "--scene", EXAMPLES / scene)[key])
    path, n = unrolled(scene), 300
    outcomes = [resolve_scene(path, seed)[0].outcome for seed in range(n)]
    wins = outcomes.count(outcome)
    assert abs(wins / n - p) < 4 * math.sqrt(p * (1 - p) / n) + 0.01, (wins / n, p)


def test_a_scene_without_dice_or_of_another_game_is_refused_in_words(run, tmp_path):
    result = run("odds", "dirt", "--scene", EXAMPLES["sapio"] / "scene-leap.yaml")
    assert result.exit_code == 1 and "this is a sapio scene: run playaid odds sapio --scene" in result.output
    result = run("odds", "dirt", "--scene", EXAMPLES["dirt"] / "scene-climb.yaml", "--pool", "3")
    assert result.exit_code == 2 and "--scene gives the whole roll: leave out --pool" in result.output
