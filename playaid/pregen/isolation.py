"""Pre-built Isolation characters in the recommended shape.

One Profession, three Positive and three Negative Descriptors (never the same word on
both sides), one Bias and one Goal; healthy. Players beyond the first character each
are NPCs trapped with them (no `player:`).
"""

from __future__ import annotations

from .draw import Drawer, Name, table
from .seats import one_each


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
