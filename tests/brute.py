"""Brute-force twins of the odds: every roll listed and read by the rules core itself.

Slow on purpose and only for small cases; tests compare them with the fast engine.
Open-ended dice are listed to a depth of extra dice, and the mass of every longer
chain is returned alongside, so the exact answer must lie in [listed, listed + rest].
"""

from __future__ import annotations

from fractions import Fraction
from itertools import product
from typing import Callable, Iterator

from playaid.games.contest.comparing import Rolled, compare
from playaid.games.fight_sphere.arithmetic import conflict_succeeds, ones
from playaid.games.sapio.procedures import roll_check
from playaid.games.sapio.roll import Tally, improbable_success, succeeds
from playaid.games.sapio.spiral_die import SpiralDie


def fight_sphere_success(pool: int, gm: int) -> Fraction:
    rolls = list(product(range(1, 7), repeat=pool + gm))
    won = sum(conflict_succeeds(ones(r[:pool]), ones(r[pool:])) for r in rolls)
    return Fraction(won, len(rolls))


def open_rolls(n: int, explodes: Callable[[int], bool], depth: int) -> tuple[list[tuple[tuple[int, ...], Fraction]], Fraction]:
    """Every face sequence of `n` open-ended d6 with at most `depth` extra dice, each with
    its chance, and the chance of needing more extra dice than that."""
    listed: list[tuple[tuple[int, ...], Fraction]] = []
    rest = Fraction(0)

    def walk(faces: tuple[int, ...], owed: int, extra: int, p: Fraction) -> None:
        nonlocal rest
        if owed == 0:
            listed.append((faces, p))
            return
        if extra == depth:
            rest += p
            return
        for f in range(1, 7):
            more = owed - 1 + (1 if explodes(f) else 0)
            walk(faces + (f,), more, extra + (len(faces) >= n), p / 6)

    for base in product(range(1, 7), repeat=n):
        walk(base, sum(map(explodes, base)), 0, Fraction(1, 6**n))
    return listed, rest


def open_count(n: int, explodes: Callable[[int], bool], count: Callable[[tuple[int, ...]], int],
               depth: int) -> tuple[dict[int, Fraction], Fraction]:
    """P(count(faces) = k) over the listed rolls, and the unlisted mass."""
    listed, rest = open_rolls(n, explodes, depth)
    out: dict[int, Fraction] = {}
    for faces, p in listed:
        k = count(faces)
        out[k] = out.get(k, Fraction(0)) + p
    return out, rest


def sapio_success(die: SpiralDie, pool: int, tn: int) -> Fraction:
    """Every pool roll, then every die Improbable Success adds, read by `roll`."""
    def chance(batch, hits: int) -> Fraction:
        if not improbable_success(batch, hits, tn):
            return Fraction(int(succeeds(hits, tn)))
        return sum((chance([f], hits + f.hits) for f in die.faces), Fraction(0)) / len(die.faces)

    rolls = list(product(die.faces, repeat=pool))
    return sum((chance(list(r), Tally.of(r).hits) for r in rolls), Fraction(0)) / len(rolls)


class _Unrolled(Exception):
    """The procedure asked for a die the listed faces do not hold yet."""


class _Listed:
    """Faces handed to the roll procedure in order, like a scene's `dice:`."""

    def __init__(self, numbers: tuple[int, ...]):
        self.numbers, self.taken = numbers, 0

    def take(self, why: str = "", **_shown) -> int:  # `faces=`: what a Spiral face shows, for --ask
        if self.taken == len(self.numbers):
            raise _Unrolled(why)
        self.taken += 1
        return self.numbers[self.taken - 1]


def sapio_check(die: SpiralDie, pool: int, tn: int, improbable: bool = True) -> dict[tuple[bool, str], Fraction]:
    """P(success, net side) by running `roll_check` — the procedure `playaid roll` plays —
    on every face sequence: a sequence it asks more dice of is extended by every face."""
    out: dict[tuple[bool, str], Fraction] = {}
    sides = len(die.faces)
    waiting = [tuple(r) for r in product(range(1, sides + 1), repeat=pool)]
    while waiting:
        numbers = waiting.pop()
        try:
            result = roll_check(pool, tn, die, _Listed(numbers), improbable)  # type: ignore[arg-type]
        except _Unrolled:
            waiting += [numbers + (n,) for n in range(1, sides + 1)]
            continue
        key = (result.success, result.tally.net[0])
        out[key] = out.get(key, Fraction(0)) + Fraction(1, sides ** len(numbers))
    return out


def contest_matchup(pool: list[int], versus: list[int]) -> tuple[dict[int, Fraction], Fraction, Fraction]:
    """(P(win with k success dice), P(true tie), P(lose)) by `comparing.compare` on every roll."""
    win: dict[int, Fraction] = {}
    tie = lose = Fraction(0)
    rolls = list(_each(pool + versus))
    p = Fraction(1, len(rolls))
    for values in rolls:
        mine = [Rolled(0, 0, i, v, s) for i, (v, s) in enumerate(zip(values, pool))]
        theirs = [Rolled(1, 0, i, v, s) for i, (v, s) in enumerate(zip(values[len(pool):], versus))]
        c = compare([[mine], [theirs]])
        if c.winner is None:
            tie += p
        elif c.winner == 0:
            win[len(c.success)] = win.get(len(c.success), Fraction(0)) + p
        else:
            lose += p
    return win, tie, lose


def _each(sizes: list[int]) -> Iterator[tuple[int, ...]]:
    return product(*(range(1, s + 1) for s in sizes))
