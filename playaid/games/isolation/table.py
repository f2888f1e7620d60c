"""The table a conflict is played at: the setup's cast, its map and its Stress Level."""

from __future__ import annotations

from dataclasses import dataclass

from playaid.systems.base import Resolver
from playaid.systems.play import Change
from playaid.systems.cast import resolve_cast
from .relationship_map import RelationshipMap, Setup
from .character import Character


@dataclass(frozen=True)
class Table:
    setup: Setup
    cast: tuple[Character, ...]

    @property
    def stress(self) -> int:
        return self.setup.stress

    def stress_changes(self, stress: int, text: str) -> list[Change]:
        """The Stress Level moved to `stress`; the first move also keeps where the scenario
        started (`stress_at_start`), which sheets print beside the current value."""
        changes = [Change("setup", ("stress",), self.stress, stress, text)]
        if self.setup.stress_at_start is None:
            changes.append(Change("setup", ("stress_at_start",), None, self.stress,
                                     f"the scenario started at Stress Level {self.stress}"))
        return changes

    @property
    def map(self) -> RelationshipMap:
        return RelationshipMap(self.setup.links)

    @property
    def living(self) -> list[Character]:
        return [c for c in self.cast if c.living]

    def character(self, name: str) -> Character | None:
        return next((c for c in self.cast if c.name.casefold() == name.casefold()), None)


def load_table(setup_ref: str, resolver: Resolver) -> Table | None:
    """The table a scene names, or None (the problem is recorded by the resolver)."""
    setup = resolver.resolve(setup_ref, "setup", ("setup",))
    if setup is None:
        return None
    members, _ = resolve_cast(setup.characters, resolver.beside(setup_ref), lambda c, r: [])
    return Table(setup, tuple(m.model for m in members))
