"""Sapio sheet: elements, Luck, Injury and Stress boxes (2 / 2 / 1), weapons, advancement cycle."""

from __future__ import annotations

from dataclasses import dataclass

from .harm import BOXES, TN_PENALTY, penalty
from .character import ADVANCEMENT_TYPES, Character, Harm
from playaid.language import N_, _
from playaid.render.sheets.common import Box, Field, Fitter, Namer, Text, padded, rows


@dataclass(frozen=True)
class HarmBox:
    level: str
    field: Field
    penalty: int
    """The TN increase a harm of this level brings."""


@dataclass(frozen=True)
class Track:
    title: str
    boxes: list[HarmBox]
    penalty: str
    """The TN increase the track adds now (only the largest counts), as printed."""


@dataclass(frozen=True)
class Line:
    name: Text
    detail: Text


@dataclass(frozen=True)
class SapioSheet:
    stage: str
    profession: Line
    side_professions: list[Line]
    qualities: list[Text]
    talents: list[Line]
    principle: Text
    worst_impulse: Text
    luck: Field
    injuries: Track
    stresses: Track
    weapons: list[Line]
    cycle: list[Box]
    cycles_done: int
    notes: Field


_LEVELS = {"minor": N_("Minor"), "moderate": N_("Moderate"), "severe": N_("Severe")}
_ADVANCES = {"profession-specialization": N_("Profession specialization"), "side-profession": N_("Side profession"),
             "quality": N_("Quality"), "special-talent": N_("Special talent")}


def _track(title: str, key: str, harms: list[Harm], name: Namer) -> Track:
    boxes = []
    for level, count in BOXES.items():
        held = [h.name for h in harms if h.rank == level]
        for i in range(count):
            boxes.append(HarmBox(_(_LEVELS[level]), name.field(f"{key}_{level}{i}", held[i] if i < len(held) else "", chars=30),
                                 TN_PENALTY[level]))
    now = penalty([h.rank for h in harms if h.rank])
    return Track(_(title), boxes, f"+{now}" if harms else "")


def _cycle(c: Character | None, name: Namer) -> tuple[list[Box], int]:
    """Boxes for the current advancement cycle (each type once), and cycles completed."""
    taken = c.advancement_types() if c else []
    done, left = divmod(len(taken), len(ADVANCEMENT_TYPES))
    current = set(taken[len(taken) - left:]) if left else set()
    return [name.box(f"adv_{t}", t in current, _(_ADVANCES[t])) for t in ADVANCEMENT_TYPES], done


def build(c: Character | None, name: Namer, fit: Fitter, setup: object = None) -> SapioSheet:
    """The sheet of `c` (None: blank)."""
    def prof_line(p, label):
        return Line(fit(p.name, "short", label), fit(", ".join(p.specializations), "line", f"{label} specializations"))

    empty_line = lambda i: Line(Text(), Text())  # noqa: E731 - one-line row factory
    cycle, done = _cycle(c, name)
    return SapioSheet(
        stage=((_("Starting") if c.is_starting else _("Advanced")) if c else ""),
        profession=prof_line(c.profession, "profession") if c else Line(Text(), Text()),
        side_professions=padded([prof_line(p, "side profession") for p in (c.side_professions if c else [])],
                                rows("sapio", "side-professions"), empty_line),
        qualities=padded([fit(q, "short", "quality") for q in (c.qualities if c else [])],
                         rows("sapio", "qualities"), lambda i: Text()),
        talents=padded([Line(fit(t.name, "short", "talent"), fit(t.text, "block", f"talent {t.name}"))
                        for t in (c.talents if c else [])], rows("sapio", "talents"), empty_line),
        principle=fit(c.principle if c else "", "line", "principle"),
        worst_impulse=fit(c.worst_impulse if c else "", "line", "worst impulse"),
        luck=name.field("luck", c.luck if c else ""),
        injuries=_track(N_("Injuries"), "inj", list(c.injuries) if c else [], name),
        stresses=_track(N_("Stresses"), "str", list(c.stresses) if c else [], name),
        weapons=padded([Line(fit(w.name, "line", "weapon"), Text(_(_LEVELS.get(w.level.strip().lower(), w.level.strip().capitalize()))))
                        for w in (c.weapons if c else [])], rows("sapio", "weapons"), empty_line),
        cycle=cycle,
        cycles_done=done,
        notes=name.notes(c.notes if c else ""),
    )
