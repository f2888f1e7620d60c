"""Contest sheet: assets grouped by category with their dice, condition and penalty dice."""

from __future__ import annotations

from dataclasses import dataclass

from .dice import BACKGROUND
from .documents import Character
from .pools import aspect_dice
from playaid.language import N_, _
from playaid.render.sheets.common import Field, Fitter, Namer, Text, padded, rows


@dataclass(frozen=True)
class Asset:
    name: Text
    die: str


@dataclass(frozen=True)
class Group:
    title: str
    note: str
    assets: list[Asset]


@dataclass(frozen=True)
class Condition:
    name: Text
    die: str
    uses: Field


@dataclass(frozen=True)
class ContestSheet:
    groups: list[Group]
    conditions: list[Condition]
    penalties: list[Asset]
    e_dice: str
    notes: Field


_GROUPS = (("attributes", N_("Attributes"), N_("one in every pool")), ("skills", N_("Skills"), N_("one per pool")),
           ("relationships", N_("Relationships"), N_("one per pool")),
           ("gear", N_("Gear"), N_("one per pool; none fits: d3")),
           ("aspects", N_("Aspects"), N_("bonus die when the contest touches one")),
           ("backgrounds", N_("Backgrounds"), N_("d%(die)s in place of a missing skill or relationship")))


def _table(c: Character, key: str) -> dict:
    if key == "aspects":
        return aspect_dice(c)
    if key == "backgrounds":
        value = c.backgrounds
        return dict(value) if isinstance(value, dict) else {b: f"d{BACKGROUND}" for b in value}
    return getattr(c, key)


def build(c: Character | None, name: Namer, fit: Fitter, setup: object = None) -> ContestSheet:
    """The sheet of `c` (None: blank)."""
    empty = lambda i: Asset(Text(), "")  # noqa: E731 - one-line row factory
    groups = []
    for key, title, note in _GROUPS:
        assets = [Asset(fit(n, "short", f"{title.lower()} {n}"), str(d)) for n, d in (_table(c, key) if c else {}).items()]
        groups.append(Group(_(title), _(note) % {"die": BACKGROUND}, padded(assets, rows("contest", "assets"), empty)))
    conds = [Condition(fit(x.name, "short", "condition die"), str(x.die), name.field(f"cond{i}_uses", x.uses))
             for i, x in enumerate(c.condition_dice if c else [])]
    pens = [Asset(fit(p.name or "penalty", "short", "penalty die"), str(p.die or "")) for p in (c.penalty_dice if c else [])]
    return ContestSheet(
        groups=groups,
        conditions=padded(conds, rows("contest", "condition"),
                          lambda i: Condition(Text(), "", name.field(f"cond{i}_uses"))),
        penalties=padded(pens, rows("contest", "penalty"), empty),
        e_dice=", ".join(str(d) for d in c.e_dice) if c else "",
        notes=name.notes(c.notes if c else ""),
    )
