"""Resolving a contest scene: roll every pool, compare high dice, set aside success and
concession dice, spend them, and say so step by step."""

from __future__ import annotations

import random

from playaid.systems.base import Resolver
from playaid.systems.play import Dice, DiceMismatch, Resolution, RollRefused, Step
from playaid.problems import error
from .comparing import Comparison, Concessions, Rolled, compare, concessions
from .dice import LARGEST
from .documents import Scene
from .pools import PoolDie
from .scenes import ContestSide, Prepared, prepare
from .spending import Purse, Sheets, Spending, plural, possessive, spend_dice


def draw(dice: Dice, side: ContestSide, die: PoolDie) -> int:
    """One die of `side`'s pool: the next listed value (checked against the die rolled) or a roll."""
    if not dice.replaying:  # the pool mixes die sizes, so each die says its own
        return dice.pool(side.name, die.rolled_as).take(die.describe(), sides=die.rolled_as)
    pool = dice.pool(side.name, LARGEST)
    value = pool.take(die.describe())
    if value > die.rolled_as:
        raise DiceMismatch(error(
            "roll.dice-value", f"{side.name}: {value} is not a face of the d{die.rolled_as} rolled for {die.describe()}",
            f"a d{die.rolled_as} shows 1 to {die.rolled_as}; list the dice in pool order", pool.path + (pool.taken - 1,)))
    return value


def roll(sides: list[ContestSide], dice: Dice) -> list[list[list[Rolled]]]:
    """Every pool rolled, in pool order."""
    return [[[Rolled(s, p, k, draw(dice, side, die), die.rolled_as) for k, die in enumerate(pool.dice)]
             for p, pool in enumerate(side.pools)] for s, side in enumerate(sides)]


def play(scene: Scene, resolver: Resolver, rng: random.Random) -> Resolution:
    prepared, problems = prepare(scene, resolver)
    errors = [p for p in problems if p.is_error]
    if errors:  # the scene was checked before; this only guards a direct call
        raise RollRefused(errors[0])
    sides = prepared.sides
    listed = any(s.rolled is not None for s in sides)
    dice = Dice.replay_or_roll({s.name: (s.rolled or [], s.path + ("rolled",)) for s in sides} if listed else None, rng)
    rolled = roll(sides, dice)
    dice.finish()
    return resolve(scene, prepared, rolled, replayed=dice.replaying)


def resolve(scene: Scene, prepared: Prepared, rolled: list[list[list[Rolled]]], replayed: bool = False) -> Resolution:
    """The whole contest from rolled dice: pure, so listed dice and random ones read the same."""
    sides = prepared.sides

    def shown(r: Rolled) -> str:
        die = sides[r.side].pools[r.pool].dice[r.index]
        return f"{r.value} ({die.die}, {die.source}" + (f", rolled as a d{die.rolled_as})" if die.substituted else ")")

    steps = _pool_steps(scene, prepared, rolled, shown)
    sheets = Sheets()
    for side in sides:
        for pool in side.pools:
            if pool.condition_used is not None and pool.character is not None:
                cd = pool.character.condition_dice[pool.condition_used]
                text = (f"{pool.character.name} uses one roll of the condition die {cd.name} "
                        f"({cd.uses} → {cd.uses - 1} left" + (", so it is gone)." if cd.uses == 1 else ")."))
                sheets.use_condition(pool.character, pool.condition_used, text)
                steps.append(Step(text, {"condition": cd.name, "uses": cd.uses - 1}))
    comparison = compare(rolled, frozenset(i for i, s in enumerate(sides) if s.substituted))
    steps += _comparison_steps(sides, comparison, shown)
    if comparison.winner is None:
        return Resolution("contest", "true-tie", f"True tie: every die was discarded and no side gets its goal "
                          f"({scene.goal}).", tuple(steps), tuple(sheets.changes), replayed)
    after = concessions(comparison.remaining, comparison.winner)
    steps += _concession_steps(sides, after, shown)
    purses = {i: Purse() for i in range(len(sides))}
    purses[comparison.winner].success = list(comparison.success)
    for c in after.taken:
        purses[c.by].concession.setdefault(c.against, []).extend(c.dice)
    steps += spend_dice(Spending(scene, prepared, purses, shown, sheets), comparison.winner)
    winner = sides[comparison.winner].name
    summary = f"{winner} wins with {plural(len(comparison.success), 'success die')}" + (
        " (a stand-in die's tie compensation)" if comparison.compensated else "")
    summary += "".join(f"; {sides[c.by].name} takes {plural(len(c.dice), 'concession die')} against "
                       f"{sides[c.against].name}" for c in after.taken) + "."
    return Resolution("contest", f"win:{winner}", summary, tuple(steps), tuple(sheets.changes), replayed)


