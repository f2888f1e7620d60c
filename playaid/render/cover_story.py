"""What a packet's cover says the table is about: a premise, a threat, an opening scene.

A convention GM reads the cover first. The setup says what it can (a ready table fills
those fields from the game's tables: Dirt's objective and antagonist, Isolation's locale
and threat); the rest is drawn, seeded by the setup's name so a packet made again says the
same thing. Both halves are data in the game's `data/` folder, read through the registry
(an add-on's as much as ours): `cover.yaml` names the setup fields that tell the premise
and the threat and holds the cover's own lists; `pregen.yaml` holds the lists a ready
table fills those fields from.
"""

from __future__ import annotations

import hashlib
import random
from dataclasses import dataclass

from .. import game_data

COVER = "cover.yaml"
LISTS = "pregen.yaml"


@dataclass(frozen=True)
class Story:
    premise: str
    threat: str
    opening: str
    drawn: tuple[str, ...]
    """Which of the three were drawn rather than read from the setup (the cover says so)."""


def story(system: str, setup) -> Story | None:
    """The cover story of `setup` (a game's setup model); None for a game without cover data."""
    cover = game_data.read(system, COVER)
    if cover is None:
        return None
    draw = random.Random(hashlib.sha256(f"{system}\n{setup.name}".encode()).digest())
    found, drawn = {}, []
    lists = game_data.read(system, LISTS) or {}
    for part in ("premise", "threat", "opening"):
        bits, guessed = [], False
        for key in cover.get(part, []):
            # a field the setup leaves empty is drawn from the list a ready table fills it from
            value = str(getattr(setup, key, "") or "").strip()
            if not value and lists.get(f"{key}s"):
                value, guessed = draw.choice(lists[f"{key}s"]), True
            bits += [value] if value else []
        if not bits:  # nothing in the setup says it: the cover's own list, else the game's
            choices = cover.get(f"{part}s") or lists.get(f"{part}s", [])
            bits, guessed = [draw.choice(choices)] if choices else [], bool(choices)
        found[part] = " — ".join(bits)
        if guessed:
            drawn.append(part)
    return Story(found["premise"], found["threat"], found["opening"], tuple(drawn))
