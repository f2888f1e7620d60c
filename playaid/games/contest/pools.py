"""Creating die pools: which dice a character's assets, or the GM, put into a contest.

A character's pool always has one attribute, then at most one skill, relationship,
gear, opposing asset and temporary asset, then a die per aspect and one aspect bonus
die per aspect. The order below is the order a scene lists its rolled dice in.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Iterable, Mapping, Sequence

from playaid.convert import did_you_mean
from playaid.problems import Path, Problem, error
from .dice import ASPECT, BACKGROUND, RANDOM_GEAR, Die, nearest_physical
from .documents import Assets, Character, NamedDie, PenaltyDie


@dataclass(frozen=True)
class PoolDie:
    """One die of a pool: where it comes from, its size, and the size actually rolled."""

    source: str
    die: Die
    rolled_as: int

    @property
    def substituted(self) -> bool:
        return self.rolled_as != self.die.sides

    def describe(self) -> str:
        shown = f"{self.die} ({self.source})"
        return shown + (f", rolled as a d{self.rolled_as}" if self.substituted else "")


@dataclass(frozen=True)
class DiePool:
    label: str
    dice: tuple[PoolDie, ...]
    character: Character | None = None
    condition_used: int | None = None
    """Index into the character's `condition_dice` of the temporary asset this pool uses."""

    @property
    def substituted(self) -> bool:
        """A die of this pool is rolled as a smaller physical die (and earns the tie compensation)."""
        return any(d.substituted for d in self.dice)


def pool_die(source: str, die: Die, electronic: bool) -> PoolDie:
    return PoolDie(source, die, die.sides if electronic or die.physical else nearest_physical(die.sides))


def aspect_dice(c: Character) -> dict[str, Die]:
    if isinstance(c.aspects, dict):
        return dict(c.aspects)
    return {name: Die(ASPECT) for name in c.aspects}


def background_names(c: Character) -> list[str]:
    return list(c.backgrounds)


def sheet_assets(c: Character) -> dict[str, tuple[str, Die]]:
    """Every asset an aspect bonus die may copy, by name: (kind, die)."""
    out: dict[str, tuple[str, Die]] = {}
    for kind, table in (("attribute", c.attributes), ("skill", c.skills), ("relationship", c.relationships),
                        ("gear", c.gear), ("aspect", aspect_dice(c))):
        for name, die in table.items():
            out.setdefault(name, (kind, die))
    return out


def gm_pool(label: str, dice: Iterable[Die], electronic: bool) -> DiePool:
    return DiePool(label, tuple(pool_die("GM die", die, electronic) for die in dice))


