"""The loser's choice of which Relationships absorb its Victories in an Encounter.

Rule text 000, "Gladiatorial Encounters": the loser takes as many points off the
Relationships in its roll as there are Victories, "distributed … anyway the player
wishes". A scene records the choice as `losses:` (NPC → points) on the loser's roll;
without it, `arithmetic.spread_loss` takes the points from the highest value first.
"""

from __future__ import annotations

from typing import Mapping, Sequence

from playaid.problems import Path, Problem, error
from playaid.systems.play import RollRefused
from .gladiators import Gladiator
from .scenes import Contender
from .sphere import same

RULE = "fight-sphere.relationship-loss"


def capacity(value: int) -> int:
    """Points one Relationship can absorb: enough to take it below zero, and no more,
    since an NPC below zero is gone and cannot take further points.

    >>> capacity(2)
    3
    """
    return value + 1


def owed_points(values: Sequence[tuple[str, int]], victories: int) -> int:
    """Points the Relationships in the roll must absorb: the Victories, or all they can take."""
    return min(victories, sum(capacity(v) for _, v in values))


def in_roll(g: Gladiator, bought_in_scene: Sequence[str]) -> list[str]:
    """The NPCs of `g`'s own Relationships that a purchase in this scene brings into its roll."""
    return [r.npc for r in g.relationships if not r.resting and any(same(r.npc, b) for b in bought_in_scene)]


def check_losses(c: Contender, g: Gladiator, bought_in_scene: Sequence[str], path: Path) -> list[Problem]:
    """What can be checked before the dice: each entry names a Relationship in the roll
    and takes no more points than bring it below zero."""
    problems = []
    usable = in_roll(g, bought_in_scene)
    for npc, points in c.losses.items():
        here = path + (npc,)
        r = g.relationship(npc)
        if r is None or not any(same(npc, u) for u in usable):
            problems.append(error(RULE, f"{g.name} has no Relationship with {npc} in this roll",
                                  "losses fall only on the Relationships in the roll: "
                                  + (", ".join(usable) or "none here"), here))
        elif points < 0:
            problems.append(error(RULE, f"{npc} takes {points} points", "a loss is 0 points or more", here))
        elif points > capacity(r.value):
            problems.append(error(RULE, f"{npc} is at {r.value}: {capacity(r.value)} points already take it below "
                                  f"zero, {points} is more than it can lose",
                                  f"put at most {capacity(r.value)} on {npc} and the rest on another Relationship used",
                                  here))
    return problems


def chosen_loss(values: Sequence[tuple[str, int]], chosen: Mapping[str, int], victories: int,
                who: str, path: Path) -> list[tuple[str, int]]:
    """Relationship values after the loser's own split; refused when it does not add up.

    >>> chosen_loss([("Kit", 3), ("Lu", 2)], {"Lu": 3}, 3, "Ann", ())
    [('Kit', 3), ('Lu', -1)]
    """
    due = owed_points(values, victories)
    given = sum(chosen.values())
    if given != due:
        raise RollRefused(error(
            RULE, f"{who}'s `losses` take {given} point{'' if given == 1 else 's'}, but {who} owes {due}"
                  + (f" ({victories} Victories)" if due != victories else ""),
            f"make the points add up to {due}, or remove `losses` to take them from the highest value first", path))
    missing = [npc for npc, p in chosen.items() if p and not any(same(npc, n) for n, _ in values)]
    if missing:
        raise RollRefused(error(RULE, f"{', '.join(missing)} is no longer in {who}'s roll (lost earlier in this "
                                 "Encounter)", "put those points on the Relationships still standing", path))
    return [(npc, v - sum(p for n, p in chosen.items() if same(n, npc))) for npc, v in values]
