"""Isolation sheet: descriptors, bias, goal, health track and the character's own links."""

from __future__ import annotations

from dataclasses import dataclass

from .character import HEALTH_LEVELS, Character
from .relationship_map import RelationshipMap, Setup
from playaid.render.sheets.common import Box, Field, Fitter, Namer, Text, padded, rows


@dataclass(frozen=True)
class LinkRow:
    other: Text
    color: str
    """`green`, `red` or empty; the template draws green solid, red dashed with a cross."""
    kind: str
    label: Text


@dataclass(frozen=True)
class IsolationSheet:
    profession: Text
    positive: list[Text]
    negative: list[Text]
    bias: Text
    goal: Text
    health: list[Box]
    links: list[LinkRow]
    stress_start: str
    stress_now: str
    """Both blank without a setup; equal until play moves the Stress Level."""
    source: str
    """Where stress and links come from: the setup's name, or a note to copy them in by hand."""
    notes: Field


def _texts(value: str | list[str]) -> list[str]:
    return [value] if isinstance(value, str) and value else list(value or [])


def _stress(setup: Setup | None, *, start: bool) -> str:
    if setup is None:
        return ""
    return str(setup.stress_at_start if start and setup.stress_at_start is not None else setup.stress)


def build(c: Character | None, name: Namer, fit: Fitter, setup: Setup | None = None) -> IsolationSheet:
    """The sheet of `c` (None: blank); with `setup`, the links that touch `c` are listed."""
    descriptors = rows("isolation", "descriptors")
    links = []
    if c is not None and setup is not None:
        for link in RelationshipMap(setup.links).of(c.name):
            other = next((n for n in link.between if n.casefold() != c.name.casefold()), c.name)
            links.append(LinkRow(fit(other, "short", "link"), link.color, link.kind_of(),
                                 fit(link.label or "(temporary)", "line", "link label")))
    links = padded(links, rows("isolation", "links"), lambda i: LinkRow(Text(), "", "", Text()))
    return IsolationSheet(
        profession=fit(", ".join(_texts(c.profession)) if c else "", "line", "profession"),
        positive=padded([fit(d, "short", "positive descriptor") for d in (c.positive if c else [])],
                        descriptors, lambda i: Text()),
        negative=padded([fit(d, "short", "negative descriptor") for d in (c.negative if c else [])],
                        descriptors, lambda i: Text()),
        bias=fit("; ".join(_texts(c.bias)) if c else "", "line", "bias"),
        goal=fit("; ".join(_texts(c.goal)) if c else "", "line", "goal"),
        health=[name.box(f"health_{h}", bool(c) and c.health == h, h.title()) for h in HEALTH_LEVELS],
        links=links,
        stress_start=_stress(setup, start=True),
        stress_now=_stress(setup, start=False),
        # A character file alone knows neither: the same rows stay, marked for writing in.
        source=(f"From the setup “{setup.name}”." if setup is not None
                else "Stress and links belong to the table's setup: copy them in from the map."),
        notes=name.notes(c.notes if c else ""),
    )
