"""Gladiators: who they were, what drives them, their Conflict Pool and Relationships.

Rule text 000, "Character Creation" to "Conflict Pool", and "Relationships". Each
Gladiator starts with a Conflict Pool of 5; Relationships are with non-Gladiator NPCs
and are rated one die higher (Death Wish) or lower (Reason To Live) than written.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Literal

from playaid.convert import spec
from playaid.language import LANGUAGE_DOC, Language, N_
from playaid.pronouns import Pronouns
from playaid.problems import Problem, error, warning

STARTING_POOL = 5
BACKSTORY_WORDS = (50, 100)

DEATH_WISH = "death-wish"
REASON_TO_LIVE = "reason-to-live"
# marked for the catalogs: a sheet prints them in its language (the rules core speaks English)
DRIVE_NAMES = {DEATH_WISH: N_("Death Wish"), REASON_TO_LIVE: N_("Reason To Live")}

State = Literal["active", "last-standing", "knocked-out", "dead"]
"""Active in an Episode; waiting as the Last Man Standing of one; knocked out of it
(a player character away from The Core, back on the next Layer); dead for good."""


class Drive(str):
    """A Death Wish or a Reason To Live, however it is spelled (`Death Wish`, `death-wish`)."""

    DESCRIPTION = "`death-wish` or `reason-to-live`"
    HINT = "a Gladiator has exactly one drive: `death-wish` or `reason-to-live`"
    RULE = "fight-sphere.drive"

    @classmethod
    def parse(cls, text: str) -> "Drive":
        folded = text.casefold().replace("_", "-").replace(" ", "-")
        if folded in DRIVE_NAMES:
            return cls(folded)
        raise ValueError(f"`{text}` is not a drive: a Gladiator has either a Death Wish or a Reason To Live")

    @classmethod
    def json_schema(cls) -> dict:
        return {"enum": list(DRIVE_NAMES), "description": "Death Wish or Reason To Live"}

    @property
    def title(self) -> str:
        return DRIVE_NAMES[str(self)]

    def other(self) -> "Drive":
        return Drive(REASON_TO_LIVE if self == DEATH_WISH else DEATH_WISH)


@dataclass(frozen=True)
class Relationship:
    npc: str = spec(doc="the non-Gladiator NPC the Gladiator has a Relationship with")
    value: int = spec(doc="the value as written; the drive rates it one die higher or lower",
                      minimum=0, rule="fight-sphere.relationship-value",
                      hint="a Relationship below zero is gone: the NPC is dead, insane or out of the game")
    resting: int = spec(0, doc="conflicts left before this Relationship can be used as a modifier again",
                        minimum=0, rule="fight-sphere.relationship-resting",
                        hint="0 when it can be used; after a failed conflict, its value")


def rated(value: int, drive: str) -> int:
    """The dice a Relationship of `value` adds for a Gladiator with `drive`.

    >>> rated(2, "death-wish"), rated(2, "reason-to-live"), rated(0, "reason-to-live")
    (3, 1, 0)
    """
    return value + 1 if drive == DEATH_WISH else max(0, value - 1)


@dataclass(frozen=True)
class Gladiator:
    CREATION_ORDER: ClassVar[tuple[str, ...]] = ('name', 'role', 'backstory', 'drive', 'drive_text', 'weapon')
    """Rule text 000: who the Gladiator was, then a Death Wish or Reason To Live, then the weapon."""

    name: str = spec(doc="the Gladiator's name")
    role: Literal["pc", "npc"] = spec(doc="`pc` for the player's own Gladiator, `npc` for one the GM plays")
    drive: Drive | None = spec(None, doc="`death-wish` or `reason-to-live`")
    player: str = spec("", doc="the player who made this Gladiator")
    language: Language | None = spec(None, doc=LANGUAGE_DOC)
    pronouns: Pronouns = spec("", doc="the player's pronouns (she/her, they/them …), printed beside their name")
    backstory: str = spec("", doc="who the Gladiator was before The Sphere, in 50 to 100 words")
    drive_text: str = spec("", doc="what the Death Wish or Reason To Live is")
    weapon: str = spec("", doc="the weapon the Gladiator woke up beside (no mechanical effect)")
    conflict_pool: int = spec(STARTING_POOL, doc="dice in the Conflict Pool; every Gladiator starts with 5")
    relationships: list[Relationship] = spec(default_factory=list, doc="Relationships with non-Gladiator NPCs")
    state: State = spec("active", doc="active, last-standing, knocked-out or dead")
    judgment_pool: int | None = spec(None, doc="the player's Judgment Pool while the Gladiator cannot take part",
                                     minimum=0, rule="fight-sphere.judgment-pool")
    drive_switched: bool = spec(False, doc="true once the once-per-game drive switch is used")
    previous_drive: Drive | None = spec(None, doc="the drive traded away in the switch")
    notes: str = spec("", doc="anything else")

    @property
    def is_pc(self) -> bool:
        return self.role == "pc"

    @property
    def active(self) -> bool:
        return self.state == "active"

    @property
    def switched(self) -> bool:
        return self.drive_switched or self.previous_drive is not None

    def relationship(self, npc: str) -> Relationship | None:
        for r in self.relationships:
            if r.npc.casefold() == npc.casefold():
                return r
        return None

    def rated(self, relationship: Relationship) -> int:
        """The dice `relationship` adds to this Gladiator's roll (the sheet prints this)."""
        return rated(relationship.value, self.drive or REASON_TO_LIVE)


