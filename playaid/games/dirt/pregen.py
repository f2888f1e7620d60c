"""Pre-built characters of Games to Play in the Dirt #2.

Mental, Physical and Social come from a spread of 2–5 dice totalling 10 (none below
the unwise 2), in a drawn order; a job, a hobby and one or two items.
"""

from __future__ import annotations

from .models import STATS, TABLE_SIZE
from playaid.pregen.draw import Drawer, Name, table
from playaid.pregen.seats import one_each

PLAYERS = (TABLE_SIZE[0] - 1, TABLE_SIZE[1] - 1)
"""The players with a character: the table less its narrator."""


def characters(draw: Drawer, count: int, players: list[str]) -> list[tuple[Name, dict]]:
    t = table("dirt")
    out = []
    for player in one_each(count, players):
        name = draw.name()
        spread = draw.shuffled(draw.pick(t["stats"]))
        data = {"name": name.written}
        if player:
            data["player"] = player
        data |= {
            "stats": dict(zip(STATS, spread)),
            "job": draw.pick(t["jobs"]),
            "hobby": draw.pick(t["hobbies"]),
            "items": draw.sample(t["items"], draw.pick((1, 2))),
        }
        out.append((name, data))
    return out


DEMO_TABLE = 3
"""The size of the ready table `playaid demo` makes: small, so its packet renders quickly."""


def ready_table(draw: Drawer, count: int, players: list[str]) -> tuple[list[tuple[Name, dict]], dict]:
    """A party with a setting, an antagonist and an objective, the fields a Dirt setup has."""
    t = table("dirt")
    setting, antagonist, objective = (draw.pick(t[k]) for k in ("settings", "antagonists", "objectives"))
    return characters(draw, count, players), {
        "name": setting, "setting": setting, "antagonist": antagonist, "objective": objective}
