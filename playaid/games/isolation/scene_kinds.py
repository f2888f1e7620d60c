"""Which procedure an Isolation scene file asks for: a conflict (the default), the
permanent-link roll (`type: link-roll`) or an event the GM declares without dice (`dies`,
`leaves`, `stress`: `events`), for checking and for `playaid roll`.

The two share one scene model, so one `kind: scene` serves both and the JSON Schema an
editor reads lists every field; each procedure keeps to its own module.
"""

from __future__ import annotations

import random

from playaid.problems import Problem, error
from playaid.systems.base import Resolver
from playaid.systems.play import Dice, Resolution, RollRefused
from . import conflict, events, procedures
from .conflict import Scene
from .link_roll import check_link_roll, listed_link_dice, resolve_link_roll
from .table import load_table


def check_scene(s: Scene, resolver: Resolver) -> list[Problem]:
    if s.type in events.EVENT_TYPES:
        table = load_table(s.setup, resolver)
        return [] if table is None else events.check_event(s, table)
    if s.type == "conflict":
        return conflict.check_scene(s, resolver) + events.stray_fields(s)
    table = load_table(s.setup, resolver)
    return events.stray_fields(s) + ([] if table is None else check_link_roll(s, table))


def play(scene: Scene, resolver: Resolver, rng: random.Random) -> Resolution:
    """Resolve a checked scene of either kind, replaying its listed dice when it has them."""
    if scene.type == "conflict":
        return procedures.play(scene, resolver, rng)
    table = load_table(scene.setup, resolver)
    if table is None:
        raise RollRefused(error("isolation.scene-roles", "the scene's setup cannot be read", "fix the setup", ("setup",)))
    if scene.type in events.EVENT_TYPES:  # declared by the GM: no dice
        refused = [p for p in events.check_event(scene, table) if p.is_error]
        if refused:
            raise RollRefused(refused[0])
        return events.resolve_event(scene, table)
    listed = listed_link_dice(scene, table)
    dice = Dice.replay_or_roll(listed, rng)
    result = resolve_link_roll(scene, table, dice)
    dice.finish()
    return result