def character_pool(label: str, c: Character, a: Assets, opposing_penalties: Mapping[str, PenaltyDie],
                   electronic: bool) -> tuple[DiePool, list[Problem]]:
    """The pool `a` builds from `c`'s sheet, with every problem (paths relative to `a`).

    `opposing_penalties` are the penalty dice the opponents carry, by name: the usual
    "asset of the opposing side".
    """
    problems: list[Problem] = []
    dice: list[PoolDie] = []

    def named(kind: str, name: str, table: Mapping[str, Die], at: Path) -> Die | None:
        found = _find(name, table)
        if found is None:
            hint = did_you_mean(name, table) or (
                f"{c.name}'s {kind} entries: " + ", ".join(table) if table else f"{c.name} has no {kind} entries")
            problems.append(error("contest.pool-asset", f"`{name}` is not one of {c.name}'s {kind} assets", hint, at))
        return found

    def add(kind: str, name: str | None, table: Mapping[str, Die], key: str) -> None:
        if name is not None and (die := named(kind, name, table, (key,))) is not None:
            dice.append(pool_die(f"{name}, {kind}", die, electronic))

    def substitute(kind: str, own: str | None, stand_in: str | None, key: str, what: str, die_of: int,
                   table: Mapping[str, Die] | None) -> None:
        if stand_in is None:
            return
        if own is not None:
            problems.append(error(
                "contest.asset-substitute", f"`{key}` stands in for a missing {kind}, but the pool has `{kind}: {own}`",
                f"keep one of the two: a {what} is only for a {kind} the character lacks", (key,)))
            return
        if table is not None and named("background", stand_in, table, (key,)) is None:
            return
        dice.append(pool_die(f"{stand_in}, {what} for {kind}", Die(die_of), electronic))

    if a.attribute is None:
        problems.append(error("contest.pool-attribute", f"{c.name}'s pool has no attribute",
                              "add `attribute:` — one attribute is always chosen", ()))
    add("attribute", a.attribute, c.attributes, "attribute")
    backgrounds = {name: Die(BACKGROUND) for name in background_names(c)}
    add("skill", a.skill, c.skills, "skill")
    substitute("skill", a.skill, a.skill_background, "skill_background", "background", BACKGROUND, backgrounds)
    add("relationship", a.relationship, c.relationships, "relationship")
    substitute("relationship", a.relationship, a.relationship_background, "relationship_background", "background",
               BACKGROUND, backgrounds)
    add("gear", a.gear, c.gear, "gear")
    substitute("gear", a.gear, a.random_gear, "random_gear", "random gear", RANDOM_GEAR, None)
    if isinstance(a.opposing, str):
        found = _find(a.opposing, opposing_penalties)
        if found is None or found.die is None:
            hint = did_you_mean(a.opposing, opposing_penalties) or (
                "the opponents carry: " + ", ".join(opposing_penalties) if opposing_penalties
                else "no opponent carries a penalty die; write `{name: ..., die: ...}` for another opposing asset")
            problems.append(error("contest.opposing-asset",
                                  f"no opponent carries a penalty die called `{a.opposing}`", hint, ("opposing",)))
        else:
            dice.append(pool_die(f"{a.opposing}, opponent's penalty die", found.die, electronic))
    elif isinstance(a.opposing, NamedDie):
        dice.append(pool_die(f"{a.opposing.name}, opposing asset", a.opposing.die, electronic))
    condition_used = None
    if isinstance(a.temporary, str):
        conditions = {cd.name: cd.die for cd in c.condition_dice}
        if (die := named("condition die", a.temporary, conditions, ("temporary",))) is not None:
            condition_used = [cd.name for cd in c.condition_dice].index(_key(a.temporary, conditions))
            dice.append(pool_die(f"{_key(a.temporary, conditions)}, condition die", die, electronic))
    elif isinstance(a.temporary, NamedDie):
        dice.append(pool_die(f"{a.temporary.name}, temporary asset", a.temporary.die, electronic))
    aspects = aspect_dice(c)
    seen: set[str] = set()
    for i, name in enumerate(a.aspects):
        if name.casefold() in seen:
            problems.append(error("contest.pool-asset", f"aspect `{name}` is listed twice",
                                  "each aspect adds its die once", ("aspects", i)))
            continue
        seen.add(name.casefold())
        if (die := named("aspect", name, aspects, ("aspects", i))) is not None:
            dice.append(pool_die(f"{name}, aspect", die, electronic))
    if len(a.aspect_bonus) > len(a.aspects):
        problems.append(error(
            "contest.aspect-bonus",
            f"{len(a.aspect_bonus)} aspect bonus dice for {len(a.aspects)} aspect(s)",
            "each aspect touched on allows one bonus die; list an aspect for each", ("aspect_bonus",)))
    bonus_table = sheet_assets(c)
    for i, name in enumerate(a.aspect_bonus):
        found = _find(name, bonus_table)
        if found is None:
            problems.append(error("contest.aspect-bonus", f"`{name}` is not an asset on {c.name}'s sheet",
                                  did_you_mean(name, bonus_table) or "name an attribute, skill, relationship, "
                                  "gear or aspect whose die is added again", ("aspect_bonus", i)))
            continue
        kind, die = found
        dice.append(pool_die(f"{_key(name, bonus_table)}, aspect bonus die ({kind})", die, electronic))
    return DiePool(label, tuple(dice), c, condition_used), problems


def replacement(sizes: Sequence[int], target: int, count: int = 3) -> tuple[list[int], int]:
    """Which of the opposition's dice a target die replaces, and how many target dice are added.

    The opposition replaces up to `count` dice "if it is advantageous to do so (including
    any missing dice)": missing dice come first (a pool of fewer than `count` dice gains
    target dice), then the smallest dice below the target.

    >>> replacement([10, 4], 8)
    ([1], 1)
    """
    added = max(0, count - len(sizes))
    smaller = sorted((i for i, s in enumerate(sizes) if s < target), key=lambda i: (sizes[i], i))
    return sorted(smaller[: count - added]), added


def replace_for_target(pool: DiePool, target: Die, electronic: bool) -> tuple[DiePool, list[str]]:
    """The opposition's pool with target dice in place of the dice `replacement` picks."""
    dice = list(pool.dice)
    replaced, added = replacement([d.die.sides for d in dice], target.sides)
    notes = [f"replaces its {dice[i].die} ({dice[i].source}) with a {target}" for i in replaced]
    for i in replaced:
        dice[i] = pool_die(f"target die, replacing a {dice[i].die}", target, electronic)
    dice += [pool_die("target die, for a missing die", target, electronic)] * added
    notes += [f"adds a {target} for a missing die"] * added
    return replace(pool, dice=tuple(dice)), notes


def _key(name: str, table: Mapping[str, object]) -> str:
    if name in table:
        return name
    return next(k for k in table if k.casefold() == name.casefold())


def _find(name: str, table: Mapping[str, object]):
    if name in table:
        return table[name]
    folded = {k.casefold(): v for k, v in table.items()}
    return folded.get(name.casefold())


@dataclass(frozen=True)
class ContestSide:
    name: str
    pools: tuple[DiePool, ...]
    path: Path
    rolled: list[int] | None = None
    replacements: tuple[str, ...] = ()
    """How the opposition's dice were changed for a condition or penalty-removal goal."""

    @property
    def characters(self) -> list[Character]:
        return [p.character for p in self.pools if p.character is not None]

    @property
    def substituted(self) -> bool:
        return any(p.substituted for p in self.pools)
