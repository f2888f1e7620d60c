"""The arithmetic of the one roll read twice, with no dice drawn here.

Every function takes counts or die faces and returns counts, so the odds engine and
the sheets can ask the same questions the procedures do. "Always try to get more even
numbers on green dice than odd numbers on red dice."
"""

from __future__ import annotations

from typing import Iterable, Literal

Stance = Literal["cooperative", "neutral", "hostile"]
STANCES: tuple[Stance, ...] = ("hostile", "neutral", "cooperative")
"""From least to most helpful: a character may always move down this list, never up."""

DEGREES = ("complete-failure", "basic-failure", "partial-failure",
           "partial-success", "basic-success", "complete-success")
DEGREE_NAMES = {d: d.replace("-", " ").title() for d in DEGREES}

STRESS_CHANGE = {"complete-success": -2, "basic-success": -1, "basic-failure": 1, "complete-failure": 2}
TEMPORARY_LINKS = {"complete-success": ("green", 2), "basic-success": ("green", 1),
                   "basic-failure": ("red", 1), "complete-failure": ("red", 2)}
"""Unlabelled links a degree forms between the Active Player and the Passive Players."""


def evens(dice: Iterable[int]) -> int:
    return sum(1 for d in dice if d % 2 == 0)


def odds(dice: Iterable[int]) -> int:
    return sum(1 for d in dice if d % 2 == 1)


def link_roll(green: Iterable[int], red: Iterable[int]) -> str:
    """A pair's permanent-link roll: `green` when its green evens beat its red odds, `red`
    when the red odds beat the evens, `even` when neither is more.

    >>> link_roll([2, 4], [1, 3]), link_roll([2], [1, 3]), link_roll([], [])
    ('even', 'red', 'even')
    """
    margin = evens(green) - odds(red)
    return "green" if margin > 0 else "red" if margin < 0 else "even"


def active_red_odds(green: Iterable[int], red: Iterable[int]) -> int:
    """First pass, Active Player: red odds, each green even cancelling one, never below 0.

    >>> active_red_odds([4, 3, 1], [5, 4, 3])
    1
    """
    return max(0, odds(red) - evens(green))


def passive_green_evens(green: Iterable[int], red: Iterable[int]) -> int:
    """First pass, Passive Player: green evens, each red odd cancelling one; may go negative.

    >>> passive_green_evens([3], [3, 5])
    -2
    """
    return evens(green) - odds(red)


def stance_margin(passive_evens: int, active_odds: int) -> int:
    return passive_evens - active_odds


def best_stance(margin: int, only_green_links: bool = False) -> Stance:
    """The most helpful stance the dice allow: 2 or more may cooperate, −2 or less must
    be hostile, neutral between. A pair with no red link at all may always cooperate."""
    if margin >= 2 or only_green_links:
        return "cooperative"
    if margin <= -2:
        return "hostile"
    return "neutral"


def may_take(chosen: Stance, best: Stance) -> bool:
    """Whether a character whose dice allow `best` may choose `chosen` (a downgrade)."""
    return STANCES.index(chosen) <= STANCES.index(best)


def pooled_green_evens(green_evens: int, hostile_red_odds: int) -> int:
    """Second pass: the group's green evens less the hostile red odds, never below 0."""
    return max(0, green_evens - hostile_red_odds)


def active_dice(green_links: Iterable[int], red_links: Iterable[int], stress: int) -> tuple[int, int]:
    """The Active Player's (green, red) dice when asking one or several characters: a die per
    link shared with each one asked, and red dice for the Stress Level once for the whole roll
    ("Add red dice equal to the current Stress Level of the situation"), however many are asked."""
    return sum(green_links), sum(red_links) + stress


def lone_green_dice(difficulty: int | None, against_a_character: bool) -> int:
    """Going it alone: green dice equal to the Difficulty (modifiers come on top). Alone against
    a character "the GM doesn't assign a Difficulty", so no green dice come from it."""
    return 0 if against_a_character else difficulty or 0


def gm_dice(difficulty: int, living: int, stress: int) -> int:
    """Red Dice = Difficulty + Living Characters + Stress Level."""
    return difficulty + living + stress


def defender_dice(red_links: int, living: int, stress: int, red_modifiers: int = 0) -> int:
    """Acting against a character: red links with the Active Player + (living − 1) + Stress + modifiers."""
    return red_links + (living - 1) + stress + red_modifiers


def opposing_red_odds(green: Iterable[int], red: Iterable[int]) -> int:
    """The defender's red odds, each of their green evens cancelling one, never below 0."""
    return max(0, odds(red) - evens(green))


def degree(net: int) -> str:
    """Green evens minus red odds as one of the six degrees.

    >>> degree(0), degree(2), degree(-4)
    ('partial-success', 'basic-success', 'complete-failure')
    """
    if net >= 4:
        return "complete-success"
    if net >= 2:
        return "basic-success"
    if net >= 0:
        return "partial-success"
    if net == -1:
        return "partial-failure"
    if net >= -3:
        return "basic-failure"
    return "complete-failure"


def is_success(deg: str) -> bool:
    return deg.endswith("success")


def stress_after(stress: int, deg: str) -> int:
    """Basic/Complete Success lower the Stress Level by 1/2, Basic/Complete Failure raise it; never below 0."""
    return max(0, stress + STRESS_CHANGE.get(deg, 0))


def wound_levels(net: int) -> int:
    """A failure of a physically threatening conflict deals red odds − green evens wound levels."""
    return max(0, -net)


def temporary_links(opposite: int, earned: int) -> tuple[int, int]:
    """(unlabelled links of the other colour erased, new links added) for `earned` new
    links between a pair already holding `opposite` unlabelled links of the other colour."""
    cancelled = min(opposite, earned)
    return cancelled, earned - cancelled


def share_out(links: int, pairs: int) -> list[int]:
    """A dead character's labelled greens, shared as evenly as they go among `pairs`:
    every pair gets the same share, and any remainder goes one each to the first pairs.

    >>> share_out(5, 3)
    [2, 2, 1]
    """
    if pairs <= 0:
        return []
    share, rest = divmod(links, pairs)
    return [share + (1 if i < rest else 0) for i in range(pairs)]
