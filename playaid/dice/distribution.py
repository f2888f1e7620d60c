"""Exact distributions of whole-number outcomes, held as integer counts.

A `Dist` is a run of integer weights for the outcomes `low`, `low + 1`, … over one
integer `total`. Probabilities become `Fraction`s only when asked for, and floats only
when printed. An open-ended pool cannot list every outcome: its weights stop at a cap and
`total - sum(weights)` is the weight of the outcomes dropped beyond it. That dropped mass
is exact (the listed weights come from a closed form that sums to one), so every answer
derived from a capped distribution carries an exact bound on its error: `dropped`.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Callable, Iterator, Mapping


@dataclass(frozen=True)
class Dist:
    low: int
    weights: tuple[int, ...]
    total: int

    @classmethod
    def of(cls, counts: Mapping[int, int], total: int | None = None) -> "Dist":
        """A distribution from `{outcome: ways}`; `total` defaults to the ways summed.

        >>> Dist.of({0: 5, 1: 1}).p(1)
        Fraction(1, 6)
        """
        live = {k: v for k, v in counts.items() if v}
        if not live:
            return cls(0, (), total or 0)
        low, high = min(live), max(live)
        weights = tuple(live.get(v, 0) for v in range(low, high + 1))
        return cls(low, weights, sum(weights) if total is None else total)

    @classmethod
    def constant(cls, value: int) -> "Dist":
        return cls(value, (1,), 1)

    @classmethod
    def die(cls, sides: int, value: Callable[[int], int] = lambda f: f) -> "Dist":
        """One fair die of `sides` faces, each face read as `value(face)`."""
        counts: dict[int, int] = {}
        for face in range(1, sides + 1):
            v = value(face)
            counts[v] = counts.get(v, 0) + 1
        return cls.of(counts)

    @property
    def high(self) -> int:
        return self.low + len(self.weights) - 1

    @property
    def dropped(self) -> Fraction:
        """The probability of outcomes beyond the listed ones (0 for a finite distribution)."""
        return Fraction(self.total - sum(self.weights), self.total)

    def items(self) -> Iterator[tuple[int, int]]:
        """(outcome, ways) for every listed outcome with ways."""
        for i, w in enumerate(self.weights):
            if w:
                yield self.low + i, w

    def p(self, value: int) -> Fraction:
        i = value - self.low
        return Fraction(self.weights[i] if 0 <= i < len(self.weights) else 0, self.total)

    def at_least(self, value: int) -> Fraction:
        """P(outcome ≥ value); for a capped distribution the dropped tail counts as ≥."""
        i = max(0, value - self.low)
        return 1 - Fraction(sum(self.weights[:i]), self.total)

    def __add__(self, other: "Dist") -> "Dist":
        """The sum of two independent outcomes (convolution)."""
        if not self.weights or not other.weights:
            return Dist(self.low + other.low, (), self.total * other.total)
        out = [0] * (len(self.weights) + len(other.weights) - 1)
        for i, a in enumerate(self.weights):
            if a:
                for j, b in enumerate(other.weights):
                    out[i + j] += a * b
        return Dist(self.low + other.low, tuple(out), self.total * other.total)

    def repeat(self, n: int) -> "Dist":
        """The sum of `n` independent copies (n ≥ 0), by repeated squaring."""
        result, base = Dist.constant(0), self
        while n:
            if n & 1:
                result = result + base
            n >>= 1
            if n:
                base = base + base
        return result

    def map(self, f: Callable[[int], int]) -> "Dist":
        """The distribution of `f(outcome)`; the dropped mass stays dropped."""
        counts: dict[int, int] = {}
        for v, w in self.items():
            k = f(v)
            counts[k] = counts.get(k, 0) + w
        return Dist.of(counts, self.total)

    def joint(self, other: "Dist", f: Callable[[int, int], int]) -> "Dist":
        """The distribution of `f(a, b)` for independent a from self and b from other."""
        counts: dict[int, int] = {}
        for a, wa in self.items():
            for b, wb in other.items():
                k = f(a, b)
                counts[k] = counts.get(k, 0) + wa * wb
        return Dist.of(counts, self.total * other.total)

    def probabilities(self) -> dict[int, Fraction]:
        return {v: Fraction(w, self.total) for v, w in self.items()}


def chance(dist: Dist, test: Callable[[int], bool]) -> Fraction:
    """P(test(outcome)) over the listed outcomes."""
    return Fraction(sum(w for v, w in dist.items() if test(v)), dist.total)
