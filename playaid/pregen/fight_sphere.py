"""Pre-built Fight Sphere Gladiators: a backstory of 50 to 100 words, a drive, a weapon.

Every Gladiator starts with a Conflict Pool of 5 and no Relationships (they are won in
play). With named players each makes at least two Gladiators, one of them the player's
own (`role: pc`), the rest NPCs the GM plays, as the setup rules require.
"""

from __future__ import annotations

from ..systems.fight_sphere.gladiators import BACKSTORY_WORDS, DEATH_WISH, REASON_TO_LIVE, STARTING_POOL
from .draw import Drawer, Name, PregenError, fill, table

PER_PLAYER = 2


def seats(count: int, players: list[str]) -> list[tuple[str, str]]:
    """(player, role) per Gladiator, dealt round the table; each player's first is `pc`."""
    if not players:
        return [("", "pc")] * count
    if count < PER_PLAYER * len(players):
        raise PregenError(f"in Fight Sphere each player makes at least {PER_PLAYER} Gladiators: "
                          f"{len(players)} players need --count {PER_PLAYER * len(players)} or more")
    return [(players[i % len(players)], "pc" if i < len(players) else "npc") for i in range(count)]


def backstory(draw: Drawer, short: str) -> str:
    """One sentence of each part, drawn again until it is 50 to 100 words long."""
    t = table("fight-sphere")
    low, high = BACKSTORY_WORDS
    for _ in range(50):
        parts = [draw.pick(t[part]) for part in ("past", "known_for", "taken", "since")]
        text = " ".join(fill(p, short=short, years=draw.pick(t["years"])) for p in parts)
        if low <= len(text.split()) <= high:
            return text
    raise PregenError("the Fight Sphere backstory table gives no backstory of 50 to 100 words")


def characters(draw: Drawer, count: int, players: list[str]) -> list[tuple[Name, dict]]:
    t = table("fight-sphere")
    out = []
    for player, role in seats(count, players):
        name = draw.name()
        drive = draw.pick((DEATH_WISH, REASON_TO_LIVE))
        data = {"name": name.written}
        if player:
            data["player"] = player
        data |= {
            "role": role,
            "backstory": backstory(draw, name.short),
            "drive": drive,
            "drive_text": fill(draw.pick(t[drive]), short=name.short),
            "weapon": draw.pick(t["weapons"]),
            "conflict_pool": STARTING_POOL,
            "relationships": [],
        }
        out.append((name, data))
    return out


def setup(players: list[str], files: list[str]) -> dict | None:
    """A table holding the Gladiators, so the cast rules are checked too (never written)."""
    return {"name": "Pre-built Gladiators", "players": players, "characters": files} if players else None


DEMO_TABLE = 4
"""The size of the ready table `playaid demo` makes: two players of two Gladiators."""


def ready_table(draw: Drawer, count: int, players: list[str]) -> tuple[list[tuple[Name, dict]], dict]:
    """Players, their Gladiators and the Episodes at the top of Layer 1 (`fight_sphere_table.py`)."""
    from .fight_sphere_table import build  # it builds on this module's characters

    return build(draw, count, players)
