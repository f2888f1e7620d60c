"""Die sizes: the physical dice of the game, declared e-dice, and what stands in for them.

Every field that holds a die (assets, condition and penalty dice, the GM's dice, a
target die) is a `Die`. The text reads any `dN`; whether a size may be used is a rule
of the game checked later (`contest.die-size`), so one odd die never hides the other
problems of a file.
"""

from __future__ import annotations

import re
from functools import total_ordering
from typing import Iterable

PHYSICAL = (3, 4, 6, 8, 10, 12)
"""The sizes a table owns; any other size exists only as an electronic die."""

SMALLEST, LARGEST = 3, 100
"""A d3 is the smallest die the rules name; a d2 would have no physical die to stand in for it."""

BACKGROUND = 3
RANDOM_GEAR = 3
ASPECT = 6
"""The text gives aspects a die but never says which; an aspect written by name alone is a d6."""

_NOTATION = re.compile(r"[dD](\d{1,3})")


@total_ordering
class Die:
    """A die size such as d8, written `d8` in the YAML.

    A plain value class rather than a dataclass: the loader reads dataclasses as
    mappings, and a die is written as text.
    """

    __slots__ = ("sides",)

    def __init__(self, sides: int):
        object.__setattr__(self, "sides", sides)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("a die size does not change")

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Die) and other.sides == self.sides

    def __lt__(self, other: "Die") -> bool:
        return self.sides < other.sides

    def __hash__(self) -> int:
        return hash(("Die", self.sides))

    def __repr__(self) -> str:
        return f"Die({self.sides})"

    DESCRIPTION = "a die such as d6"
    HINT = "write a die as d3, d4, d6, d8, d10 or d12"
    RULE = "contest.die-size"

    @classmethod
    def parse(cls, text: str) -> "Die":
        match = _NOTATION.fullmatch(text.strip())
        if not match:
            raise ValueError(f"`{text}` is not a die; write d3, d4, d6, d8, d10 or d12")
        sides = int(match.group(1))
        if not SMALLEST <= sides <= LARGEST:
            raise ValueError(f"a d{sides} cannot be rolled here; dice go from d{SMALLEST} to d{LARGEST}")
        return cls(sides)

    @classmethod
    def json_schema(cls) -> dict:
        return {"type": "string", "pattern": "^[dD][0-9]{1,3}$", "description": "a die size such as d6"}

    @property
    def physical(self) -> bool:
        return self.sides in PHYSICAL

    def __str__(self) -> str:
        return f"d{self.sides}"


def d(sides: int) -> Die:
    return Die(sides)


def allowed_sizes_text(declared: Iterable[Die] = ()) -> str:
    extra = sorted({x.sides for x in declared} - set(PHYSICAL))
    sizes = ", ".join(f"d{s}" for s in PHYSICAL[:-1]) + f" or d{PHYSICAL[-1]}"
    if extra:
        sizes += " (declared e-dice: " + ", ".join(f"d{s}" for s in extra) + ")"
    return sizes


def is_allowed(die: Die, declared: Iterable[Die] = (), electronic: bool = False) -> bool:
    """Whether `die` may be used: a physical size, a declared e-die, or any size at an electronic table."""
    return die.physical or electronic or die.sides in {x.sides for x in declared}


def nearest_physical(sides: int) -> int:
    """The die rolled for `sides` at a table of physical dice: that size, or the nearest lower one.

    >>> nearest_physical(11)
    10
    """
    return max(s for s in PHYSICAL if s <= sides)
