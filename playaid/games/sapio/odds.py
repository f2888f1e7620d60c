"""Sapio odds: Spiral dice read for Hits against the TN, with Improbable Success.

The faces come from the die file (`systems.sapio.spiral_die`), the reading from
`systems.sapio.roll` (Tally, succeeds, shows_double_hit) and the limits from
`systems.sapio.pool`, so another face layout or a fixed rule changes the odds too.
"""

from __future__ import annotations

import re
from dataclasses import replace
from fractions import Fraction
from functools import cache
from typing import Sequence

import click

from playaid.dice import Dist
from .pool import POOL_MAX, TN_MAX, TN_MIN
from .chances import _states, outcomes
from .spiral_die import SpiralDie, default_die
from playaid.odds.cells import bundled_words, main_and_tie
from playaid.odds.options import count, need
from playaid.odds.tables import Answer, Spread, Table, grid, percent

SYSTEM = "sapio"
POOLS = tuple(range(1, POOL_MAX + 1))
TNS = tuple(range(TN_MIN, TN_MAX + 1))


@cache
def hits(die: SpiralDie, pool: int, tn: int) -> Dist:
    """How many Hits one check rolls in all, the dice Improbable Success adds included."""
    # Above any Hits a check reaches (each die Improbable Success adds brings two Hits, so at
    # most TN_MAX are added): the cap never bites.
    most = max(f.hits for f in die.faces) * (pool + TN_MAX) + 1
    states, rolled = _states(die, pool, tn, True, most)
    ways: dict[int, int] = {}
    for (h, _, _), w in states.items():
        ways[h] = ways.get(h, 0) + w
    return Dist.of(ways, len(die.faces) ** rolled)


def success(die: SpiralDie, pool: int, tn: int) -> Fraction:
    """P(Hits ≥ TN), the player taking every die Improbable Success allows."""
    return sum((p for (won, _), p in outcomes(die, pool, tn).items() if won), Fraction(0))


def net_chances(die: SpiralDie, pool: int, tn: int) -> dict[str, Fraction]:
    """P(net Spare ≥ 1) and P(net Spiral ≥ 1), counting the dice Improbable Success adds
    at this TN as a roll counts them."""
    odds = outcomes(die, pool, tn)
    return {side: sum((p for (_, s), p in odds.items() if s == side), Fraction(0)) for side in ("spare", "spiral")}


def layout(die: SpiralDie) -> str:
    """The faces in one line, as printed with the table."""
    return "; ".join(f"{f.number}: {f}" for f in die.faces)


def tables(die: SpiralDie | None = None) -> list[Table]:
    die = die or default_die()
    succ = Table("success", "Chance of success (Hits of at least the TN, Improbable Success taken)", "dice in the pool", "TN",
                 POOLS, TNS, grid(POOLS, TNS, lambda n, tn: success(die, n, tn)),
                 note=f"Faces of the {die.name}: {layout(die)}.")
    net = Table("net", "Chance of a net Spare (or a net Spiral)", "dice in the pool", "TN", POOLS, TNS,
                grid(POOLS, TNS, lambda n, tn: net_chances(die, n, tn)), outcomes=("spare", "spiral"),
                note="Spares and Spirals cancel one for one, on the pool and on the dice Improbable Success adds.")
    return [succ, net]


def query(pool: int, tn: int, die: SpiralDie | None = None) -> Answer:
    die = die or default_die()
    p = success(die, pool, tn)
    net = net_chances(die, pool, tn)
    lines = (f"{pool} {'die' if pool == 1 else 'dice'} against TN {tn}: {percent(p)} to succeed.",
             "Improbable Success is taken whenever allowed (every die of the last batch shows two Hits).",
             f"Net Spare: {percent(net['spare'])}; net Spiral: {percent(net['spiral'])}.",
             f"Faces: {layout(die)}.")
    return Answer(SYSTEM, lines, {"pool": pool, "tn": tn, "success": p, "net_spare": net["spare"],
                                  "net_spiral": net["spiral"], "faces": [str(f) for f in die.faces]},
                  Spread.of_dist("Hits rolled, Improbable Success taken", hits(die, pool, tn)))


def faces_of(sequence: Sequence[Sequence[str]], name: str = "Spiral die") -> SpiralDie:
    """A die from a checked face list."""
    return SpiralDie.from_symbols(name, sequence)


