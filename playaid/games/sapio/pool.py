"""Building the dice pool and setting the TN: counting only, no dice drawn.

The pool starts with one die; a Profession (two dice fully applicable, one partially;
a Side Profession one), a Specialization of it and one Quality add theirs; bonus dice
(Luck, Special Talents, a Principle or Worst Impulse, help, the GM) come last. Six dice
at most: every two bonus dice beyond six lower the TN by one instead.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

POOL_MAX = 6
START_DICE = 1
PROFESSION_DICE = {"full": 2, "partial": 1}
SIDE_PROFESSION_DICE = 1
ELEMENT_DICE = 1
"""A Specialization, a Quality, and each bonus source, add one die."""
TN_MIN, TN_MAX = 1, 5
VERSUS_START_TN = 1


@dataclass(frozen=True)
class Source:
    """Where dice in the pool come from: `what` in the game's words, `name` from the sheet."""

    what: str
    name: str
    dice: int
    bonus: bool = False
    rule: str = ""
    """The rule id that set the dice, when a special rule did (said in the step)."""


@dataclass(frozen=True)
class DicePool:
    sources: tuple[Source, ...]

    @property
    def wanted(self) -> int:
        """Every die the sources give, before the cap of six."""
        return sum(s.dice for s in self.sources)

    @property
    def size(self) -> int:
        return min(POOL_MAX, self.wanted)

    @property
    def beyond(self) -> int:
        """Bonus dice that do not fit under the cap."""
        return max(0, self.wanted - POOL_MAX)

    @property
    def tn_reduction(self) -> int:
        return self.beyond // 2


def dice_pool(sources: Sequence[Source]) -> DicePool:
    """The pool of the starting die and `sources`.

    >>> p = dice_pool([Source("Profession", "Roof Runner", 2), Source("Luck", "", 5, bonus=True)])
    >>> p.size, p.beyond, p.tn_reduction
    (6, 2, 1)
    """
    return DicePool((Source("start", "", START_DICE), *sources))


def target_number(base: int, penalty: int = 0, reduction: int = 0, cap: int | None = None, change: int = 0) -> int:
    """The TN rolled against: the set TN plus the largest harm penalty, held to a Special
    Talent's cap ("never more than 4") and moved by its change, less the reduction from bonus
    dice beyond six; never below 1, since a roll needs a Hit.

    >>> target_number(5, penalty=2, cap=4), target_number(5, penalty=2, reduction=1, cap=4)
    (4, 3)
    """
    faced = base + penalty if cap is None else min(cap, base + penalty)
    return max(TN_MIN, faced + change - reduction)


def versus_tn(invoked: int) -> int:
    """The TN a defender sets: 1, plus one per element invoked, at most 5."""
    return min(TN_MAX, VERSUS_START_TN + invoked)
