"""Playing a Dirt scene: one check, a round of simultaneous actions, or the end of a combat,
scene or session.

Rule text 003. "All actions in a round are considered to be performed simultaneously,
therefore if a character is attacked and incapacitated that character may still perform
its action for the round." "Holding an Action": the player "may wait until the end of the
round to choose an action". "-2: … may only act in reaction to attackers in the next round."
Points lost stay lost "until the end of the combat", "of the scene", "of the game session".

A round names the table's setup and its characters by name, so `--apply` writes the whole
table's state to one copy of the setup, which the next round names.
"""

from __future__ import annotations

import random

from playaid.problems import error
from playaid.systems.base import Resolver
from playaid.systems.cast import Member, find
from playaid.systems.play import Dice, Resolution, RollRefused, Step
from .exchange import Table, may_declare, opposed, unopposed
from .models import STATS, UNTIL, Character, Check, Scene, Written
from .procedures import DAMAGE_POOL, written_face


def play(scene: Scene, resolver: Resolver, rng: random.Random) -> Resolution:
    if scene.type == "round":
        return play_round(scene, resolver, rng)
    if scene.type == "end":
        return end(scene, resolver)
    return one_check(scene, resolver, rng)


def _listed(label: str, dice: list[int] | None, written: Written | None, at: tuple) -> dict:
    if written is not None:
        faces = [written_face(a, b) for a, b in zip(written.player, written.narrator)]
        return {label: (faces, at + ("written",))}
    if dice is not None:
        return {label: (dice, at + ("dice",))}
    return {}


def _pools(check: Check, names: list[str], tag: str, at: tuple) -> tuple[dict, dict]:
    """The dice `check` lists, by pool label, and where each missing pool would be listed."""
    listed: dict = {}
    if check.type == "unopposed":
        listed |= _listed(names[0] + tag, check.dice, check.written, at)
        blanks = {names[0] + tag: ([], at + ("dice",))}
    else:
        blanks = {}
        for i, (side, who) in enumerate(zip(check.sides, names)):
            listed |= _listed(who + tag, side.dice, side.written, at + ("sides", i))
            blanks[who + tag] = ([], at + ("sides", i, "dice"))
        if check.fight:
            if check.damage_dice is not None:
                listed[DAMAGE_POOL + tag] = (check.damage_dice, at + ("damage_dice",))
            blanks[DAMAGE_POOL + tag] = ([], at + ("damage_dice",))
    return listed, blanks


def _source(checks: list[tuple[Check, list[str], str, tuple]], rng: random.Random) -> Dice:
    listed, blanks = {}, {}
    for check, names, tag, at in checks:
        found, missing = _pools(check, names, tag, at)
        listed |= found
        blanks |= missing
    if listed:  # once any dice are listed all are: a missing one is asked for at its own field
        listed = blanks | listed
    return Dice.replay_or_roll(listed or None, rng)


def _declare(check: Check, names: list[str], table: Table, at: tuple) -> None:
    """The actor must be able to act; a controlled second side may only meet an attack."""
    if check.type == "unopposed":
        may_declare(table.start[names[0]], at + ("character",))
        return
    may_declare(table.start[names[0]], at + ("sides", 0, "character"))
    if not check.fight:
        may_declare(table.start[names[1]], at + ("sides", 1, "character"), declares=False)


def _names(check: Check) -> list[str]:
    return [check.character or ""] if check.type == "unopposed" else [s.character for s in check.sides]


def _play(check: Check, names: list[str], table: Table, source: Dice, tag: str):
    return (unopposed(check, names[0], table, source, tag) if check.type == "unopposed"
            else opposed(check, names, table, source, tag))


def _round_passes(table: Table, who: list[str]) -> list[Step]:
    """Control lasts the one round after the loss: it ends unless a loss this round renewed it."""
    steps = []
    for name in who:
        if table.start[name].controlled and name not in table.controlled:
            table.set(name, ("controlled",), False, f"{name} is no longer controlled.")
            steps.append(Step(f"The round is over: {name} is no longer controlled [dirt.controlled].",
                              {"character": name, "controlled": False, "rule": "dirt.controlled"}))
    return steps


def _load(resolver: Resolver, ref: str, at: tuple) -> Character:
    c = resolver.resolve(ref, "character", at)
    if c is None:  # the scene was validated first; this only guards a file changed meanwhile
        raise RollRefused(error("scene.unknown-character", f"`{ref}` cannot be loaded", "check the file", at))
    return c


def one_check(scene: Scene, resolver: Resolver, rng: random.Random) -> Resolution:
    if scene.type == "unopposed":
        assert scene.character
        chars = [_load(resolver, scene.character, ("character",))]
    else:
        chars = [_load(resolver, s.character, ("sides", i, "character")) for i, s in enumerate(scene.sides)]
    names = [c.name for c in chars]
    table = Table({c.name: c for c in chars})
    _declare(scene, names, table, ())
    source = _source([(scene, names, "", ())], rng)
    played, steps = _play(scene, names, table, source, "")
    source.finish()
    steps += _round_passes(table, names)
    return Resolution("dirt", played.outcome, played.summary, tuple(steps), tuple(table.changes), source.replaying)


