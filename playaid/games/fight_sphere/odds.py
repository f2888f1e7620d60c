"""Fight Sphere odds: ones counted on d6 pools, against a Threshold or another Gladiator.

Built on `systems.fight_sphere.arithmetic` (what a roll counts, who succeeds) and
`sphere.threshold` (dice per Layer), so a rule fixed there is fixed here.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from functools import lru_cache
from itertools import product

import click

from playaid.dice import Dist, chance
from .arithmetic import MINIMUM_DICE, bouts, conflict_succeeds, encounter_outcome, ones, victories
from .sphere import threshold
from playaid.odds.cells import bundled_words, main_and_tie
from playaid.odds.options import count, need
from playaid.odds.tables import Answer, Spread, Table, grid, percent

SYSTEM = "fight-sphere"
POOLS = tuple(range(1, 16))
THRESHOLDS = tuple(range(5, 13))
GLADIATOR_POOLS = tuple(range(1, 13))
MAX_DICE = 60
ENCOUNTER_CASES = 200_000
"""The most combinations of ones an Encounter's odds go through (about a second)."""


@lru_cache(maxsize=None)
def ones_in(pool: int) -> Dist:
    """How many ones `pool` d6 show (every roll has at least one die)."""
    return Dist.die(6, lambda f: ones([f])).repeat(max(MINIMUM_DICE, pool))


@lru_cache(maxsize=None)
def _at_least(pool: int) -> tuple[int, ...]:
    """Ways of at least k ones, k = 0 … pool + 1, over ones_in(pool).total."""
    d = ones_in(pool)
    out, running = [], d.total
    for k in range(d.high + 2):
        out.append(running)
        running -= d.weights[k - d.low] if d.low <= k <= d.high else 0
    return tuple(out)


@lru_cache(maxsize=None)
def _fewest_beating(other: int) -> int:
    """The fewest ones that succeed against `other` ones, asked of the rule itself."""
    return next(a for a in range(other, other + 3) if conflict_succeeds(a, other))


def margin(pool: int, against: int) -> Dist:
    """The row side's ones less the other side's."""
    return ones_in(pool).joint(ones_in(against), lambda a, b: a - b)


def success(pool: int, gm_dice: int) -> Fraction:
    """P(the player rolls more ones than the GM's Threshold dice):
    Σ_b P(GM rolls b ones) · P(player rolls at least the fewest ones that beat b)."""
    mine, theirs = _at_least(pool), ones_in(gm_dice)
    won = 0
    for b, w in theirs.items():
        need = _fewest_beating(b)
        if need < len(mine):
            won += w * mine[need]
    return Fraction(won, mine[0] * theirs.total)


def more_and_tie(pool: int, other: int) -> dict[str, Fraction]:
    """P(the row side rolls more ones than the other) and P(the same number)."""
    a, b = ones_in(pool), ones_in(other)
    tie = sum(w * a.weights[k - a.low] for k, w in b.items() if a.low <= k <= a.high)
    return {"more": success(pool, other), "tie": Fraction(tie, a.total * b.total)}


def layer_of(threshold_dice: int) -> int:
    """The Layer whose Threshold is `threshold_dice` (inverse of `sphere.threshold`)."""
    return next(layer for layer in range(1, 100) if threshold(layer) == threshold_dice)


def tables() -> list[Table]:
    conflict = Table(
        "conflict", "Conflict: chance of success", "your dice", "Threshold (GM's dice)", POOLS, THRESHOLDS,
        grid(POOLS, THRESHOLDS, success), col_notes=tuple(f"Layer {layer_of(t)}" for t in THRESHOLDS),
        note="Success needs more ones than the GM's Threshold dice; a tie fails.")
    gladiator = Table(
        "gladiator", "Gladiators: chance the row side rolls more ones", "row dice", "column dice",
        GLADIATOR_POOLS, GLADIATOR_POOLS,
        grid(GLADIATOR_POOLS, GLADIATOR_POOLS, more_and_tie),
        outcomes=("more", "tie"), note="Each cell: more ones (large) and the chance of a tie (small).")
    return [conflict, gladiator]


def query(pool: int, threshold_dice: int | None = None, versus: int | None = None) -> Answer:
    """The chance of one roll: against `threshold_dice`, or a Gladiator rolling `versus` dice."""
    if versus is None:
        t = threshold_dice if threshold_dice is not None else threshold(1)
        p = success(pool, t)
        where = f" (Layer {layer_of(t)})" if t >= threshold(1) else ""
        return Answer(SYSTEM, (f"{pool} dice against a Threshold of {t}{where}: {percent(p)} to succeed.",
                               "Success is rolling more ones than the Threshold dice."),
                      {"pool": pool, "threshold": t, "success": p},
                      Spread.of_dist("your ones less the Threshold dice's ones", margin(pool, t), _signed))
    m = margin(pool, versus)
    win, tie = chance(m, lambda x: x > 0), chance(m, lambda x: x == 0)
    won = {victories(x, 0): p for x, p in m.probabilities().items() if x > 0}
    lines = [f"{pool} dice against a Gladiator's {versus} dice: {percent(win)} to win.",
             f"Tie {percent(tie)}, lose {percent(1 - win - tie)}.", "Chance of winning with k victories: " +
             ", ".join(f"{k}: {percent(p)}" for k, p in sorted(won.items()))]
    return Answer(SYSTEM, tuple(lines), {"pool": pool, "versus": versus, "win": win, "tie": tie,
                                         "lose": 1 - win - tie, "victories": {k: won[k] for k in sorted(won)}},
                  Spread.of_dist("your ones less the other Gladiator's", m, _signed))


