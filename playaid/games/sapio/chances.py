"""The chances of one Sapio check, read as `playaid roll` reads it: the odds handout and a
character's own chances (`odds_character`) both start here, so neither imports the other."""

from __future__ import annotations

from fractions import Fraction
from functools import cache

from playaid.dice import advance, fold
from .roll import Tally, shows_double_hit, succeeds
from .spiral_die import Face, SpiralDie


def _states(die: SpiralDie, pool: int, tn: int, improbable: bool, cap: int) -> tuple[dict, int]:
    """Ways of each end state of one check, and the dice that rolls (over faces**dice), read as
    `playaid roll` reads it: the pool is one batch, each die Improbable Success adds is the
    next, and Spares and Spirals on the added dice count like any other.

    State: (Hits so far, capped at `cap`; whether every die of the last batch shows `**`;
    Spares less Spirals so far).
    """
    faces = die.faces

    def read(state: tuple[int, bool, int], face: Face) -> tuple[int, bool, int]:
        hits, allows, net = state
        return min(cap, hits + face.hits), allows and shows_double_hit(face), net + face.spares - face.spirals

    def added(state: tuple[int, bool, int], face: Face) -> tuple[int, bool, int]:
        return read((state[0], True, state[2]), face)  # a new batch of one die

    def again(state: tuple[int, bool, int]) -> bool:
        hits, allows, _ = state
        return improbable and allows and not succeeds(hits, tn)

    states = fold(faces, pool, (0, True, 0), read)
    rolled = pool
    while any(again(s) for s in states):  # ends: a die that lets the chain go on brings two Hits
        states = advance(states, faces, added, again)
        rolled += 1
    return states, rolled


@cache
def outcomes(die: SpiralDie, pool: int, tn: int, improbable: bool = True) -> dict[tuple[bool, str], Fraction]:
    """P(success, net side) of one check; Hits are capped at the TN since more cannot matter."""
    states, rolled = _states(die, pool, tn, improbable, tn)
    out: dict[tuple[bool, str], Fraction] = {}
    total = len(die.faces) ** rolled
    for (hits, _, net), ways in states.items():
        key = (succeeds(hits, tn), Tally(spares=max(net, 0), spirals=max(-net, 0)).net[0])
        out[key] = out.get(key, Fraction(0)) + Fraction(ways, total)
    return out