def cast_of(scene: Scene, resolver: Resolver) -> list[Member]:
    """The characters of a round's or an end's setup (problems are the setup's own)."""
    assert scene.setup
    setup = resolver.resolve(scene.setup, "setup", ("setup",))
    if setup is None:
        return []
    beside = resolver.beside(scene.setup)
    members = []
    for i, entry in enumerate(setup.characters):
        model = beside.resolve(entry, "character", ("characters", i)) if isinstance(entry, str) else entry
        if model is not None:
            members.append(Member(model, ("characters", i)))
    return members


def action_names(action: Check, members: list[Member], at: tuple) -> tuple[list[str], list]:
    """The cast's spelling of every name an action gives, and a problem for each unknown one."""
    names, problems = [], []
    refs = [(action.character or "", at + ("character",))] if action.type == "unopposed" else \
        [(s.character, at + ("sides", i, "character")) for i, s in enumerate(action.sides)]
    for ref, path in refs:
        member, found = find(members, ref, path)
        problems += found
        names.append(member.name if member else ref)
    return names, problems


def _tag(i: int) -> str:
    """Each action's pools are its own: the same character may roll in two actions."""
    return f" (action {i + 1})"


def play_round(scene: Scene, resolver: Resolver, rng: random.Random) -> Resolution:
    members = cast_of(scene, resolver)
    table = Table({m.name: m.model for m in members})
    # Turns go in the listed order; a held action waits until the end of the round.
    order = sorted(range(len(scene.actions)), key=lambda i: scene.actions[i].hold)
    checks = []
    for i in order:
        names, problems = action_names(scene.actions[i], members, ("actions", i))
        if problems:
            raise RollRefused(problems[0])
        checks.append((scene.actions[i], names, _tag(i), ("actions", i)))
    for check, names, _, at in checks:
        _declare(check, names, table, at)
    source = _source(checks, rng)
    steps = [Step("A round: all its actions are performed simultaneously, so each character rolls and opposes with "
                  "what it had as the round began [dirt.simultaneous].", {"rule": "dirt.simultaneous"})]
    summaries = []
    for i, (check, names, tag, _) in zip(order, checks):
        actor, held = names[0], scene.actions[i].hold
        # A held action is said as it is played, last, not by its place in the file.
        label = f"Held action ({actor})" if held else f"Action {i + 1}: {actor}"
        text = label + (f" — {check.action}" if check.action else "") + "."
        if held:
            text += f" {actor} held and acts now, at the end of the round [dirt.hold]."
        steps.append(Step(text, {"action": i + 1, "character": actor}
                          | ({"rule": "dirt.hold", "held": True} if held else {})))
        if table.now[actor].incapacitated and not table.start[actor].incapacitated:
            steps.append(Step(f"{actor} was incapacitated earlier this round but still performs its action: "
                              "actions in a round are simultaneous [dirt.simultaneous].",
                              {"character": actor, "rule": "dirt.simultaneous"}))
        played, more = _play(check, names, table, source, tag)
        steps += more
        summaries.append(played.summary)
    source.finish()
    steps += _round_passes(table, list(table.start))
    return Resolution("dirt", "round", "A round: " + "; ".join(summaries), tuple(steps), tuple(table.changes),
                      source.replaying)


def end(scene: Scene, resolver: Resolver) -> Resolution:
    """A combat, scene or session ends: the points lost until then come back, and control ends."""
    assert scene.ends
    table = Table({m.name: m.model for m in cast_of(scene, resolver)})
    over = UNTIL[:UNTIL.index(scene.ends) + 1]  # a scene's end ends its combat too; a session's, everything
    steps = [Step(f"The {scene.ends} ends: points lost until the end of the {' or '.join(over)} come back "
                  "[dirt.lost-until].", {"ends": scene.ends, "rule": "dirt.lost-until"})]
    for name, c in table.start.items():
        for until in over:
            for stat in STATS:
                points = getattr(getattr(c.lost, until), stat)
                if points:
                    before = table.now[name].current(stat)
                    table.set(name, ("lost", until, stat), 0, f"{name}: {stat} {before} → {before + points}, "
                                                               f"the {until} being over.")
                    steps.append(Step(f"{name} gets back {points} {stat} point{'s' * (points != 1)} lost until the "
                                      f"end of the {until}: {before} → {before + points}.",
                                      {"character": name, "stat": stat, "back": points}))
        if c.controlled:
            table.set(name, ("controlled",), False, f"{name} is no longer controlled.")
            steps.append(Step(f"{name} is no longer controlled: the fight is over [dirt.controlled].",
                              {"character": name, "controlled": False, "rule": "dirt.controlled"}))
    return Resolution("dirt", f"end:{scene.ends}", f"The end of the {scene.ends}", tuple(steps),
                      tuple(table.changes), False)
