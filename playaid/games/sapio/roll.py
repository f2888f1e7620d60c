"""Reading a check: Hits against the TN, Spares against Spirals, Improbable Success.

Pure functions of the faces rolled; the procedures draw the faces, the odds engine
enumerates them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from .spiral_die import Face


@dataclass(frozen=True)
class Tally:
    hits: int = 0
    spares: int = 0
    spirals: int = 0

    @classmethod
    def of(cls, faces: Sequence[Face]) -> "Tally":
        return cls(sum(f.hits for f in faces), sum(f.spares for f in faces), sum(f.spirals for f in faces))

    def __add__(self, other: "Tally") -> "Tally":
        return Tally(self.hits + other.hits, self.spares + other.spares, self.spirals + other.spirals)

    @property
    def net(self) -> tuple[str, int]:
        """Spares and Spirals cancel one for one: ("spare", n), ("spiral", n) or ("none", 0)."""
        left = self.spares - self.spirals
        return ("spare", left) if left > 0 else ("spiral", -left) if left < 0 else ("none", 0)


def succeeds(hits: int, tn: int) -> bool:
    return hits >= tn


def extra_hits(hits: int, tn: int) -> int:
    """Hits beyond the TN: the degree of a success (0 on a failure)."""
    return max(0, hits - tn)


IMPROBABLE_HITS = 2
"""Hits every die of a batch must show for Improbable Success: the text writes "show **",
and elsewhere `**` is two Hits ("Moderate -> Severe: **"). With one Hit a single die
would do as well as two, against "a larger dice pool increases the chance of success"."""


def shows_double_hit(face: Face) -> bool:
    return face.hits >= IMPROBABLE_HITS


def improbable_success(batch: Sequence[Face], hits: int, tn: int) -> bool:
    """Whether to add a die and roll it: every die of the last batch rolled shows two
    Hits (Spirals do not matter), yet the Hits so far fall short of the TN.

    >>> two, one = Face(10, 2, 0, 0), Face(5, 1, 0, 0)
    >>> improbable_success([two, two], 4, 5), improbable_success([two, one], 3, 5)
    (True, False)
    """
    return bool(batch) and all(map(shows_double_hit, batch)) and not succeeds(hits, tn)


@dataclass(frozen=True)
class CheckResult:
    tn: int
    rolled: tuple[Face, ...]
    """The pool's dice, in the order rolled."""
    added: tuple[Face, ...] = ()
    """Dice added one at a time by Improbable Success."""
    automatic: Tally = Tally()
    """Symbols Special Talents add to every result ("generating automatic *, Y, or @")."""
    on_success: Tally = Tally()
    """Symbols Special Talents add only to a success ("one additional * if they succeed")."""

    @property
    def before_success(self) -> Tally:
        """The dice and the automatic symbols: what decides success."""
        return Tally.of(self.rolled + self.added) + self.automatic

    @property
    def success(self) -> bool:
        return succeeds(self.before_success.hits, self.tn)

    @property
    def tally(self) -> Tally:
        return self.before_success + (self.on_success if self.success else Tally())

    @property
    def extra_hits(self) -> int:
        return extra_hits(self.tally.hits, self.tn)


def read_check(tn: int, rolled: Sequence[Face], added: Sequence[Face] = (), automatic: Tally = Tally(),
               on_success: Tally = Tally()) -> CheckResult:
    """The result of the faces rolled (and added) against `tn`, after checking that the
    added dice are exactly those Improbable Success allows. Automatic Hits count toward
    the TN; Hits that come only on a success do not (they add degrees of success).

    >>> two, hit = Face(10, 2, 0, 0), Face(5, 1, 0, 0)
    >>> read_check(3, [two], [hit]).success, read_check(3, [two], on_success=Tally(hits=1)).success
    (True, False)
    """
    hits, batch = Tally.of(rolled).hits + automatic.hits, list(rolled)
    for i, face in enumerate(added):
        if not improbable_success(batch, hits, tn):
            raise ValueError(f"added die {i + 1} is not allowed: Improbable Success has ended")
        hits, batch = hits + face.hits, [face]
    return CheckResult(tn, tuple(rolled), tuple(added), automatic, on_success)
