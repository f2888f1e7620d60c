"""What the GM declares in Fight Sphere without a roll: a Gladiator left for dead by the
story, or removed from the game (rule text 000, "The Sphere": defeated PCs "are 'left for
dead' or 'fall through the ground into the darkness' or otherwise exit the Episode and
recover in the next Episode on the next Layer. NPC Gladiators are always considered dead
when they are defeated"; "Death, Last Man Standing and the Judgment Pool").

Both are scene types (`left-for-dead`, `removed`: an NPC Gladiator, or any at The Core)
naming the Gladiator in `character:`; the Episode may end with a Last Man Standing, and
truces with the Gladiator end, as after an Encounter. See docs/rules/events.md.
"""

from __future__ import annotations

from playaid.problems import Problem, error
from playaid.systems.cast import find
from playaid.systems.events import Event
from playaid.systems.play import Dice, Resolution, RollRefused, Step
from .arithmetic import judgment_pool
from .encounter import _episode_end, _truces_after
from .ledger import Ledger
from .scenes import Scene
from .sphere import Sphere

EVENT_TYPES = ("left-for-dead", "removed")
RULE = "fight-sphere.event"

EVENTS = (
    Event("left-for-dead", "a Gladiator exits its Episode by the story, no Encounter rolled: a PC is knocked out "
                           "(dead at The Core) and its player receives a Judgment Pool; an NPC Gladiator is dead",
          {"type": "left-for-dead"}, who="character", who_help="the Gladiator",
          example='left-for-dead "Bo Reyes" --setup campaign.yaml'),
    Event("removed", "an NPC Gladiator leaves the game for good (the GM takes it out of play; a player's Gladiator "
                     "only at The Core, as PCs are guaranteed to reach it): dead to the rules, no Judgment Pool",
          {"type": "removed"}, who="character",
          who_help="the Gladiator", example="removed Vix --setup campaign.yaml"),
)
STATE = {"setup": ("layer", "removed_npcs"), "character": ("state", "conflict_pool")}
"""What the studio's At the table page shows of the table now: the Layer, the NPCs removed, each Gladiator's state and Conflict Pool."""


def check_event(s: Scene, sphere: Sphere) -> list[Problem]:
    """The Gladiator named is in the game and still able to leave it that way."""
    if s.character is None:
        return [error(RULE, f"`type: {s.type}` names the Gladiator", "add `character:`", ())]
    member, problems = find(sphere.members, s.character, ("character",), "Gladiator")
    if member is None:
        return problems
    g = member.model
    if g.state == "dead":
        return [error(RULE, f"{g.name} is dead already", "name a Gladiator still in the game", ("character",))]
    if s.type == "removed" and g.is_pc and not sphere.setup.core:
        return [error(RULE, f"{g.name} is a player's Gladiator, and \"PCs are guaranteed to reach The Core\"",
                      "declare `left-for-dead` instead: knocked out, back on the next Layer", ("character",))]
    if s.type == "left-for-dead" and g.state == "knocked-out":
        return [error(RULE, f"{g.name} is knocked out already and recovers on the next Layer",
                      "name a Gladiator still in an Episode", ("character",))]
    stray = [name for name in ("gladiators", "judgment", "relationships_used", "cut_scene")
             if getattr(s, name)] + (["dice"] if s.dice is not None else [])
    return [error(RULE, f"`{name}:` has no place in a {s.type} event: nothing is rolled", f"remove `{name}:`",
                  (name,)) for name in stray]


def resolve_event(s: Scene, sphere: Sphere, dice: Dice) -> Resolution:
    """The Gladiator's new state, its player's Judgment Pool, and the Episode it leaves."""
    refused = check_event(s, sphere)
    if refused:
        raise RollRefused(refused[0])
    g = sphere.gladiator(s.character or "")
    assert g is not None
    ledger = Ledger(sphere)
    t = sphere.threshold()
    if s.type == "removed":
        ledger.update(g.name, state="dead", judgment_pool=None)
        steps = [Step(f"{g.name} leaves the game for good: dead to the rules, out of every Episode"
                      + ("; no Judgment Pool, as its player leaves with it." if g.is_pc else "."),
                      {"who": g.name, "state": "dead"})]
    elif not g.is_pc or sphere.setup.core:
        ledger.update(g.name, state="dead", judgment_pool=None if not g.is_pc else g.judgment_pool)
        why = "an NPC Gladiator defeated is always dead" if not g.is_pc else "defeat at The Core is permanent"
        steps = [Step(f"{g.name} is left for dead: {why}.", {"who": g.name, "state": "dead"})]
        if g.is_pc:
            jp = judgment_pool(t, g.relationships)
            ledger.update(g.name, judgment_pool=jp)
            steps.append(Step(f"Its player receives a Judgment Pool of {t} (Threshold) + {len(g.relationships)} "
                              f"(Relationships) = {jp}.", {"judgment_pool": jp}))
    else:
        jp = judgment_pool(t, g.relationships)
        ledger.update(g.name, state="knocked-out", judgment_pool=jp)
        steps = [Step(f"{g.name} is left for dead and exits the Episode, to recover on the next Layer with a Conflict "
                      f"Pool equal to its Threshold [fight-sphere.left-for-dead]. Its player receives a Judgment Pool "
                      f"of {t} (Threshold) + {len(g.relationships)} (Relationships) = {jp}.",
                      {"who": g.name, "state": "knocked-out", "judgment_pool": jp})]
    truces = _truces_after(s, sphere, ledger, [])
    if truces != ledger.setup.truces:
        steps.append(Step("Truces with a Gladiator who is out, or between the last two of an Episode, end.", {}))
        ledger.update_setup(truces=truces)
    steps += _episode_end(sphere, ledger, [g.name], t)
    state = ledger[g.name].state
    return Resolution("fight-sphere", state, f"{g.name}: {s.type.replace('-', ' ')} (declared, no dice)",
                      tuple(steps), ledger.changes())
