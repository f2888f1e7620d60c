"""Resolving one conflict: the single roll, read first for who works with or against the
Active Player, then for how well the action goes (rule text: "The System" and
"Special Cases").

`resolve_conflict` draws every die from the `Dice` source it is handed and leaves the
counting to `interpretation`, so the same scene replays exactly from listed dice.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ...problems import error
from ..base import Resolver
from ..play import Dice, DiceMismatch, Resolution, Step, listed_pools
from . import interpretation as rules
from .conflict import GM, Roles, Scene, cast_roles, chosen_stances
from .consequences import aftermath
from .hands import (Hand, Reason, Rolled, describe, links_reason, plural, pool_label, roll_hand, roll_open_ended,
                    total)
from .interpretation import DEGREE_NAMES, Stance
from .table import Table, load_table


@dataclass(frozen=True)
class Standing:
    """A Passive Player's first pass: their dice, their net green evens and the stance taken."""

    who: str
    hand: Hand
    evens: int
    margin: int
    best: Stance
    stance: Stance


def play(scene: Scene, resolver: Resolver, rng: random.Random) -> Resolution:
    """Resolve a checked scene, replaying its `dice:` when it lists them."""
    table = load_table(scene.setup, resolver)
    if table is None:
        raise DiceMismatch(error("isolation.scene-roles", "the scene's setup cannot be read", "fix the setup", ("setup",)))
    dice = Dice.listed(listed_dice(scene, table)) if scene.dice is not None else Dice(rng=rng)
    result = resolve_conflict(scene, table, dice)
    dice.finish()
    return result


def listed_dice(scene: Scene, table: Table) -> dict:
    entries = []
    for key, listed in (scene.dice or {}).items():
        c = table.character(key)
        who = c.name if c is not None else GM if key.casefold() == GM.casefold() else key
        for color in ("green", "red"):
            entries.append((pool_label(who, color), getattr(listed, color), ("dice", key, color)))
    return listed_pools(entries)


def resolve_conflict(scene: Scene, table: Table, dice: Dice) -> Resolution:
    roles, problems = cast_roles(scene, table)
    if roles is None:
        raise DiceMismatch(problems[0])
    active, stress, links = roles.active, table.stress, table.map
    steps = [Step(_opening(scene, table, roles), {"stress": stress, "living": len(table.living)})]

    if stress == 0 and not scene.physical and roles.defender is None:
        steps.append(Step("The Stress Level is 0 and nothing threatens the situation: no roll is needed. "
                          "Everyone cooperates or disagrees as they see fit, and the action is a Basic Success.",
                          {"degree": "basic-success", "automatic": True}))
        return _resolution(scene, roles, "basic-success", "no roll at Stress 0", steps, [], dice)

    mods = _modifiers(scene, table)
    difficulty = scene.difficulty_dice()
    if scene.alone:
        greens = [(difficulty or 0, f"Difficulty {difficulty}, going it alone")] + mods[active, "green"]
        reds = [(stress, f"Stress {stress}")] + mods[active, "red"]
    else:
        greens = [links_reason(links.count(active, p, "green"), "green", p) for p in roles.passives] + mods[active, "green"]
        reds = ([links_reason(links.count(active, p, "red"), "red", p) for p in roles.passives]
                + [(stress, f"Stress {stress}")] + mods[active, "red"])
    active_hand, lines = roll_hand(dice, active, greens, reds)
    steps += [Step(t, {"who": active}) for t in lines]
    active_odds = rules.active_red_odds(active_hand.green.faces, active_hand.red.faces)
    if not scene.alone:
        steps.append(Step(f"First pass for {active}: {plural(active_hand.red.count, 'red odd')} − "
                          f"{plural(active_hand.green.count, 'green even')} = {plural(active_odds, 'red odd')} "
                          f"(never below 0).",
                          {"who": active, "red_odds": active_odds}))

    chosen = chosen_stances(scene, table)
    standings = []
    for p in roles.passives:
        standing, texts = _first_pass(scene, dice, p, active, active_odds, mods, links, chosen.get(p))
        standings.append(standing)
        steps += [Step(t, {"who": p}) for t in texts[:-1]]
        steps.append(Step(texts[-1], {"who": p, "green_evens": standing.evens, "margin": standing.margin,
                                      "allowed": standing.best, "stance": standing.stance}))
    stances: dict[str, str] = {s.who: s.stance for s in standings}
    turned: list[Hand] = []
    for b in roles.bystanders:
        stances[b] = chosen.get(b, "neutral")
        if stances[b] == "hostile":
            reds = [links_reason(links.count(b, active, "red"), "red", active)] + mods[b, "red"]
            hand = Hand(b, Rolled("green", ()), roll_open_ended(dice, b, "red", total(reds)))
            turned.append(hand)
            steps.append(Step(f"{b} was not asked and turns hostile: " + describe(b, hand.red, reds), {"who": b}))

    if roles.defender is not None and not scene.alone:
        opposition, text = _defender(dice, roles, table, mods)
    else:
        gm_reasons = [(difficulty or 0, f"Difficulty {difficulty}"), (len(table.living), "living characters"),
                      (stress, f"Stress {stress}")]
        gm = roll_open_ended(dice, GM, "red", rules.gm_dice(difficulty or 0, len(table.living), stress))
        opposition, text = gm.count, describe("The GM", gm, gm_reasons)
    steps.append(Step(text, {"red_odds": opposition}))

    group = [active_hand] + [s.hand for s in standings if s.stance == "cooperative"]
    against = [s.hand for s in standings if s.stance == "hostile"] + turned + ([active_hand] if scene.alone else [])
    green_evens = sum(h.green.count for h in group)
    cancelling = sum(h.red.count for h in against)
    pooled = rules.pooled_green_evens(green_evens, cancelling)
    net = pooled - opposition
    deg = rules.degree(net)
    steps.append(Step(_second_pass(scene, group, against, green_evens, cancelling, pooled),
                      {"green_evens": green_evens, "cancelled": cancelling, "pooled": pooled}))
    steps.append(Step(f"{pooled} green evens − {opposition} red odds = {net:+d}: {DEGREE_NAMES[deg]}.",
                      {"net": net, "degree": deg}))
    more_steps, changes = aftermath(table, roles, stances, deg, net, scene)
    steps += more_steps
    return _resolution(scene, roles, deg, f"{pooled} green evens against {opposition} red odds", steps, changes, dice)


