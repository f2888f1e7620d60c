"""Open-ended dice counted from their closed form, never by rolling the explosion out.

A die of `sides` faces where one face both counts and earns another die (Isolation's
green 6 and red 1, Dirt's 6) has the generating function

    g(x) = N(x) / (sides − x)

where N(x) lists what the other faces count (its coefficients sum to sides − 1, so
g(1) = 1). A pool of n such dice is g(x)ⁿ, and since

    (sides − x)^(−n) = Σₘ C(n+m−1, m) xᵐ / sides^(n+m)

the chance of exactly k counted dice is a finite sum of exact terms. We list outcomes up
to the first cap whose dropped tail is at most `TAIL_BOUND`; that tail is known exactly
(one minus the listed mass), so every derived chance has a proven error bound.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from math import comb
from typing import Callable, Iterable

from .distribution import Dist

TAIL_BOUND = Fraction(1, 10**16)
"""Most probability one open-ended pool may drop; two pools together stay under 1e-15."""


def face_counts(sides: int, explodes: Callable[[int], bool], counts: Callable[[int], bool]) -> tuple[int, int, int]:
    """(faces that explode, other faces that count, other faces that do not) of one die.

    Every exploding face must also count (true in every game here); the rule functions
    of the game decide which face does what.
    """
    boom = [f for f in range(1, sides + 1) if explodes(f)]
    if len(boom) != 1 or not counts(boom[0]):
        raise ValueError("an open-ended die here has exactly one exploding face, and it counts")
    rest = [f for f in range(1, sides + 1) if not explodes(f)]
    hit = sum(1 for f in rest if counts(f))
    return 1, hit, len(rest) - hit


@lru_cache(maxsize=256)
def open_pool(n: int, hit: int, miss: int, sides: int = 6, bound: Fraction = TAIL_BOUND) -> Dist:
    """How many dice count in a pool of `n` open-ended dice: `hit` of the non-exploding
    faces count, `miss` do not, the one exploding face counts and rolls again.

    Listed for 0 … cap−1, with cap the first one (in steps of 8) that drops at most `bound`.

    >>> open_pool(1, 2, 3).p(1) == Fraction(2, 6) + Fraction(3, 36)
    True
    """
    if hit + miss != sides - 1:
        raise ValueError("the faces must add up to the die")
    if n == 0:
        return Dist.constant(0)
    cap = 8
    while True:
        dist = exact_below(n, hit, miss, cap, sides)
        if dist.dropped <= bound:
            return dist
        cap += 8


def exact_below(n: int, hit: int, miss: int, cap: int, sides: int = 6) -> Dist:
    """The pool's chances of exactly 0 … cap−1 counted dice, over sides^(n+cap−1).

    P(k) = Σⱼ C(n, j)·hitʲ·miss^(n−j) · C(n+m−1, m) / sides^(n+m), with m = k − j the
    exploding faces rolled (j counted among the n faces that ended a chain).
    """
    top = cap - 1
    base = [comb(n, j) * hit**j * miss ** (n - j) for j in range(n + 1)]
    weights = []
    for k in range(cap):
        weights.append(sum(base[j] * comb(n + k - j - 1, k - j) * sides ** (top - (k - j))
                           for j in range(min(k, n) + 1)))
    return Dist(0, tuple(weights), sides ** (n + top))


def error_bound(dists: Iterable[Dist]) -> Fraction:
    """A bound on the error of any chance computed from independent `dists`: the
    probability that at least one of them fell in its dropped tail is at most the sum."""
    return sum((d.dropped for d in dists), Fraction(0))