def _pool_steps(scene: Scene, prepared: Prepared, rolled, shown) -> list[Step]:
    steps: list[Step] = []
    if prepared.target is not None:
        why = "the condition die sought" if scene.condition is not None else "the penalty die being removed"
        for side in prepared.sides[1:]:
            if side.replacements:
                steps.append(Step(f"{side.name} may trade up to three dice for the {prepared.target} of {why}: it "
                                  + "; ".join(side.replacements) + ".", {"side": side.name, "target": str(prepared.target)}))
    for side, pools in zip(prepared.sides, rolled):
        for pool, dice in zip(side.pools, pools):
            who = side.name if len(side.pools) == 1 else f"{side.name}: {pool.label}"
            steps.append(Step(f"{who} rolls {plural(len(dice), 'die')}: " + ", ".join(shown(d) for d in dice) + ".",
                              {"side": side.name, "pool": pool.label,
                               "dice": [{"die": str(p.die), "rolled_as": p.rolled_as, "source": p.source,
                                         "value": d.value} for d, p in zip(dice, pool.dice)]}))
    return steps


def _highs(sides: list[ContestSide], highs) -> str:
    return ", ".join(f"{s.name} {h}" + (" (out of dice)" if h == 0 else "") for s, h in zip(sides, highs))


def _comparison_steps(sides: list[ContestSide], comparison: Comparison, shown) -> list[Step]:
    steps: list[Step] = []
    for n, rnd in enumerate(comparison.rounds, 1):
        text = f"Comparison {n}, high dice: {_highs(sides, rnd.highs)}."
        top = max(rnd.highs)
        if rnd.discarded:
            text += (f" Tied at {top}: " + "; ".join(f"{sides[d.side].name} discards {shown(d)}" for d in rnd.discarded)
                     + (" (a pool discards only one die of the tied value; pools on one side never discard "
                        "against each other)." if n == 1 else "."))
        elif comparison.winner is None:
            text += " Every die has been discarded: a true tie, and no side gets its goal."
        elif comparison.compensated:
            w = sides[comparison.winner].name
            text += (f" Tied at {top}, but {w} rolls a smaller physical die in place of a size the table lacks: "
                     f"as compensation {w} wins the tie, with one success die.")
        else:
            text += f" {possessive(sides[comparison.winner].name)} {top} is higher than every other side's: it wins."
        steps.append(Step(text, {"highs": list(rnd.highs), "discarded": [d.value for d in rnd.discarded]}))
    if comparison.winner is not None:
        w = sides[comparison.winner].name
        if comparison.compensated:
            text = f"{possessive(w)} success die: {shown(comparison.success[0])}, set aside."
        else:
            losing = max(h for i, h in enumerate(comparison.rounds[-1].highs) if i != comparison.winner)
            text = (f"Success dice: {possessive(w)} dice higher than {losing}, the best high die of the losing sides: "
                    + ", ".join(shown(d) for d in comparison.success)
                    + f" — {plural(len(comparison.success), 'success die')}, set aside.")
        steps.append(Step(text, {"success": [d.value for d in comparison.success]}))
    return steps


def _concession_steps(sides: list[ContestSide], after: Concessions, shown) -> list[Step]:
    text = f"With the success dice set aside, high dice: {_highs(sides, after.highs)}."
    for a, b in after.ties:
        text += f" {sides[a].name} and {sides[b].name} tie at {after.highs[a]}: resolution between them ends"
        text += ", the tied dice are discarded." if after.highs[a] else "."
    for c in after.taken:
        text += (f" {possessive(sides[c.by].name)} dice higher than {possessive(sides[c.against].name)} "
                 f"{after.highs[c.against]} are "
                 f"concession dice against {sides[c.against].name}: " + ", ".join(shown(d) for d in c.dice) + ".")
    if not after.taken:
        text += " No side takes concession dice."
    return [Step(text, {"highs": list(after.highs), "concessions": [
        {"by": sides[c.by].name, "against": sides[c.against].name, "dice": [d.value for d in c.dice]}
        for c in after.taken]})]
