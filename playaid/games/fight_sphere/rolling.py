"""Building and throwing one side's Conflict roll, told the way a player follows it.

Shared by conflicts and Gladiatorial Encounters: the background die, the gamble, the
Relationships bought (or brought in by a shared purchase), Judgment Pool dice from
players whose Gladiators are out, and the minimum of one die.
"""

from __future__ import annotations

from typing import Iterable

from playaid.systems.play import Dice, Step
from .arithmetic import RollPlan, ones, plan_roll
from .gladiators import Gladiator
from .ledger import Ledger
from .scenes import JudgmentGamble
from .sphere import same


def relationship_dice(g: Gladiator) -> list[tuple[str, int, int]]:
    """(NPC, dice it adds, conflicts still resting) for each of `g`'s Relationships."""
    return [(r.npc, g.rated(r), r.resting) for r in g.relationships]


def judgment_for(side: str, gambles: Iterable[JudgmentGamble]) -> int:
    return sum(j.dice for j in gambles if same(j.backs, side))


def plan_for(g: Gladiator, *, background: bool, gamble: int, bought: list[str],
             shared: Iterable[str] = (), gambles: Iterable[JudgmentGamble] = ()) -> RollPlan:
    return plan_roll(relationship_dice(g), background=background, gamble=gamble, bought=bought,
                     shared=shared, judgment=judgment_for(g.name, gambles))


def explain_plan(g: Gladiator, plan: RollPlan, bought: list[str]) -> list[Step]:
    """One step per source of dice in `g`'s roll."""
    steps = []
    if plan.background:
        steps.append(Step(f"{g.name}'s backstory is relevant: 1 bonus die.", {"who": g.name, "background": 1}))
    if plan.gamble:
        steps.append(Step(f"{g.name} gambles {plan.gamble} {'die' if plan.gamble == 1 else 'dice'} from the Conflict Pool: kept on a win, lost on a defeat.",
                          {"who": g.name, "gamble": plan.gamble}))
    drive = g.drive.title if g.drive else "drive"
    for npc, n in plan.relationship_dice:
        r = g.relationship(npc)
        paid = any(same(npc, b) for b in bought)
        how = "bought for 1 Conflict Pool die" if paid else "brought in by another Gladiator's purchase, free"
        steps.append(Step(f"{g.name}'s Relationship with {npc} (value {r.value}, rated {n} for a {drive}) is "
                          f"{how}: {n} dice.", {"who": g.name, "relationship": npc, "value": r.value, "dice": n,
                                                "bought": paid}))
    if plan.judgment:
        steps.append(Step(f"Judgment Pool dice gambled on {g.name}: {plan.judgment}.",
                          {"who": g.name, "judgment": plan.judgment}))
    if plan.built < plan.size:
        steps.append(Step(f"{g.name}'s roll comes to {plan.built} dice; every roll has at least one, so 1 die is rolled.",
                          {"who": g.name, "minimum": plan.size}))
    return steps


def throw(dice: Dice, label: str, count: int, why: str) -> tuple[list[int], int, Step]:
    """`count` dice for `label`, their ones, and the step that shows them."""
    values = dice.pool(label).take_many(count, why)
    n = ones(values)
    shown = ", ".join(map(str, values))
    text = f"{label} rolls {count} {'die' if count == 1 else 'dice'}: {shown} — {n} one{'s' if n != 1 else ''}" \
           " (only 1s count)."
    return values, n, Step(text, {"who": label, "dice": values, "ones": n})


def settle_judgment(ledger: Ledger, gambles: Iterable[JudgmentGamble], succeeded: set[str]) -> list[Step]:
    """Judgment dice are lost only when the side they backed succeeds."""
    steps = []
    for j in gambles:
        g = ledger[j.character]
        won = any(same(j.backs, s) for s in succeeded)
        if won:
            ledger.update(g.name, judgment_pool=g.judgment_pool - j.dice)
            steps.append(Step(f"{g.name}'s player backed {j.backs}, who succeeded: the {j.dice} Judgment dice are spent.",
                              {"who": g.name, "judgment_lost": j.dice}))
        else:
            steps.append(Step(f"{g.name}'s player backed {j.backs}, who did not succeed: the {j.dice} Judgment dice "
                              "are kept.", {"who": g.name, "judgment_lost": 0}))
    return steps
