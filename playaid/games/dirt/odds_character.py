"""`playaid odds dirt --character FILE`: what are my chances, for each stat the character rolls.

A check rolls the stat's dice as the character has them now (`Character.current`, after the
points lost), and 5+ counts, 4+ when the hobby applies, 3+ when the job does (`THRESHOLD`):
so each stat is given plain, with the job and with the hobby, against every difficulty.
"""

from __future__ import annotations

from fractions import Fraction

from playaid.odds.tables import Answer, percent
from .chances import SYSTEM, at_least
from .models import DIFFICULTY, STATS, Character
from .procedures import THRESHOLD


def answer(actor: Character) -> Answer:
    """P(success) of each stat, plain / job / hobby, at every difficulty, in words and as data."""
    lines = [f"{actor.name}'s chances to succeed, by the check's difficulty (sixes rolled again):"]
    success: dict[str, dict[str, Fraction]] = {}
    for stat in STATS:
        dice = actor.current(stat)
        if dice == 0:
            lines.append(f"  {stat.title()}: no dice left — the character cannot make this check.")
            continue
        for applies, name in (("none", ""), ("job", actor.job), ("hobby", actor.hobby)):
            if applies != "none" and not name:
                continue
            label = f"{stat.title()} ({dice} {'die' if dice == 1 else 'dice'})" + \
                (f", {applies} {name} applies ({THRESHOLD[applies]}+ counts)" if name else "")
            success[label] = {d: at_least(dice, THRESHOLD[applies], n) for d, n in DIFFICULTY.items()}
            cells = ", ".join(f"{d.replace('-', ' ')} {percent(p)}" for d, p in success[label].items())
            lines.append(f"  {label}: {cells}")
    return Answer(SYSTEM, tuple(lines), {"character": actor.name, "success": success})
