"""What a procedure changes on the sheets, written down as exact before/after values.

A procedure works on a `Ledger`: fresh copies of the Gladiators and the setup that it
updates as the rules say. At the end the ledger compares them with the originals, so
every Change is derived from the two states and never drifts from what was applied.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from playaid.systems.play import Change
from .gladiators import Gladiator, Relationship
from .sphere import Setup, Sphere

_FIELDS = {"conflict_pool": "Conflict Pool", "state": "state", "judgment_pool": "Judgment Pool",
           "drive": "drive", "drive_switched": "drive switched", "previous_drive": "previous drive"}
_SETUP_FIELDS = {"layer": "Layer", "core": "Core Episode", "episodes": "Episodes", "truces": "truces", "met": "met",
                 "disengaged": "Disengaged Encounters", "removed_npcs": "NPCs removed from the game"}


def _plain(value: Any) -> Any:
    """A value as YAML holds it (drives are text, relationships mappings)."""
    if isinstance(value, Relationship):
        out = {"npc": value.npc, "value": value.value}
        return out | ({"resting": value.resting} if value.resting else {})
    if isinstance(value, list):
        return [_plain(v) for v in value]
    if isinstance(value, str):
        return str(value)
    return value


class Ledger:
    def __init__(self, sphere: Sphere):
        self.sphere = sphere
        self._before = {g.name.casefold(): g for g in sphere.gladiators}
        self._now = dict(self._before)
        self.setup: Setup = sphere.setup

    def __getitem__(self, name: str) -> Gladiator:
        return self._now[name.casefold()]

    def update(self, name: str, **fields: Any) -> Gladiator:
        g = replace(self[name], **fields)
        self._now[name.casefold()] = g
        return g

    def update_setup(self, **fields: Any) -> None:
        self.setup = replace(self.setup, **fields)

    @property
    def gladiators(self) -> list[Gladiator]:
        return list(self._now.values())

    def changes(self) -> tuple[Change, ...]:
        out: list[Change] = []
        for key, before in self._before.items():
            out += _gladiator_changes(before, self._now[key])
        for field, label in _SETUP_FIELDS.items():
            old, new = _plain(getattr(self.sphere.setup, field)), _plain(getattr(self.setup, field))
            if old != new:
                out.append(Change("setup", (field,), old, new, f"setup: {label} {_show(old)} → {_show(new)}"))
        return tuple(out)


def _show(value: Any) -> str:
    if value is None:
        return "none"
    if isinstance(value, list):
        return "[" + ", ".join(_show(v) for v in value) + "]"
    if isinstance(value, dict):
        return f"{value['npc']} {value['value']}" + (f" (resting {value['resting']})" if value.get("resting") else "")
    return str(value).lower() if isinstance(value, bool) else str(value)


def _gladiator_changes(before: Gladiator, after: Gladiator) -> list[Change]:
    who = before.name
    out = []
    for field, label in _FIELDS.items():
        old, new = _plain(getattr(before, field)), _plain(getattr(after, field))
        if old != new:
            out.append(Change(who, (field,), old, new, f"{who}: {label} {_show(old)} → {_show(new)}"))
    old_r, new_r = before.relationships, after.relationships
    if [r.npc for r in old_r] != [r.npc for r in new_r]:
        # One entry added or removed shifts every index after it: write the whole list.
        out.append(Change(who, ("relationships",), _plain(old_r), _plain(new_r),
                          f"{who}: Relationships {_show(_plain(old_r))} → {_show(_plain(new_r))}"))
        return out
    for i, (a, b) in enumerate(zip(old_r, new_r)):
        if a.value != b.value:
            out.append(Change(who, ("relationships", i, "value"), a.value, b.value,
                              f"{who}: Relationship with {a.npc} {a.value} → {b.value}"))
        if a.resting != b.resting:
            out.append(Change(who, ("relationships", i, "resting"), a.resting, b.resting,
                              f"{who}: Relationship with {a.npc} rests {a.resting} → {b.resting} conflict(s)"))
    return out
