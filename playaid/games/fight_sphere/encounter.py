"""Gladiatorial Encounters: Gladiators' rolls compared pair by pair, with death at stake.

Rule text 000, "Gladiatorial Encounters" to "Death, Last Man Standing and the Judgment
Pool". The Threshold is not rolled against; each pair's difference in ones is the
winner's Victories, paid by the loser from the Conflict Pool and the Relationships used.
"""

from __future__ import annotations

from dataclasses import replace
from itertools import combinations
from typing import Sequence

from playaid.systems.play import Dice, Resolution, Step
from .arithmetic import Bout, RollPlan, bouts, defeated, encounter_outcome, first_meeting_bonuses, \
    judgment_pool, rest_one_conflict, spread_loss
from .conflict import cut_scene_options, rest_used, reward_options
from .history import after_encounter
from .ledger import Ledger
from .losses import chosen_loss
from .rolling import explain_plan, plan_for, settle_judgment, throw
from .scenes import Contender, Scene
from .sphere import Sphere, pair_key, same


def meeting_bonuses(sphere: Sphere, names: Sequence[str]) -> dict[str, int]:
    """Conflict Pool bonuses for the pairs among `names` meeting for the first time this Episode."""
    found = {n: sphere.gladiator(n) for n in names}
    drives = {n: (g.drive or "", len(g.relationships)) for n, g in found.items()}
    return first_meeting_bonuses(drives, _unmet(sphere, names))


def _unmet(sphere: Sphere, names: Sequence[str]) -> list[tuple[str, str]]:
    return [(a, b) for a, b in combinations(names, 2) if not sphere.have_met(a, b)]


def pairs_compared(sphere: Sphere, contenders: Sequence[Contender], names: Sequence[str]) -> list[tuple[str, str]]:
    """Every pair whose rolls are compared: all but those holding a truce nobody betrays."""
    betrayed = {pair_key(names[i], other) for i, c in enumerate(contenders) for other in c.betrays}
    return [(a, b) for a, b in combinations(names, 2)
            if not sphere.truce(a, b) or pair_key(a, b) in betrayed]


def resolve_encounter(scene: Scene, sphere: Sphere, dice: Dice) -> Resolution:
    ledger = Ledger(sphere)
    names = [sphere.gladiator(c.character).name for c in scene.gladiators]
    t = sphere.threshold()
    first = scene.gladiators[0]
    steps = [Step(f"{names[0]} framed the scene and has the Initiative, gambling {first.gamble}: no one else may "
                  f"gamble more. The Threshold ({t}) is not rolled in an Encounter.", {"initiative": names[0], "cap": first.gamble})]
    steps += _first_meetings(sphere, ledger, names)
    shared = [npc for c in scene.gladiators for npc in c.relationships_used]
    plans: dict[str, RollPlan] = {}
    for name, c in zip(names, scene.gladiators):
        g = ledger[name]
        plan = plan_for(g, background=c.background_relevant, gamble=c.gamble, bought=c.relationships_used,
                        shared=shared, gambles=scene.judgment)
        plans[name] = plan
        steps += explain_plan(g, plan, c.relationships_used)
        if c.disengage:
            steps.append(Step(f"{name}'s Conflict is an attempt to Disengage: it must beat everyone.", {"who": name}))
        ledger.update(name, conflict_pool=g.conflict_pool - plan.bought,
                      relationships=[replace(r, resting=rest_one_conflict(r.resting)) for r in g.relationships])
    steps += _betrayals(scene, sphere, ledger, names)
    counted = {}
    for name in names:
        _, counted[name], step = throw(dice, name, plans[name].size, f"{name}'s roll of {plans[name].size}")
        steps.append(step)
    results = bouts(counted, pairs_compared(sphere, scene.gladiators, names))
    for b in results:
        steps.append(_bout_step(b))
    defeats = _pay(ledger, plans, scene, names, results, steps)
    steps += _defeats(sphere, ledger, defeats, t)
    winners = {n for n in names if _beat_everyone(n, results)}
    for name, c in zip(names, scene.gladiators):
        if c.disengage:
            ok = name in winners
            steps.append(Step(f"{name} {'disengages from' if ok else 'fails to disengage from'} the Encounter.",
                              {"who": name, "disengaged": ok}))
    steps += after_encounter(ledger, names, {n for n, c in zip(names, scene.gladiators) if c.disengage and n in winners},
                             scene.resumed, [s.data["npc_lost"] for s in steps if "npc_lost" in s.data])
    steps += _rewards_and_cut_scenes(ledger, names, results, winners)
    steps += _episode_end(sphere, ledger, names, t)
    steps += settle_judgment(ledger, scene.judgment, winners)
    ledger.update_setup(met=_met_after(ledger.setup.met, names), truces=_truces_after(scene, sphere, ledger, names))
    outcome = encounter_outcome(results)
    summary = f"Gladiatorial Encounter of {', '.join(names)}: " + (
        f"{outcome[4:]} wins" if outcome.startswith("win:") else "a tie" if outcome == "true-tie" else "no one beats everyone")
    return Resolution("fight-sphere", outcome, summary + ".", tuple(steps), ledger.changes(), dice.replaying)


