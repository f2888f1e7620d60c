"""Spending success and concession dice: the goal, condition dice, penalty dice, reward dice.

The arithmetic (which die pays, how large a reward die is) is in small pure functions;
`Purse` holds what each side has left to spend, and `Sheets` turns what is bought
into exact changes on the characters' sheets.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

from playaid.systems.play import Change, Step
from .comparing import Rolled
from .documents import Character, Scene, SpendOrder
from .scenes import ContestSide, Prepared


def reward_die(opposing_sizes: Sequence[int]) -> int | None:
    """The third largest die the opposition rolled; with fewer than three, the smallest.

    >>> reward_die([8, 6, 6, 4])
    6
    """
    ordered = sorted(opposing_sizes, reverse=True)
    if not ordered:
        return None
    return ordered[2] if len(ordered) >= 3 else ordered[-1]


def penalty_fits(penalty: int, paying: int) -> bool:
    """A penalty die is the size of the die that pays for it, or smaller."""
    return penalty <= paying


def cheapest_payer(dice: Sequence[Rolled], at_least: int = 0) -> Rolled | None:
    """The smallest die that can pay for something of size `at_least` (any die for 0)."""
    able = [d for d in dice if penalty_fits(at_least, d.size)]
    return min(able, key=lambda d: (d.size, d.value, d.side, d.pool, d.index), default=None)


@dataclass
class Purse:
    """What one side has left to spend: success dice (against anyone) and concession dice."""

    success: list[Rolled] = field(default_factory=list)
    concession: dict[int, list[Rolled]] = field(default_factory=dict)
    """Concession dice by the side they were taken against."""

    def dice(self, against: int | None = None) -> list[Rolled]:
        """Dice usable against side `against` (every die when None)."""
        if against is None:
            return self.success + [d for dice in self.concession.values() for d in dice]
        return self.success + self.concession.get(against, [])

    def spend(self, die: Rolled) -> None:
        if die in self.success:
            self.success.remove(die)
            return
        for dice in self.concession.values():
            if die in dice:
                dice.remove(die)
                return

    def take(self, n: int | None) -> list[Rolled]:
        """`n` dice, the smallest first (larger ones may still buy penalty dice), or every die left."""
        if n is None:
            return self.take_all()
        chosen = sorted(self.dice(), key=lambda d: d.size)[:n]
        for die in chosen:
            self.spend(die)
        return chosen

    def take_all(self) -> list[Rolled]:
        out = self.dice()
        self.success, self.concession = [], {}
        return out


class Sheets:
    """Working copies of the characters' condition and penalty dice, changed one step at a time.

    Every `Change` carries the list as it was and as it becomes, so changes applied in
    order rebuild the sheets exactly.
    """

    def __init__(self) -> None:
        self._lists: dict[tuple[str, str], list[dict[str, Any]]] = {}
        self.changes: list[Change] = []

    def _current(self, c: Character, key: str) -> list[dict[str, Any]]:
        if (c.name, key) not in self._lists:
            self._lists[(c.name, key)] = [
                {"name": x.name, "die": str(x.die), **({"uses": x.uses} if key == "condition_dice" else {})}
                for x in getattr(c, key)]
        return self._lists[(c.name, key)]

    def use_condition(self, c: Character, index: int, text: str) -> None:
        current = self._current(c, "condition_dice")
        uses = current[index]["uses"]
        if uses > 1:
            self.changes.append(Change(c.name, ("condition_dice", index, "uses"), uses, uses - 1, text))
            current[index] = {**current[index], "uses": uses - 1}
        else:
            self._replace(c, "condition_dice", current[:index] + current[index + 1:], text)

    def add(self, c: Character, key: str, entry: dict[str, Any], text: str) -> None:
        self._replace(c, key, self._current(c, key) + [entry], text)

    def remove(self, c: Character, key: str, index: int, text: str) -> None:
        current = self._current(c, key)
        self._replace(c, key, current[:index] + current[index + 1:], text)

    def _replace(self, c: Character, key: str, after: list[dict[str, Any]], text: str) -> None:
        before = self._current(c, key)
        self.changes.append(Change(c.name, (key,), [dict(x) for x in before], [dict(x) for x in after], text))
        self._lists[(c.name, key)] = after


def plural(n: int, word: str) -> str:
    """`plural(2, "success die")` → "2 success dice"; `plural(1, "roll")` → "1 roll"."""
    if n == 1:
        return f"1 {word}"
    return f"{n} " + (word[:-3] + "dice" if word.endswith("die") else word + "s")


def possessive(name: str) -> str:
    return name + ("'" if name.endswith("s") else "'s")


@dataclass
class Spending:
    """What the roll left each side, and where what it buys is written down."""

    scene: Scene
    prepared: Prepared
    purses: dict[int, Purse]
    shown: Callable[[Rolled], str]
    sheets: Sheets
    steps: list[Step] = field(default_factory=list)

    def side(self, name: str) -> int:
        return [s.name.casefold() for s in self.prepared.sides].index(name.casefold())

    def name(self, i: int) -> str:
        return self.prepared.sides[i].name


def spend_dice(spending: Spending, winner: int) -> list[Step]:
    """Spend what the roll left each side, in the order of the rules' text; returns the steps.

    The goal is paid first with the smallest success die (any die buys it), then the
    penalty dice ordered, each with the smallest die large enough; a condition die sought
    takes every success die left; reward dice take every die a side still holds.
    """
    seeking_condition = spending.scene.condition is not None and spending.prepared.target is not None
    if not (seeking_condition and winner == 0):
        pay_goal(spending, winner)
    for order in spending.scene.spend:
        if order.penalty is not None:
            buy_penalty(spending, order)
    if seeking_condition and winner == 0:
        gain_condition(spending)
    for order in spending.scene.spend:
        if order.reward:
            award_reward(spending, order)
    for i, purse in sorted(spending.purses.items()):
        if left := purse.dice():
            spending.steps.append(Step(
                f"{spending.name(i)} keeps {plural(len(left), 'unspent die')}: " + ", ".join(map(spending.shown, left))
                + ". Each may still buy a penalty die of its size or smaller, or a use of a reward die the GM awards.",
                {"side": spending.name(i), "unspent": [d.size for d in left]}))
    return spending.steps


def pay_goal(spending: Spending, winner: int) -> None:
    """The goal costs one success die (the smallest), unless the winner forgoes it."""
    scene, prepared = spending.scene, spending.prepared
    if scene.forgo_goal:
        spending.steps.append(Step(f"{spending.name(winner)} forgoes the goal to spend every success die on other "
                                   "things: a pyrrhic victory, and no other side gets its goal either.",
                                   {"goal": "forgone"}))
        return
    purse = spending.purses[winner]
    die = cheapest_payer(purse.success)
    purse.spend(die)
    goal = scene.goal if winner == 0 else f"stopping {spending.name(0)}: {scene.goal}"
    spending.steps.append(Step(f"{spending.name(winner)} spends {spending.shown(die)} on the goal ({goal}).",
                               {"goal": "paid", "die": die.size}))
    if winner == 0 and prepared.removed is not None:
        c, index = prepared.removed
        pd = c.penalty_dice[index]
        text = f"{possessive(c.name)} penalty die {pd.name} ({pd.die}) is removed."
        spending.sheets.remove(c, "penalty_dice", index, text)
        spending.steps.append(Step(text, {"removed": pd.name}))


def buy_penalty(spending: Spending, order: SpendOrder) -> None:
    """A penalty die on an opponent, paid with a die of its size or larger (the smallest such)."""
    by = spending.side(order.by)
    against, target = _target(order.to, spending.prepared.sides, by)
    name = order.name or f"penalty from {spending.name(by)}"
    what = f"a {order.penalty} penalty die ({name}) for {order.to}"
    die = cheapest_payer(spending.purses[by].dice(against), order.penalty.sides)
    if die is None:
        spending.steps.append(Step(
            f"{spending.name(by)} cannot buy {what}: no success die, nor concession die against "
            f"{spending.name(against)}, of {order.penalty} or larger is left.",
            {"penalty": str(order.penalty), "bought": False}))
        return
    spending.purses[by].spend(die)
    spending.steps.append(Step(f"{spending.name(by)} spends {spending.shown(die)} on {what}.",
                               {"penalty": str(order.penalty), "bought": True, "die": die.size}))
    if target is not None:
        spending.sheets.add(target, "penalty_dice", {"name": name, "die": str(order.penalty)},
                            f"{target.name} carries a {order.penalty} penalty die: {name}.")


def gain_condition(spending: Spending) -> None:
    """The winner of a condition contest gets the target die for one roll per success die left."""
    scene, prepared = spending.scene, spending.prepared
    dice = spending.purses[0].success
    spending.purses[0].success = []
    name = scene.condition.name or scene.goal
    if not dice:
        spending.steps.append(Step(f"{spending.name(0)} has no success die left for the condition die {name}.",
                                   {"condition": str(prepared.target), "uses": 0}))
        return
    spending.steps.append(Step(
        f"{spending.name(0)} spends {plural(len(dice), 'success die')} on the condition die: "
        f"a {prepared.target} ({name}) for {plural(len(dice), 'roll')}.",
        {"condition": str(prepared.target), "uses": len(dice)}))
    if (c := prepared.condition_to) is not None:
        spending.sheets.add(c, "condition_dice", {"name": name, "die": str(prepared.target), "uses": len(dice)},
                            f"{c.name} gains the {prepared.target} condition die {name} for "
                            f"{plural(len(dice), 'roll')}.")


def award_reward(spending: Spending, order: SpendOrder) -> None:
    """A reward die for every die the side has not spent (or the `dice` the GM gives it, splitting
    them among several reward dice), sized by the opposition's third largest die."""
    by = spending.side(order.by)
    dice = spending.purses[by].take(order.dice)
    opposing = [d.rolled_as for i, s in enumerate(spending.prepared.sides) if i != by for p in s.pools for d in p.dice]
    size = reward_die(opposing)
    if not dice or size is None:
        spending.steps.append(Step(f"{spending.name(by)} has no unspent die left: no reward die {order.reward}.",
                                   {"reward": order.reward, "uses": 0}))
        return
    c = spending.prepared.sides[by].characters[0]
    text = (f"{c.name} gains the reward die {order.reward}: a d{size} (the third largest die the opposition "
            f"rolled) for {plural(len(dice), 'roll')}, one per unspent die")
    if order.dice is not None:
        short = f", only {len(dice)} being left" if len(dice) < order.dice else ""
        text += f", {plural(order.dice, 'die')} of them as the GM splits the dice among reward dice{short} " \
                "[contest.reward-split]"
    text += "."
    spending.sheets.add(c, "condition_dice", {"name": order.reward, "die": f"d{size}", "uses": len(dice)}, text)
    spending.steps.append(Step(text, {"reward": order.reward, "die": size, "uses": len(dice)}))


def _target(to: str, sides: Sequence[ContestSide], by: int) -> tuple[int, Character | None]:
    """The side a penalty goes to and the character who carries it (None for the GM's dice)."""
    for i, s in enumerate(sides):
        if i != by and s.name.casefold() == to.casefold():
            return i, (s.characters[0] if s.characters else None)
    for i, s in enumerate(sides):
        for c in s.characters:
            if i != by and c.name.casefold() == to.casefold():
                return i, c
    raise ValueError(f"no opposing side or character {to}")  # the scene check refuses such orders
