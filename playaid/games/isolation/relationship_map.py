"""The relationship map: red and green links between pairs of characters, and the table
(setup) that holds it with the cast and the Stress Level.

Labelled links are permanent (descriptors, biases, goals, injuries, and whatever play
adds between sessions); unlabelled links are the temporary ones that conflicts form
and cancel.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable, Literal

from playaid.convert import spec
from .character import Character, same_text

Color = Literal["green", "red"]
LinkKind = Literal["descriptor", "bias", "goal", "injury", "story"]
INJURY_LABELS = ("Injured", "Dying")
"""The labels of the red links a wound adds, in the order a character takes them."""


@dataclass(frozen=True)
class Link:
    between: list[str] = spec(doc="the two characters the link joins, by name", cast=True)
    color: Color = spec(doc="green: a reason to like each other; red: a reason to hate each other")
    kind: LinkKind | None = spec(None, doc="descriptor, bias, goal, injury or story (added in play); "
                                           "left out, it follows from the label")
    label: str = spec("", doc="what the link stands for; unlabelled links are temporary")

    @property
    def labelled(self) -> bool:
        return bool(self.label.strip())

    @property
    def temporary(self) -> bool:
        return not self.labelled

    def kind_of(self) -> str:
        """The declared kind, or what the label says: none → temporary, Injured/Dying → injury."""
        if self.kind is not None:
            return self.kind
        if not self.labelled:
            return "temporary"
        return "injury" if self.injury_label() else "story"

    def injury_label(self) -> str | None:
        return next((w for w in INJURY_LABELS if same_text(w, self.label)), None)

    def joins(self, a: str, b: str) -> bool:
        ends = [n.casefold() for n in self.between]
        return sorted(ends) == sorted([a.casefold(), b.casefold()])

    def touches(self, who: str) -> bool:
        return who.casefold() in (n.casefold() for n in self.between)

    def as_yaml(self) -> dict[str, Any]:
        """The link as a setup file writes it, for changes written back to the map."""
        out: dict[str, Any] = {"between": list(self.between), "color": self.color}
        if self.kind is not None:
            out["kind"] = self.kind
        if self.labelled:
            out["label"] = self.label
        return out


@dataclass(frozen=True)
class Setup:
    name: str = spec(doc="the name of the scenario or table")
    characters: list[str | Character] = spec(doc="character files (relative to this file) or inline characters")
    stress: int = spec(doc="the current Stress Level; 1 to 3 at the top of a scenario", minimum=0,
                       rule="isolation.stress-range", hint="the Stress Level is 0 or more")
    stress_at_start: int | None = spec(
        None, doc="the Stress Level at the top of the scenario: written by the first applied roll or event that "
                  "moves `stress`, so sheets print both", minimum=0, rule="isolation.stress-range",
        hint="the Stress Level is 0 or more", played=True)
    links: list[Link] = spec(default_factory=list, doc="the relationship map: every red and green link")
    locale: str = spec("", doc="the small remote place the cast is trapped in")
    threat: str = spec("", doc="what keeps the cast from leaving")
    gm: str = spec("", doc="who runs the game")
    notes: str = spec("", doc="anything else")


class RelationshipMap:
    """Questions about a list of links, asked by characters' names in any case."""

    def __init__(self, links: Iterable[Link]):
        self.links = tuple(links)

    def between(self, a: str, b: str) -> list[Link]:
        return [link for link in self.links if link.joins(a, b)]

    def count(self, a: str, b: str, color: str, *, labelled: bool | None = None) -> int:
        return sum(1 for link in self.between(a, b)
                   if link.color == color and (labelled is None or link.labelled == labelled))

    def of(self, who: str) -> list[Link]:
        return [link for link in self.links if link.touches(who)]


def pairs(names: list[str]) -> list[tuple[str, str]]:
    """Every pair of the given characters, in the order they are listed."""
    return [(a, b) for i, a in enumerate(names) for b in names[i + 1:]]
