"""An Isolation character: Profession, Descriptors, Bias, Goal and health level.

The text recommends one Profession, three Positive and three Negative Descriptors, one
Bias and one Goal, but leaves other shapes to the table; only the balance of Positive
against Negative Descriptors is a firm limit.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Literal

from playaid.convert import spec
from playaid.language import LANGUAGE_DOC, Language
from playaid.pronouns import Pronouns
from playaid.problems import Problem, warning
from playaid.systems.base import Resolver

Health = Literal["healthy", "injured", "dying", "dead"]
HEALTH_LEVELS: tuple[Health, ...] = ("healthy", "injured", "dying", "dead")
"""In the order a wound moves a character down them."""

RECOMMENDED = {"profession": 1, "positive": 3, "negative": 3, "bias": 1, "goal": 1}
"""The recommended starting character, counted by part."""


@dataclass(frozen=True)
class Character:
    CREATION_ORDER: ClassVar[tuple[str, ...]] = ('name', 'profession', 'positive', 'negative', 'bias', 'goal')
    """Fields made at creation, in the order the rule text makes them."""

    name: str = spec(doc="the character's name")
    profession: str | list[str] = spec("", doc="what the character does for a living; one is recommended")
    positive: list[str] = spec(default_factory=list, doc="Positive Descriptors: likable, helpful traits (three recommended)")
    negative: list[str] = spec(default_factory=list, doc="Negative Descriptors: unlikable traits, hindrances (three recommended)")
    bias: str | list[str] = spec("", doc="what the character is biased towards; one is recommended")
    goal: str | list[str] = spec("", doc="what the character wants in this scenario; one is recommended")
    health: Health = spec("healthy", doc="healthy, injured, dying or dead")
    player: str = spec("", doc="who plays the character; empty for an NPC in the same boat")
    language: Language | None = spec(None, doc=LANGUAGE_DOC)
    pronouns: Pronouns = spec("", doc="the player's pronouns (she/her, they/them …), printed beside their name")
    left: bool = spec(False, doc="the character has left the locale: out of play, its links erased "
                                 "(`playaid event isolation leaves`)")
    notes: str = spec("", doc="anything else")

    def professions(self) -> list[str]:
        return _texts(self.profession)

    def biases(self) -> list[str]:
        return _texts(self.bias)

    def goals(self) -> list[str]:
        return _texts(self.goal)

    def descriptors(self) -> list[str]:
        """What a descriptor link may name: the Descriptors and the Profession, which the
        text calls "essentially a single descriptor"."""
        return self.positive + self.negative + self.professions()

    @property
    def living(self) -> bool:
        """Alive and still in the locale: one who left takes no part, like the dead."""
        return self.health != "dead" and not self.left


def _texts(value: str | list[str]) -> list[str]:
    items = [value] if isinstance(value, str) else value
    return [t for t in (i.strip() for i in items) if t]


def same_text(a: str, b: str) -> bool:
    """Labels and descriptors match whatever their case and spacing."""
    return " ".join(a.split()).casefold() == " ".join(b.split()).casefold()


def check_character(c: Character, resolver: Resolver | None = None) -> list[Problem]:
    problems: list[Problem] = []
    positive, negative = len(c.positive), len(c.negative)
    if positive > 2 * negative:
        # The text only "recommends" the balance, so it warns and --strict can refuse it.
        problems.append(warning(
            "isolation.descriptor-balance",
            f"{positive} Positive Descriptors against {negative} Negative ones: "
            f"the game recommends at most twice as many Positive as Negative Descriptors",
            f"add {(positive + 1) // 2 - negative} Negative Descriptor(s) or drop "
            f"{positive - 2 * negative} Positive one(s)", ("positive",)))
    counts = {"profession": len(c.professions()), "positive": positive, "negative": negative,
              "bias": len(c.biases()), "goal": len(c.goals())}
    off = [f"{counts[part]} {part}" for part, want in RECOMMENDED.items() if counts[part] != want]
    if off:
        first = next(part for part, want in RECOMMENDED.items() if counts[part] != want)
        problems.append(warning(
            "isolation.recommended-shape",
            "the recommended character has 1 profession, 3 positive, 3 negative, 1 bias and 1 goal; "
            "this one has " + ", ".join(off),
            "other shapes are allowed, but keep the cast balanced", (first,)))
    return problems
