"""The character sheet of The Sapio System: elements, traits, harm and advancement.

Levels of harm and of weapons are kept as the text the player wrote and judged by the
character rules (`sapio.harm-level`, `sapio.weapon-level`), so a misspelt level is
reported together with every other problem of the sheet instead of hiding them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Literal, get_args

from playaid.convert import spec
from playaid.language import LANGUAGE_DOC, Language
from playaid.pronouns import Pronouns

LEVELS = ("minor", "moderate", "severe")
"""Levels of Injuries, Stresses and weapons, mildest first."""

AdvancementType = Literal["profession-specialization", "side-profession", "quality", "special-talent"]
ADVANCEMENT_TYPES: tuple[str, ...] = get_args(AdvancementType)
CycleReward = Literal["change-word", "swap-professions", "change-quality"]


def level_of(text: str) -> str | None:
    """`"Moderate "` → `"moderate"`; None for anything that is not a level."""
    folded = text.strip().casefold()
    return folded if folded in LEVELS else None


@dataclass(frozen=True)
class Profession:
    name: str = spec(doc="one or two words naming a set of skills, e.g. Roof Runner")
    specializations: list[str] = spec(default_factory=list, doc="single skills or topics within it, e.g. Leaping")


@dataclass(frozen=True)
class Talent:
    """A Special Talent; what `roll` plays for it is stated here (one of `tn_cap`, `tn_change`,
    `bonus_dice`, `ignore_injuries`, `hits`, `spares`, `spirals`) or, for the rule text's own examples, taken from
    the game's talent data."""

    name: str = spec(doc="the Special Talent's name, e.g. Hide in Plain Sight")
    text: str = spec("", doc="how it breaks the rules")
    task: str = spec("", doc="the kind of task it applies to, e.g. hiding")
    tn_cap: int | None = spec(None, minimum=1, maximum=5, rule="sapio.talent-effect",
                              doc="for that task the TN is never more than this (1–5)",
                              hint="a TN cap is 1 to 5, e.g. `tn_cap: 4` for \"never more than 4\"")
    tn_change: int | None = spec(None, minimum=-4, maximum=-1, rule="sapio.talent-effect",
                                 doc="for that task the TN is reduced by this much (−1 to −4)",
                                 hint="a Special Talent reduces a TN: write −1 to −4, e.g. `tn_change: -1`")
    bonus_dice: int | None = spec(None, minimum=1, maximum=5, rule="sapio.talent-effect",
                                  doc="bonus dice it adds for that task (1–5)",
                                  hint="a Special Talent adds 1 to 5 bonus dice, usually 1")
    ignore_injuries: int | None = spec(None, minimum=1, maximum=3, rule="sapio.talent-effect",
                                       doc="the TN increase from this many of the character's Injuries is ignored "
                                           "(Usually Bloody: 1, \"a single Injury\")",
                                       hint="a Special Talent ignores the increase of 1 to 3 Injuries, e.g. "
                                            "`ignore_injuries: 1`")
    hits: int | None = spec(None, minimum=1, maximum=3, rule="sapio.talent-effect",
                            doc="automatic Hits it adds to the result for that task (1–3)",
                            hint="a Special Talent adds 1 to 3 automatic Hits, e.g. `hits: 1`")
    spares: int | None = spec(None, minimum=1, maximum=3, rule="sapio.talent-effect",
                              doc="automatic Spares it adds to the result for that task (1–3)",
                              hint="a Special Talent adds 1 to 3 automatic Spares, e.g. `spares: 2`")
    spirals: int | None = spec(None, minimum=1, maximum=3, rule="sapio.talent-effect",
                               doc="automatic Spirals it adds to the result for that task (1–3)",
                               hint="a Special Talent adds 1 to 3 automatic Spirals")
    on_success: bool = spec(False, doc="the automatic Hits, Spares or Spirals come only when the check succeeds "
                                       "(\"one additional Hit if they succeed\")")


@dataclass(frozen=True)
class Harm:
    """One Injury or Stress as written in its box."""

    name: str = spec(doc="one or two words, e.g. Twisted Ankle")
    level: str = spec(doc="minor, moderate or severe")
    rested: int = spec(0, minimum=0, maximum=3650, rule="sapio.heal-rest",
                       doc="days already rested toward its next downgrade (written by `roll --apply`)",
                       hint="a number of days, 0 or more")

    @property
    def rank(self) -> str | None:
        return level_of(self.level)

    def as_yaml(self) -> dict[str, str | int]:
        return {"name": self.name, "level": self.level, **({"rested": self.rested} if self.rested else {})}


@dataclass(frozen=True)
class Weapon:
    name: str = spec(doc="what the weapon is")
    level: str = spec(doc="the base Injury it inflicts: minor, moderate or severe")


