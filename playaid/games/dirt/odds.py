"""Games to Play in the Dirt odds: the tables, the command line's query and a scene's odds.

The chances themselves are computed in `chances.py` from the rules' own counting; a scene's
answer, in the outcomes `playaid roll` reports, in `odds_scene.py`.
"""

from __future__ import annotations

from fractions import Fraction

import click

from playaid.dice import error_bound
from .chances import (BY_THRESHOLD, LIMITS, NEEDED, OPPOSED, POOLS, SYSTEM, at_least, band, bands_of, degrees,
                      opposed, query)
from .models import DIFFICULTY
from .procedures import THRESHOLD
from playaid.odds.cells import bundled_words, cell
from playaid.odds.options import count, need
from playaid.odds.tables import Answer, Table, grid, percent

__all__ = ["SYSTEM", "at_least", "band", "bands_of", "degrees", "opposed", "query", "tables", "answer", "from_scene", "LIMITS",
           "OPTIONS"]


def tables() -> list[Table]:
    return at_least_tables() + [opposed_table()]


def at_least_tables() -> list[Table]:
    out = []
    for t in sorted(BY_THRESHOLD, reverse=True):
        tid, how = BY_THRESHOLD[t]
        out.append(Table(tid, f"At least k degrees, {how}", "dice", "k", POOLS, NEEDED,
                         grid(POOLS, NEEDED, lambda n, k, t=t: at_least(n, t, k)),
                         col_notes=tuple(name.replace("-", " ") for name, v in sorted(DIFFICULTY.items(), key=lambda kv: kv[1])),
                         note=""))
    return out


def opposed_table() -> Table:
    bound = error_bound([degrees(max(OPPOSED), THRESHOLD["none"])] * 2)
    return (Table("opposed", "Opposed rolls (5+ counts): chance to win", "row dice",
                     "column dice", OPPOSED, OPPOSED, grid(OPPOSED, OPPOSED, opposed), outcomes=bands_of(), error=bound,
                     note="Win/lose by 1 disrupted, 2 controlled, 3 hurt, 4 injured, 5+ wounded. "
                          "Small lines: a tie; a win by 3 or more (3+), the other side hurt or worse."))


OPTIONS = (click.Option(["--pool"], help="Your dice."),
           click.Option(["--applies"], type=click.Choice(["none", "hobby", "job"]), help="Whether the job or hobby applies."),
           click.Option(["--difficulty"], type=click.Choice(list(DIFFICULTY)), help="The check's difficulty."),
           click.Option(["--versus"], help="The opposing dice."))
ASKING = {"pool", "difficulty", "versus"}
EXAMPLE = {"pool": "4", "applies": "none", "difficulty": "average"}
USAGE = "--pool N [--applies job|hobby] (--difficulty D | --versus N)"
MODES = (("unopposed", "Unopposed: against the check's difficulty", {"difficulty": "average"}),
         ("opposed", "Opposed: against another character's dice", {"versus": "4"}))


def for_character(actor) -> Answer:
    """`--character FILE`: each stat's chances, plain and with the job or hobby (`odds_character`)."""
    from .odds_character import answer as character_answer

    return character_answer(actor)


def words() -> dict:
    return bundled_words(SYSTEM)


def _opposed_cell(c: dict[str, Fraction]):
    win = sum((p for k, p in c.items() if k.startswith("win-")), Fraction(0))
    hurt = sum((p for k, p in c.items() if k in ("win-hurt", "win-injured", "win-wounded")), Fraction(0))
    # two short lines of their own: run together they wrapped into three or four uneven ones
    return cell(win, f"tie {percent(c['tie'])}\n3+ {percent(hurt)}", c["tie"], hurt)


CELL_VIEWS = {"opposed": _opposed_cell}


def answer(given: dict) -> Answer:
    """`--pool N [--applies job|hobby] (--difficulty D | --versus N)`."""
    need(given, "pool")
    pool = count(given["pool"], "pool", *LIMITS["pool"])
    versus = count(given.get("versus"), "versus", *LIMITS["versus"])
    if versus is not None and given.get("difficulty"):
        raise click.UsageError("give --difficulty (unopposed) or --versus (opposed), not both")
    return query(pool, given.get("applies") or "none", given.get("difficulty"), versus)


def from_scene(result) -> Answer:
    """The odds of a scene's roll in the outcomes `playaid roll` reports for it (odds_scene.py)."""
    from .odds_scene import scene_answer

    return scene_answer(result)
