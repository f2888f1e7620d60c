"""Comparing rolls: high dice, tie discards, the winner, success dice and concession dice.

Pure arithmetic on rolled values, kept apart from drawing dice so that an odds engine
and the sheets can call it. A side is a list of pools, a pool a list of `Rolled` dice.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from typing import Iterable, Sequence


@dataclass(frozen=True)
class Rolled:
    """One rolled die: whose it is (side, pool, position in the pool), its face and its size."""

    side: int
    pool: int
    index: int
    value: int
    size: int


Sides = Sequence[Sequence[Sequence[Rolled]]]
"""sides → pools → dice still in play."""


def high(dice: Iterable[Rolled]) -> int:
    """The highest die, or 0 for a side out of dice ("Out of Dice")."""
    return max((d.value for d in dice), default=0)


def side_dice(side: Sequence[Sequence[Rolled]]) -> list[Rolled]:
    return [d for pool in side for d in pool]


@dataclass(frozen=True)
class Round:
    """One announcement of high dice and the dice it discarded (none when it decided the contest)."""

    highs: tuple[int, ...]
    discarded: tuple[Rolled, ...]


@dataclass(frozen=True)
class Comparison:
    rounds: tuple[Round, ...]
    winner: int | None
    """The winning side, or None for a true tie."""
    compensated: bool
    """The winner tied the high die with a stand-in physical die and won with one success die."""
    success: tuple[Rolled, ...]
    remaining: tuple[tuple[tuple[Rolled, ...], ...], ...]
    """Every side's dice still in play once the success dice are set aside."""


def discard_ties(sides: Sides, tied: Iterable[int], value: int) -> tuple[list[list[list[Rolled]]], list[Rolled]]:
    """Each pool of the `tied` sides whose high die is `value` discards one die of it (only one).

    Pools of one side co-operate, so they never discard against each other; each pool
    tied with another side's pool gives up its own tied die.
    """
    out = [[list(pool) for pool in side] for side in sides]
    gone: list[Rolled] = []
    for s in tied:
        for pool in out[s]:
            if high(pool) == value:
                die = next(d for d in pool if d.value == value)
                pool.remove(die)
                gone.append(die)
    return out, gone


def compare(sides: Sides, compensated: frozenset[int] = frozenset()) -> Comparison:
    """Announce high dice, discard ties, until one side is higher than all others or all are out.

    `compensated` are the sides that roll a smaller physical die in place of a missing
    size: when such a side (and no other such side) is among those tied for the high
    die, it wins with that one die as its only success die.
    """
    state = [[list(pool) for pool in side] for side in sides]
    rounds: list[Round] = []
    while True:
        highs = tuple(high(side_dice(side)) for side in state)
        top = max(highs)
        holders = [s for s, h in enumerate(highs) if h == top]
        if top == 0:
            rounds.append(Round(highs, ()))
            return Comparison(tuple(rounds), None, False, (), _frozen(state))
        if len(holders) == 1:
            rounds.append(Round(highs, ()))
            winner = holders[0]
            losing = max(h for s, h in enumerate(highs) if s != winner)
            success = tuple(success_dice(side_dice(state[winner]), losing))
            return Comparison(tuple(rounds), winner, False, success, _frozen(_without(state, success)))
        lucky = [s for s in holders if s in compensated]
        if len(lucky) == 1:
            rounds.append(Round(highs, ()))
            die = next(d for d in side_dice(state[lucky[0]]) if d.value == top)
            return Comparison(tuple(rounds), lucky[0], True, (die,), _frozen(_without(state, (die,))))
        state, gone = discard_ties(state, holders, top)
        rounds.append(Round(highs, tuple(gone)))


def success_dice(winner: Iterable[Rolled], losing_high: int) -> list[Rolled]:
    """The winner's dice higher than the best high die of the losing sides."""
    return [d for d in winner if d.value > losing_high]


@dataclass(frozen=True)
class Concession:
    by: int
    against: int
    dice: tuple[Rolled, ...]


@dataclass(frozen=True)
class Concessions:
    highs: tuple[int, ...]
    ties: tuple[tuple[int, int], ...]
    """Pairs of sides whose high dice tied: resolution between them ends there."""
    discarded: tuple[Rolled, ...]
    taken: tuple[Concession, ...]


def concessions(remaining: Sides, winner: int | None = None) -> Concessions:
    """After the success dice are set aside, every pair of sides compares high dice once more.

    A tie ends resolution between the pair and its tied dice are discarded; otherwise the
    higher side takes its dice above the other's high die as concession dice against it.
    Ties are discarded first, and a die is taken against one opponent only (the first in
    side order). The `winner` takes none: concession dice are "something out of the conflict
    other than the goal", the losers' consolation; the winner has its goal and success dice.
    With two sides it never could (its remaining dice are no higher than the loser's high
    die); with three it could be higher than a weaker loser.
    """
    highs = tuple(high(side_dice(side)) for side in remaining)
    pairs = list(combinations(range(len(remaining)), 2))
    ties = tuple((a, b) for a, b in pairs if highs[a] == highs[b])
    state = [[list(pool) for pool in side] for side in remaining]
    discarded: list[Rolled] = []
    for a, b in ties:
        if highs[a] > 0:
            tied = [s for s in (a, b) if high(side_dice(state[s])) == highs[a]]
            state, gone = discard_ties(state, tied, highs[a])
            discarded += gone
    taken: list[Concession] = []
    used: set[Rolled] = set()
    for a, b in pairs:
        if highs[a] == highs[b]:
            continue
        by, against = (a, b) if highs[a] > highs[b] else (b, a)
        if by == winner:
            continue
        dice = tuple(d for d in side_dice(state[by]) if d.value > highs[against] and d not in used)
        used.update(dice)
        if dice:
            taken.append(Concession(by, against, dice))
    return Concessions(highs, ties, tuple(discarded), tuple(taken))


def _without(state: Sides, dice: Iterable[Rolled]) -> list[list[list[Rolled]]]:
    gone = set(dice)
    return [[[d for d in pool if d not in gone] for pool in side] for side in state]


def _frozen(state: Sides) -> tuple[tuple[tuple[Rolled, ...], ...], ...]:
    return tuple(tuple(tuple(pool) for pool in side) for side in state)