@dataclass(frozen=True)
class Advancement:
    """One advancement taken after a consequential session."""

    type: AdvancementType = spec(doc="profession-specialization, side-profession, quality or special-talent")
    gained: str = spec("", doc="what was learned or gained")
    cycle_reward: CycleReward | None = spec(
        None, doc="on the advancement that completes a cycle: change-word, swap-professions or change-quality")
    note: str = spec("", doc="anything else")


@dataclass(frozen=True)
class Character:
    CREATION_ORDER: ClassVar[tuple[str, ...]] = ('name', 'profession', 'side_professions', 'qualities', 'talents', 'principle', 'worst_impulse')
    """Rule text 001, building a starting character: Profession with one Specialization, a Side Profession, two Qualities, one Special Talent; then Principle and Worst Impulse."""
    CREATION_THEN: ClassVar[tuple[str, ...]] = ("advancements",)
    """Asked after the creation order (Enter for none): a character brought in mid-campaign has
    advancements, and the question lists their types, which a newcomer finds nowhere else."""
    CREATION_LEAVES: ClassVar[tuple[str, ...]] = ("side_professions.specializations", "luck_given")
    """Asked of nobody making a character: a Side Profession's Specializations come with advancement,
    and no Luck has been given yet."""

    name: str = spec(doc="the character's name")
    profession: Profession = spec(doc="the Main Profession: two dice when fully applicable, one when partially")
    player: str = spec("", doc="who plays the character")
    language: Language | None = spec(None, doc=LANGUAGE_DOC)
    pronouns: Pronouns = spec("", doc="the player's pronouns (she/her, they/them …), printed beside their name")
    stage: Literal["starting", "advanced"] | None = spec(
        None, doc="`starting` for a new character; without it, a character with advancements is advanced")
    side_professions: list[Profession] = spec(default_factory=list, doc="Side Professions, one die each")
    qualities: list[str] = spec(default_factory=list, doc="adjectives such as Agile; one may be invoked per check")
    talents: list[Talent] = spec(default_factory=list, doc="Special Talents")
    principle: str = spec("", doc="the character's better nature, a word to a phrase")
    worst_impulse: str = spec("", doc="the character's vice, a word to a phrase")
    luck: int = spec(0, minimum=0, rule="sapio.luck", doc="Luck to spend one for one on bonus dice",
                     hint="Luck is a count of points, 0 or more")
    luck_given: int = spec(0, minimum=0, rule="sapio.luck",
                           doc="Luck the GM has given this character this session (`roll --apply` adds each gift; "
                               "set it back to 0 when a session begins)",
                           hint="a count of points given this session, 0 or more")
    injuries: list[Harm] = spec(default_factory=list, doc="physical wounds: 2 Minor, 2 Moderate, 1 Severe box")
    stresses: list[Harm] = spec(default_factory=list, doc="temporary conditions: 2 Minor, 2 Moderate, 1 Severe box")
    weapons: list[Weapon] = spec(default_factory=list, doc="weapons with the base Injury level they inflict")
    advancements: list[AdvancementType | Advancement] = spec(
        default_factory=list, doc="advancements taken after sessions, in order: every type once per cycle")
    notes: str = spec("", doc="anything else")

    @property
    def is_starting(self) -> bool:
        return self.stage == "starting" or (self.stage is None and not self.advancements)

    def advancement_types(self) -> list[str]:
        return [a if isinstance(a, str) else a.type for a in self.advancements]

    def elements(self) -> dict[str, str]:
        """Every element that may be invoked (Professions, Specializations, Qualities),
        folded name → what it is, for looking up what a scene names."""
        found: dict[str, str] = {}
        for i, prof in enumerate([self.profession, *self.side_professions]):
            found.setdefault(prof.name.casefold(), "Profession" if i == 0 else "Side Profession")
            for s in prof.specializations:
                found.setdefault(s.casefold(), f"Specialization of {prof.name}")
        for q in self.qualities:
            found.setdefault(q.casefold(), "Quality")
        return found

    # -- looking up what a scene names (any case) -----------------------------------
    def side_profession(self, name: str) -> Profession | None:
        return _named(self.side_professions, name)

    def talent(self, name: str) -> Talent | None:
        return _named(self.talents, name)

    def weapon(self, name: str) -> Weapon | None:
        return _named(self.weapons, name)

    def harm(self, name: str) -> tuple[str, Harm] | None:
        """The Injury or Stress called `name`, with the field it is kept in."""
        for field in ("injuries", "stresses"):
            found = _named(getattr(self, field), name)
            if found is not None:
                return field, found
        return None


def _named(items, name: str):
    return next((item for item in items if item.name.casefold() == name.strip().casefold()), None)
