"""Pre-built characters for asset-dice contests.

Four attributes take the dice of the table's attribute spread in a drawn order; two
skills, one relationship with someone named on the spot (who they are goes in the notes), gear, one aspect (a d6 when
invoked) and one background (a d3 stand-in). No condition or penalty dice yet.
"""

from __future__ import annotations

from playaid.pregen.draw import Drawer, Name, fill, table
from playaid.pregen.seats import one_each

SENTENCES = {"relationships": ("name",)}
"""The entries of `contest.yaml` that are sentences, and the placeholders each may hold."""


def characters(draw: Drawer, count: int, players: list[str]) -> list[tuple[Name, dict]]:
    t = table("contest")
    out = []
    for player in one_each(count, players):
        name = draw.name()
        skills = draw.sample(t["skills"], len(t["skill_dice"]))
        gear = draw.sample(t["gear"], draw.pick(t["gear_count"]))
        data = {"name": name.written}
        if player:
            data["player"] = player
        friend = draw.name().written
        data |= {
            "attributes": dict(zip(t["attributes"], draw.shuffled(t["attribute_dice"]))),
            "skills": dict(zip(skills, t["skill_dice"])),
            "relationships": {friend: draw.pick(t["relationship_dice"])},
            "gear": {g["name"]: g["die"] for g in gear},
            "aspects": [draw.pick(t["aspects"])],
            "backgrounds": [draw.pick(t["backgrounds"])],
            "condition_dice": [],
            "penalty_dice": [],
            "notes": fill(draw.pick(t["relationships"]), name=friend),
        }
        out.append((name, data))
    return out


DEMO_TABLE = 3
"""The size of the ready table `playaid demo` makes: small, so its packet renders quickly."""

NAMES_PER_CHARACTER = 2
"""Full names one character takes from the names table: its relationship is named too."""


def ready_table(draw: Drawer, count: int, players: list[str]) -> tuple[list[tuple[Name, dict]], dict]:
    """A crew (the setup's name) and a premise in `notes`."""
    t = table("contest")
    crew, premise = draw.pick(t["crews"]), draw.pick(t["premises"])
    return characters(draw, count, players), {"name": crew, "notes": premise}
