"""Each reference's worked example: a bundled example scene played by the game's own rules.

The example is never typed into a template: the scene is resolved by the same procedure
`playaid roll` runs, with the scene's listed dice or a fixed seed, so every number on the
page is the rules core's own arithmetic and follows it when a rule is mended.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from pathlib import Path

from ...play import resolve_scene
from ...systems import REGISTRY

@dataclass(frozen=True)
class Example:
    summary: str
    """One line: who did what, and how it came out."""
    steps: tuple[str, ...]
    changes: tuple[str, ...]
    """What gets written on the sheets afterwards."""


@cache
def worked_example(system: str) -> Example | None:
    """The worked example of game `system`, resolved afresh (once per process); None for a
    game that names none (`GameSystem.worked_example`), whose page then has no example box."""
    game = REGISTRY[system]
    if game.worked_example is None:
        return None
    name, seed = game.worked_example
    result, problems, _ = resolve_scene(Path(game.examples) / name, seed)
    if result is None:  # a bundled scene that no longer plays is our bug, not the user's input
        raise RuntimeError(f"example scene {system}/{name} does not play: {[p.message for p in problems]}")
    return Example(result.summary, tuple(s.text for s in result.steps), tuple(c.text for c in result.changes))
