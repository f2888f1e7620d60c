"""Games to Play in the Dirt #2 — what a character, a table and a check are made of.

Rule text 003. Three stats (Mental, Physical, Social) of 1–5 dice each, at most 10 in
all; a job and a hobby that lower the number a die needs to count.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Literal

from playaid.convert import spec
from playaid.language import LANGUAGE_DOC, Language
from playaid.pronouns import Pronouns

STATS = ("mental", "physical", "social")
STAT_TOTAL_MAX = 10
TABLE_SIZE = (3, 6)
"""Players the game is for, the narrator included."""
DIFFICULTY = {"simple": 1, "average": 2, "difficult": 3, "hard": 4, "nearly-impossible": 5}
"""Degrees of success an unopposed check needs."""

Stat = Literal["mental", "physical", "social"]
Until = Literal["combat", "scene", "session"]
UNTIL = ("combat", "scene", "session")
"""How long a point lost to damage stays lost, shortest first: hurt, injured, wounded."""
Applies = Literal["none", "job", "hobby"]
Difficulty = Literal["simple", "average", "difficult", "hard", "nearly-impossible"]


def _stat(doc: str):
    return spec(doc=doc, minimum=1, maximum=5, rule="dirt.stat-range",
                hint="each stat is a number of dice from 1 to 5")


def _loss(doc: str):
    return spec(0, doc=doc, minimum=0, maximum=5, rule="dirt.reduction-range",
                hint="a stat loses at most all of its points")


@dataclass(frozen=True)
class Stats:
    mental: int = _stat("M: dice rolled for thinking, noticing, knowing")
    physical: int = _stat("P: dice rolled for strength, speed, fighting")
    social: int = _stat("S: dice rolled for talking, charming, leading")

    def total(self) -> int:
        return self.mental + self.physical + self.social


@dataclass(frozen=True)
class Reductions:
    """Points each stat has lost to damage and not yet healed."""

    mental: int = _loss("mental points lost")
    physical: int = _loss("physical points lost")
    social: int = _loss("social points lost")


@dataclass(frozen=True)
class Lost:
    """Points lost to damage, by when they come back: the end of the combat (hurt), of the
    scene (injured) or of the game session (wounded)."""

    combat: Reductions = spec(Reductions(), doc="points lost until the end of the combat (hurt)")
    scene: Reductions = spec(Reductions(), doc="points lost until the end of the scene (injured)")
    session: Reductions = spec(Reductions(), doc="points lost until the end of the game session (wounded)")

    def of(self, stat: str) -> int:
        return sum(getattr(getattr(self, until), stat) for until in UNTIL)


@dataclass(frozen=True)
class Character:
    CREATION_ORDER: ClassVar[tuple[str, ...]] = ('name', 'stats', 'job', 'hobby', 'items')
    """Fields made at creation, in the order the rule text makes them."""

    name: str = spec(doc="the character's name")
    stats: Stats = spec(doc="mental, physical and social, 1–5 each, at most 10 in all")
    job: str = spec("", doc="what the character does for a living; 3s count as successes on job checks")
    hobby: str = spec("", doc="a narrower interest; 4s count as successes on hobby checks")
    player: str = spec("", doc="who plays the character")
    language: Language | None = spec(None, doc=LANGUAGE_DOC)
    pronouns: Pronouns = spec("", doc="the player's pronouns (she/her, they/them …), printed beside their name")
    items: list[str] = spec(default_factory=list, doc="items and equipment the character keeps")
    notes: str = spec("", doc="anything else")
    reductions: Reductions = spec(Reductions(), doc="stat points lost to damage, until the table says they heal")
    lost: Lost = spec(Lost(), doc="stat points lost in fights, by when they come back: combat, scene or session")
    disrupted: bool = spec(False, doc="the next action needs one more degree (or its first degree does not count)")
    controlled: bool = spec(False, doc="lost a fight by 2 or more: the next round it may only react to attackers")

    def points_lost(self, stat: str) -> int:
        return getattr(self.reductions, stat) + self.lost.of(stat)

    def current(self, stat: str) -> int:
        """Dice the character rolls for `stat` now, after damage."""
        return max(0, getattr(self.stats, stat) - self.points_lost(stat))

    @property
    def incapacitated(self) -> bool:
        return any(self.current(s) == 0 for s in STATS)

    @property
    def dead(self) -> bool:
        return all(self.current(s) == 0 for s in STATS)


@dataclass(frozen=True)
class Setup:
    name: str = spec(doc="the name of the story or table")
    characters: list[str | Character] = spec(doc="character files (relative to this file) or inline characters")
    narrator: str = spec("", doc="who narrates")
    setting: str = spec("", doc="where the story happens")
    antagonist: str = spec("", doc="who or what stands against the characters")
    objective: str = spec("", doc="what the characters are after")


@dataclass(frozen=True)
class Written:
    """The dice-less variant: numbers 1–6 written in secret by the player and the narrator."""

    player: list[int] = spec(doc="the player's numbers, one per die, rerolled 6s included")
    narrator: list[int] = spec(doc="the narrator's numbers, as many as the player's")


@dataclass(frozen=True)
class Side:
    character: str = spec(doc="the character file of this side (in a round: the character's name in the setup)")
    stat: Stat = spec(doc="the stat the narrator judges fits the action")
    applies: Applies = spec("none", doc="`job` or `hobby` when the action is in line with it")
    difficulty: Difficulty | None = spec(None, doc="degrees the action needs to be completed when this side wins")
    dice: list[int] | None = spec(None, doc="the dice physically rolled, rerolled 6s included, to replay them")
    written: Written | None = spec(None, doc="dice-less variant: the numbers written instead of rolling")


@dataclass(frozen=True)
class Check:
    """One check: unopposed against a difficulty, or opposed between two sides."""

    type: Literal["unopposed", "opposed"] = spec(doc="an unopposed check against a difficulty, or an opposed one")
    action: str = spec("", doc="what is being attempted")
    character: str | None = spec(None, doc="unopposed: the acting character's file")
    stat: Stat | None = spec(None, doc="unopposed: the stat rolled")
    applies: Applies = spec("none", doc="unopposed: `job` or `hobby` when it applies")
    difficulty: Difficulty | None = spec(None, doc="unopposed: simple, average, difficult, hard or nearly-impossible")
    sides: list[Side] = spec(default_factory=list, doc="opposed: the two sides, the actor first")
    fight: bool = spec(False, doc="opposed: a fight — the side with fewer degrees takes damage by the margin")
    ambush: bool = spec(False, doc="fight, first round: the second side does not detect the attacker and rolls nothing")
    item: str | None = spec(None, doc="unopposed mental check for an item the character would not normally have")
    dice: list[int] | None = spec(None, doc="unopposed: the dice physically rolled, to replay them")
    written: Written | None = spec(None, doc="unopposed, dice-less variant: the numbers written instead of rolling")
    damage_dice: list[int] | None = spec(
        None, doc="fight: the narrator's d6 rolls that pick which stat loses a point, in the order rolled, to replay them")


@dataclass(frozen=True)
class Action(Check):
    """One action of a round: a check whose `character` and sides name the setup's characters."""

    hold: bool = spec(False, doc="the actor holds: it waits until the end of the round to act")


@dataclass(frozen=True)
class Scene(Check):
    type: Literal["unopposed", "opposed", "round", "end"] = spec(  # type: ignore[assignment]
        doc="an unopposed check, an opposed one, a round of several actions (`actions`), or the end of a combat, "
            "scene or session (`ends`)")
    setup: str | None = spec(None, doc="round and end: the table's setup file; a round names its characters by name")
    actions: list[Action] = spec(default_factory=list, doc="round: every action of the round, in turn order")
    ends: Until | None = spec(None, doc="end: what ends — combat, scene or session; points lost until then come back")
