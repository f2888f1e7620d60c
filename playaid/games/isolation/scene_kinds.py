"""Which procedure an Isolation scene file asks for: a conflict (the default) or the
permanent-link roll (`type: link-roll`), for checking and for `playaid roll`.

The two share one scene model, so one `kind: scene` serves both and the JSON Schema an
editor reads lists every field; each procedure keeps to its own module.
"""

from __future__ import annotations

import random

from playaid.problems import Problem, error
from playaid.systems.base import Resolver
from playaid.systems.play import Dice, Resolution, RollRefused
from . import conflict, procedures
from .conflict import Scene
from .link_roll import check_link_roll, listed_link_dice, resolve_link_roll
from .table import load_table


def check_scene(s: Scene, resolver: Resolver) -> list[Problem]:
    if s.type == "conflict":
        return conflict.check_scene(s, resolver)
    table = load_table(s.setup, resolver)
    return [] if table is None else check_link_roll(s, table)


def play(scene: Scene, resolver: Resolver, rng: random.Random) -> Resolution:
    """Resolve a checked scene of either kind, replaying its listed dice when it has them."""
    if scene.type == "conflict":
        return procedures.play(scene, resolver, rng)
    table = load_table(scene.setup, resolver)
    if table is None:
        raise RollRefused(error("isolation.scene-roles", "the scene's setup cannot be read", "fix the setup", ("setup",)))
    listed = listed_link_dice(scene, table)
    dice = Dice.replay_or_roll(listed, rng)
    result = resolve_link_roll(scene, table, dice)
    dice.finish()
    return result
