"""Injuries and Stresses: boxes, upgrades, TN penalties and what weapons inflict.

Injuries and Stresses are two separate tracks with the same rules; each has two Minor
boxes, two Moderate boxes and one Severe box. Everything here is a pure function of a
track (a sequence of `Harm`), so sheets, checks and scenes share one reading.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from .character import LEVELS, Harm

BOXES = {"minor": 2, "moderate": 2, "severe": 1}
TN_PENALTY = {"minor": 0, "moderate": 1, "severe": 2}
UPGRADE_COST = {"minor": 1, "moderate": 2, "severe": 3}
"""Hits beyond the TN a weapon's Injury needs to climb one level (Severe climbs to Death)."""
DEATH = "death"


def next_level(level: str) -> str:
    return LEVELS[LEVELS.index(level) + 1] if level != "severe" else DEATH


def count(track: Sequence[Harm], level: str) -> int:
    return sum(1 for h in track if h.rank == level)


def is_debilitated(track: Sequence[Harm]) -> bool:
    """A second Severe Injury (or a second Severe Stress) debilitates the character."""
    return count(track, "severe") >= 2


def penalty(levels: Sequence[str]) -> int:
    """The TN increase from the applicable harm: only the largest counts.

    >>> penalty(["minor", "moderate", "severe"])
    2
    """
    return max((TN_PENALTY[level] for level in levels), default=0)


def weapon_injury(base: str, extra_hits: int) -> tuple[str, list[tuple[str, int]]]:
    """The Injury a weapon of level `base` deals with `extra_hits` beyond the TN,
    and each upgrade bought on the way as (new level, hits it cost).

    Upgrades are bought in order, each from the Hits the previous ones left:
    a Minor weapon needs 1 extra Hit for Moderate, 1 + 2 for Severe, 1 + 2 + 3 for Death.

    >>> weapon_injury("minor", 3)
    ('severe', [('moderate', 1), ('severe', 2)])
    """
    level, left, bought = base, extra_hits, []
    while level != DEATH and left >= UPGRADE_COST[level]:
        cost = UPGRADE_COST[level]
        left -= cost
        level = next_level(level)
        bought.append((level, cost))
    return level, bought


@dataclass(frozen=True)
class Recorded:
    """A track after one Injury or Stress is written into it."""

    track: tuple[Harm, ...]
    level: str
    """The level the new harm ended up at."""
    notes: tuple[str, ...]
    """Why it ended up there, one sentence per rule applied."""

    @property
    def debilitated(self) -> bool:
        return is_debilitated(self.track)


def record(track: Sequence[Harm], name: str, level: str, similar_to: str | None = None) -> Recorded:
    """Write a new Injury or Stress called `name` at `level` into `track`.

    An entry is of a similar nature when it has the same name (any case) or is the one
    `similar_to` names. A second Minor or Moderate of a similar nature erases the first
    and climbs a level; a full level sends the new one a level up, leaving the lower
    boxes as they are; a second Severe is written past the box and debilitates.

    >>> r = record([Harm("Bruised", "minor")], "bruised", "minor")
    >>> [(h.name, h.level) for h in r.track], r.level
    ([('bruised', 'moderate')], 'moderate')
    """
    entries = list(track)
    alike = {name.casefold()} | ({similar_to.casefold()} if similar_to else set())
    notes: list[str] = []
    while True:
        same = next((h for h in entries if h.rank == level and h.name.casefold() in alike), None)
        if same is not None and level != "severe":
            entries.remove(same)
            up = next_level(level)
            notes.append(f"a second {level.title()} of a similar nature ({same.name}): "
                         f"{same.name} is erased and the harm is recorded as {up.title()}")
            level = up
            continue
        if count(entries, level) < BOXES[level]:
            entries.append(Harm(name, level))
            notes.append(f"recorded in a {level.title()} box")
            break
        if level == "severe":
            entries.append(Harm(name, level))
            notes.append("a second Severe: the character is debilitated — unconscious, bleeding out "
                         "or overcome to the point of not functioning")
            break
        up = next_level(level)
        notes.append(f"both {level.title()} boxes are full: recorded as {up.title()}, "
                     f"the {level.title()} ones stay")
        level = up
    return Recorded(tuple(entries), level, tuple(notes))
