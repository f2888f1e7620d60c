"""Games to Play in the Dirt #2: RPG — characters, tables and checks.

Rule text: 003. Three stats (Mental, Physical, Social) of 1–5 dice each, at most 10
in all; a job and a hobby that lower the number a die needs to count.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from ..convert import spec
from ..problems import Problem, error, warning
from .base import GameSystem, Resolver
from .cast import resolve_cast

STATS = ("mental", "physical", "social")
STAT_TOTAL_MAX = 10
DIFFICULTY = {"simple": 1, "average": 2, "difficult": 3, "hard": 4, "nearly-impossible": 5}
"""Degrees of success an unopposed check needs."""

Stat = Literal["mental", "physical", "social"]
Applies = Literal["none", "job", "hobby"]
Difficulty = Literal["simple", "average", "difficult", "hard", "nearly-impossible"]


def _stat(doc: str):
    return spec(doc=doc, minimum=1, maximum=5, rule="dirt.stat-range",
                hint="each stat is a number of dice from 1 to 5")


@dataclass(frozen=True)
class Stats:
    mental: int = _stat("M: dice rolled for thinking, noticing, knowing")
    physical: int = _stat("P: dice rolled for strength, speed, fighting")
    social: int = _stat("S: dice rolled for talking, charming, leading")

    def total(self) -> int:
        return self.mental + self.physical + self.social


@dataclass(frozen=True)
class Character:
    name: str = spec(doc="the character's name")
    stats: Stats = spec(doc="mental, physical and social, 1–5 each, at most 10 in all")
    job: str = spec("", doc="what the character does for a living; 3s count as successes on job checks")
    hobby: str = spec("", doc="a narrower interest; 4s count as successes on hobby checks")
    player: str = spec("", doc="who plays the character")
    items: list[str] = spec(default_factory=list, doc="items and equipment the character keeps")
    notes: str = spec("", doc="anything else")


@dataclass(frozen=True)
class Setup:
    name: str = spec(doc="the name of the story or table")
    characters: list[str | Character] = spec(doc="character files (relative to this file) or inline characters")
    narrator: str = spec("", doc="who narrates")
    setting: str = spec("", doc="where the story happens")
    antagonist: str = spec("", doc="who or what stands against the characters")
    objective: str = spec("", doc="what the characters are after")


@dataclass(frozen=True)
class Side:
    character: str = spec(doc="the character file of this side")
    stat: Stat = spec(doc="the stat the narrator judges fits the action")
    applies: Applies = spec("none", doc="`job` or `hobby` when the action is in line with it")
    dice: list[int] | None = spec(None, doc="the dice physically rolled, rerolled 6s included, to replay them")


@dataclass(frozen=True)
class Scene:
    type: Literal["unopposed", "opposed"] = spec(doc="an unopposed check against a difficulty, or an opposed one")
    action: str = spec("", doc="what is being attempted")
    character: str | None = spec(None, doc="unopposed: the acting character's file")
    stat: Stat | None = spec(None, doc="unopposed: the stat rolled")
    applies: Applies = spec("none", doc="unopposed: `job` or `hobby` when it applies")
    difficulty: Difficulty | None = spec(None, doc="unopposed: simple, average, difficult, hard or nearly-impossible")
    sides: list[Side] = spec(default_factory=list, doc="opposed: the two sides, the actor first")
    fight: bool = spec(False, doc="opposed: the second side is hurt by the margin (damage table)")
    dice: list[int] | None = spec(None, doc="unopposed: the dice physically rolled, to replay them")


def check_character(c: Character, resolver: Resolver | None = None) -> list[Problem]:
    problems: list[Problem] = []
    total = c.stats.total()
    if total > STAT_TOTAL_MAX:
        problems.append(error(
            "dirt.stat-total", f"M + P + S is {total}; it may be at most {STAT_TOTAL_MAX}",
            f"lower the stats by {total - STAT_TOTAL_MAX} in all", ("stats",)))
    for stat in STATS:
        value = getattr(c.stats, stat)
        if 1 <= value < 2:
            problems.append(warning(
                "dirt.stat-low", f"{stat} is {value}: the rules call a stat below 2 unwise",
                "a 2 or 3 gives a fair chance of success", ("stats", stat)))
    for part in ("job", "hobby"):
        if not getattr(c, part).strip():
            problems.append(error(
                "dirt.job-and-hobby", f"the character has no {part}",
                f"add `{part}:` — every character has a job and a hobby", ()))
    return problems


def check_setup(s: Setup, resolver: Resolver) -> list[Problem]:
    members, problems = resolve_cast(s.characters, resolver, check_character)
    players = len(members) + 1  # the narrator plays too
    if members and not 3 <= players <= 6:
        problems.append(warning(
            "dirt.table-size", f"{len(members)} characters and a narrator make {players} players; the game is for 3–6",
            "it may be played with more, but some players may feel left out", ("characters",)))
    return problems


def check_scene(s: Scene, resolver: Resolver) -> list[Problem]:
    problems: list[Problem] = []

    def need(ok: bool, message: str, hint: str, path: tuple) -> None:
        if not ok:
            problems.append(error("dirt.scene-shape", message, hint, path))

    if s.type == "unopposed":
        need(s.character is not None, "an unopposed check needs `character`", "name the acting character's file", ())
        need(s.stat is not None, "an unopposed check needs `stat`", "mental, physical or social", ())
        need(s.difficulty is not None, "an unopposed check needs `difficulty`",
             "simple, average, difficult, hard or nearly-impossible", ())
        need(not s.sides, "an unopposed check has no `sides`", "use `type: opposed` for two sides", ("sides",))
        if s.character:
            resolver.resolve(s.character, "character", ("character",))
    else:
        need(len(s.sides) == 2, f"an opposed check has two sides, not {len(s.sides)}",
             "a character can oppose only one other character's action", ("sides",))
        need(s.character is None and s.stat is None, "an opposed check names its characters under `sides`",
             "move `character` and `stat` into the sides", ())
        for i, side in enumerate(s.sides):
            resolver.resolve(side.character, "character", ("sides", i, "character"))
    return problems


RULES = {
    "dirt.stat-range": "Mental, Physical and Social are each 1 to 5 (error).",
    "dirt.stat-total": "Mental + Physical + Social is at most 10 (error).",
    "dirt.stat-low": "A stat below 2 is unwise (warning).",
    "dirt.job-and-hobby": "Every character has a job and a hobby (error).",
    "dirt.table-size": "The game is for 3–6 players, the narrator included (warning).",
    "dirt.scene-shape": "An unopposed check names one character, a stat and a difficulty; an opposed one two sides (error).",
}

SYSTEM = GameSystem(
    id="dirt",
    title="Games to Play in the Dirt #2: RPG",
    rule_text="003_f37d738b33ab17d7.txt",
    summary="M / P / S 1–5, total at most 10; d6 pools, 5+ (4+ hobby, 3+ job), 6s explode",
    models={"character": Character, "setup": Setup, "scene": Scene},
    checks={"character": check_character, "setup": check_setup, "scene": check_scene},
    rules=RULES,
)