def _signed(n: int) -> str:
    return f"{n:+d}" if n else "0"


OPTIONS = (click.Option(["--pool"], help="Your dice."),
           click.Option(["--threshold"], help="The GM's Threshold dice."),
           click.Option(["--versus"], help="The other Gladiator's dice."))
ASKING = {"pool", "threshold", "versus"}
LIMITS = {"pool": (1, MAX_DICE), "threshold": (1, MAX_DICE), "versus": (1, MAX_DICE)}
EXAMPLE = {"pool": "6", "threshold": "5"}
USAGE = "--pool N (--threshold N | --versus N)"
NO_CHARACTER = ("a Gladiator's roll is the Conflict Pool dice gambled on that conflict, a backstory die "
                "and the Relationships bought for it, all chosen at the table; give the dice: "
                "--pool N with --threshold N or --versus N, or --scene SCENE.yaml")
MODES = (("unopposed", "Against the GM's Threshold dice", {"threshold": "5"}),
         ("opposed", "Opposed: against another Gladiator's dice", {"versus": "6"}))
CELL_VIEWS = {"gladiator": main_and_tie("more", "tie")}


def words() -> dict:
    return bundled_words(SYSTEM)


def answer(given: dict) -> Answer:
    """The query `playaid odds fight-sphere --pool N (--threshold N | --versus N)`."""
    need(given, "pool")
    pool = count(given["pool"], "pool", *LIMITS["pool"])
    versus = count(given.get("versus"), "versus", *LIMITS["versus"])
    threshold_dice = count(given.get("threshold"), "threshold", *LIMITS["threshold"])
    if versus is not None and threshold_dice is not None:
        raise click.UsageError("give --threshold (against the GM) or --versus (another Gladiator), not both")
    return query(pool, threshold_dice, versus)


def from_scene(result) -> Answer:
    """The odds of a Conflict (a Gladiator against the GM's Threshold dice) or of an
    Encounter, the pools `playaid roll` builds (the steps' data), in the outcomes `roll`
    reports: `success` / `failure`, or `win:<name>`, `split` and `true-tie`."""
    from playaid.odds.scene_roll import NoOdds, bounded

    rolls = [s.data for s in result.steps if {"who", "dice", "ones"} <= set(s.data)]
    seen: dict[str, int] = {}
    for r in rolls:
        seen.setdefault(r["who"], len(r["dice"]))  # a resumed roll later on counts once
    for who, dice in seen.items():
        bounded(dice, LIMITS["pool"], who)
    gm = seen.pop("GM", None)
    sides = list(seen.values())
    if not sides:
        raise NoOdds("this scene rolls no dice (an advance or a drive switch): nothing to compute")
    if gm is not None:
        answer = query(sides[0], gm, None)
        p = answer.data["success"]
        return replace(answer, data={**answer.data, "outcomes": {"success": p, "failure": 1 - p}})
    # The pairs compared are the rules core's (a truce nobody betrays compares no one): read
    # from the bouts the roll made, the same whatever the dice.
    pairs = [tuple(s.data["pair"]) for s in result.steps if "pair" in s.data and "winner" in s.data]
    cases = 1
    for dice in sides:
        cases *= max(MINIMUM_DICE, dice) + 1
    if cases > ENCOUNTER_CASES:
        raise NoOdds(f"an Encounter of {len(sides)} Gladiators with these pools has {cases:,} ways to count ones; "
                     f"the odds are computed up to {ENCOUNTER_CASES:,}: take two of them with --pool N --versus N")
    out = encounter_chances(seen, pairs)
    said = ", ".join(f"{k.replace('win:', '') + ' wins' if k.startswith('win:') else k.replace('-', ' ')} "
                     f"{percent(p)}" for k, p in out.items() if p)
    if len(sides) == 2 and pairs:
        answer = query(sides[0], None, sides[1])
        return replace(answer, lines=(*answer.lines, said + "."), data={**answer.data, "outcomes": out})
    return Answer(SYSTEM, (f"An Encounter of {', '.join(f'{n} ({d} dice)' for n, d in seen.items())}: {said}.",
                           "A Gladiator wins who wins every bout it is in; several winning and losing is a split."),
                  {"pools": dict(seen), "outcomes": out})


def encounter_chances(pools: dict[str, int], pairs: list[tuple]) -> dict[str, Fraction]:
    """P(each outcome of an Encounter), over every count of ones each Gladiator may roll,
    judged by the rules core's `bouts` and `encounter_outcome`."""
    names = list(pools)
    dists = [ones_in(pools[n]) for n in names]
    out = {f"win:{n}": Fraction(0) for n in names} | {"split": Fraction(0), "true-tie": Fraction(0)}
    total = 1
    for d in dists:
        total *= d.total
    for combo in product(*(list(d.items()) for d in dists)):
        ways = 1
        for _, w in combo:
            ways *= w
        counted = {n: k for n, (k, _) in zip(names, combo)}
        out[encounter_outcome(bouts(counted, pairs))] += Fraction(ways, total)
    return out
