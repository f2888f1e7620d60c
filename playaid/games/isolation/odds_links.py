"""`playaid odds isolation --scene` for a permanent-link roll: each pair's chances.

"Each pair rolls a red die per red link and a green die per green link": a pair's result is
`green` when its green evens beat its red odds, `red` when the odds beat the evens, `even`
otherwise (`interpretation.link_roll`). The dice each pair rolls are read from the steps
`playaid roll` makes for the scene, so the odds count the links as the roll does; pairs are
rolled one by one and only a pair's own choice changes its links, so each pair's chances stand
alone.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

from playaid.odds.tables import Answer, percent
from .odds_table import SYSTEM, green_evens, red_odds


def pair_chances(green: int, red: int) -> dict[str, Fraction]:
    """P(green), P(red), P(even) for a pair rolling `green` green and `red` red dice."""
    evens, odds = green_evens(green), red_odds(red)
    out = {"green": Fraction(0), "red": Fraction(0), "even": Fraction(0)}
    total = evens.total * odds.total
    for e, we in evens.items():
        for o, wo in odds.items():
            out["green" if e > o else "red" if o > e else "even"] += Fraction(we * wo, total)
    return out


def link_roll_answer(path: str, refused: type) -> Answer:
    """The chances of every pair of the link-roll scene at `path`, as `roll` rolls them;
    `refused(problems)` is raised when the roll cannot be made."""
    from playaid.play import resolve_scene

    result, problems, _ = resolve_scene(path, seed=1)
    if result is None:
        raise refused(problems)
    dice: dict[tuple[str, str], dict[str, int]] = {}
    for step in result.steps:
        for color in ("green", "red"):
            if color in step.data and "pair" in step.data:
                dice.setdefault(tuple(step.data["pair"]), {})[color] = step.data[color]
    pairs, lines = [], [f"{Path(path).name}: the permanent-link roll, pair by pair."]
    for (a, b), n in dice.items():
        chances = pair_chances(n["green"], n["red"])
        pairs.append({"pair": [a, b], "green": n["green"], "red": n["red"], "outcomes": chances})
        lines.append(f"  {a} & {b} ({n['green']} green, {n['red']} red): more green evens {percent(chances['green'])}, "
                     f"more red odds {percent(chances['red'])}, even {percent(chances['even'])}.")
    return Answer(SYSTEM, tuple(lines), {"scene": Path(path).name, "outcomes": {"link-roll": Fraction(1)},
                                         "pairs": pairs})
