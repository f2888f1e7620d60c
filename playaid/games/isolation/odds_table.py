"""Isolation odds: open-ended green evens against open-ended red odds, read twice.

The dice come from `systems.isolation.hands` (which face of each colour earns another
die) and the reading from `interpretation` (evens, odds, stances, degrees), so a rule
fixed there is fixed here. Open-ended pools are exact up to a dropped tail whose mass
is known; every table says the bound.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

from playaid.dice import Dist, error_bound, face_counts, open_pool
from .hands import TRIGGER
from .interpretation import (DEGREES, best_stance, degree, evens, is_success, odds,
                                                 pooled_green_evens, stance_margin)
from playaid.odds.cells import HeatMap, bundled_words, cell, drop_empty_notes, whole
from playaid.odds.tables import Answer, Spread, Table, grid, percent

SYSTEM = "isolation"
GREEN = tuple(range(1, 13))
GM_RED = tuple(range(3, 16))
PASSIVE_DICE = tuple(range(0, 5))
ACTIVE_ODDS = tuple(range(0, 4))
HOSTILE = tuple(range(0, 7))
HOSTILE_GM = (4, 6, 8, 10)
HOSTILE_GREEN = 6
SHOWN = tuple(reversed(DEGREES))
"""Degrees from best to worst, as the issue names them."""
MAX_DICE = 60


@lru_cache(maxsize=None)
def green_evens(n: int) -> Dist:
    """Green evens of `n` green dice, each green 6 earning another green die."""
    return open_pool(n, *face_counts(6, lambda f: f == TRIGGER["green"], lambda f: evens([f]) == 1)[1:])


@lru_cache(maxsize=None)
def red_odds(n: int) -> Dist:
    """Red odds of `n` red dice, each red 1 forcing another red die."""
    return open_pool(n, *face_counts(6, lambda f: f == TRIGGER["red"], lambda f: odds([f]) == 1)[1:])


def degrees_of(net: Dist) -> dict[str, Fraction]:
    """P(each degree) of a distribution of green evens less red odds."""
    out = {d: Fraction(0) for d in SHOWN}
    for v, w in net.items():
        out[degree(v)] += Fraction(w, net.total)
    return out


def _cumulative(d: Dist) -> tuple[int, ...]:
    """Ways of an outcome ≥ k for k = 0 … cap (the dropped tail counted in); d.low ≥ 0."""
    at_least, running = [d.total] * d.low, d.total
    for w in d.weights:
        at_least.append(running)
        running -= w
    at_least.append(running)
    return tuple(at_least)


@lru_cache(maxsize=None)
def _cumulative_green(n: int) -> tuple[int, ...]:
    return _cumulative(green_evens(n))


def outcome(green: int, gm: int) -> dict[str, Fraction]:
    """P(each degree) for `green` pooled green dice against the GM's `gm` red dice."""
    return _degrees_against(_cumulative_green(green), green_evens(green).total, gm)


def _degrees_against(cum: tuple[int, ...], gtotal: int, gm: int) -> dict[str, Fraction]:
    """P(each degree) of pooled green evens (cumulative ways over `gtotal`) against `gm` red dice.

    P(net ≥ t) = Σᵣ P(red odds = r)·P(green evens ≥ r + t), with the degree thresholds
    read off `interpretation.degree` (so they follow it).
    """
    red = red_odds(gm)
    out, above, total = {}, 0, gtotal * red.total
    for t in _degree_cuts():  # from the best degree down
        ge = 0
        for r, w in red.items():
            k = max(0, r + t)
            if k < len(cum):
                ge += w * cum[k]
        out[degree(t)] = Fraction(ge - above, total)
        above = ge
    out[degree(_degree_cuts()[-1] - 1)] = Fraction(total - above, total)
    return {d: out[d] for d in SHOWN}


@lru_cache(maxsize=None)
def _degree_cuts() -> tuple[int, ...]:
    """The lowest net of each degree but the worst, best first, found from `degree` itself."""
    return tuple(n for n in range(20, -21, -1) if degree(n) != degree(n - 1))


@lru_cache(maxsize=None)
def pooled(green: int, hostile: int) -> Dist:
    """Pooled green evens less the hostile red odds, never below 0."""
    return green_evens(green).joint(red_odds(hostile), pooled_green_evens)


def with_hostile(green: int, hostile: int, gm: int) -> dict[str, Fraction]:
    """P(each degree) with `hostile` red dice cancelling the pooled green evens first."""
    d = pooled(green, hostile)
    return _degrees_against(_cumulative(d), d.total, gm)


@lru_cache(maxsize=None)
def _passive_evens(green: int, red: int) -> Dist:
    """A Passive Player's first pass: green evens less red odds (may go negative)."""
    return green_evens(green).joint(red_odds(red), lambda g, r: g - r)


def stance(green: int, red: int, active_odds: int) -> dict[str, Fraction]:
    """P(may cooperate / at best neutral / must be hostile) for a Passive Player rolling
    `green` and `red` dice (their links) against the Active Player's `active_odds`."""
    d = _passive_evens(green, red)
    ways = {"cooperative": 0, "neutral": 0, "hostile": 0}
    for e, w in d.items():
        ways[best_stance(stance_margin(e, active_odds), only_green_links=red == 0)] += w
    # The dropped tail (very many evens or odds) is left out of all three: within the bound.
    return {k: Fraction(v, d.total) for k, v in ways.items()}


