"""What happens between Episodes: descending a Layer, and the once-per-game drive switch.

Rule text 000, "Death, Last Man Standing and the Judgment Pool", "The Core", and
"Death wish or Reason To Live". Neither rolls dice.
"""

from __future__ import annotations

from playaid.systems.play import Dice, Resolution, Step
from .arithmetic import pool_on_next_layer
from .ledger import Ledger
from .scenes import Scene
from .sphere import Sphere, threshold


def advance_layer(scene: Scene, sphere: Sphere, dice: Dice) -> Resolution:
    """Every player is done with this Layer: all descend together, or reach The Core."""
    ledger = Ledger(sphere)
    layer = sphere.setup.layer + 1
    t = threshold(layer)
    core = all(g.state == "dead" for g in sphere.gladiators if not g.is_pc)
    steps = [Step(f"Every player is done with Layer {layer - 1}: the Gladiators descend to Layer {layer}, "
                  f"whose Threshold is {t}.", {"layer": layer, "threshold": t})]
    for g in sphere.gladiators:
        if g.state not in ("knocked-out", "last-standing"):
            continue
        pool = pool_on_next_layer(g.state, g.conflict_pool, t)
        how = (f"recovers from being knocked out with a Conflict Pool equal to the new Threshold, {t}"
               if g.state == "knocked-out" else
               f"was the Last Man Standing and carries the Conflict Pool on: {g.conflict_pool} + {t} = {pool}")
        ledger.update(g.name, state="active", conflict_pool=pool, judgment_pool=None)
        steps.append(Step(f"{g.name} {how}." + (" Its player's Judgment Pool is set aside." if g.judgment_pool is not None
                                                  else ""), {"who": g.name, "pool": pool}))
    if core:
        steps.append(Step("Every NPC Gladiator is dead: this is the Core Episode, one Episode holding every player's "
                          "Gladiator, where defeat is death.", {"core": True}))
    else:
        steps.append(Step("The players choose who shares an Episode on the new Layer; the GM fills any lone "
                          "Gladiator's Episode with an NPC Gladiator.", {"core": False}))
    # New Episodes: no one has met, and an Encounter held open ends with its Episode.
    ledger.update_setup(layer=layer, core=core, episodes=[], met=[], disengaged=[])
    outcome = "core" if core else "advance"
    summary = f"Descent to Layer {layer} (Threshold {t})" + (": The Core." if core else ".")
    return Resolution("fight-sphere", outcome, summary, tuple(steps), ledger.changes(), dice.replaying)


def switch_drive(scene: Scene, sphere: Sphere, dice: Dice) -> Resolution:
    """Trade a Death Wish for a Reason To Live or back, once per game, between Episodes."""
    ledger = Ledger(sphere)
    g = ledger[scene.character]
    new = g.drive.other()
    ledger.update(g.name, drive=new, drive_switched=True, previous_drive=g.drive)
    steps = [Step(f"{g.name} trades a {g.drive.title} for a {new.title}; this can happen once per game, rooted in "
                  "events of play, and not during an Episode.", {"who": g.name, "drive": str(new)}),
             Step(f"{g.name}'s Relationships are now rated as for a {new.title}: "
                  + (", ".join(f"{r.npc} {r.value} → {ledger[g.name].rated(r)} dice" for r in g.relationships)
                     or "none yet") + ".", {})]
    return Resolution("fight-sphere", "drive-switched", f"{g.name} switches to a {new.title}.", tuple(steps),
                      ledger.changes(), dice.replaying)
