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
from .. import source as yaml_source
from ..problems import Problem, error
from .tables import Answer


class NoOdds(Exception):
    """A scene whose roll the odds do not cover (no dice, three sides, a pool past the bounds
    the typed query has …): the message says why; `at`, when known, is the field of the
    scene it is about, so the refusal names its line."""

    def __init__(self, message: str, at: tuple = ()):
        super().__init__(message)
        self.at = at


def bounded(dice: int, limits: tuple[int, int], what: str, at: tuple = ()) -> int:
    """`dice`, or `NoOdds` when a scene's pool passes the bounds its game's typed query has
    (`LIMITS`): a scene is no way around them (200 dice a side would run for minutes)."""
    low, high = limits
    if not low <= dice <= high:
        raise NoOdds(f"{what} rolls {dice} dice; the odds are computed for {low} to {high}, as with the typed "
                     "query", at)
    return dice


def pool_problem(path: str, exc: NoOdds) -> Problem:
    """The `odds.scene-pool` problem of a pool past its bounds, at the scene's line `exc.at` names."""
    src, _ = yaml_source.read(Path(path))
    problem = error("odds.scene-pool", str(exc), "make the pool smaller, or ask for smaller pools with the "
                    "typed options", exc.at)
    return src.pin(problem) if src else problem.at(str(path), 1, 1)


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
    try:
        answer = game.from_scene(result)
    except NoOdds as exc:
        if not exc.at:
            raise
        raise SceneRefused([pool_problem(path, exc)]) from None
    head = f"{Path(path).name}: the odds of its roll, its pools built as `playaid roll` builds them."
    return replace(answer, lines=(head, *answer.lines), data={**answer.data, "scene": str(path)})