def check_gladiator(g: Gladiator, resolver=None) -> list[Problem]:
    """Every problem of one Gladiator on its own (the setup checks it against the cast)."""
    problems: list[Problem] = []
    if g.drive is None:
        problems.append(error(
            "fight-sphere.drive", f"{g.name} has neither a Death Wish nor a Reason To Live",
            "add `drive: death-wish` or `drive: reason-to-live`", ()))
    words = len(g.backstory.split())
    low, high = BACKSTORY_WORDS
    if not low <= words <= high:
        problems.append(warning(
            "fight-sphere.backstory", f"the backstory is {words} words; the rules ask for {low} to {high}",
            "write a short summary of who the Gladiator was before The Sphere", ("backstory",)))
    if not g.weapon.strip():
        problems.append(warning(
            "fight-sphere.weapon", f"{g.name} has no weapon", "every Gladiator wakes up beside one: add `weapon:`", ()))
    if g.conflict_pool < 0 and g.state in ("active", "last-standing"):
        problems.append(error(
            "fight-sphere.conflict-pool", f"the Conflict Pool is {g.conflict_pool} but {g.name} is {g.state}",
            "a Conflict Pool below zero means the Gladiator is dead (or, for a PC, knocked out)", ("conflict_pool",)))
    seen: set[str] = set()
    for i, r in enumerate(g.relationships):
        if r.npc.casefold() in seen:
            problems.append(error(
                "fight-sphere.relationship-duplicate", f"{g.name} has two Relationships with {r.npc}",
                "keep one entry per NPC; its value is tracked once", ("relationships", i, "npc")))
        seen.add(r.npc.casefold())
    if g.state == "knocked-out" and not g.is_pc:
        problems.append(error(
            "fight-sphere.state", f"{g.name} is an NPC Gladiator and cannot be knocked out",
            "NPC Gladiators are always dead when defeated: `state: dead`", ("state",)))
    if g.judgment_pool is not None and (g.active or not g.is_pc):
        who = "an NPC Gladiator" if not g.is_pc else "still active"
        problems.append(error(
            "fight-sphere.judgment-pool", f"{g.name} is {who}, so no Judgment Pool is held for it",
            "only a player whose Gladiator is knocked out, Last Man Standing or dead in The Core has one",
            ("judgment_pool",)))
    if g.previous_drive is not None and g.drive is not None and g.previous_drive == g.drive:
        problems.append(error(
            "fight-sphere.drive-switch",
            f"the previous drive and the drive are both {g.drive.title}: that is two switches",
            "a Gladiator may trade its drive once per game; the previous drive is the other one",
            ("previous_drive",)))
    return problems
