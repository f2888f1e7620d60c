"""The toy game's odds: the chance that at least one die counts."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import click

from playaid.odds.options import count, need
from playaid.odds.tables import Answer, Table, grid, percent

from . import ID, counts

DICE, NUMBERS = (1, 2, 3), (2, 3, 4, 5)
OPTIONS = (click.Option(["--pool"], help="Dice rolled, 1 to 3."),
           click.Option(["--number"], help="The character's number."),
           click.Option(["--side"], type=click.Choice(["under", "over"]), help="Count under or over."))
ASKING = {"pool", "number"}
USAGE = "--pool N --number N [--side over]"


def chance(dice: int, number: int, side: str = "under") -> Fraction:
    """At least one of `dice` d6 counts: one minus the chance that none does."""
    counting = number - 1 if side == "under" else 6 - number
    return 1 - Fraction(6 - counting, 6) ** dice


def listed(dice: int, number: int, side: str = "under") -> Fraction:
    """The same chance with every roll listed and read by the rules (the brute-force twin)."""
    rolls = list(product(range(1, 7), repeat=dice))
    return Fraction(sum(counts(list(r), number, side) > 0 for r in rolls), len(rolls))


def tables() -> list[Table]:
    return [Table("under", "Toy: at least one die under the number", "dice", "number", DICE, NUMBERS,
                  grid(DICE, NUMBERS, chance))]


def twin() -> list[Table]:
    """`tables()` by brute force: `playaid.testing.check_odds_twin` compares the two."""
    return [Table("under", "Toy: at least one die under the number", "dice", "number", DICE, NUMBERS,
                  grid(DICE, NUMBERS, listed))]


def words() -> dict:
    return {"read": "Dice on the left, your number on top.",
            "assumptions": ["Made up for a test."]}


def answer(given: dict) -> Answer:
    need(given, "pool", "number")
    dice, number = count(given["pool"], "pool", 1, 3), count(given["number"], "number", 2, 5)
    p = chance(dice, number, given.get("side") or "under")
    return Answer(ID, (f"{dice} dice against {number}: {percent(p)} that one counts.",), {"success": p})