def tables() -> list[Table]:
    bound = error_bound([green_evens(max(GREEN)), red_odds(max(GM_RED))])
    outcome_table = Table(
        "outcome", "Outcome of a roll", "pooled green dice", "GM's red dice", GREEN, GM_RED,
        grid(GREEN, GM_RED, outcome), outcomes=SHOWN, error=bound,
        note="Green evens of the Active Player and those cooperating against the GM's red odds; no hostile dice.")
    pairs = tuple(f"{g}g/{r}r" for g in PASSIVE_DICE for r in PASSIVE_DICE)
    stance_table = Table(
        "stance", "A Passive Player's stance", "passive green/red dice", "Active Player's red odds", pairs,
        ACTIVE_ODDS, tuple(tuple(stance(g, r, a) for a in ACTIVE_ODDS) for g in PASSIVE_DICE for r in PASSIVE_DICE),
        outcomes=("cooperative", "neutral", "hostile"), error=bound,
        note="With no red dice the pair has no red link and may always cooperate.")
    hostile_table = Table(
        "hostile", f"Hostile red dice against {HOSTILE_GREEN} pooled green dice", "hostile red dice", "GM's red dice",
        HOSTILE, HOSTILE_GM, grid(HOSTILE, HOSTILE_GM, lambda h, gm: with_hostile(HOSTILE_GREEN, h, gm)),
        outcomes=SHOWN, error=bound,
        note="Each hostile character's red odds cancel pooled green evens before the GM's odds are compared.")
    return [outcome_table, stance_table, hostile_table]


def query(green: int, gm: int, hostile_red: int = 0) -> Answer:
    """The degrees of one roll: `green` pooled dice, `hostile_red` hostile red dice, the GM's `gm`."""
    probs = with_hostile(green, hostile_red, gm)
    bound = error_bound([green_evens(green), red_odds(hostile_red), red_odds(gm)])
    success = sum((p for d, p in probs.items() if is_success(d)), Fraction(0))
    against = f"{hostile_red} hostile red dice and " if hostile_red else ""
    lines = [f"{green} green dice against {against}the GM's {gm} red dice: {percent(success)} to succeed.",
             "By degree (complete, basic and partial success count as success):"]
    lines += [f"  {d.replace('-', ' ')}: {percent(p)}" for d, p in probs.items()]
    lines.append(f"(exact to within {float(bound):.0e}: open-ended tails beyond that are left out)")
    return Answer(SYSTEM, tuple(lines), {"green": green, "gm": gm, "hostile_red": hostile_red,
                                         "degrees": probs, "success": success, "error_bound": bound},
                  Spread("degree of the outcome", tuple((d.replace("-", " "), probs[d]) for d in DEGREES)))


def words() -> dict:
    return bundled_words(SYSTEM)


def _success(c: dict[str, Fraction]) -> Fraction:
    return sum((p for d, p in c.items() if is_success(d)), Fraction(0))


def _degrees_cell(c: dict[str, Fraction]):
    # Small: complete success / complete failure, in whole percent to keep cells narrow.
    return cell(_success(c), f"{whole(c['complete-success'])} / {whole(c['complete-failure'])}",
                c["complete-success"], c["complete-failure"])


CELL_VIEWS = {"outcome": _degrees_cell, "hostile": _degrees_cell}


def stance_maps(t: Table) -> list[HeatMap]:
    """The stance table as one small map per Active Player's red odds: green × red dice."""
    greens = sorted({int(r.split("g/")[0]) for r in t.rows})
    reds = sorted({int(r.split("/")[1][:-1]) for r in t.rows})
    maps = []
    for j, active in enumerate(t.cols):
        cells = {r: row[j] for r, row in zip(t.rows, t.cells)}
        rows = tuple((str(g), tuple(cell(cells[f"{g}g/{r}r"]["cooperative"],
                                         f"hostile {whole(cells[f'{g}g/{r}r']['hostile'])}",
                                         cells[f"{g}g/{r}r"]["hostile"]) for r in reds))
                     for g in greens)
        maps.append(HeatMap(f"Active Player's red odds: {active}", "green dice ↓ · red dice →", tuple(map(str, reds)), (),
                            drop_empty_notes(rows), ""))
    return maps


def _stance_section(t: Table) -> dict:
    return {"title": t.title + ": may cooperate (large), must be hostile (small)", "maps": stance_maps(t), "note": t.note}


SECTIONS = {"stance": _stance_section}

# One page holds about half the cells above at a size that reads (12 pt numbers): the handout
# keeps the counts a table meets. The GM rolls Difficulty + living characters + Stress Level
# red dice, 4 to 10 for three to five characters at an Average to Hard task; 11 or more
# pooled green dice take most of a large cast cooperating. A Passive Player with no green
# die can never reach +2 (never cooperative), one with no red die always may cooperate (the
# table's note says so); 4 red links or 3 Active Player's odds left after his green evens
# cancel them are rare. No hostile die is the outcome table's row of 6 green dice.
ON_PAPER = {
    "outcome": (tuple(range(1, 11)), tuple(range(4, 11))),
    "stance": (tuple(f"{g}g/{r}r" for g in range(1, 5) for r in range(1, 4)), (0, 1, 2)),
    "hostile": ((1, 2, 3), HOSTILE_GM),
}