def _first_meetings(sphere: Sphere, ledger: Ledger, names: list[str]) -> list[Step]:
    unmet = _unmet(sphere, names)
    if not unmet:
        return []
    steps = [Step("First meeting in this Episode: " + "; ".join(f"{a} and {b}" for a, b in unmet) + ". A Death Wish "
                  "gives each Gladiator it meets one die per Relationship it has; a Reason To Live gains that many "
                  "for each Gladiator it meets.", {"first_meetings": [list(p) for p in unmet]})]
    for name, bonus in meeting_bonuses(sphere, names).items():
        if bonus:
            g = ledger[name]
            ledger.update(name, conflict_pool=g.conflict_pool + bonus)
            steps.append(Step(f"{name} gains {_dice(bonus)} for the Conflict Pool.", {"who": name, "bonus": bonus}))
    return steps


def _betrayals(scene: Scene, sphere: Sphere, ledger: Ledger, names: list[str]) -> list[Step]:
    steps = []
    for name, c in zip(names, scene.gladiators):
        for other in c.betrays:
            g = ledger[name]
            ledger.update(name, conflict_pool=g.conflict_pool + sphere.threshold())
            steps.append(Step(f"{name} betrays the truce with {other}: their rolls are compared after all, and {name} "
                              f"gains the Threshold, {sphere.threshold()} dice, for the Conflict Pool.",
                              {"who": name, "betrays": other, "bonus": sphere.threshold()}))
    return steps


def _bout_step(b: Bout) -> Step:
    data = {"pair": [b.first, b.second], "ones": [b.first_ones, b.second_ones], "winner": b.winner, "victories": b.victories}
    if b.winner is None:
        return Step(f"{b.first} and {b.second} both rolled {b.first_ones} one{'' if b.first_ones == 1 else 's'}: a tie, no one wins and no one loses.", data)
    return Step(f"{b.first} ({b.first_ones}) against {b.second} ({b.second_ones}): {b.winner} wins with "
                f"{b.victories} Victor{'y' if b.victories == 1 else 'ies'}.", data)


def _beat_everyone(name: str, results: list[Bout]) -> bool:
    return all(b.winner == name for b in results if name in (b.first, b.second))


def _pay(ledger: Ledger, plans: dict[str, RollPlan], scene: Scene, names: list[str],
         results: list[Bout], steps: list[Step]) -> list[str]:
    """Every loser pays its gamble once and its Victories from pool and Relationships; returns the defeated."""
    defeated_now = []
    for i, (name, c) in enumerate(zip(names, scene.gladiators)):
        lost = [b for b in results if b.loser == name]
        if not lost:
            if any(c.losses.values()):  # a split recorded for a loss that did not happen
                chosen_loss([], c.losses, 0, name, ("gladiators", i, "losses"))
            continue
        owed = sum(b.victories for b in lost)
        g = ledger[name]
        pool = g.conflict_pool - c.gamble - owed
        gambled = f"the {_dice(c.gamble)} gambled and " if c.gamble else ""
        steps.append(Step(f"{name} loses {gambled}{_dice(owed)} for the Victories: Conflict Pool "
                          f"{g.conflict_pool} → {pool}.", {"who": name, "gamble": c.gamble, "victories": owed, "pool": pool}))
        ledger.update(name, conflict_pool=pool)
        in_roll = [npc for npc, _ in plans[name].relationship_dice]
        _lose_relationships(ledger, name, in_roll, owed, steps, c.losses, ("gladiators", i, "losses"))
        _rest_after_loss(ledger, name, in_roll, steps)
        if defeated(pool):
            defeated_now.append(name)
    return defeated_now


def _rest_after_loss(ledger: Ledger, name: str, in_roll: list[str], steps: list[Step]) -> None:
    """Losing an Encounter is failing its Conflict ("In addition to his Gamble" builds on the
    failure's list), so the Relationships left in the roll rest as after any failure."""
    g = ledger[name]
    left = [r.npc for r in g.relationships if any(same(r.npc, u) for u in in_roll)]
    if not left:
        return
    steps.append(Step(f"{name} lost, so its Conflict failed: the Relationships in its roll rest "
                      "[fight-sphere.relationship-resting].", {"who": name, "rule": "fight-sphere.relationship-resting"}))
    ledger.update(name, relationships=rest_used(g, left, g.relationships, steps))


