"""The exact odds of a whole Isolation scene, before its dice are rolled.

The roles, the dice each character rolls and the stances come from the rules core
(`conflict.cast_roles`, the relationship map, the scene's modifiers, `interpretation`),
the same way `playaid roll` builds them. The one roll is read twice: the Active
Player's green evens cancel their red odds in the first pass *and* are pooled in the
second, so we keep them together: for every value of the Active Player's red odds `a`
(which sets every Passive Player's stance), the Active Player's green evens are mixed
with the Passive Players' contributions given `a`.

Free choices: a Passive Player takes the stance the scene declares when the dice allow
it, otherwise the most helpful one (cooperate whenever allowed); a character not asked
is hostile only when declared so. This is what `playaid roll` does with random dice.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

from playaid.dice import Dist
from playaid.documents import Library
from playaid.problems import Problem, error
from .conflict import Scene, cast_roles, chosen_stances
from .interpretation import (best_stance, gm_dice, is_success, may_take, pooled_green_evens,
                                                 stance_margin)
from .procedures import modifiers
from .table import load_table
from .odds_table import MAX_DICE, SYSTEM, degrees_of, green_evens, red_odds
from playaid.odds.tables import Answer, percent


class SceneRefused(Exception):
    """A scene the odds cannot be computed for; `problems` say why."""

    def __init__(self, problems: list[Problem]):
        super().__init__(problems[0].message if problems else "scene refused")
        self.problems = problems


@dataclass(frozen=True)
class Passive:
    name: str
    green: int
    red: int
    only_green: bool
    declared: str | None


@dataclass(frozen=True)
class Plan:
    """How many dice everyone rolls in one conflict, and who opposes."""

    active: str
    green: int
    red: int
    alone: bool
    passives: tuple[Passive, ...]
    hostile_reds: tuple[int, ...]
    """Red dice of characters not asked who are declared hostile."""
    gm: int | None
    defender: tuple[int, int] | None
    """(green, red) of the character acted against, who rolls instead of the GM."""
    automatic: bool


def plan_of(scene: Scene, library: Library, path: str) -> Plan:
    doc = library.documents[-1]
    table = load_table(scene.setup, library.resolver(path, doc))
    if table is None:
        raise SceneRefused(library.problems() or [error("isolation.scene-roles", "the setup cannot be read", "", ())])
    roles, problems = cast_roles(scene, table)
    if roles is None or problems:
        raise SceneRefused(problems)
    links, mods, declared = table.map, modifiers(scene, table), chosen_stances(scene, table)
    stress, living = table.stress, len(table.living)

    def extra(who: str, color: str) -> int:
        return sum(n for n, _ in mods[who, color])

    a = roles.active
    if roles.alone:
        green, red = (scene.difficulty_dice() or 0) + extra(a, "green"), stress + extra(a, "red")
    else:
        green = sum(links.count(a, p, "green") for p in roles.passives) + extra(a, "green")
        red = sum(links.count(a, p, "red") for p in roles.passives) + stress + extra(a, "red")
    passives = tuple(Passive(p, links.count(p, a, "green") + extra(p, "green"), links.count(p, a, "red") + extra(p, "red"),
                             links.count(p, a, "red") == 0, declared.get(p)) for p in roles.passives)
    hostile = tuple(links.count(b, a, "red") + extra(b, "red") for b in roles.bystanders if declared.get(b) == "hostile")
    d = roles.defender
    gm = gm_dice(scene.difficulty_dice() or 0, living, stress) if d is None else None
    defender = None if d is None else (extra(d, "green"), links.count(d, a, "red") + (living - 1) + stress + extra(d, "red"))
    automatic = stress == 0 and not scene.physical and d is None
    return Plan(a, green, red, roles.alone, passives, hostile, gm, defender, automatic)


def _bounded(plan: Plan, scene: Scene, path: str) -> None:
    """Every pool within the typed query's bounds (0 to MAX_DICE of a colour): a scene is no way
    around them, and its modifiers add up (twenty of 50 dice each ran past a minute). Refused
    at the first modifier adding to the pool, where the dice come from."""
    from playaid.odds.scene_roll import NoOdds, bounded, pool_problem

    pools = [(plan.active, "green", plan.green), (plan.active, "red", plan.red),
             *[(p.name, color, getattr(p, color)) for p in plan.passives for color in ("green", "red")],
             *[(None, "red", n) for n in plan.hostile_reds],
             *([(None, "green", plan.defender[0]), (None, "red", plan.defender[1])] if plan.defender else []),
             *([("the GM", "red", plan.gm)] if plan.gm is not None else [])]
    for who, color, dice in pools:
        at = next((("modifiers", i, color) for i, m in enumerate(scene.modifiers) if getattr(m, color)
                   and (who is None or str(m.who).casefold() == who.casefold())), ())
        try:
            bounded(dice, (0, MAX_DICE), f"{who}'s {color} pool" if who else f"an opposing {color} pool", at)
        except NoOdds as exc:
            raise SceneRefused([pool_problem(path, exc)]) from None


def _stance(p: Passive, margin: int) -> str:
    best = best_stance(margin, p.only_green)
    return p.declared if p.declared and may_take(p.declared, best) else best  # type: ignore[arg-type]


def _contribution(p: Passive, active_odds: int) -> Dist:
    """What a Passive Player adds to the pooled green evens given the Active Player's red
    odds: their evens if cooperative, minus their red odds if hostile, else nothing."""
    counts: dict[int, int] = {}
    ge, ro = green_evens(p.green), red_odds(p.red)
    for e, we in ge.items():
        for o, wo in ro.items():
            st = _stance(p, stance_margin(e - o, active_odds))
            x = e if st == "cooperative" else -o if st == "hostile" else 0
            counts[x] = counts.get(x, 0) + we * wo
    return Dist.of(counts, ge.total * ro.total)


def degrees(plan: Plan) -> tuple[dict[str, Fraction], Fraction]:
    """P(each degree) of the planned conflict, and a bound on the dropped tails."""
    if plan.automatic:
        return {d: Fraction(int(d == "basic-success")) for d in degrees_of(Dist.constant(2))}, Fraction(0)
    evens, odds = green_evens(plan.green), red_odds(plan.red)
    used = [evens, odds]
    cancel = Dist.constant(0)
    for n in plan.hostile_reds:
        cancel = cancel + red_odds(n).map(lambda o: -o)
        used.append(red_odds(n))
    # Weights of (Active Player's green evens, their first-pass red odds).
    by_odds: dict[int, dict[int, int]] = {}
    for e, we in evens.items():
        for o, wo in odds.items():
            a = 0 if plan.alone else max(0, o - e)  # the first pass: red odds less green evens, never below 0
            x = e - o if plan.alone else e  # alone, the actor's own red odds cancel their evens
            row = by_odds.setdefault(a, {})
            row[x] = row.get(x, 0) + we * wo
    parts = []
    for a, row in by_odds.items():
        pre = Dist.of(row, evens.total * odds.total) + cancel
        for p in plan.passives:
            pre = pre + _contribution(p, a)
        parts.append(pre)
    for p in plan.passives:
        used += [green_evens(p.green), red_odds(p.red)]
    pooled = _sum(parts).map(lambda v: pooled_green_evens(v, 0))
    if plan.defender is None:
        opposition = red_odds(plan.gm or 0)
    else:
        g, r = plan.defender
        opposition = red_odds(r).joint(green_evens(g), lambda o, e: max(0, o - e))
        used += [red_odds(r), green_evens(g)]
    used.append(opposition)
    net = pooled.joint(opposition, lambda x, y: x - y)
    return degrees_of(net), sum((d.dropped for d in used), Fraction(0))


def _sum(parts: list[Dist]) -> Dist:
    """Add distributions of disjoint cases that share one total."""
    counts: dict[int, int] = {}
    for d in parts:
        for v, w in d.items():
            counts[v] = counts.get(v, 0) + w
    return Dist.of(counts, parts[0].total)


def scene_answer(path: str) -> Answer:
    """The odds of the scene at `path`, in words and as data."""
    library = Library()
    doc = library.load(path)
    problems = [p for p in library.problems() if p.is_error]
    if problems:
        raise SceneRefused(problems)
    if doc.kind != "scene" or doc.system is None or doc.system.id != SYSTEM:
        raise SceneRefused([error("odds.not-an-isolation-scene", "this is not an Isolation scene",
                                  "give a file with `system: isolation` and `kind: scene`").at(doc.name, 1, 1)])
    if doc.model.type == "link-roll":
        from .odds_links import link_roll_answer

        return link_roll_answer(path, SceneRefused)
    if doc.model.type != "conflict":
        what = f"an event without dice (`type: {doc.model.type}`): its outcome is certain"
        raise SceneRefused([error("odds.not-an-isolation-scene", f"this scene is {what}, not a conflict",
                                  "give a conflict scene").at(doc.name, 1, 1)])
    plan = plan_of(doc.model, library, path)
    _bounded(plan, doc.model, path)
    probs, bound = degrees(plan)
    success = sum((p for d, p in probs.items() if is_success(d)), Fraction(0))
    who = ", ".join(f"{p.name} ({p.green} green, {p.red} red)" for p in plan.passives) or "no one"
    against = f"{plan.defender[1]} red dice of the one acted against" if plan.defender else f"the GM's {plan.gm} red dice"
    lines = [f"{Path(path).name}: {plan.active} has a {percent(success)} chance to succeed.",
             f"{plan.active} rolls {plan.green} green and {plan.red} red dice"
             + (" alone" if plan.alone else f", persuading {who}") + f", against {against}; "
             "each Passive Player takes the declared stance when allowed, otherwise the most helpful one "
             "the dice allow.",
             *[f"  {d.replace('-', ' ')}: {percent(p)}" for d, p in probs.items()]]
    if plan.automatic:
        lines.append("Stress 0 and nothing threatens: no roll, a Basic Success.")
    return Answer(SYSTEM, tuple(lines), {"scene": Path(path).name, "degrees": probs, "outcomes": probs,
                                         "success": success,
                                         "error_bound": bound, "assumption": "cooperate whenever allowed, "
                                         "declared stances kept when the dice allow them"})
