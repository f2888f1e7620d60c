"""What a scene must say before it can be played: the fields its type needs, names
from the setup's cast, fists that hold only tokens their owners have.

Fights have no dice, so whatever depends on the play itself (a follow-up fist paying
the costs the round brought on, a card named as drawn at a breakdown) is found by
playing the scene here too: `playaid validate` reports it as well as `playaid roll`.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import MISSING, fields
from typing import Iterable

from playaid.problems import Path, Problem, error
from playaid.systems.base import Resolver
from playaid.systems.cast import find
from playaid.systems.play import RollRefused
from . import deck as decks
from .events import check_stakes_lost
from .fight import berserk
from .models import NO_TOKENS, Scene
from .procedures import play
from .table import Table, table_for

NEEDS = {
    "wake-up": ("active",),
    "confront": ("active", "frustration", "choice"),
    "no-fight": ("active",),
    "fight-round": ("framed_by", "fists"),
    "end-of-turn": ("active",),
    "spend-pain": ("active",),
    "endgame-vote": ("picks",),
    "stakes-lost": ("active", "pain_given_by"),
}
ALSO = {
    "confront": ("pain_given_by",),
    "no-fight": ("provoked", "pain_given_by"),
    "fight-round": ("round", "police", "follow_up", "stake_pain"),
    "end-of-turn": ("fought", "drawn", "pain_given_by"),
    "spend-pain": ("statements", "removes"),
}
ANY_TYPE = ("type", "setup", "stake")


def _given(scene: Scene, name: str) -> bool:
    """Whether the scene says something other than the field's default."""
    field = next(f for f in fields(scene) if f.name == name)
    default = field.default if field.default is not MISSING else (
        field.default_factory() if field.default_factory is not MISSING else MISSING)
    return getattr(scene, name) not in (None, 0, [], {}, default)


def shape(scene: Scene) -> list[Problem]:
    problems = []
    for name in NEEDS[scene.type]:
        if not _given(scene, name):
            problems.append(error("fight-club.scene-shape", f"a {scene.type} scene needs `{name}`",
                                  f"add `{name}:`", ()))
    allowed = set(NEEDS[scene.type] + ALSO.get(scene.type, ()) + ANY_TYPE)
    for name in scene.__dataclass_fields__:
        if name not in allowed and _given(scene, name):
            problems.append(error("fight-club.scene-shape", f"a {scene.type} scene has no `{name}`",
                                  f"remove it; a {scene.type} scene takes: {', '.join(sorted(allowed))}", (name,)))
    if scene.type == "spend-pain" and not scene.statements and not scene.removes:
        problems.append(error("fight-club.scene-shape", "a spend-pain scene needs `statements` or `removes`",
                              "write what the Pain buys", ()))
    return problems


def check_scene(scene: Scene, resolver: Resolver) -> list[Problem]:
    problems = shape(scene)
    table = table_for(scene.setup, resolver)
    if table is None:
        return problems
    check = {"confront": _confront, "no-fight": _no_fight, "fight-round": _fight_round, "end-of-turn": _end_of_turn,
             "spend-pain": _spend_pain, "endgame-vote": _vote, "stakes-lost": check_stakes_lost}.get(scene.type)
    names = Names(table)
    if scene.active is not None and check is None:
        names(scene.active, ("active",))
    if check is not None:
        check(scene, table, names)
    problems += names.problems
    if not any(p.is_error for p in problems):
        try:
            play(scene, resolver, random.Random(0))
        except RollRefused as exc:
            problems.append(exc.problem)
    return problems


class Names:
    """Looks characters up in the cast, collecting the problems of names it lacks."""

    def __init__(self, table: Table):
        self.table = table
        self.problems: list[Problem] = []

    def __call__(self, name: str, at: Path) -> str | None:
        member, problems = find(self.table.cast, name, at)
        self.problems += problems
        return member.name if member else None

    def fail(self, rule: str, message: str, hint: str, at: Path) -> None:
        self.problems.append(error(rule, message, hint, at))

    def players(self, given: Iterable[str], at: Path, not_by: str | None = None) -> None:
        """Players who each give one Pain: in the game, once each, not the loser's own."""
        known = {p.casefold(): p for p in self.table.players}
        seen: set[str] = set()
        for i, p in enumerate(given):
            here = at + (i,)
            if known and p.casefold() not in known:
                self.fail("fight-club.unknown-player", f"{p} is not a player in the game",
                          "the players are: " + ", ".join(self.table.players), here)
            elif not_by and p.casefold() == not_by.casefold():
                self.fail("fight-club.stake-pain", f"{p} plays the character who lost the stake",
                          "only other players give Pain for a lost stake", here)
            elif p.casefold() in seen:
                self.fail("fight-club.stake-pain", f"{p} gives Pain twice", "each player gives at most one Pain", here)
            seen.add(p.casefold())


