"""Dice read one at a time into a small state: the evaluator as a state machine.

Symbol dice (the Spiral die) and rules that look at a whole roll at once (Improbable
Success: "every die shows two Hits") need more than a sum. `fold` walks the dice one by
one, keeping only the ways of reaching each state, so the work grows with the number of
states, not with the number of rolls (12⁶ for six Spiral dice).
"""

from __future__ import annotations

from typing import Callable, Hashable, Mapping, Sequence, TypeVar

S = TypeVar("S", bound=Hashable)
F = TypeVar("F")


def fold(faces: Sequence[F], n: int, start: S, step: Callable[[S, F], S]) -> dict[S, int]:
    """Ways of ending in each state after `n` dice, each face of `faces` equally likely.

    The ways add up to len(faces)**n.

    >>> fold([0, 1], 2, 0, lambda s, f: s + f)
    {0: 1, 1: 2, 2: 1}
    """
    states: dict = {start: 1}
    for _ in range(n):
        states = advance(states, faces, step)
    return states


def advance(states: Mapping[S, int], faces: Sequence[F], step: Callable[[S, F], S],
            rolls: Callable[[S], bool] = lambda s: True) -> dict[S, int]:
    """One more die for every state where `rolls(state)`; the others stay, their ways
    multiplied by the faces so every state keeps the same denominator."""
    sides = len(faces)
    out: dict = {}
    for state, ways in states.items():
        if rolls(state):
            for face in faces:
                nxt = step(state, face)
                out[nxt] = out.get(nxt, 0) + ways
        else:
            out[state] = out.get(state, 0) + ways * sides
    return out
