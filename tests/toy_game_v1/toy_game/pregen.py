"""The toy game's pre-built characters: a drawn name and number."""

from __future__ import annotations

PLAYERS = (1, 6)


def characters(draw, count: int, players: list[str]):
    out = []
    for i in range(count):
        name = draw.name()
        data = {"name": name.written, "number": draw.pick((2, 3, 4, 5))}
        if players:
            data["player"] = players[i % len(players)]
        out.append((name, data))
    return out
