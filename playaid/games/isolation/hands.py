"""Drawing one character's red and green dice, open-ended, and saying what they were.

Greens are open-ended upwards (each 6 lets another green die be rolled) and reds
downwards (each 1 forces another red die). Listed dice are taken in the order rolled:
the dice the pool called for, then each extra die as it was earned.
"""

from __future__ import annotations

from dataclasses import dataclass

from playaid.systems.play import Dice
from .interpretation import evens, odds

TRIGGER = {"green": 6, "red": 1}
EXTRA = {"green": "each green 6 adds another green die", "red": "each red 1 forces another red die"}

Reason = tuple[int, str]
"""A number of dice and why the pool has them: (2, "green links with Alice Moreau")."""


@dataclass(frozen=True)
class Rolled:
    """One colour of one character's dice."""

    color: str
    base: tuple[int, ...]
    extra: tuple[int, ...] = ()

    @property
    def faces(self) -> tuple[int, ...]:
        return self.base + self.extra

    @property
    def counted(self) -> tuple[int, ...]:
        """The faces that count: even greens, odd reds."""
        want = 0 if self.color == "green" else 1
        return tuple(d for d in self.faces if d % 2 == want)

    @property
    def count(self) -> int:
        return evens(self.faces) if self.color == "green" else odds(self.faces)


@dataclass(frozen=True)
class Hand:
    """The dice one character rolled in a conflict."""

    who: str
    green: Rolled
    red: Rolled


def pool_label(who: str, color: str) -> str:
    return f"{who}, {color}"


def roll_open_ended(dice: Dice, who: str, color: str, n: int) -> Rolled:
    """`n` dice of `color` for `who`, then every extra die the open ends earn."""
    pool = dice.pool(pool_label(who, color))
    trigger = TRIGGER[color]
    base = pool.take_many(n, f"one of the {n} {color} dice")
    extra: list[int] = []
    owed = base.count(trigger)
    while owed:
        die = pool.take(f"the extra {color} die a {trigger} earns")
        extra.append(die)
        owed += (die == trigger) - 1
    return Rolled(color, tuple(base), tuple(extra))


def roll_hand(dice: Dice, who: str, greens: list[Reason], reds: list[Reason]) -> tuple[Hand, list[str]]:
    """Both colours of one character's dice, with a line saying what each colour came to."""
    hand = Hand(who, roll_open_ended(dice, who, "green", total(greens)),
                roll_open_ended(dice, who, "red", total(reds)))
    return hand, [describe(who, hand.green, greens), describe(who, hand.red, reds)]


def total(reasons: list[Reason]) -> int:
    return sum(n for n, _ in reasons)


def describe(who: str, rolled: Rolled, reasons: list[Reason]) -> str:
    """E.g. "Bob Tanner rolls 4 green dice (2 for …): 4, 3, 1, 6; each green 6 adds another
    green die: 4. Green evens 4, 6, 4: 3."""
    n = len(rolled.base)
    why = ", ".join(f"{k} for {text}" for k, text in reasons if k)
    if not n:
        return f"{who} rolls no {rolled.color} dice."
    head = f"{who} rolls {n} {rolled.color} {'die' if n == 1 else 'dice'}" + (f" ({why})" if why else "")
    text = f"{head}: {faces(rolled.base)}"
    if rolled.extra:
        text += f"; {EXTRA[rolled.color]}: {faces(rolled.extra)}"
    counted = "evens" if rolled.color == "green" else "odds"
    shown = faces(rolled.counted) if rolled.counted else "none"
    return f"{text}. {rolled.color.capitalize()} {counted}: {shown} → {rolled.count}."


def faces(values: tuple[int, ...]) -> str:
    return ", ".join(map(str, values))


def links_reason(n: int, color: str, other: str) -> Reason:
    return n, f"the {color} link with {other}" if n == 1 else f"{color} links with {other}"


def plural(n: int, word: str) -> str:
    """`1 red odd`, `2 red odds`."""
    return f"{n} {word}" if n == 1 else f"{n} {word}s"
