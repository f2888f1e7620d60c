"""One check played against the table's state: a one-check scene, or one action of a round.

Rule text 003, "Resolving Actions", "Opposed Check", "Unopposed Check" and "Fighting".
A `Table` keeps the characters as the round began (`start`) and as the rolls leave them
(`now`). "All actions in a round are considered to be performed simultaneously": dice,
opposing and a disruption to spend are read from `start`, so a character dropped earlier in
the round still acts in full; damage builds up in `now`. Every update is a Change for
`--apply`.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from playaid.problems import error
from playaid.systems.play import Change, Dice, Pool, RollRefused, Step
from .models import DIFFICULTY, STATS, Character, Check
from .procedures import DAMAGE_POOL, damage_for_margin, describe_faces, pool_step, roll_check, stat_for_die


@dataclass
class Table:
    start: dict[str, Character]
    now: dict[str, Character] = field(init=False)
    changes: list[Change] = field(default_factory=list)
    spent: set[str] = field(default_factory=set)
    """Characters whose disruption of the round's start has been spent."""
    controlled: set[str] = field(default_factory=set)
    """Characters controlled by a loss in this round."""

    def __post_init__(self) -> None:
        self.now = dict(self.start)

    def get(self, who: str, path: tuple[str, ...]) -> Any:
        value: Any = self.now[who]
        for part in path:
            value = getattr(value, part)
        return value

    def set(self, who: str, path: tuple[str, ...], value: Any, text: str) -> None:
        self.changes.append(Change(who, path, self.get(who, path), value, text))
        self.now[who] = _replaced(self.now[who], path, value)

    def disrupted(self, who: str) -> bool:
        """Disrupted for this check: by the round's start, and not yet spent."""
        return self.start[who].disrupted and who not in self.spent

    def spend(self, who: str) -> None:
        self.spent.add(who)
        if self.now[who].disrupted:
            self.set(who, ("disrupted",), False, f"{who} is no longer disrupted.")


def _replaced(obj: Any, path: tuple[str, ...], value: Any) -> Any:
    inner = value if len(path) == 1 else _replaced(getattr(obj, path[0]), path[1:], value)
    return replace(obj, **{path[0]: inner})


@dataclass(frozen=True)
class Played:
    outcome: str
    summary: str


def may_declare(c: Character, at: tuple, declares: bool = True) -> None:
    """Refuse an action its character may not take now (as the round began): one it
    declares, or (`declares` false) its opposing of an action that is not an attack."""
    if c.incapacitated and declares:
        raise RollRefused(error("dirt.incapacitated", f"{c.name} is incapacitated and may not declare an action",
                                "a stat at 0 stops the character until the damage heals; it may still be the "
                                "target of someone else's action (the second side)", at))
    if c.controlled:
        raise RollRefused(error("dirt.controlled", f"{c.name} is controlled and may only react to attackers this round",
                                "let the character be the second side of someone's attack, or play the round "
                                "without its action; the control ends with this round", at))


def _dice_step(table: Table, who: str, stat: str, applies: str) -> tuple[int, int, list[Step]]:
    c = table.start[who]
    dice, threshold, step = pool_step(c, stat, applies)
    steps = [step]
    if table.now[who].current(stat) != dice:
        steps.append(Step(f"{who} was hurt earlier this round, but all actions in a round are simultaneous: it still "
                          f"rolls the {dice} dice it had as the round began [dirt.simultaneous].",
                          {"character": who, "rule": "dirt.simultaneous"}))
    return dice, threshold, steps


def unopposed(check: Check, who: str, table: Table, source: Dice, tag: str) -> tuple[Played, list[Step]]:
    assert check.stat and check.difficulty
    dice, threshold, steps = _dice_step(table, who, check.stat, check.applies)
    roll = roll_check(source.pool(who + tag), dice, threshold)
    steps.append(Step(f"Dice: {describe_faces(roll)} → {roll.degrees} degree{'s' * (roll.degrees != 1)} of success.",
                      {"faces": list(roll.faces), "degrees": roll.degrees}))
    needed = DIFFICULTY[check.difficulty]
    if table.disrupted(who):
        needed += 1
        steps.append(Step(f"{who} is disrupted: this action needs one more degree ({needed})."))
        table.spend(who)
    ok = roll.degrees >= needed
    label = check.difficulty.replace("-", " ")
    steps.append(Step(f"{label.capitalize()} needs {needed}: {roll.degrees} {'≥' if ok else '<'} {needed} → "
                      f"{'success' if ok else 'failure'}.", {"needed": needed, "success": ok,
                                                             "difficulty": check.difficulty}))
    if check.item is not None:
        steps.append(Step(f"{who} {'has' if ok else 'does not have'} {check.item} after all"
                          + (": it goes on the sheet." if ok else "."), {"item": check.item, "found": ok}))
        items = table.now[who].items
        if ok and check.item.casefold() not in {i.casefold() for i in items}:
            table.set(who, ("items",), [*items, check.item], f"{who} keeps {check.item}.")
    action = f" — {check.action}" if check.action else f" — item check for {check.item}" if check.item else ""
    summary = f"{who}, {label} {check.stat} check{action}: {'success' if ok else 'failure'}"
    return Played("success" if ok else "failure", summary), steps