def _confront(scene: Scene, table: Table, names: Names) -> None:
    who = names(scene.active, ("active",)) if scene.active else None
    if who is None or scene.frustration is None:
        return
    c = next(m.model for m in table.cast if m.name == who)
    if decks.key(scene.frustration) not in {decks.key(f) for f in c.frustrations}:
        names.fail("fight-club.confront-frustration", f"{who} does not hold {scene.frustration}",
                   f"{who}'s frustrations: {', '.join(c.frustrations) or 'none'}", ("frustration",))
    if scene.choice == "fight-it-out" and c.tokens.pain < c.tokens.retirement:
        names.fail("fight-club.not-enough-pain",
                   f"fighting it out costs Pain equal to Retirement, {c.tokens.retirement}; {who} has {c.tokens.pain} Pain",
                   "shirk or submit instead", ("choice",))
    if scene.pain_given_by and scene.choice != "shirk":
        names.fail("fight-club.stake-pain", f"{who} does not lose the stake when choosing to {scene.choice}",
                   "Pain for a lost stake comes only after shirking", ("pain_given_by",))
    names.players(scene.pain_given_by, ("pain_given_by",), c.player)


def _no_fight(scene: Scene, table: Table, names: Names) -> None:
    who = names(scene.active, ("active",)) if scene.active else None
    provoked = names(scene.provoked, ("provoked",)) if scene.provoked else None
    if provoked is not None and provoked == who:
        names.fail("fight-club.scene-shape", f"{who} cannot provoke himself",
                   "`provoked` is the other character asked to fight", ("provoked",))
    if scene.pain_given_by and scene.provoked is None:
        names.fail("fight-club.stake-pain", "nobody loses a stake when nobody was provoked",
                   "name the character who refused the provocation in `provoked:`, or remove `pain_given_by`",
                   ("pain_given_by",))
    elif provoked is not None:
        player = next(m.model.player for m in table.cast if m.name == provoked)
        names.players(scene.pain_given_by, ("pain_given_by",), player)


def _stake_pain(scene: Scene, table: Table, names: Names, fighters: list[str]) -> None:
    """Pain for the stake lost in a fight: each loser a fighter, each giver a player once."""
    if scene.stake_pain and scene.follow_up is None:
        names.fail("fight-club.stake-pain", "the stake is not lost before the follow-up ends the fight",
                   "add the `follow_up:` that ends the fight, or remove `stake_pain`", ("stake_pain",))
    for loser, givers in scene.stake_pain.items():
        who = names(loser, ("stake_pain", loser))
        if who is None:
            continue
        if who not in fighters:
            names.fail("fight-club.stake-pain", f"{who} did not fight this round and loses no stake in it",
                       "Pain goes to this round's fighters: " + ", ".join(fighters), ("stake_pain", loser))
            continue
        player = next(m.model.player for m in table.cast if m.name == who)
        names.players(givers, ("stake_pain", loser), player)


def _fight_round(scene: Scene, table: Table, names: Names) -> None:
    sheets = {m.name: m.model for m in table.cast}
    owners = [names(f.who, ("fists", i, "who")) for i, f in enumerate(scene.fists)]
    fighters = list(dict.fromkeys(w for w in owners if w))
    if None not in owners and len(fighters) < 2:
        names.fail("fight-club.fighters", f"a fight needs two fighters; this one has {len(fighters)}",
                   "list a fist for each fighter", ("fists",))
    if scene.framed_by and (framer := names(scene.framed_by, ("framed_by",))) and framer not in fighters:
        names.fail("fight-club.fighters", f"{framer} frames the fight but has no fist in it",
                   "the one who first decides to fight frames it: " + ", ".join(fighters), ("framed_by",))
    count: Counter[str] = Counter()
    held = {w: NO_TOKENS for w in fighters}
    for i, (f, who) in enumerate(zip(scene.fists, owners)):
        if who is None:
            continue
        count[who] += 1
        held[who] += f.tokens
        if count[who] == 3:
            names.fail("fight-club.fist-count", f"{who} has a third fist", "a fighter has one or two fists", ("fists", i))
        targets = [f.points_at] if isinstance(f.points_at, str) else f.points_at
        if len(targets) != 1:
            names.fail("fight-club.fist-target", f"a fist points at one fighter, this one at {len(targets)}",
                       "write a second fist, with its own tokens, for a second opponent", ("fists", i, "points_at"))
            continue
        target = names(targets[0], ("fists", i, "points_at"))
        if target is not None and (target == who or (target not in fighters and None not in owners)):
            names.fail("fight-club.fist-target", f"{who}'s fist points at {target}, "
                       + ("the fighter himself" if target == who else "who has no fist in the fight"),
                       "point at another fighter: " + ", ".join(w for w in fighters if w != who), ("fists", i, "points_at"))
    for who in fighters:
        have = sheets[who].tokens
        last = max(i for i, w in enumerate(owners) if w == who)
        for kind, shown in held[who].as_dict().items():
            if shown > getattr(have, kind):
                names.fail("fight-club.fist-tokens", f"{who}'s fists hold {shown} {kind.capitalize()}; "
                           f"{who} has {getattr(have, kind)}", "a fist holds only tokens its owner has",
                           ("fists", last, "tokens"))
        # berserk is checked "after applying the effects of the fight": a first round's
        # pointed fists owe nothing to the sheet the fight started from
        if scene.round > 1 and berserk(have) and count[who] != 2:
            names.fail("fight-club.berserk", f"{who} is berserk ({have.frustration} Frustration over "
                       f"{have.retirement} Retirement) and raises two fists, not {count[who]}",
                       f"add a second fist for {who}", ("fists", owners.index(who)))
    _stake_pain(scene, table, names, fighters)
    raised: Counter[str] = Counter()
    for i, r in enumerate(scene.follow_up or []):
        who = names(r.who, ("follow_up", i, "who"))
        if who is None:
            continue
        raised[who] += 1
        if who not in fighters:
            names.fail("fight-club.fighters", f"{who} was not in this round and cannot join the follow-up",
                       "only this round's fighters raise fists: " + ", ".join(fighters), ("follow_up", i, "who"))
        if raised[who] == 3:
            names.fail("fight-club.fist-count", f"{who} raises a third fist", "one or two fists each", ("follow_up", i))
        if r.points_at and (target := names(r.points_at, ("follow_up", i, "points_at"))):
            if target == who or target not in fighters:
                names.fail("fight-club.fist-target", f"{who}'s fist would hurt {target}, who "
                           + ("raised it" if target == who else "was not in this round"),
                           "an extra fist hurts another of this round's fighters", ("follow_up", i, "points_at"))


