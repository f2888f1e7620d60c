"""Healing Injuries and Stresses: a treatment check lowers one level, rest downgrades with time.

"A Severe Injury downgrades to a Moderate Injury after one month spent resting; a Moderate
Injury downgrades to a Minor Injury after one week; a Minor Injury clears after one full day.
Stresses clear when the character is able to rest long enough to fully gather themselves."
Pure functions of a track, like `harm`; a month is counted as 30 days.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Sequence

from .harm import BOXES, count
from .character import LEVELS, Harm

REST_DAYS = {"minor": 1, "moderate": 7, "severe": 30}
"""Days of rest an Injury needs at each level before it downgrades (a Minor one clears)."""


def lower_level(level: str) -> str | None:
    """The level one below `level`; None below Minor (the harm clears)."""
    return LEVELS[LEVELS.index(level) - 1] if level != "minor" else None


@dataclass(frozen=True)
class Healed:
    """A track after healing, with one sentence per change made (or refused)."""

    track: tuple[Harm, ...]
    notes: tuple[str, ...]


def _lowered(entries: list[Harm], i: int) -> tuple[list[Harm], str | None]:
    """Entry `i` one level lower, if a box of that level is free; None when it must wait."""
    h = entries[i]
    down = lower_level(h.rank or "minor")
    if down is None:
        return entries[:i] + entries[i + 1:], f"{h.name} clears"
    if count(entries, down) >= BOXES[down]:
        return entries, None
    return entries[:i] + [Harm(h.name, down)] + entries[i + 1:], f"{h.name}: {h.rank.title()} → {down.title()}"


def treat(track: Sequence[Harm], name: str) -> Healed:
    """A successful treatment check: the Injury called `name` lowers one level (a Minor one
    clears), unless every box of the lower level is full — then it stays, as incurred harm
    climbs past full boxes.

    >>> [(h.name, h.level) for h in treat([Harm("Gash", "severe")], "gash").track]
    [('Gash', 'moderate')]
    """
    entries = list(track)
    i = next(i for i, h in enumerate(entries) if h.name.casefold() == name.strip().casefold())
    after, note = _lowered(entries, i)
    if note is None:
        down = lower_level(entries[i].rank or "minor")
        return Healed(tuple(entries), (f"both {down.title()} boxes are full: {entries[i].name} stays "
                                       f"{entries[i].rank.title()}",))
    return Healed(tuple(after), (note,))


def rest(track: Sequence[Harm], days: int) -> Healed:
    """`days` of rest, day by day: each Injury counts its days at its level (`rested` carries
    days from an earlier rest) and downgrades when it has rested enough; milder ones heal first
    in a day, so a Severe one finds the Moderate box they free. One that finds the lower boxes
    full waits at its level.

    >>> healed = rest([Harm("Gash", "severe"), Harm("Bruise", "minor")], 31)
    >>> [(h.name, h.level, h.rested) for h in healed.track], healed.notes
    ([('Gash', 'moderate', 1)], ('day 1: Bruise clears', 'day 30: Gash: Severe → Moderate'))
    """
    entries = list(track)
    notes: list[str] = []
    for day in range(1, days + 1):
        if not entries:
            break
        entries = [replace(h, rested=h.rested + 1) for h in entries]
        for h in sorted(entries, key=lambda h: LEVELS.index(h.rank or "minor")):
            if h.rested < REST_DAYS[h.rank or "minor"]:
                continue
            after, note = _lowered(entries, entries.index(h))
            if note is not None:
                entries = after
                notes.append(f"day {day}: {note}")
    return Healed(tuple(entries), tuple(notes))


def clear_stresses(track: Sequence[Harm], names: Sequence[str], every: bool) -> Healed:
    """Stresses that clear with rest: all of them when the character fully gathers themself,
    else those named."""
    wanted = {n.strip().casefold() for n in names}
    gone = [h for h in track if every or h.name.casefold() in wanted]
    return Healed(tuple(h for h in track if h not in gone), tuple(f"{h.name} clears" for h in gone))
