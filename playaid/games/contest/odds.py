"""Contest odds: mixed pools of d3–d12, highest die wins, ties discarded.

Die sizes come from `systems.contest.dice` (the physical dice a table owns); the sweep
is `dice.highest.matchup`, checked against `systems.contest.comparing.compare` in tests.
"""

from __future__ import annotations

from fractions import Fraction

import click

from playaid.dice import matchup
from .dice import PHYSICAL
from playaid.odds.cells import bundled_words, main_and_tie
from playaid.odds.options import need
from playaid.odds.tables import Answer, Spread, Table, percent

SYSTEM = "contest"
MAX_POOL = 10
"""The text's "crazy risky" opposition: up to ten dice a side."""
PLAYER_POOLS = (("d8",), ("d8", "d8"), ("d8", "d8", "d3"), ("d10", "d8", "d6"), ("d12", "d8", "d6", "d4"),
                ("d10", "d10", "d8", "d6", "d3"))
OPPOSITIONS = (("d8", "d8", "d6"), ("d10", "d8", "d6"), ("d12", "d8", "d6"), ("d10", "d8", "d6", "d6", "d6"),
               ("d10", "d8", "d8", "d6", "d6", "d6"))
"""Three dice with the player's high die (the text's guidance), a higher and a lower
difficulty die, then more dice for high risk (up to six)."""


def sizes(pool: tuple[str, ...]) -> list[int]:
    return [int(d[1:]) for d in pool]


def versus(pool: tuple[str, ...], opposition: tuple[str, ...]) -> dict:
    m = matchup(sizes(pool), sizes(opposition))
    return {"win": m.p_win, "tie": m.p_tie}


def label(pool: tuple[str, ...]) -> str:
    return ",".join(pool)


def tables() -> list[Table]:
    cells = tuple(tuple(versus(p, o) for o in OPPOSITIONS) for p in PLAYER_POOLS)
    return [Table("versus", "Chance to win (and of a true tie)", "player's pool", "opposition",
                  tuple(label(p) for p in PLAYER_POOLS), tuple(label(o) for o in OPPOSITIONS), cells,
                  outcomes=("win", "tie"), col_notes=("3 dice, matching", "3 dice, d10", "3 dice, d12",
                                                      "high risk: 5", "high risk: 6"),
                  note="Highest die wins; tied high dice are discarded one for one.")]


def query(pool: list[int], opposition: list[int]) -> Answer:
    m = matchup(pool, opposition)
    mine, theirs = ",".join(f"d{s}" for s in pool), ",".join(f"d{s}" for s in opposition)
    succ = m.successes_when_winning()
    lines = (f"{mine} against {theirs}: {percent(m.p_win)} to win.",
             f"Lose {percent(m.p_lose)}, true tie {percent(m.p_tie)}.",
             "Success dice when winning: " + ", ".join(f"{k}: {percent(p)}" for k, p in succ.items()))
    return Answer(SYSTEM, lines, {"pool": [f"d{s}" for s in pool], "versus": [f"d{s}" for s in opposition],
                                  "win": m.p_win, "lose": m.p_lose, "tie": m.p_tie,
                                  "success_dice_when_winning": succ}, _spread(m))


def _spread(m) -> Spread:
    """Losing with the most success dice against you first, winning with the most last."""
    def dice(k: int) -> str:
        return f"{k} success {'die' if k == 1 else 'dice'}"

    lose = [(f"lose, {dice(k)}", Fraction(w, m.total)) for k, w in sorted(m.lose.items(), reverse=True)]
    win = [(f"win, {dice(k)}", Fraction(w, m.total)) for k, w in sorted(m.win.items())]
    return Spread("who wins, and with how many success dice", tuple(lose + [("true tie", m.p_tie)] + win))


ALLOWED = PHYSICAL

OPTIONS = (click.Option(["--pool"], help="Your dice: die sizes such as d8,d8,d6."),
           click.Option(["--vs"], help="The opposing dice, such as d10,d8,d6."))
ASKING = {"pool", "vs"}
USAGE = "--pool DICE --vs DICE"
EXAMPLE = {"pool": "d8,d8,d6", "vs": "d10,d8,d6"}
CELL_VIEWS = {"versus": main_and_tie("win", "tie")}


def words() -> dict:
    return bundled_words(SYSTEM)


def dice_list(value: str, what: str) -> list[int]:
    """`d8,d8,d6` as die sizes; each a die the table owns, at most the contest's pool size."""
    parts = [p.strip() for p in value.split(",") if p.strip()]
    allowed = ", ".join(f"d{s}" for s in ALLOWED)
    sizes = []
    for p in parts:
        if not (p[:1] in "dD" and p[1:].isdigit()):
            raise click.BadParameter(f"{p!r} is not a die; write dice like d8,d8,d6", param_hint=f"--{what}")
        sizes.append(int(p[1:]))
    bad = [f"d{s}" for s in sizes if s not in ALLOWED]
    if bad:
        raise click.BadParameter(f"{', '.join(bad)} is not a contest die; allowed: {allowed}", param_hint=f"--{what}")
    if not 1 <= len(sizes) <= MAX_POOL:
        raise click.BadParameter(f"{len(sizes)} dice; a pool has 1 to {MAX_POOL} dice (the text's most, 'crazy risky')",
                                 param_hint=f"--{what}")
    return sizes


def answer(given: dict) -> Answer:
    """`--pool DICE --vs DICE`."""
    need(given, "pool", "vs")
    return query(dice_list(given["pool"], "pool"), dice_list(given["vs"], "vs"))


def from_scene(result) -> Answer:
    """The odds of a contest of two sides of one pool each, the dice `playaid roll` builds."""
    from playaid.odds.scene_roll import NoOdds, bounded

    pools = [s.data for s in result.steps if {"side", "pool", "dice"} <= set(s.data) and isinstance(s.data["dice"], list)]
    sides = {p["side"] for p in pools}
    if len(pools) != 2 or len(sides) != 2:
        raise NoOdds(f"{len(sides)} sides of {len(pools)} pools: the odds are computed for two sides of one pool "
                     "each; give two pools with --pool DICE --vs DICE")
    sizes = [[d["rolled_as"] for d in p["dice"]] for p in pools]
    order = list(dict.fromkeys(p["side"] for p in pools))
    for pool, size in zip(pools, sizes):
        bounded(len(size), (1, MAX_POOL), f"side {pool['side']!r}", ("sides", order.index(pool["side"])))
    if any(s not in ALLOWED for size in sizes for s in size):
        raise NoOdds("the scene rolls dice beyond d3–d12 electronically: the odds cover the table's dice")
    return query(*sizes)
