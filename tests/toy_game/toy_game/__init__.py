"""Toy Dice, a seventh game made up for the tests and packaged as an add-on is (see
docs/adding-a-game.md): `tests/toy_game/` is its project, this package its folder.

The rules: a character has one number from 2 to 5; a check rolls one to three d6 and counts
the dice under the number (or, for a bold check, over it); one such die is a success. It
touches every piece a game can bring, and nothing outside its folder names it. Its sheet,
odds, pre-built characters and events (`sheet.py`, `odds.py`, `pregen.py`, `events.py`),
`templates/` and `examples/` are found by convention: the declaration below names only what
differs.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from playaid.convert import spec
from playaid.problems import Problem
from playaid.systems.base import GameSystem, Resolver
from playaid.systems.cast import resolve_cast
from playaid.systems.play import Dice, Resolution, Step

from . import events

ID = "toy"
HERE = Path(__file__).parent


@dataclass(frozen=True)
class Character:
    name: str = spec(doc="the character's name")
    number: int = spec(doc="the one number, 2 to 5", minimum=2, maximum=5, rule="toy.number",
                       hint="write a number from 2 to 5")
    player: str = spec("", doc="who plays the character")


@dataclass(frozen=True)
class Setup:
    name: str = spec(doc="the table")
    characters: list[str | Character] = spec(doc="character files or inline characters")


@dataclass(frozen=True)
class Scene:
    character: str = spec(doc="the acting character's file")
    dice: int = spec(1, doc="how many d6, 1 to 3", minimum=1, maximum=3, rule="toy.dice", hint="roll 1 to 3 dice")
    side: Literal["under", "over"] = spec("under", doc="count dice under the number, or over it")
    rolled: list[int] | None = spec(None, doc="the dice rolled at the table, to replay them")
    type: Literal["check", "train"] = spec("check", doc="a check, or train: no dice, the number goes up by one")


RULES = {
    "toy.number": "A character's number is 2 to 5 (error).",
    "toy.dice": "A check rolls 1 to 3 dice (error).",
    "toy.train": "A character trains only while its number is below 5 (error).",
}


def check_character(c: Character, resolver: Resolver) -> list[Problem]:
    # the loader reports a blank name (input.required) and a number out of 2–5 (toy.number):
    # nothing is left for the toy's own rules to say of a character
    return []


def check_setup(s: Setup, resolver: Resolver) -> list[Problem]:
    return resolve_cast(s.characters, resolver, check_character)[1]


def check_scene(s: Scene, resolver: Resolver) -> list[Problem]:
    who = resolver.resolve(s.character, "character", ("character",))
    return events.check_train(who.number) if s.type == "train" and who is not None else []


def counts(faces: list[int], number: int, side: str) -> int:
    return sum(f < number if side == "under" else f > number for f in faces)


def play(scene: Scene, resolver: Resolver, rng: random.Random) -> Resolution:
    who = resolver.resolve(scene.character, "character", ("character",))
    if scene.type == "train":
        return events.train(who.name, who.number)
    listed = {who.name: (scene.rolled, ("rolled",))} if scene.rolled is not None else None
    dice = Dice.replay_or_roll(listed, rng)
    faces = dice.pool(who.name).take_many(scene.dice)
    dice.finish()
    hits = counts(faces, who.number, scene.side)
    outcome = "success" if hits else "failure"
    step = Step(f"{who.name} rolls {', '.join(map(str, faces))} {scene.side} {who.number}: {hits} counting",
                {"faces": faces, "counting": hits})
    return Resolution(ID, outcome, f"{who.name}: {outcome}", (step,), replayed=dice.replaying)


SYSTEM = GameSystem(
    id=ID,
    title="Toy Dice: a game made up for a test",
    summary="one number 2–5; 1–3 d6 counted under (or over) it",
    models={"character": Character, "setup": Setup, "scene": Scene},
    checks={"character": check_character, "setup": check_setup, "scene": check_scene},
    rules=RULES,
    play=play,
    masthead="Toy Dice",
    packet=(("Toy page", "toy_game.sheet:packet_page"),),
)