def _first_pass(scene: Scene, dice: Dice, p: str, active: str, active_odds: int,
                mods: "_Mods", links, declared: str | None) -> tuple[Standing, list[str]]:
    greens = [links_reason(links.count(p, active, "green"), "green", active)] + mods[p, "green"]
    reds = [links_reason(links.count(p, active, "red"), "red", active)] + mods[p, "red"]
    hand, lines = roll_hand(dice, p, greens, reds)
    evens = rules.passive_green_evens(hand.green.faces, hand.red.faces)
    margin = rules.stance_margin(evens, active_odds)
    only_green = links.count(p, active, "red") == 0
    best = rules.best_stance(margin, only_green)
    text = (f"First pass for {p}: {plural(hand.green.count, 'green even')} − {plural(hand.red.count, 'red odd')} = "
            f"{evens:+d}; against {active}'s {plural(active_odds, 'red odd')} that makes {margin:+d}, so {p} ")
    text += {"cooperative": "may cooperate", "neutral": "may remain neutral at best",
             "hostile": f"must work against {active}"}[rules.best_stance(margin)]
    if only_green and margin < 2:
        text += f"; but no red link joins {p} and {active}, so {p} is free to cooperate"
    stance: Stance = best
    if declared is not None and rules.may_take(declared, best):  # type: ignore[arg-type]
        stance = declared  # type: ignore[assignment]
    elif declared is not None:
        if dice.replaying:
            key = next(k for k in scene.stances if k.casefold() == p.casefold())
            raise DiceMismatch(error(
                "isolation.stance-not-allowed", f"{p} is declared {declared}, but the dice allow at most {best}",
                "a character may always choose a less helpful stance, never a more helpful one", ("stances", key)))
        text += f"; {p} would choose to be {declared}, which the dice do not allow"
    text += f". {p} is {stance}" + (" (a downgrade)." if stance != best else ".")
    return Standing(p, hand, evens, margin, best, stance), lines + [text]


def _defender(dice: Dice, roles: Roles, table: Table, mods: "_Mods") -> tuple[int, str]:
    d, active = roles.defender, roles.active
    assert d is not None
    reds = [links_reason(table.map.count(d, active, "red"), "red", active),
            (len(table.living) - 1, "the other living characters"), (table.stress, f"Stress {table.stress}")] + mods[d, "red"]
    hand, lines = roll_hand(dice, d, mods[d, "green"], reds)
    odds = rules.opposing_red_odds(hand.green.faces, hand.red.faces)
    return odds, (f"{d} is acted against and rolls instead of the GM. " + " ".join(lines)
                  + f" {plural(hand.red.count, 'red odd')} − {plural(hand.green.count, 'green even')} = "
                    f"{plural(odds, 'red odd')} against the group (never below 0).")


def _second_pass(scene: Scene, group: list[Hand], against: list[Hand], evens: int, cancelling: int, pooled: int) -> str:
    def own(h: Hand) -> str:
        return f"{h.who}'s own red dice" if scene.alone and h is group[0] else h.who

    names = ", ".join(f"{h.who} {h.green.count}" for h in group)
    text = (f"Second pass: green evens of {'the lone actor' if scene.alone else 'the Active Player and those cooperating'}"
            f" ({names}) = {evens}")
    if against:
        text += "; red odds cancelling them (" + ", ".join(f"{own(h)} {h.red.count}" for h in against) + f") = {cancelling}"
    return text + f"; {pooled} green evens count (never below 0)."


class _Mods(dict):
    """Modifier dice by (character, colour), each with why it is there."""

    def __missing__(self, key: tuple[str, str]) -> list[Reason]:
        return []


def _modifiers(scene: Scene, table: Table) -> _Mods:
    mods = _Mods()
    for m in scene.modifiers:
        c = table.character(m.who)
        if c is None:
            continue
        for color in ("green", "red"):
            if getattr(m, color):
                mods.setdefault((c.name, color), []).append(
                    (getattr(m, color), f"a modifier ({m.why})" if m.why else "a modifier"))
    return mods


def _opening(scene: Scene, table: Table, roles: Roles) -> str:
    action = f" — {scene.action}" if scene.action else ""
    if scene.alone:
        who = f"{roles.active} goes it alone"
    elif roles.passives:
        who = f"{roles.active} tries to persuade {', '.join(roles.passives)}"
    else:
        who = f"{roles.active} acts with no one to persuade"
    if roles.defender:
        who += f", acting against {roles.defender}"
    return f"{who}{action}. Stress {table.stress}, {len(table.living)} living characters."


def _resolution(scene: Scene, roles: Roles, deg: str, detail: str, steps: list[Step], changes: list, dice: Dice) -> Resolution:
    action = f": {scene.action}" if scene.action else ""
    return Resolution("isolation", deg, f"{roles.active}{action} — {DEGREE_NAMES[deg]} ({detail})",
                      tuple(steps), tuple(changes), dice.replaying)