OPTIONS = (click.Option(["--pool"], help="Your dice."),
           click.Option(["--tn"], help="The Target Number."),
           click.Option(["--faces"], type=click.Path(dir_okay=False), help="A `kind: dice` file with your die's faces."))
ASKING = {"pool", "tn"}
USAGE = "--pool N --tn N"
FILE_KINDS = {"faces": "dice"}
LABELS = {"faces": "Your die's faces: a Spiral die file (none: the standard die)"}
LIMITS = {"pool": (1, POOL_MAX), "tn": (TN_MIN, TN_MAX)}
EXAMPLE = {"pool": "4", "tn": "3"}
CELL_VIEWS = {"net": main_and_tie("spare", "spiral", "spiral")}


def for_character(actor) -> Answer:
    """`--character FILE`: the chances of the character's best checks (`odds_character`)."""
    from .odds_character import answer as character_answer

    return character_answer(actor)


def words() -> dict:
    return bundled_words(SYSTEM)


def load_faces(path: str) -> SpiralDie:
    """The Spiral die of a `kind: dice` file, refused with its validation problems."""
    from playaid.commands import InputError, print_problems
    from playaid.documents import Library
    from .spiral_die import DieFile, die_of

    doc = Library().load(path)
    if not doc.valid or not isinstance(doc.model, DieFile):
        problems = doc.problems or []
        print_problems(problems)
        raise InputError(f"{path}: not a usable Spiral die file (system: sapio, kind: dice, twelve faces of "
                         "hit / spare / spiral); fix the problems above")
    return die_of(doc.model)


def _die(given: dict) -> SpiralDie | None:
    return load_faces(given["faces"]) if given.get("faces") else None


def tables_for(given: dict) -> list[Table]:
    """The tables of the die `--faces` names (the project's Spiral die without it)."""
    return tables(_die(given))


def answer(given: dict) -> Answer:
    """`--pool N --tn N`, with the die of `--faces` if given."""
    die = _die(given)
    need(given, "pool", "tn")
    return query(count(given["pool"], "pool", *LIMITS["pool"]), count(given["tn"], "tn", *LIMITS["tn"]), die)

def from_scene(result) -> Answer:
    """The odds of a scene's check: the pool and TN `playaid roll` builds (the steps' data),
    on the faces of the die the scene names, in the outcomes `roll` reports — `success` and
    `failure`, or `win:` the focal character or the defender of a confrontation. A talent's
    automatic Hits count from the start, so they lower the Hits the dice must roll, and a scene
    that declines Improbable Success is computed without it, both as `roll` plays them."""
    steps = [s.data for s in result.steps]
    sizes = [int(m[1]) for r in result.rolled if (m := re.search(r"of the pool of (\d+)", r.why))]
    tn = [d["tn"] for d in steps if "tn" in d][-1]
    shown = next((r.faces for r in result.rolled if r.faces), ())
    die = faces_of([[] if f == "blank" else [w.strip().casefold() for w in f.split("+")] for f in shown]) if shown \
        else None
    opening = next((d for d in steps if "actor" in d), {})
    defender = next((d["defender"] for d in steps if "defender" in d), None)
    automatic = sum(d["amount"] for d in steps if d.get("effect") == "hits" and not d.get("on_success"))
    taken = opening.get("improbable_allowed", True)
    answer = query(sizes[0], tn, die)
    p = answer.data["success"]
    if automatic or not taken:
        p = sum((q for (won, _), q in outcomes(die or default_die(), sizes[0], max(0, tn - automatic), taken).items()
                 if won), Fraction(0))
        how = ", ".join(([f"{automatic} automatic Hit{'s' * (automatic != 1)} from a Special Talent"] if automatic
                         else []) + ([] if taken else ["Improbable Success declined"]))
        answer = Answer(SYSTEM, (f"{sizes[0]} {'die' if sizes[0] == 1 else 'dice'} against TN {tn}, {how}: "
                                 f"{percent(p)} to succeed.", *answer.lines[3:]),
                        {**answer.data, "success": p, "automatic_hits": automatic, "improbable_success": taken})
    actor = opening.get("actor")
    if defender is not None and actor is not None:
        out = {f"win:{actor}": p, f"win:{defender}": 1 - p}
        lines = (*answer.lines, f"{actor} wins {percent(p)}, {defender} wins {percent(1 - p)}.")
    else:
        out, lines = {"success": p, "failure": 1 - p}, answer.lines
    return replace(answer, lines=lines, data={**answer.data, "outcomes": out})
