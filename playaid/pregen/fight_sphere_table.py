"""A Fight Sphere table at the top of Layer 1: players, their Gladiators, the Episodes.

Rule text 000: "each player makes up two (or more, for longer games) Gladiators. One
Gladiator will be the player's own character. The other(s) will become NPCs." Without
named players a table of N Gladiators seats N // 2 players (`Player 1` …), 8 at most.

The Episode plan: the players' Gladiators are split into Episodes of one or two PCs,
and the NPC Gladiators are dealt round them, so every Episode holds a PC and at least
one NPC ("There must always be at least two Gladiators in an episode, even if one of
them is an NPC") and every Gladiator is in exactly one Episode.

Each Episode gets a community of The Sphere's people (the GM's prep), and each
Gladiator starts with a Relationship with one of its people, at the value the text
gives a new Relationship: "a value of two if the character has a Death wish, or zero if
the character has a Reason To Live".
"""

from __future__ import annotations

from ..systems.fight_sphere.gladiators import DEATH_WISH
from . import fight_sphere
from .draw import Drawer, Name, fits_table, table

START_VALUE = {DEATH_WISH: 2}
"""A new Relationship's value by drive; a Reason To Live starts at 0."""


def default_players(count: int) -> list[str]:
    """As many players as the Gladiators allow at two each, at most the game's largest table."""
    most = table("fight-sphere")["players"]["max"]
    return [f"Player {i + 1}" for i in range(max(1, min(most, count // fight_sphere.PER_PLAYER)))]


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


def build(draw: Drawer, count: int, players: list[str]) -> tuple[list[tuple[Name, dict]], dict]:
    fits_table(count, table("tables")["fight-sphere"]["table"],
               "a Fight Sphere table holds {low} to {high} Gladiators (two or more per player)")
    players = players or default_players(count)
    t = table("tables")["fight-sphere"]
    made = fight_sphere.characters(draw, count, players)
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
