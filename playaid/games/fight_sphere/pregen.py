"""Pre-built Fight Sphere Gladiators: a backstory of 50 to 100 words, a drive, a weapon.

Every Gladiator starts with a Conflict Pool of 5 and no Relationships (they are won in
play). With named players each makes at least two Gladiators, one of them the player's
own (`role: pc`), the rest NPCs the GM plays, as the setup rules require.
"""

from __future__ import annotations

from .gladiators import BACKSTORY_WORDS, DEATH_WISH, REASON_TO_LIVE, STARTING_POOL
from playaid.pregen.draw import Drawer, Name, PregenError, fill, fits_table, table

PER_PLAYER = 2
SENTENCES = {part: ("short", "years") for part in ("past", "known_for", "taken", "since")} | {
    DEATH_WISH: ("short",), REASON_TO_LIVE: ("short",)}
"""The entries of the game's table (`data/pregen.yaml`) that are sentences, and the
placeholders each may hold."""


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


# Ready tables (`playaid pregen fight-sphere --table`): a table at the top of Layer 1,
# its players, their Gladiators, the Episodes.
#
# Rule text 000: "each player makes up two (or more, for longer games) Gladiators. One
# Gladiator will be the player's own character. The other(s) will become NPCs." Without
# named players a table of N Gladiators seats N // 2 players (`Player 1` …), 8 at most.
#
# The Episode plan: the players' Gladiators are split into Episodes of one or two PCs,
# and the NPC Gladiators are dealt round them, so every Episode holds a PC and at least
# one NPC ("There must always be at least two Gladiators in an episode, even if one of
# them is an NPC") and every Gladiator is in exactly one Episode.
#
# Each Episode gets a community of The Sphere's people (the GM's prep), and each
# Gladiator starts with a Relationship with one of its people, at the value the text
# gives a new Relationship: "a value of two if the character has a Death wish, or zero if
# the character has a Reason To Live".

DEMO_TABLE = 4
"""The size of the ready table `playaid demo` makes: two players of two Gladiators."""

START_VALUE = {DEATH_WISH: 2}
"""A new Relationship's value by drive; a Reason To Live starts at 0."""


def table_players(count: int) -> list[str]:
    """As many players as the Gladiators allow at two each, at most the game's largest table."""
    most = table("fight-sphere")["players"]["max"]
    return [f"Player {i + 1}" for i in range(max(1, min(most, count // PER_PLAYER)))]


def episodes(draw: Drawer, pcs: list[str], npcs: list[str]) -> list[list[str]]:
    """PCs in Episodes of one or two, NPCs dealt round them (there are at least as many NPCs as PCs)."""
    order, plan = draw.shuffled(pcs), []
    while order:
        size = 1 if len(order) == 1 else draw.pick((1, 2))
        plan.append(order[:size])
        order = order[size:]
    for i, npc in enumerate(draw.shuffled(npcs)):
        plan[i % len(plan)].append(npc)
    return plan


def ready_table(draw: Drawer, count: int, players: list[str]) -> tuple[list[tuple[Name, dict]], dict]:
    """Players, their Gladiators and the Episodes, as the section above tells."""
    fits_table(count, table("fight-sphere")["table"],
               "a Fight Sphere table holds {low} to {high} Gladiators (two or more per player)")
    players = players or table_players(count)
    t = table("fight-sphere")
    made = characters(draw, count, players)
    pcs = [data["name"] for _, data in made if data["role"] == "pc"]
    plan = episodes(draw, pcs, [data["name"] for _, data in made if data["role"] == "npc"])
    communities = draw.sample(t["communities"], len(plan)) if len(plan) <= len(t["communities"]) else \
        [draw.pick(t["communities"]) for _ in plan]
    episode_of = {name: k for k, members in enumerate(plan) for name in members}
    notes = []
    for k, (members, place) in enumerate(zip(plan, communities), 1):
        notes.append(f"Episode {k} ({', '.join(members)}): {place['name']}, {place['what']}.")
    for _, data in made:
        place = communities[episode_of[data["name"]]]
        npc = f"{draw.given_name()}, {draw.pick(place['people'])} of {place['name']}"
        data["relationships"] = [{"npc": npc, "value": START_VALUE.get(data["drive"], 0)}]
    return made, {"name": draw.pick(t["games"]), "players": players, "layer": 1,
                  "episodes": plan, "notes": " ".join(notes)}
