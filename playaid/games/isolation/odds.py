"""Isolation's odds as `playaid odds isolation` offers them (the module `GameSystem.odds`
names): the tables, cells and handout words of `isolation`, and the two queries — pooled
dice given as numbers, or a whole scene file read by `isolation_scene`."""

from __future__ import annotations

import click

from .odds_table import CELL_VIEWS, MAX_DICE, ON_PAPER, SECTIONS, query, tables, words  # noqa: F401 - the contract
from .odds_scene import SceneRefused, scene_answer
from playaid.odds.options import count, need
from playaid.odds.tables import Answer

OPTIONS = (click.Option(["--green"], help="Pooled green dice."),
           click.Option(["--gm"], help="The GM's red dice."),
           click.Option(["--hostile-red", "hostile_red"], help="Red dice of hostile characters."),
           click.Option(["--scene"], type=click.Path(dir_okay=False), help="A scene file, rolled in the odds instead."))
ASKING = {"green", "gm", "hostile_red", "scene"}
USAGE = "--green N --gm N [--hostile-red N] or --scene SCENE.yaml"
NO_CHARACTER = ("a character's dice are its links with the other characters and the GM's, so its chances "
                "are a scene's: give --scene SCENE.yaml, or --green N --gm N")
FILE_KINDS = {"scene": "scene"}
LIMITS = {"green": (0, MAX_DICE), "gm": (0, MAX_DICE), "hostile_red": (0, MAX_DICE)}
EXAMPLE = {"green": "4", "gm": "5", "hostile_red": "0"}


def answer(given: dict) -> Answer:
    """`--green N --gm N [--hostile-red N]`, or the odds of a whole `--scene`."""
    if given.get("scene"):
        from playaid.commands import InputError, print_problems

        try:
            return scene_answer(given["scene"])
        except SceneRefused as exc:
            print_problems(exc.problems)
            raise InputError(f"{given['scene']}: cannot compute the odds of this scene; fix the problems above") from None
    need(given, "green", "gm")
    return query(count(given["green"], "green", *LIMITS["green"]), count(given["gm"], "gm", *LIMITS["gm"]),
                 count(given.get("hostile_red"), "hostile-red", *LIMITS["hostile_red"]) or 0)
