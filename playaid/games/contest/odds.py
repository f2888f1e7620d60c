"""Contest odds: mixed pools of d3–d12, highest die wins, ties discarded.

Die sizes come from `systems.contest.dice` (the physical dice a table owns); the sweep
is `dice.highest.matchup`, checked against `systems.contest.comparing.compare` in tests.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from itertools import product

import click

from playaid.dice import matchup
from .comparing import Rolled, compare
from .dice import PHYSICAL
from playaid.odds.cells import bundled_words, main_and_tie
from playaid.odds.options import need
from playaid.odds.tables import Answer, Spread, Table, percent

SYSTEM = "contest"
MAX_POOL = 10
"""The text's "crazy risky" opposition: up to ten dice a side."""
EVERY_FACE_CASES = 60_000
"""The most ways the dice can fall that a contest of three sides (or with a stand-in die) goes
through face by face (about two seconds)."""
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
NO_CHARACTER = ("a contest's pool is the assets a player picks for that one goal against the dice the "
                "other side picks; give both: --pool and --vs, or --scene SCENE.yaml")
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
    """The odds of a contest, the dice `playaid roll` builds, in the outcomes `roll` reports:
    `win:<side>` or `true-tie`. The comparison reads a side's dice together, whatever pools
    they came in, so two sides are the exact sweep of `dice.highest`; three sides, or a side
    rolling a smaller die in place of a missing size (its tie compensation), go through every
    face the dice can show with the rules core's own `compare`."""
    from playaid.odds.scene_roll import NoOdds, bounded

    pools = [s.data for s in result.steps if {"side", "pool", "dice"} <= set(s.data) and isinstance(s.data["dice"], list)]
    order = list(dict.fromkeys(p["side"] for p in pools))
    sizes = {side: [[d["rolled_as"] for d in p["dice"]] for p in pools if p["side"] == side] for side in order}
    for i, side in enumerate(order):
        bounded(sum(map(len, sizes[side])), (1, MAX_POOL * len(sizes[side])), f"side {side!r}", ("sides", i))
    if any(s not in ALLOWED for side in sizes.values() for pool in side for s in pool):
        raise NoOdds("the scene rolls dice beyond d3–d12 electronically: the odds cover the table's dice")
    stand_in = {side for side in order for p in pools if p["side"] == side
                for d in p["dice"] if d["die"] != f"d{d['rolled_as']}"}
    if len(order) == 2 and not stand_in:
        mine, theirs = ([s for pool in sizes[side] for s in pool] for side in order)
        answer = query(mine, theirs)
        out = {f"win:{order[0]}": answer.data["win"], f"win:{order[1]}": answer.data["lose"],
               "true-tie": answer.data["tie"]}
        return replace(answer, data={**answer.data, "outcomes": out})
    if len(order) == 2 and len(stand_in) == 1:
        out = _one_stand_in(order, sizes, stand_in)
    else:
        out = every_face(order, sizes, stand_in)
    said = ", ".join(f"{k.replace('win:', '')} wins {percent(p)}" if k.startswith("win:") else f"true tie {percent(p)}"
                     for k, p in out.items())
    return Answer(SYSTEM, (" against ".join(order) + ("; a side rolling a stand-in die wins a tie for the high die"
                                                        if stand_in else "") + f": {said}.",),
                  {"sides": {side: [[f"d{s}" for s in pool] for pool in sizes[side]] for side in order},
                   "outcomes": out})


def _one_stand_in(order: list[str], sizes: dict[str, list[list[int]]], stand_in: set[str]) -> dict[str, Fraction]:
    """Two sides, one rolling a stand-in die: `compare` lets it win the first tie for the high
    die, so the first high dice decide — it wins unless the other side's high die is higher."""
    lucky = next(iter(stand_in))
    other = next(side for side in order if side != lucky)

    def at_most(side: str, v: int) -> Fraction:
        p = Fraction(1)
        for size in (s for pool in sizes[side] for s in pool):
            p *= Fraction(min(v, size), size)
        return p

    top = max(s for side in order for pool in sizes[side] for s in pool)
    other_wins = sum(((at_most(other, v) - at_most(other, v - 1)) * at_most(lucky, v - 1) for v in range(1, top + 1)),
                     Fraction(0))
    return {f"win:{order[0]}": Fraction(0), f"win:{order[1]}": Fraction(0), "true-tie": Fraction(0)} | {
        f"win:{other}": other_wins, f"win:{lucky}": 1 - other_wins}


def every_face(order: list[str], sizes: dict[str, list[list[int]]], stand_in: set[str]) -> dict[str, Fraction]:
    """P(each outcome), counting every face of every die once, judged by `compare`."""
    from playaid.odds.scene_roll import NoOdds

    dice = [(s, p, k, size) for s, side in enumerate(order) for p, pool in enumerate(sizes[side])
            for k, size in enumerate(pool)]
    cases = 1
    for *_, size in dice:
        cases *= size
    if cases > EVERY_FACE_CASES:
        raise NoOdds(f"{cases:,} ways the dice can fall; the odds go through at most {EVERY_FACE_CASES:,}: give two "
                     "sides with --pool DICE --vs DICE")
    out = {f"win:{side}": Fraction(0) for side in order} | {"true-tie": Fraction(0)}
    compensated = frozenset(i for i, side in enumerate(order) if side in stand_in)
    for faces in product(*(range(1, size + 1) for *_, size in dice)):
        rolled = [[[] for _ in sizes[side]] for side in order]
        for (s, p, k, size), value in zip(dice, faces):
            rolled[s][p].append(Rolled(s, p, k, value, size))
        winner = compare(rolled, compensated).winner
        out["true-tie" if winner is None else f"win:{order[winner]}"] += Fraction(1, cases)
    return out
