"""The query half of `playaid odds`: one situation's options checked, then answered."""

from __future__ import annotations

import click

from ..odds import Answer
from . import InputError, print_problems
from .odds import count, dice_list

MAX_DICE = 60
"""More dice than any table rolls; a pool of 200 is a typo, not a question."""


def need(given: dict, *names: str) -> None:
    missing = [f"--{n.replace('_', '-')}" for n in names if given.get(n) is None]
    if missing:
        raise click.UsageError(f"this query also needs {', '.join(missing)}")


def answer(system: str, given: dict, die=None) -> Answer:
    """The odds of the situation the options describe."""
    if system == "fight-sphere":
        from ..odds import fight_sphere

        need(given, "pool")
        pool = count(given["pool"], "pool", 1, MAX_DICE)
        versus = count(given.get("versus"), "versus", 1, MAX_DICE)
        threshold = count(given.get("threshold"), "threshold", 1, MAX_DICE)
        if versus is not None and threshold is not None:
            raise click.UsageError("give --threshold (against the GM) or --versus (another Gladiator), not both")
        return fight_sphere.query(pool, threshold, versus)
    if system == "isolation":
        from ..odds import isolation

        if given.get("scene"):
            from ..odds.isolation_scene import SceneRefused, scene_answer

            try:
                return scene_answer(given["scene"])
            except SceneRefused as exc:
                print_problems(exc.problems)
                raise InputError(f"{given['scene']}: cannot compute the odds of this scene; fix the problems above") from None
        need(given, "green", "gm")
        return isolation.query(count(given["green"], "green", 0, MAX_DICE), count(given["gm"], "gm", 0, MAX_DICE),
                               count(given.get("hostile_red"), "hostile-red", 0, MAX_DICE) or 0)
    if system == "sapio":
        from ..odds import sapio
        from ..systems.sapio.pool import POOL_MAX, TN_MAX, TN_MIN

        need(given, "pool", "tn")
        return sapio.query(count(given["pool"], "pool", 1, POOL_MAX), count(given["tn"], "tn", TN_MIN, TN_MAX), die)
    if system == "dirt":
        from ..odds import dirt

        need(given, "pool")
        pool = count(given["pool"], "pool", 1, dirt.MAX_DICE)
        versus = count(given.get("versus"), "versus", 1, dirt.MAX_DICE)
        if versus is not None and given.get("difficulty"):
            raise click.UsageError("give --difficulty (unopposed) or --versus (opposed), not both")
        return dirt.query(pool, given.get("applies") or "none", given.get("difficulty"), versus)
    if system == "contest":
        from ..odds import contest

        need(given, "pool", "vs")
        return contest.query(dice_list(given["pool"], "pool"), dice_list(given["vs"], "vs"))
    raise InputError(f"{system} has no dice, so no odds to ask for; `playaid odds {system}` prints its reference page")
