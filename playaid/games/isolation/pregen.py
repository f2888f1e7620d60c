"""Pre-built Isolation characters in the recommended shape.

One Profession, three Positive and three Negative Descriptors (never the same word on
both sides), one Bias and one Goal; healthy. Players beyond the first character each
are NPCs trapped with them (no `player:`).
"""

from __future__ import annotations

from playaid.problems import Problem
from playaid.pregen.draw import Drawer, Name, table
from playaid.pregen.seats import one_each


def characters(draw: Drawer, count: int, players: list[str]) -> list[tuple[Name, dict]]:
    t = table("isolation")
    out = []
    for player in one_each(count, players):
        name = draw.name()
        data = {"name": name.written}
        if player:
            data["player"] = player
        data |= {
            "profession": draw.pick(t["professions"]),
            "positive": draw.sample(t["positive"], 3),
            "negative": draw.sample(t["negative"], 3),
            "bias": draw.pick(t["biases"])["bias"],
            "goal": draw.pick(t["goals"])["goal"],
            "health": "healthy",
        }
        out.append((name, data))
    return out


DEMO_TABLE = 3
"""The size of the ready table `playaid demo` makes: small, so its packet renders quickly."""


def ready_table(draw: Drawer, count: int, players: list[str]) -> tuple[list[tuple[Name, dict]], dict]:
    """A cast in the recommended shape and its relationship map (`isolation_table.py`)."""
    from .pregen_table import build  # that module draws with this one's tables

    return build(draw, count, players)


def check_tables(tables: dict[str, dict]) -> list[Problem]:
    """A group's own tables (`--tables-file`): the words the map and Biases name exist."""
    from .pregen_table import tables_problems

    return tables_problems(tables)