def opposed(check: Check, names: list[str], table: Table, source: Dice, tag: str) -> tuple[Played, list[Step]]:
    steps: list[Step] = []
    results = []
    for i, (side, who) in enumerate(zip(check.sides, names)):
        c = table.start[who]
        # What decides the outcome besides the dice, for `odds --scene` (odds_scene.py): the
        # degrees the side's action needs to be completed, and whether this is a fight.
        about = {"side": i, "needs": DIFFICULTY[side.difficulty] if side.difficulty else None, "fight": check.fight}
        if check.ambush and i == 1:
            steps.append(Step(f"{who} does not detect the attacker before the attack: ambushed, {who} rolls "
                              "no dice and counts 0 degrees this first round.", {"character": who, "ambushed": True,
                                                                                 "degrees": 0, **about}))
            results.append(0)
            continue
        if i == 1 and c.incapacitated:
            steps.append(Step(f"{who} is incapacitated and may not oppose the action: {who} rolls no dice and "
                              "counts 0 degrees.", {"character": who, "incapacitated": True, "degrees": 0, **about}))
            results.append(0)
            continue
        dice, threshold, more = _dice_step(table, who, side.stat, side.applies)
        steps += more
        roll = roll_check(source.pool(who + tag), dice, threshold)
        got = roll.degrees
        text = f"{who}'s dice: {describe_faces(roll)} → {got} degree{'s' * (got != 1)}."
        lost_first = table.disrupted(who)
        if lost_first:
            # Spent on this action whatever the dice: with no degree rolled there is no
            # first degree to lose, and the disruption does not wait for a later action.
            if got:
                got -= 1
                text += f" Disrupted, so the first degree does not count: {got}."
            else:
                text += " Disrupted: with no degree rolled there is none to lose, and the disruption is spent."
            table.spend(who)
        steps.append(Step(text, {"character": who, "faces": list(roll.faces), "degrees": got,
                                 "lost_first": lost_first, **about}))
        results.append(got)
    (a, b), (first, second) = results, names
    if a == b:
        steps.append(Step(f"Both have {a}: neither action is completed.", {"tie": True}))
        return Played("tie", f"{first} against {second}: a tie, neither succeeds"), steps
    win = 0 if a > b else 1
    winner, loser, margin = names[win], names[1 - win], abs(a - b)
    verdict = f"{winner} has more degrees ({max(a, b)} to {min(a, b)})"
    done = True
    if check.sides[win].difficulty:
        needed = DIFFICULTY[check.sides[win].difficulty]
        done = max(a, b) >= needed
        verdict += f"; the action needs {needed} as an unopposed check, so it is {'completed' if done else 'not completed'}"
    steps.append(Step(verdict + ".", {"winner": winner, "margin": margin, "completed": done}))
    if check.fight:
        steps += damage(table, loser, margin, source.pool(DAMAGE_POOL + tag))
    # Winning without enough degrees stops the other side but does not do the deed.
    outcome = f"win:{winner}" if done else f"win-incomplete:{winner}"
    summary = f"{winner} against {loser}: {winner} wins by {margin}" + ("" if done else ", the action not completed")
    return Played(outcome, summary), steps


def damage(table: Table, target: str, margin: int, pool: Pool) -> list[Step]:
    """What losing a fight by `margin` does to `target`, written into the table."""
    hit = damage_for_margin(margin)
    assert hit is not None
    steps = [Step(f"Losing a fight by {margin}: {target} is {hit.name}"
                  + (" (disrupted)" if hit.name == "disrupted" else " (disrupted, and may only react next round "
                     "[dirt.controlled])" if hit.name == "controlled" else f" — disrupted, controlled, and "
                     f"{hit.stat_rolls} stat point{'s' * (hit.stat_rolls != 1)} lost {hit.lasts}") + ".",
                  {"damage": hit.name})]
    if not table.now[target].disrupted:
        # A disruption spent in this very exchange is gone; the one this loss brings stands.
        again = target in table.spent
        table.set(target, ("disrupted",), True,
                  f"{target} is disrupted" + (" again: the new disruption stands." if again else "."))
    if margin >= 2:
        table.controlled.add(target)
        if not table.now[target].controlled:
            table.set(target, ("controlled",), True, f"{target} is controlled: next round it may only react to "
                                                     "attackers.")
    before = table.now[target]
    lost = dict.fromkeys(STATS, 0)
    for i in range(hit.stat_rolls):
        face = pool.take(f"damage roll {i + 1} of {hit.stat_rolls}")
        stat = stat_for_die(face)
        left = before.current(stat) - lost[stat]
        if left == 0:
            # A stat stops at 0 and the die is not rolled again: the text counts rolls, not points.
            steps.append(Step(f"The narrator rolls {face}: {stat} is already at 0, so this roll costs nothing more.",
                              {"face": face, "stat": stat, "lost": False}))
            continue
        lost[stat] += 1
        steps.append(Step(f"The narrator rolls {face}: {stat} loses a point ({left - 1} left) until the end of the "
                          f"{hit.until} [dirt.lost-until].", {"face": face, "stat": stat, "lost": True,
                                                              "until": hit.until, "rule": "dirt.lost-until"}))
    for stat in STATS:
        if lost[stat]:
            path = ("lost", hit.until, stat)
            was = table.get(target, path)
            table.set(target, path, was + lost[stat], f"{target}: {stat} {before.current(stat)} → "
                      f"{before.current(stat) - lost[stat]} {hit.lasts}.")
    after = table.now[target]
    if after.dead:
        steps.append(Step(f"Every stat of {target} is at 0: {target} is dead.", {"dead": True}))
    elif after.incapacitated:
        steps.append(Step(f"A stat of {target} is at 0: {target} is incapacitated.", {"incapacitated": True}))
    return steps