def _end_of_turn(scene: Scene, table: Table, names: Names) -> None:
    who = names(scene.active, ("active",)) if scene.active else None
    seen: set[str] = set()
    for i, n in enumerate(scene.fought):
        other = names(n, ("fought", i))
        if other is not None and (other == who or other in seen):
            names.fail("fight-club.scene-shape", f"{other} is listed " + ("as active" if other == who else "twice"),
                       "list the others in this turn's fight, once each", ("fought", i))
        seen.add(other or "")
    if who is not None:
        player = next(m.model.player for m in table.cast if m.name == who)
        names.players(scene.pain_given_by, ("pain_given_by",), player)


def _spend_pain(scene: Scene, table: Table, names: Names) -> None:
    who = names(scene.active, ("active",)) if scene.active else None
    for i, s in enumerate(scene.statements):
        if not s.text.strip():
            names.fail("fight-club.pain-statement", "a Pain statement says nothing",
                       "write how the world changes", ("statements", i, "text"))
    cost = sum(s.tokens for s in scene.statements)
    sheets = {m.name: m.model for m in table.cast}
    if who is not None and sheets[who].endgame:
        names.fail("fight-club.endgame", f"{who} is {sheets[who].endgame.replace('-', ' ')}: at the Endgame, "
                   "no more Pain is spent", "only a character not at the Endgame spends Pain; the others still "
                   "go through their end of turn", ("active",))
    for i, r in enumerate(scene.removes):
        of = names(r.of, ("removes", i, "of"))
        if of is None:
            continue
        owned = sheets[of].pain_statements
        if of == who:
            names.fail("fight-club.statement-number", f"{of} contradicts his own statement",
                       "Pain removes another character's statement", ("removes", i, "of"))
        elif not 1 <= r.statement <= len(owned):
            names.fail("fight-club.statement-number", f"{of} has {len(owned)} Pain statements, not {r.statement}",
                       f"count {of}'s statements from 1", ("removes", i, "statement"))
        else:
            cost += owned[r.statement - 1].tokens
    if who is not None and cost > sheets[who].tokens.pain:
        names.fail("fight-club.not-enough-pain", f"this costs {cost} Pain; {who} has {sheets[who].tokens.pain}",
                   "spend less: a contradiction costs as much Pain as the statement it removes", ())


def _vote(scene: Scene, table: Table, names: Names) -> None:
    numbered = table.statements()
    known = {p.casefold() for p in table.players}
    for player, n in scene.picks.items():
        at = ("picks", player)
        if player.casefold() not in known:
            names.fail("fight-club.unknown-player", f"{player} is not a player in the game",
                       "the players are: " + ", ".join(table.players), at)
        if not 1 <= n <= len(numbered):
            names.fail("fight-club.statement-number", f"there is no Pain statement {n}; the game has {len(numbered)}",
                       f"pick a number from 1 to {len(numbered)}" if numbered else "nobody made a Pain statement", at)
        elif (verdict := numbered[n - 1][2].verdict) is not None:
            names.fail("fight-club.statement-number", f"statement {n} was already found {verdict}",
                       "each statement is tested once: pick one without a verdict", at)
