"""Odds tables and queries for every game, built on the rules core's own functions.

`TABLES[system]()` gives a game's default tables; fight-club has no dice, so none.
"""

from __future__ import annotations

from typing import Callable

from . import contest, dirt, fight_sphere, isolation, sapio
from .tables import Answer, Table

TABLES: dict[str, Callable[[], list[Table]]] = {
    "fight-sphere": fight_sphere.tables,
    "isolation": isolation.tables,
    "sapio": sapio.tables,
    "dirt": dirt.tables,
    "contest": contest.tables,
    "fight-club": lambda: [],
}

__all__ = ["TABLES", "Answer", "Table"]
