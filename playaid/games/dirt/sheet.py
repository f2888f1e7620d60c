"""Dirt sheet: M / P / S with what damage took, and the success thresholds 5+ / 4+ / 3+."""

from __future__ import annotations

from dataclasses import dataclass

from .models import STAT_TOTAL_MAX, STATS, Character
from .procedures import THRESHOLD
from playaid.language import N_, _
from playaid.render.sheets.common import Box, Field, Fitter, Namer, Text, padded, rows

_TITLES = {"mental": N_("Mental"), "physical": N_("Physical"), "social": N_("Social")}
_USES = {"mental": N_("thinking, noticing, knowing"), "physical": N_("strength, speed, fighting"),
         "social": N_("talking, charming, leading")}


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
    # the big letter is the stat's initial in the language printed (Físico: F)
    stats = [StatRow(_(_TITLES[s])[0], _(_TITLES[s]), _(_USES[s]), str(getattr(c.stats, s)) if c else "",
                     name.field(f"stat_{s}", c.current(s) if c else "")) for s in STATS]
    items = padded([name.field(f"item{i}", item, chars=95) for i, item in enumerate(c.items if c else [])],
                   rows("dirt", "items"), lambda i: name.field(f"item{i}"))
    return DirtSheet(
        stats=stats,
        total=(_("%(total)s of %(most)s") % {"total": c.stats.total(), "most": STAT_TOTAL_MAX} if c
               else _("at most %(most)s") % {"most": STAT_TOTAL_MAX}),
        checks=[Check(_("Job"), fit(c.job if c else "", "line", "job"), f"{THRESHOLD['job']}+"),
                Check(_("Hobby"), fit(c.hobby if c else "", "line", "hobby"), f"{THRESHOLD['hobby']}+"),
                Check(_("Anything else"), Text(), f"{THRESHOLD['none']}+")],
        items=items,
        disrupted=name.box("disrupted", bool(c and c.disrupted), _("Disrupted: the next action needs one more degree")),
        notes=name.notes(c.notes if c else ""),
    )
