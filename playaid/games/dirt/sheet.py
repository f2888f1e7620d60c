"""Dirt sheet: M / P / S with what damage took, and the success thresholds 5+ / 4+ / 3+."""

from __future__ import annotations

from dataclasses import dataclass

from .models import STAT_TOTAL_MAX, STATS, Character
from .procedures import THRESHOLD
from playaid.render.sheets.common import Box, Field, Fitter, Namer, Text, padded, rows

_LETTERS = {"mental": "M", "physical": "P", "social": "S"}
_USES = {"mental": "thinking, noticing, knowing", "physical": "strength, speed, fighting",
         "social": "talking, charming, leading"}


@dataclass(frozen=True)
class StatRow:
    letter: str
    title: str
    uses: str
    rating: str
    current: Field
    """Dice rolled now: the rating less what damage took."""


@dataclass(frozen=True)
class Check:
    what: str
    applies: Text
    threshold: str
    """Each die showing this or more is a success, e.g. `3+`."""


@dataclass(frozen=True)
class DirtSheet:
    stats: list[StatRow]
    total: str
    checks: list[Check]
    items: list[Field]
    disrupted: Box
    notes: Field


def build(c: Character | None, name: Namer, fit: Fitter, setup: object = None) -> DirtSheet:
    """The sheet of `c` (None: blank)."""
    stats = [StatRow(_LETTERS[s], s.title(), _USES[s], str(getattr(c.stats, s)) if c else "",
                     name.field(f"stat_{s}", c.current(s) if c else "")) for s in STATS]
    items = padded([name.field(f"item{i}", item, chars=95) for i, item in enumerate(c.items if c else [])],
                   rows("dirt", "items"), lambda i: name.field(f"item{i}"))
    return DirtSheet(
        stats=stats,
        total=f"{c.stats.total()} of {STAT_TOTAL_MAX}" if c else f"at most {STAT_TOTAL_MAX}",
        checks=[Check("Job", fit(c.job if c else "", "line", "job"), f"{THRESHOLD['job']}+"),
                Check("Hobby", fit(c.hobby if c else "", "line", "hobby"), f"{THRESHOLD['hobby']}+"),
                Check("Anything else", Text(), f"{THRESHOLD['none']}+")],
        items=items,
        disrupted=name.box("disrupted", bool(c and c.disrupted), "Disrupted: the next action needs one more degree"),
        notes=name.notes(c.notes if c else ""),
    )
