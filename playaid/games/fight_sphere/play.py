"""`playaid roll` for Fight Sphere: pick the procedure for the scene's type and its dice."""

from __future__ import annotations

import random

from playaid.systems.base import Resolver
from playaid.systems.play import Dice, Resolution
from .between import advance_layer, switch_drive
from .conflict import resolve_conflict
from .encounter import resolve_encounter
from .events import resolve_event
from .scenes import GM, Scene
from .sphere import Sphere, load_sphere, same

PROCEDURES = {"conflict": resolve_conflict, "encounter": resolve_encounter,
              "advance": advance_layer, "drive-switch": switch_drive,
              "left-for-dead": resolve_event, "removed": resolve_event}


def dice_for(scene: Scene, sphere: Sphere, rng: random.Random) -> Dice:
    """The scene's listed dice, keyed by the names the procedures use, or seeded random dice."""
    pools = None
    if scene.dice is not None:
        pools = {}
        for label, values in scene.dice.items():
            g = sphere.gladiator(label)
            name = GM if same(label, GM) else g.name if g else label
            pools[name] = (values, ("dice", label))
    return Dice.replay_or_roll(pools, rng)


def play(scene: Scene, resolver: Resolver, rng: random.Random) -> Resolution:
    setup = resolver.resolve(scene.setup, "setup", ("setup",))
    sphere = load_sphere(setup, scene.setup, resolver)
    dice = dice_for(scene, sphere, rng)
    result = PROCEDURES[scene.type](scene, sphere, dice)
    dice.finish()
    return result
