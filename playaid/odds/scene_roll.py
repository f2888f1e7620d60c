"""`playaid odds GAME --scene SCENE.yaml` for games whose odds module reads a scene's roll.

The scene is prepared exactly as `playaid roll` prepares it: the game's own procedure
runs once on seeded dice, and the pools, Target Numbers and Thresholds it builds are read
from its steps' data, so the odds never rebuild a pool the rules core already builds. The
game's `from_scene(resolution) -> Answer` turns them into its query (see `odds`); the
dice that run rolled play no part. Isolation reads its scenes itself (`isolation_scene`).
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from ..play import resolve_scene
from ..problems import Problem
from .tables import Answer


class NoOdds(Exception):
    """A scene whose roll the odds do not cover (no dice, three sides …): the message says why."""


class SceneRefused(Exception):
    def __init__(self, problems: list[Problem]):
        super().__init__(problems[0].message if problems else "scene refused")
        self.problems = problems


def scene_odds(game, path: str) -> Answer:
    """The odds of the roll of the scene at `path`, a line naming the scene first."""
    result, problems, _ = resolve_scene(path, seed=1)
    if result is None:
        raise SceneRefused(problems)
    if not result.rolled:  # a rest, a death, the end of a combat: nothing is left to chance
        raise NoOdds(f"this scene rolls no dice, so it has no odds: `playaid roll {path}` says what it does")
    own = getattr(game, "SYSTEM", result.system)
    if result.system != own:
        raise NoOdds(f"this is a {result.system} scene: run playaid odds {result.system} --scene {path}")
    answer = game.from_scene(result)
    head = f"{Path(path).name}: the odds of its roll, its pools built as `playaid roll` builds them."
    return replace(answer, lines=(head, *answer.lines), data={**answer.data, "scene": str(path)})
