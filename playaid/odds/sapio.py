"""Sapio odds: Spiral dice read for Hits against the TN, with Improbable Success.

The faces come from the die file (`systems.sapio.spiral_die`), the reading from
`systems.sapio.roll` (Tally, succeeds, improbable_success) and the limits from
`systems.sapio.pool`, so another face layout or a fixed rule changes the odds too.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Sequence

from ..dice import advance, fold
from ..systems.sapio.pool import POOL_MAX, TN_MAX, TN_MIN
from ..systems.sapio.roll import Tally, improbable_success, succeeds
from ..systems.sapio.spiral_die import Face, SpiralDie, default_die
from .tables import Answer, Table, grid, percent

SYSTEM = "sapio"
POOLS = tuple(range(1, POOL_MAX + 1))
TNS = tuple(range(TN_MIN, TN_MAX + 1))


def success(die: SpiralDie, pool: int, tn: int) -> Fraction:
    """P(Hits ≥ TN), the player taking every die Improbable Success allows.

    State: (Hits so far, capped at the TN since more cannot matter; whether every die
    of the last batch showed a Hit). The pool is one batch; each added die is the next.
    """
    faces = die.faces

    def read(state: tuple[int, bool], face: Face) -> tuple[int, bool]:
        hits, all_hit = state
        return min(tn, hits + face.hits), all_hit and face.shows_hit

    states = fold(faces, pool, (0, True), read)
    rolled = pool

    def again(state: tuple[int, bool]) -> bool:
        hits, all_hit = state
        # `improbable_success` looks at the batch; a batch of all-Hit faces stands in for it.
        return improbable_success([_HIT] if all_hit else [_BLANK], hits, tn)

    while any(again(s) for s in states):
        states = advance(states, faces, lambda s, f: (min(tn, s[0] + f.hits), f.shows_hit), again)
        rolled += 1
    won = sum(w for (hits, _), w in states.items() if succeeds(hits, tn))
    return Fraction(won, len(faces) ** rolled)


_HIT = Face(0, 1, 0, 0)
_BLANK = Face(0, 0, 0, 0)


def net_chances(die: SpiralDie, pool: int) -> dict[str, Fraction]:
    """P(net Spare ≥ 1) and P(net Spiral ≥ 1) of the pool as rolled (no added dice)."""
    states = fold(die.faces, pool, 0, lambda s, f: s + f.spares - f.spirals)
    total = len(die.faces) ** pool
    kind = {k: Tally(spares=max(k, 0), spirals=max(-k, 0)).net[0] for k in states}
    return {"spare": Fraction(sum(w for k, w in states.items() if kind[k] == "spare"), total),
            "spiral": Fraction(sum(w for k, w in states.items() if kind[k] == "spiral"), total)}


def layout(die: SpiralDie) -> str:
    """The faces in one line, as printed with the table."""
    return "; ".join(f"{f.number}: {f}" for f in die.faces)


def tables(die: SpiralDie | None = None) -> list[Table]:
    die = die or default_die()
    succ = Table("success", "Chance of success (Hits ≥ TN, Improbable Success taken)", "dice in the pool", "TN",
                 POOLS, TNS, grid(POOLS, TNS, lambda n, tn: success(die, n, tn)),
                 note=f"Faces of the {die.name}: {layout(die)}.")
    net = Table("net", "Chance of a net Spare or a net Spiral", "dice in the pool", "net", POOLS,
                ("spare", "spiral"), tuple(tuple(net_chances(die, n)[k] for k in ("spare", "spiral")) for n in POOLS),
                note="Spares and Spirals cancel one for one; dice added by Improbable Success are not counted.")
    return [succ, net]


def query(pool: int, tn: int, die: SpiralDie | None = None) -> Answer:
    die = die or default_die()
    p = success(die, pool, tn)
    net = net_chances(die, pool)
    lines = (f"{pool} Spiral {'die' if pool == 1 else 'dice'} against TN {tn}: {percent(p)} to succeed "
             "(Improbable Success taken whenever allowed).",
             f"Net Spare: {percent(net['spare'])}; net Spiral: {percent(net['spiral'])}.",
             f"Faces: {layout(die)}.")
    return Answer(SYSTEM, lines, {"pool": pool, "tn": tn, "success": p, "net_spare": net["spare"],
                                  "net_spiral": net["spiral"], "faces": [str(f) for f in die.faces]})


def faces_of(sequence: Sequence[Sequence[str]], name: str = "Spiral die") -> SpiralDie:
    """A die from a checked face list."""
    return SpiralDie.from_symbols(name, sequence)
