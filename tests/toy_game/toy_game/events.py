"""The toy game's one event without dice, found by convention like its sheet and odds: a
character trains, and its number goes up by one, to 5 at most (the toy's own made-up rule).
`playaid event toy train pip.yaml` builds the scene `type: train` and `play` resolves it."""

from __future__ import annotations

from playaid.problems import Problem, error
from playaid.systems.events import Event
from playaid.systems.play import Change, Resolution, Step

EVENTS = (
    Event("train", "a character trains: its number goes up by one, to 5 at most", {"type": "train"},
          who="character", who_help="the character's file", setup=None, example="train pip.yaml"),
)


def check_train(number: int) -> list[Problem]:
    """A character at 5 has nothing left to train."""
    if number >= 5:
        return [error("toy.train", "the number is 5 already, the most it can be", "train another character",
                      ("character",))]
    return []


def train(name: str, number: int) -> Resolution:
    """The number one higher, written on the character's sheet."""
    step = Step(f"{name} trains: number {number} → {number + 1}.", {"number": number + 1})
    change = Change(name, ("number",), number, number + 1, f"{name}: number {number} → {number + 1}")
    return Resolution("toy", "trained", f"{name} trains", (step,), (change,))
