"""The arithmetic of a turn outside the fight (rule text 002, "your turn", "End of
turn", the endgame): pure functions of token counts, no words and no sheets."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Mapping

from .models import Tokens

GROUND_DOWN = 10
"""Retirement at which a character is ground down and the endgame begins."""

WAKE_UP = Tokens(retirement=1)
SUBMIT = Tokens(frustration=1)
NOBODY_FIGHTS = Tokens(frustration=1)
BREAKDOWN = Tokens(retirement=1)


def fight_it_out_cost(t: Tokens) -> Tokens:
    """Fighting a frustration out costs Pain equal to the character's Retirement."""
    return Tokens(pain=t.retirement)


def can_pay(t: Tokens, cost: Tokens) -> bool:
    return t.covers(cost)


def breakdown(t: Tokens) -> bool:
    return t.frustration > t.retirement + t.pain


def bed_ridden(t: Tokens) -> bool:
    return t.pain > t.retirement + t.frustration


def trouble(t: Tokens) -> bool:
    return t.retirement > t.frustration + t.pain


def insane(t: Tokens, others: Iterable[Tokens]) -> bool:
    """More Frustration than the other players combined."""
    return t.frustration > sum(o.frustration for o in others)


def dead(t: Tokens, others: Iterable[Tokens]) -> bool:
    """More Pain than the other players combined."""
    return t.pain > sum(o.pain for o in others)


def ground_down(t: Tokens) -> bool:
    return t.retirement >= GROUND_DOWN


def trouble_caused(t: Tokens) -> Tokens:
    """What each other participant of the turn's fight gains from a troublemaker."""
    return Tokens(frustration=t.retirement)


@dataclass(frozen=True)
class Vote:
    """One round of the endgame vote over the statements picked."""

    values: Mapping[int, int]
    """Statement number → the Pain supporting it, for each statement picked."""

    @property
    def true(self) -> int | None:
        """The statement that proves lasting: the single highest value; a tie sinks all."""
        if not self.values:
            return None
        top = max(self.values.values())
        best = [n for n, v in self.values.items() if v == top]
        return best[0] if len(best) == 1 else None

    @property
    def false(self) -> list[int]:
        return [n for n in self.values if n != self.true]
