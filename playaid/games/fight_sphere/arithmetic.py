"""The counting at the heart of Fight Sphere, kept apart from drawing dice.

Every function here is pure arithmetic on whole numbers, so the odds engine and the
character sheets can call them with any dice they like. Rule text 000, "Conflict
Resolution", "Gladiatorial Encounters" and "Death, Last Man Standing and the Judgment Pool".
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from typing import Iterable, Mapping, Sequence, Sized

from .gladiators import DEATH_WISH

MINIMUM_DICE = 1
BACKGROUND_DICE = 1
RELATIONSHIP_COST = 1
"""Conflict Pool dice spent to bring one Relationship into a roll."""


def ones(dice: Iterable[int]) -> int:
    """What a roll counts: its ones."""
    return sum(1 for d in dice if d == 1)


@dataclass(frozen=True)
class RollPlan:
    """How one side's Conflict roll is built before any die is thrown."""

    background: bool = False
    gamble: int = 0
    relationship_dice: tuple[tuple[str, int], ...] = ()
    """(NPC, dice it adds) for each Relationship in the roll, bought or shared."""
    bought: int = 0
    """Relationships this side paid a Conflict Pool die for."""
    judgment: int = 0
    """Judgment Pool dice other players gambled on this side."""

    @property
    def built(self) -> int:
        return (BACKGROUND_DICE if self.background else 0) + self.gamble + \
            sum(n for _, n in self.relationship_dice) + self.judgment

    @property
    def size(self) -> int:
        """Dice rolled: everything the roll was built from, and never fewer than one."""
        return max(MINIMUM_DICE, self.built)

    @property
    def committed(self) -> int:
        """Conflict Pool dice put on the line: the gamble plus one per Relationship bought."""
        return self.gamble + self.bought * RELATIONSHIP_COST


def conflict_succeeds(player_ones: int, gm_ones: int) -> bool:
    """The player must roll MORE ones than the GM's Threshold dice; a tie is not more."""
    return player_ones > gm_ones


def victories(winner_ones: int, loser_ones: int) -> int:
    return winner_ones - loser_ones


@dataclass(frozen=True)
class Bout:
    """One comparison of two Gladiators' ones; `winner` is None on a tie."""

    first: str
    second: str
    first_ones: int
    second_ones: int

    @property
    def winner(self) -> str | None:
        if self.first_ones == self.second_ones:
            return None
        return self.first if self.first_ones > self.second_ones else self.second

    @property
    def loser(self) -> str | None:
        if self.winner is None:
            return None
        return self.second if self.winner == self.first else self.first

    @property
    def victories(self) -> int:
        return abs(self.first_ones - self.second_ones)


def bouts(ones_by_name: Mapping[str, int], compared: Iterable[tuple[str, str]] | None = None) -> list[Bout]:
    """Every pair compared (all pairs, in the order listed, unless `compared` says which)."""
    pairs = list(compared) if compared is not None else list(combinations(ones_by_name, 2))
    return [Bout(a, b, ones_by_name[a], ones_by_name[b]) for a, b in pairs]


def encounter_outcome(results: Sequence[Bout]) -> str:
    """`win:<name>` when one Gladiator won every bout it was in, `true-tie` when every bout
    tied, otherwise `split` (several Gladiators both won and lost)."""
    if all(b.winner is None for b in results):
        return "true-tie"
    names = {n for b in results for n in (b.first, b.second)}
    unbeaten = [n for n in names if all(b.winner == n for b in results if n in (b.first, b.second))]
    return f"win:{unbeaten[0]}" if len(unbeaten) == 1 else "split"


def first_meeting_bonuses(gladiators: Mapping[str, tuple[str, int]], unmet: Iterable[tuple[str, str]]) -> dict[str, int]:
    """Conflict Pool dice each Gladiator gains for the pairs meeting for the first time.

    `gladiators` maps a name to (drive, number of Relationships). A Death Wish hands its
    count of Relationships to the one it meets; a Reason To Live gains its own count.

    >>> first_meeting_bonuses({"A": ("death-wish", 2), "B": ("reason-to-live", 3)}, [("A", "B")])
    {'A': 0, 'B': 5}
    """
    bonus = {name: 0 for name in gladiators}
    for a, b in unmet:
        for me, them in ((a, b), (b, a)):
            drive, count = gladiators[me]
            bonus[them if drive == DEATH_WISH else me] += count
    return bonus


def spread_loss(values: Sequence[tuple[str, int]], points: int) -> list[tuple[str, int]]:
    """Relationship values after `points` are taken from them, one at a time from the
    highest, so that no NPC is lost while another can still absorb the point. A value
    below zero means that NPC is gone; it takes no further points.

    >>> spread_loss([("Ann", 3), ("Bea", 2)], 3)
    [('Ann', 1), ('Bea', 1)]
    """
    current = list(values)
    for _ in range(points):
        standing = [i for i, (_, v) in enumerate(current) if v >= 0]
        if not standing:
            break
        i = max(standing, key=lambda k: (current[k][1], -k))
        current[i] = (current[i][0], current[i][1] - 1)
    return current


def defeated(pool: int) -> bool:
    """A Conflict Pool brought below zero: dead, or for a PC off The Core, knocked out."""
    return pool < 0


def judgment_pool(threshold: int, relationships: Sized) -> int:
    """What a player whose Gladiator can no longer take part gambles from.

    The Threshold plus the *number* of Relationships, whatever their values; the
    Relationships themselves are passed so a caller cannot hand over their sum.

    >>> judgment_pool(7, [("Ann", 2), ("Bea", 3)])
    9
    """
    return threshold + len(relationships)


def pool_on_next_layer(state: str, pool: int, new_threshold: int) -> int:
    """Knocked out: the new Layer's Threshold. Last Man Standing: the pool plus it."""
    return new_threshold if state == "knocked-out" else pool + new_threshold


def new_relationship_value(drive: str) -> int:
    """A Relationship formed on a success starts at 2 with a Death Wish, 0 with a Reason To Live."""
    return 2 if drive == DEATH_WISH else 0


def rest_one_conflict(resting: int) -> int:
    return max(0, resting - 1)


def plan_roll(relationships: Sequence[tuple[str, int, int]], *, background: bool = False, gamble: int = 0,
              bought: Sequence[str] = (), shared: Iterable[str] = (), judgment: int = 0) -> RollPlan:
    """The roll of a Gladiator whose Relationships are (NPC, rated dice, resting).

    `bought` are the NPCs this Gladiator pays a pool die for; `shared` are NPCs others in
    a Gladiatorial Encounter bought, which bring in this Gladiator's own Relationship with
    them for free. A resting Relationship adds nothing either way.
    """
    wanted = [n.casefold() for n in bought] + [n.casefold() for n in shared]
    dice = []
    for key in dict.fromkeys(wanted):
        for npc, rated_dice, resting in relationships:
            if npc.casefold() == key and resting == 0:
                dice.append((npc, rated_dice))
    return RollPlan(background, gamble, tuple(dice), len(bought), judgment)
