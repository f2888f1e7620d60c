"""Checking a contest's spending orders before the roll: who may buy what for whom.

Kept apart from building the pools (`scenes.py`) so each stays small; the orders are
judged against the sides as built, and against who is assisting whom.
"""

from __future__ import annotations

from typing import Sequence

from playaid.problems import Problem, error
from .documents import Character, Scene
from .pools import ContestSide
from .rules import die_size_problems


def check_orders(scene: Scene, sides: Sequence[ContestSide], condition_to: Character | None) -> list[Problem]:
    return _spend(scene, list(sides)) + _assistant_penalties(scene, sides, condition_to)


def _spend(scene: Scene, sides: list[ContestSide]) -> list[Problem]:
    problems: list[Problem] = []
    by_name = {s.name.casefold(): s for s in sides}
    for i, order in enumerate(scene.spend):
        at = ("spend", i)

        def bad(message: str, hint: str, key: str = "") -> None:
            problems.append(error("contest.spend", message, hint, at + ((key,) if key else ())))

        spender = by_name.get(order.by.casefold())
        if spender is None:
            bad(f"no side is called `{order.by}`", "the sides are: " + ", ".join(s.name for s in sides), "by")
        if (order.penalty is None) == (not order.reward):
            bad("an order buys either a `penalty` die or a `reward` die", "give one of the two")
        elif order.penalty is not None:
            problems.extend(die_size_problems([(order.penalty, at + ("penalty",))], scene.e_dice, scene.electronic,
                                              "the scene's"))
            targets = {s.name.casefold() for s in sides if s is not spender} | {
                c.name.casefold() for s in sides if s is not spender for c in s.characters}
            if not order.to:
                bad("a penalty die goes to someone", "add `to:` with an opposing side or character")
            elif order.to.casefold() not in targets:
                bad(f"`{order.to}` is not an opposing side or character of {order.by}",
                    "name a side or character on another side", "to")
        elif spender is not None and not spender.characters:
            bad(f"{spender.name} has no character to hold a reward die", "only a character's side gains a reward die",
                "reward")
        if order.dice is not None and not order.reward:
            problems.append(error("contest.reward-split", "`dice` splits dice among reward dice",
                                  "remove `dice`, or make this a `reward` order", at + ("dice",)))
    return problems + _reward_split(scene)


def _reward_split(scene: Scene) -> list[Problem]:
    """A reward order that takes every die left leaves none for a later one of the same side."""
    problems, taking_all = [], {}
    for i, order in enumerate(scene.spend):
        if not order.reward:
            continue
        side = order.by.casefold()
        if side in taking_all:
            problems.append(error(
                "contest.reward-split", f"reward die {scene.spend[taking_all[side]].reward} already takes every die "
                f"{order.by} has left, so {order.reward} would get none",
                f"give `dice:` to spend {i} before it, splitting the dice between the reward dice",
                ("spend", taking_all[side])))
        elif order.dice is None:
            taking_all[side] = i
    return problems


def assistants(scene: Scene, sides: Sequence[ContestSide], condition_to: Character | None) -> list[Character]:
    """The characters of the first side when they seek a condition die for someone who does
    not roll with them: they are assisting, not co-operating."""
    first = sides[0].characters if sides else []
    if scene.condition is None or condition_to is None or any(c is condition_to for c in first):
        return []
    return first


def _assistant_penalties(scene: Scene, sides: Sequence[ContestSide], condition_to: Character | None) -> list[Problem]:
    """"the character doing the assisting is not subject to accumulating penalty dice"."""
    helping = assistants(scene, sides, condition_to)
    if not helping or condition_to is None:
        return []
    names = {sides[0].name.casefold()} | {c.name.casefold() for c in helping}
    who = ", ".join(c.name for c in helping)
    return [error("contest.assist-penalty", f"{who} {'is' if len(helping) == 1 else 'are'} assisting "
                  f"{condition_to.name}, and the character doing the assisting is not subject to accumulating "
                  "penalty dice", "drop this order: no penalty die can be bought against an assistant",
                  ("spend", i, "to"))
            for i, order in enumerate(scene.spend)
            if order.penalty is not None and order.to.casefold() in names]