def _rewards_and_cut_scenes(ledger: Ledger, names: list[str], results: list[Bout], winners: set[str]) -> list[Step]:
    """An Encounter is a Conflict: whoever beat everyone succeeded and takes one reward; a
    player's Gladiator that lost a comparison failed and the GM gets a cut-scene. Both are
    listed as choices, since a scene records neither for an Encounter."""
    steps = []
    for name in names:
        if name in winners and any(b.winner == name for b in results):
            steps.append(reward_options(ledger[name]))
    for name in names:
        if ledger[name].is_pc and any(b.loser == name for b in results):
            steps.append(cut_scene_options(ledger, name))
    return steps


def _dice(n: int) -> str:
    return f"{n} die" if n == 1 else f"{n} dice"


def _lose_relationships(ledger: Ledger, name: str, used: list[str], points: int, steps: list[Step],
                        chosen: dict[str, int], path: tuple) -> None:
    g = ledger[name]
    in_roll = [r for r in g.relationships if any(same(r.npc, u) for u in used)]
    values = [(r.npc, r.value) for r in in_roll]
    if chosen:
        after = dict(chosen_loss(values, chosen, points, name, path))
        how = "as its player chose"
    else:
        after = dict(spread_loss(values, points))
        how = "from the highest first"
    if not in_roll or not points:
        return
    steps.append(Step(f"{name} takes the {points} Victories off the Relationships used, {how}: "
                      + ", ".join(f"{r.npc} {r.value} → {after[r.npc]}" for r in in_roll) + ".",
                      {"who": name, "relationships": after, "chosen": bool(chosen)}))
    ledger.update(name, relationships=[replace(r, value=after.get(r.npc, r.value)) for r in g.relationships])
    for npc, value in after.items():
        if value < 0:
            steps.append(Step(f"{npc} dies, goes irrevocably insane or is otherwise gone for good; every Gladiator "
                              "with a Relationship with them loses it.", {"npc_lost": npc}))
            for other in ledger.gladiators:
                if other.relationship(npc) is not None:
                    ledger.update(other.name, relationships=[r for r in other.relationships if not same(r.npc, npc)])


def _defeats(sphere: Sphere, ledger: Ledger, names: list[str], t: int) -> list[Step]:
    steps = []
    for name in names:
        g = ledger[name]
        if not g.is_pc:
            ledger.update(name, state="dead")
            steps.append(Step(f"{name}'s Conflict Pool is below zero: an NPC Gladiator defeated is dead.", {"who": name, "state": "dead"}))
            continue
        state = "dead" if sphere.setup.core else "knocked-out"
        jp = judgment_pool(t, g.relationships)
        ledger.update(name, state=state, judgment_pool=jp)
        how = ("dead: defeat at The Core is permanent" if state == "dead" else
               "left for dead, knocked out of the Episode, to recover on the next Layer "
               "[fight-sphere.left-for-dead]")
        steps.append(Step(f"{name}'s Conflict Pool is below zero: {how}. Its player receives a Judgment Pool of "
                          f"{t} (Threshold) + {len(g.relationships)} (Relationships) = {jp}.",
                          {"who": name, "state": state, "judgment_pool": jp}))
    return steps


def _episode_end(sphere: Sphere, ledger: Ledger, names: list[str], t: int) -> list[Step]:
    episode = sphere.episode_of(names[0])
    if episode is None:
        return []
    standing = [ledger[n] for n in episode if ledger[n].active]
    if len(standing) > 1:
        return []
    if not standing:
        return [Step("No Gladiator is left standing in the Episode: it ends.", {"episode_over": True})]
    last = standing[0]
    core = " The game ends: its player narrates the epilogue." if sphere.setup.core else ""
    if last.is_pc:
        jp = judgment_pool(t, last.relationships)
        ledger.update(last.name, state="last-standing", judgment_pool=jp)
        return [Step(f"{last.name} is the Last Man Standing and the Episode ends. Its player receives a Judgment Pool of "
                     f"{t} + {len(last.relationships)} = {jp} until the next Layer.{core}",
                     {"last_standing": last.name, "judgment_pool": jp})]
    ledger.update(last.name, state="last-standing")
    return [Step(f"{last.name} is the Last Man Standing and the Episode ends.", {"last_standing": last.name})]


def _met_after(met: list[list[str]], names: list[str]) -> list[list[str]]:
    known = {pair_key(*m) for m in met if len(m) == 2}
    return met + [[a, b] for a, b in combinations(names, 2) if pair_key(a, b) not in known]


def _truces_after(scene: Scene, sphere: Sphere, ledger: Ledger, names: list[str]) -> list[list[str]]:
    """Truces end when betrayed, when either side is out, or when the two are the last in their Episode."""
    betrayed = {pair_key(names[i], other) for i, c in enumerate(scene.gladiators) for other in c.betrays}
    keep = []
    for t in ledger.setup.truces:
        a, b = ledger[t[0]], ledger[t[1]]
        episode = sphere.episode_of(a.name)
        others = episode is None or any(ledger[n].active and not same(n, a.name) and not same(n, b.name)
                                        for n in episode)
        if a.active and b.active and others and pair_key(a.name, b.name) not in betrayed:
            keep.append(t)
    return keep
