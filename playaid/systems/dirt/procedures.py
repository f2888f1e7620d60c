"""Games to Play in the Dirt #2 — checks, opposed checks and the damage table.

The counting (which die counts, how many degrees, which damage band) is kept in small
pure functions apart from drawing dice, so the odds tables compute from the very same
rules the table plays.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ...problems import error
from ..base import Resolver
from ..play import Change, Dice, Pool, Resolution, RollRefused, Step
from .models import DIFFICULTY, STATS, Character, Scene, Written

THRESHOLD = {"none": 5, "hobby": 4, "job": 3}
"""The lowest face that counts as a degree of success, by what applies to the action."""


def counts(face: int, threshold: int) -> bool:
    return face >= threshold


def rerolls(face: int) -> bool:
    """Sixes count and are rolled again, for as long as sixes come up."""
    return face == 6


def degrees(faces: list[int], threshold: int) -> int:
    return sum(counts(f, threshold) for f in faces)


def written_face(player: int, narrator: int) -> int:
    """Dice-less variant: the two secret numbers' sum, modulo 6, plus one."""
    return (player + narrator) % 6 + 1


def stat_for_die(face: int) -> str:
    """Which stat a damage die reduces: 1–2 mental, 3–4 physical, 5–6 social (our reading)."""
    return STATS[(face - 1) // 2]


@dataclass(frozen=True)
class Damage:
    name: str
    stat_rolls: int
    lasts: str


def damage_for_margin(margin: int) -> Damage | None:
    """The damage table: what a target suffers when it loses by `margin` degrees."""
    if margin <= 0:
        return None
    if margin == 1:
        return Damage("disrupted", 0, "")
    if margin == 2:
        return Damage("controlled", 0, "")
    if margin == 3:
        return Damage("hurt", 1, "until the end of the combat")
    if margin == 4:
        return Damage("injured", 2, "until the end of the scene")
    return Damage("wounded", 3 + (margin - 5), "until the end of the game session")


@dataclass(frozen=True)
class CheckRoll:
    faces: tuple[int, ...]
    """Every die in the order rolled, rerolls of sixes included."""
    threshold: int

    @property
    def degrees(self) -> int:
        return degrees(list(self.faces), self.threshold)


DAMAGE_POOL = "the narrator's damage dice"


def roll_check(pool: Pool, dice: int, threshold: int) -> CheckRoll:
    faces: list[int] = []
    owed = 0
    for i in range(dice):
        faces.append(pool.take(f"die {i + 1} of {dice}"))
        owed += rerolls(faces[-1])
    while owed:
        faces.append(pool.take("the reroll a 6 earns"))
        owed += rerolls(faces[-1]) - 1
    return CheckRoll(tuple(faces), threshold)


def describe_faces(roll: CheckRoll) -> str:
    def one(f: int) -> str:
        if rerolls(f):
            return f"{f} (counts, rolls again)"
        return f"{f} (counts)" if counts(f, roll.threshold) else str(f)

    return ", ".join(one(f) for f in roll.faces) or "no dice"


def _dice_source(listed: dict, rng: random.Random) -> Dice:
    return Dice.replay_or_roll(listed or None, rng)  # Dirt lists dice per side: none listed is a roll


def _listed(label: str, dice: list[int] | None, written: Written | None, at: tuple) -> dict:
    if written is not None:
        faces = [written_face(a, b) for a, b in zip(written.player, written.narrator)]
        return {label: (faces, at + ("written",))}
    if dice is not None:
        return {label: (dice, at + ("dice",))}
    return {}


def _actor(resolver: Resolver, ref: str, at: tuple, declares: bool = True) -> Character:
    """The character a side names. One who declares the action must be able to act; the
    second side of an opposed check may be incapacitated: it then does not oppose, but
    it can still be the target ("may not declare an action or oppose an action")."""
    c = resolver.resolve(ref, "character", at)
    if c is None:  # the scene was validated first; this only guards a file changed meanwhile
        raise RollRefused(error("scene.unknown-character", f"`{ref}` cannot be loaded", "check the file", at))
    if declares and c.incapacitated:
        raise RollRefused(error("dirt.incapacitated", f"{c.name} is incapacitated and may not declare an action",
                                "a stat at 0 stops the character until the damage heals; it may still be the "
                                "target of someone else's action (the second side)", at))
    return c


def _pool_step(c: Character, stat: str, applies: str) -> tuple[int, int, Step]:
    dice = c.current(stat)
    threshold = THRESHOLD[applies]
    why = {"job": f"the job ({c.job}) applies", "hobby": f"the hobby ({c.hobby}) applies", "none": "neither job nor hobby applies"}[applies]
    lost = getattr(c.reductions, stat)
    dice_text = f"{dice} dice" + (f" ({lost} lost to damage)" if lost else "")
    return dice, threshold, Step(f"{c.name} rolls {stat.capitalize()}: {dice_text}; {why}, so {threshold} or better counts.",
                                 {"character": c.name, "stat": stat, "dice": dice, "threshold": threshold})


def unopposed(scene: Scene, resolver: Resolver, rng: random.Random) -> Resolution:
    assert scene.character and scene.stat and scene.difficulty
    c = _actor(resolver, scene.character, ("character",))
    source = _dice_source(_listed(c.name, scene.dice, scene.written, ()), rng)
    dice, threshold, step = _pool_step(c, scene.stat, scene.applies)
    steps = [step]
    roll = roll_check(source.pool(c.name), dice, threshold)
    source.finish()
    steps.append(Step(f"Dice: {describe_faces(roll)} → {roll.degrees} degree{'s' * (roll.degrees != 1)} of success.",
                      {"faces": list(roll.faces), "degrees": roll.degrees}))
    needed = DIFFICULTY[scene.difficulty]
    changes = []
    if c.disrupted:
        needed += 1
        steps.append(Step(f"{c.name} is disrupted: this action needs one more degree ({needed})."))
        changes.append(Change(c.name, ("disrupted",), True, False, f"{c.name} is no longer disrupted."))
    ok = roll.degrees >= needed
    label = scene.difficulty.replace("-", " ")
    steps.append(Step(f"{label.capitalize()} needs {needed}: {roll.degrees} {'≥' if ok else '<'} {needed} → "
                      f"{'success' if ok else 'failure'}.", {"needed": needed, "success": ok}))
    if scene.item is not None:
        steps.append(Step(f"{c.name} {'has' if ok else 'does not have'} {scene.item} after all"
                          + (": it goes on the sheet." if ok else "."), {"item": scene.item, "found": ok}))
        if ok and scene.item.casefold() not in {i.casefold() for i in c.items}:
            changes.append(Change(c.name, ("items",), list(c.items), [*c.items, scene.item],
                                  f"{c.name} keeps {scene.item}."))
    action = f" — {scene.action}" if scene.action else f" — item check for {scene.item}" if scene.item else ""
    summary = f"{c.name}, {label} {scene.stat} check{action}: {'success' if ok else 'failure'}"
    return Resolution("dirt", "success" if ok else "failure", summary, tuple(steps), tuple(changes), source.replaying)


def opposed(scene: Scene, resolver: Resolver, rng: random.Random) -> Resolution:
    chars = [_actor(resolver, s.character, ("sides", i, "character"), declares=i == 0) for i, s in enumerate(scene.sides)]
    listed: dict = {}
    for i, (side, c) in enumerate(zip(scene.sides, chars)):
        listed.update(_listed(c.name, side.dice, side.written, ("sides", i)))
    if scene.damage_dice is not None:
        listed[DAMAGE_POOL] = (scene.damage_dice, ("damage_dice",))
    if listed:  # once any dice are listed all are: a missing one is asked for at its own field
        for i, c in enumerate(chars):
            listed.setdefault(c.name, ([], ("sides", i, "dice")))
        if scene.fight:
            listed.setdefault(DAMAGE_POOL, ([], ("damage_dice",)))
    source = _dice_source(listed, rng)
    steps: list[Step] = []
    changes: list[Change] = []
    results = []
    for i, (side, c) in enumerate(zip(scene.sides, chars)):
        if scene.ambush and i == 1:
            steps.append(Step(f"{c.name} does not detect the attacker before the attack: ambushed, {c.name} rolls "
                              "no dice and counts 0 degrees this first round.", {"character": c.name, "ambushed": True,
                                                                                   "degrees": 0}))
            results.append(0)
            continue
        if i == 1 and c.incapacitated:
            steps.append(Step(f"{c.name} is incapacitated and may not oppose the action: {c.name} rolls no dice and "
                              "counts 0 degrees.", {"character": c.name, "incapacitated": True, "degrees": 0}))
            results.append(0)
            continue
        dice, threshold, step = _pool_step(c, side.stat, side.applies)
        steps.append(step)
        roll = roll_check(source.pool(c.name), dice, threshold)
        got = roll.degrees
        text = f"{c.name}'s dice: {describe_faces(roll)} → {got} degree{'s' * (got != 1)}."
        if c.disrupted:
            # The disruption is spent on this action whatever the dice: with no degree rolled
            # there is no first degree to lose, and it does not wait for a later action.
            if got:
                got -= 1
                text += f" Disrupted, so the first degree does not count: {got}."
            else:
                text += " Disrupted: with no degree rolled there is none to lose, and the disruption is spent."
            changes.append(Change(c.name, ("disrupted",), True, False, f"{c.name} is no longer disrupted."))
        steps.append(Step(text, {"character": c.name, "faces": list(roll.faces), "degrees": got}))
        results.append(got)
    (a, b), (ca, cb) = results, chars
    if a == b:
        steps.append(Step(f"Both have {a}: neither action is completed."))
        source.finish()
        return Resolution("dirt", "tie", f"{ca.name} against {cb.name}: a tie, neither succeeds",
                          tuple(steps), tuple(changes), source.replaying)
    win, lose = (0, 1) if a > b else (1, 0)
    winner, loser, margin = chars[win], chars[lose], abs(a - b)
    side = scene.sides[win]
    verdict = f"{winner.name} has more degrees ({max(a, b)} to {min(a, b)})"
    done = True
    if side.difficulty:
        needed = DIFFICULTY[side.difficulty]
        done = max(a, b) >= needed
        verdict += f"; the action needs {needed} as an unopposed check, so it is {'completed' if done else 'not completed'}"
    steps.append(Step(verdict + ".", {"winner": winner.name, "margin": margin, "completed": done}))
    if scene.fight:
        steps += _damage(loser, margin, source.pool(DAMAGE_POOL), changes)
    source.finish()
    # Winning without enough degrees stops the other side but does not do the deed.
    outcome = f"win:{winner.name}" if done else f"win-incomplete:{winner.name}"
    summary = f"{winner.name} against {loser.name}: {winner.name} wins by {margin}" + ("" if done else
                                                                                      ", the action not completed")
    return Resolution("dirt", outcome, summary, tuple(steps), tuple(changes), source.replaying)


def _damage(target: Character, margin: int, pool: Pool, changes: list[Change]) -> list[Step]:
    hit = damage_for_margin(margin)
    assert hit is not None
    steps = [Step(f"Losing a fight by {margin}: {target.name} is {hit.name}"
                  + (" (disrupted)" if hit.name == "disrupted" else " (disrupted, and may only react next round)"
                     if hit.name == "controlled" else f" — disrupted, controlled, and {hit.stat_rolls} stat point"
                     f"{'s' * (hit.stat_rolls != 1)} lost {hit.lasts}") + ".", {"damage": hit.name})]
    # A disruption spent in this very exchange is gone; the one this loss brings stands.
    spent = any(c.who == target.name and c.field == ("disrupted",) for c in changes)
    if spent or not target.disrupted:
        changes.append(Change(target.name, ("disrupted",), False, True,
                              f"{target.name} is disrupted" + (" again: the new disruption stands." if spent else ".")))
    lost = {s: getattr(target.reductions, s) for s in STATS}
    for i in range(hit.stat_rolls):
        face = pool.take(f"damage roll {i + 1} of {hit.stat_rolls}")
        stat = stat_for_die(face)
        if lost[stat] == getattr(target.stats, stat):
            # A stat stops at 0 and the die is not rolled again: the text counts rolls, not points.
            steps.append(Step(f"The narrator rolls {face}: {stat} is already at 0, so this roll costs nothing more.",
                              {"face": face, "stat": stat, "lost": False}))
            continue
        lost[stat] += 1
        steps.append(Step(f"The narrator rolls {face}: {stat} loses a point "
                          f"({getattr(target.stats, stat) - lost[stat]} left).", {"face": face, "stat": stat, "lost": True}))
    for stat in STATS:
        before = getattr(target.reductions, stat)
        if lost[stat] != before:
            changes.append(Change(target.name, ("reductions", stat), before, lost[stat],
                                  f"{target.name}: {stat} {getattr(target.stats, stat) - before} → "
                                  f"{getattr(target.stats, stat) - lost[stat]} {hit.lasts}."))
    left = [getattr(target.stats, s) - lost[s] for s in STATS]
    if all(v == 0 for v in left):
        steps.append(Step(f"Every stat of {target.name} is at 0: {target.name} is dead.", {"dead": True}))
    elif any(v == 0 for v in left):
        steps.append(Step(f"A stat of {target.name} is at 0: {target.name} is incapacitated.", {"incapacitated": True}))
    return steps


def play(scene: Scene, resolver: Resolver, rng: random.Random) -> Resolution:
    return unopposed(scene, resolver, rng) if scene.type == "unopposed" else opposed(scene, resolver, rng)
