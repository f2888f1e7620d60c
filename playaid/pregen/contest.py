"""Pre-built characters for asset-dice contests.

Four attributes take the dice of the table's attribute spread in a drawn order; two
skills, one relationship with someone named on the spot (who they are goes in the notes), gear, one aspect (a d6 when
invoked) and one background (a d3 stand-in). No condition or penalty dice yet.
"""

from __future__ import annotations

from .draw import Drawer, Name, fill, table
from .seats import one_each


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
