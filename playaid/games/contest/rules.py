"""The rules a character sheet and a setup keep."""

from __future__ import annotations

from typing import Iterable

from playaid.problems import Path, Problem, error
from playaid.systems.base import Resolver
from playaid.systems.cast import resolve_cast
from .dice import BACKGROUND, Die, allowed_sizes_text, is_allowed
from .documents import Character, Setup


def die_size_problems(dice: Iterable[tuple[Die, Path]], declared: list[Die], electronic: bool = False,
                      where: str = "the character's") -> list[Problem]:
    """A problem for every die that is neither a physical size nor a declared e-die."""
    return [error("contest.die-size", f"{die} is not a die of the game",
                  f"use {allowed_sizes_text(declared)}, or declare {die} under `e_dice:` if {where} "
                  "dice are rolled electronically", at)
            for die, at in dice if not is_allowed(die, declared, electronic)]


def character_dice(c: Character) -> list[tuple[Die, Path]]:
    """Every die on the sheet, with where it stands."""
    out: list[tuple[Die, Path]] = []
    for key in ("attributes", "skills", "relationships", "gear"):
        out += [(die, (key, name)) for name, die in getattr(c, key).items()]
    if isinstance(c.aspects, dict):
        out += [(die, ("aspects", name)) for name, die in c.aspects.items()]
    if isinstance(c.backgrounds, dict):
        out += [(die, ("backgrounds", name)) for name, die in c.backgrounds.items()]
    out += [(cd.die, ("condition_dice", i, "die")) for i, cd in enumerate(c.condition_dice)]
    out += [(pd.die, ("penalty_dice", i, "die")) for i, pd in enumerate(c.penalty_dice) if pd.die is not None]
    return out


def check_character(c: Character, resolver: Resolver | None = None) -> list[Problem]:
    problems = die_size_problems(character_dice(c), c.e_dice)
    if not c.attributes:
        problems.append(error("contest.attribute-required", f"{c.name} has no attributes",
                              "add `attributes:` with at least one, e.g. `{Strength: d6}`: "
                              "every pool starts from an attribute", ("attributes",)))
    if isinstance(c.backgrounds, dict):
        for name, die in c.backgrounds.items():
            if die.sides != BACKGROUND:
                problems.append(error(
                    "contest.background-die", f"background `{name}` is given a {die}; a background stands in as a d3",
                    f"write `{name}: d3`, or list backgrounds by name alone", ("backgrounds", name)))
    for i, pd in enumerate(c.penalty_dice):
        missing = [key for key, value in (("name", pd.name), ("die", pd.die)) if not value]
        if missing:
            problems.append(error(
                "contest.penalty-die", f"penalty die {i + 1} has no {' and no '.join(missing)}",
                "write each penalty die as `{name: what it is, die: d6}`", ("penalty_dice", i)))
    return problems


def check_setup(s: Setup, resolver: Resolver) -> list[Problem]:
    _, problems = resolve_cast(s.characters, resolver, check_character)
    return problems
