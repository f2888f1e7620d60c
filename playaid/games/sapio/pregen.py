"""Pre-built starting characters of The Sapio System.

A starting character: a Main Profession with one Specialization, one Side Profession
(its Specializations come with advancement), two Qualities, one Special Talent, a
Principle, a Worst Impulse and one weapon; no Luck, harm or advancements yet.
"""

from __future__ import annotations

from playaid.pregen.draw import Drawer, Name, table
from playaid.pregen.seats import one_each


def characters(draw: Drawer, count: int, players: list[str]) -> list[tuple[Name, dict]]:
    t = table("sapio")
    out = []
    for player in one_each(count, players):
        name = draw.name()
        profession = draw.pick(t["professions"])
        data = {"name": name.written}
        if player:
            data["player"] = player
        data |= {
            "stage": "starting",
            "profession": {"name": profession["name"], "specializations": [draw.pick(profession["specializations"])]},
            "side_professions": [{"name": draw.pick(t["side_professions"]), "specializations": []}],
            "qualities": draw.sample(t["qualities"], 2),
            "talents": [dict(draw.pick(t["talents"]))],
            "principle": draw.pick(t["principles"]),
            "worst_impulse": draw.pick(t["worst_impulses"]),
            "luck": 0,
            "injuries": [],
            "stresses": [],
            "weapons": [dict(draw.pick(t["weapons"]))],
        }
        out.append((name, data))
    return out


DEMO_TABLE = 3
"""The size of the ready table `playaid demo` makes: small, so its packet renders quickly."""


def ready_table(draw: Drawer, count: int, players: list[str]) -> tuple[list[tuple[Name, dict]], dict]:
    """A party with a setting and a premise (the setup's `setting` and `notes`)."""
    t = table("sapio")
    setting, premise = draw.pick(t["settings"]), draw.pick(t["premises"])
    return characters(draw, count, players), {"name": setting, "setting": setting, "notes": premise}
