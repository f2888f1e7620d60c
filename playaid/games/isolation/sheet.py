"""Isolation sheet: descriptors, bias, goal, health track and the character's own links."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace

from .character import HEALTH_LEVELS, Character
from .relationship_map import RelationshipMap, Setup
from playaid.language import N_, _
from playaid.render.sheets.common import Box, Field, Fitter, Namer, Text, padded, rows


@dataclass(frozen=True)
class LinkRow:
    """Every link with one other character: a row, not one per link, so a table of twelve fits
    one page. Each cell is a form field, filled in from the setup: links change every session."""

    other: Text
    greens: Field
    reds: Field
    labels: Field
    """What each link stands for: `green: Patient / Impatient; red: Stubborn / Arrogant`, in
    words a form's own font holds (a field with a glyph it lacks would print flat)."""


LABEL_CHARS = 58
"""What one line of the "stands for" column holds at the sheet's size; longer wraps."""


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


def _two_lines(f: Field) -> Field:
    """Every row two lines tall, filled or blank: a character alone prints the rows where its
    setup's would stand (a third line only for a very long list)."""
    return f if f.lines > 2 else replace(f, lines=2, pitch_mm=5.5)


def _stress(setup: Setup | None, *, start: bool) -> str:
    if setup is None:
        return ""
    return str(setup.stress_at_start if start and setup.stress_at_start is not None else setup.stress)


_COLOURS = {"green": N_("green"), "red": N_("red")}
_HEALTH = {"healthy": N_("Healthy"), "injured": N_("Injured"), "dying": N_("Dying"), "dead": N_("Dead")}


def build(c: Character | None, name: Namer, fit: Fitter, setup: Setup | None = None) -> IsolationSheet:
    """The sheet of `c` (None: blank); with `setup`, the links that touch `c` are listed."""
    descriptors = rows("isolation", "descriptors")
    held: dict[str, list] = {}
    if c is not None and setup is not None:
        for link in RelationshipMap(setup.links).of(c.name):
            other = next((n for n in link.between if n.casefold() != c.name.casefold()), c.name)
            held.setdefault(other, []).append(link)

    def row(i: int, other: str = "", with_them: list = ()) -> LinkRow:
        count = lambda color: str(sum(link.color == color for link in with_them)) if with_them else ""  # noqa: E731
        said = "; ".join(f"{_(_COLOURS[color])}: " + ", ".join(
            f"{label} x{n}" if n > 1 else label for label, n in
            Counter(link.label or _("(temporary)") for link in with_them if link.color == color).items())
            for color in ("green", "red") if count(color) not in ("", "0"))
        return LinkRow(fit(other, "short", "link"), name.field(f"link{i}_green", count("green")),
                       name.field(f"link{i}_red", count("red")),
                       _two_lines(name.field(f"link{i}_for", said, chars=LABEL_CHARS)))

    links = padded([row(i, other, found) for i, (other, found) in enumerate(held.items())],
                   rows("isolation", "links"), row)
    return IsolationSheet(
        profession=fit(", ".join(_texts(c.profession)) if c else "", "line", "profession"),
        positive=padded([fit(d, "short", "positive descriptor") for d in (c.positive if c else [])],
                        descriptors, lambda i: Text()),
        negative=padded([fit(d, "short", "negative descriptor") for d in (c.negative if c else [])],
                        descriptors, lambda i: Text()),
        bias=fit("; ".join(_texts(c.bias)) if c else "", "line", "bias"),
        goal=fit("; ".join(_texts(c.goal)) if c else "", "line", "goal"),
        health=[name.box(f"health_{h}", bool(c) and c.health == h, _(_HEALTH[h])) for h in HEALTH_LEVELS],
        links=links,
        stress_start=_stress(setup, start=True),
        stress_now=_stress(setup, start=False),
        # A character file alone knows neither: the same rows stay, marked for writing in.
        source=(_("From the setup “%(name)s”.") % {"name": setup.name} if setup is not None
                else _("Stress and links belong to the table's setup: copy them in from the map.")),
        notes=name.notes(c.notes if c else ""),
    )
