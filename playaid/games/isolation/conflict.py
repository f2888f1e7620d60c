"""A conflict to resolve (a scene file): who acts, whom they try to persuade, the
Difficulty, the modifiers, and the dice rolled at the table if they are to be replayed.

Variants of the text's "Special Cases" are told apart by two fields: `persuade:` lists
a sub-set (an empty list is going it alone; leaving it out asks everyone), and
`against:` names a character the group acts against.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from playaid.convert import spec
from playaid.problems import Path, Problem, error
from playaid.systems.base import Resolver
from playaid.systems.cast import Member, find
from .table import Table, load_table

Stance = Literal["cooperative", "neutral", "hostile"]
DifficultyName = Literal["easy", "average", "hard", "really-hard", "extremely-hard", "impossible"]
DIFFICULTY: dict[str, int] = {"easy": 1, "average": 2, "hard": 3, "really-hard": 4, "extremely-hard": 5, "impossible": 6}
GM = "GM"


@dataclass(frozen=True)
class Modifier:
    who: str = spec(doc="the character who rolls the extra dice")
    green: int = spec(0, doc="extra green dice", minimum=0, maximum=50, rule="isolation.modifier-range")
    red: int = spec(0, doc="extra red dice", minimum=0, maximum=50, rule="isolation.modifier-range")
    why: str = spec("", doc="the modifier of the rules that applies, e.g. the action is his Profession")


@dataclass(frozen=True)
class ListedDice:
    green: list[int] | None = spec(None, doc="green dice in the order rolled, extra dice for 6s included")
    red: list[int] | None = spec(None, doc="red dice in the order rolled, extra dice for 1s included")


LinkChoice = Literal["none", "erase-red", "add-green", "erase-green", "add-red"]


@dataclass(frozen=True)
class PairRoll:
    """One pair's roll of its red links against its green links (a `type: link-roll` scene)."""

    between: list[str] = spec(doc="the two characters who roll their links against each other")
    choice: LinkChoice | None = spec(None, doc="what the pair does with the result: more green evens allow "
                                               "erase-red, add-green or none; more red odds demand erase-green "
                                               "or add-red")
    label: str = spec("", doc="the new link's label (add-…), or the label of the link to erase (erase-…)")
    dice: ListedDice | None = spec(None, doc="the pair's green and red dice in the order rolled, to replay them")


@dataclass(frozen=True)
class Scene:
    setup: str = spec(doc="the setup file (relative to this file) holding the cast, the map and the Stress Level")
    type: Literal["conflict", "link-roll", "dies", "leaves", "stress"] = spec(
        "conflict", doc="conflict (the default); link-roll: pairs roll their links for permanent ones, at the "
                        "end of a session or when a character is injured; no dice, declared by the GM: dies "
                        "(`who` dies), leaves (`who` leaves the locale), stress (the Stress Level moves)")
    active: str | None = spec(None, doc="conflict: the Active Player's character, who suggests the action")
    action: str = spec("", doc="what the Active Player suggests doing")
    persuade: list[str] | None = spec(None, doc="whom the Active Player tries to persuade; left out: every other "
                                                "living character (none left: going it alone); empty: going it "
                                                "alone")
    against: str | None = spec(None, doc="a character the group acts directly against; they roll instead of the GM")
    difficulty: int | DifficultyName | None = spec(
        None, doc="1 easy, 2 average, 3 hard, 4 really hard, 5 extremely hard, 6 impossible",
        minimum=1, maximum=6, rule="isolation.difficulty-range", hint="the Difficulty is 1 (easy) to 6 (impossible)")
    modifiers: list[Modifier] = spec(default_factory=list, doc="extra green or red dice, each with who and why")
    stances: dict[str, Stance] = spec(default_factory=dict, doc="stances characters choose: a downgrade from what "
                                                                "the dice allow, or hostile for one not asked")
    physical: bool = spec(False, doc="the conflict is physically threatening: a failure deals wounds")
    wounds_to: list[str] = spec(default_factory=list, doc="who takes wound levels after the dying, one name per level")
    dice: dict[str, ListedDice] | None = spec(None, doc="the dice rolled at the table, per character and GM, to replay")
    pairs: list[PairRoll] | None = spec(None, doc="link-roll: the pairs who choose to roll; left out, every pair "
                                                  "of living characters")
    who: str | None = spec(None, doc="dies, leaves: the character")
    by: int | None = spec(None, doc="dies, leaves, stress: how far the Stress Level moves, up (3) or down (-2); "
                                    "the text's guidance is 1 to 3 points either way")
    to: int | None = spec(None, doc="dies, leaves, stress: the Stress Level the GM sets, instead of `by`",
                          minimum=0, rule="isolation.stress-range", hint="the Stress Level is 0 or more")
    notes: str = spec("", doc="anything else")

    def difficulty_dice(self) -> int | None:
        return DIFFICULTY[self.difficulty] if isinstance(self.difficulty, str) else self.difficulty


@dataclass(frozen=True)
class Roles:
    """Everyone's part in one conflict, by their names as the cast writes them."""

    active: str
    passives: tuple[str, ...]
    """The characters the Active Player tries to persuade."""
    bystanders: tuple[str, ...]
    """Living characters not asked: neutral by default, hostile by choice."""
    defender: str | None = None
    alone: bool = False
    """Going it alone: `persuade: []`, or `persuade:` left out with no one else alive to ask."""

    def rolls(self, name: str, stances: dict[str, str]) -> bool:
        return (name in (self.active, self.defender) or name in self.passives
                or stances.get(name) == "hostile")


def cast_roles(s: Scene, table: Table) -> tuple[Roles | None, list[Problem]]:
    """The roles of a scene and every problem with the names it gives; no roles without
    an Active Player (names that fail are left out)."""
    members = [Member(c, ()) for c in table.cast]
    problems: list[Problem] = []

    def name(text: str, at: Path, role: str = "character") -> str | None:
        member, found = find(members, text, at, role)
        problems.extend(found)
        if member is not None and not member.model.living:
            gone = "has left the locale" if member.model.left else "is dead"
            problems.append(roles_error(f"{member.name} {gone} and takes no part", "name a living character", at))
            return None
        return member.name if member else None

    active = name(s.active or "", ("active",), "the Active Player")
    defender = name(s.against, ("against",)) if s.against is not None else None
    if defender is not None and defender == active:
        problems.append(roles_error(f"{active} cannot act against themselves", "name another character", ("against",)))
    passives: list[str] = []
    for i, text in enumerate(s.persuade or []):
        who = name(text, ("persuade", i))
        if who is None:
            continue
        if who in (active, defender) or who in passives:
            why = ("is the Active Player" if who == active else "is the one acted against" if who == defender
                   else "is listed twice")
            problems.append(roles_error(f"{who} {why}", "list each character to persuade once", ("persuade", i)))
            continue
        passives.append(who)
    if active is None:
        return None, problems
    if defender == active:
        defender = None
    if s.persuade is None:
        passives = [c.name for c in table.living if c.name not in (active, defender)]
    bystanders = tuple(c.name for c in table.living if c.name not in (active, defender, *passives))
    # Leaving `persuade:` out asks everyone else alive; when that is nobody (the last survivor,
    # or only the one acted against is left) the character goes it alone, exactly as with
    # `persuade: []` — not a group of one that rolls no green dice at all.
    alone = s.persuade == [] or (s.persuade is None and not passives)
    return Roles(active, tuple(passives), bystanders, defender, alone), problems


def roles_error(message: str, hint: str, at: Path) -> Problem:
    return error("isolation.scene-roles", message, hint, at)


def check_scene(s: Scene, resolver: Resolver) -> list[Problem]:
    table = load_table(s.setup, resolver)
    if table is None:
        return []
    if s.active is None:
        return [error("isolation.scene-shape", "a conflict needs `active:`", "name the Active Player's character, "
                      "or set `type: link-roll` for the permanent-link roll", ())]
    if s.pairs is not None:
        return [error("isolation.scene-shape", "`pairs:` belongs to a link roll", "remove it, or set `type: link-roll`",
                      ("pairs",))]
    roles, problems = cast_roles(s, table)
    return problems + (scene_problems(s, table, roles) if roles is not None else [])


def scene_problems(s: Scene, table: Table, roles: Roles) -> list[Problem]:
    """What a scene asks that the rules do not allow, once its names are known."""
    members = [Member(c, ()) for c in table.cast]
    problems: list[Problem] = []
    # Acting against a character, their roll replaces the GM's and no Difficulty is set, with
    # a group or alone ("The difference is that the GM doesn't assign a Difficulty").
    defender_rolls = roles.defender is not None
    if defender_rolls and s.difficulty is not None:
        problems.append(error("isolation.scene-shape", "acting against a character sets no Difficulty"
                              + (", even going it alone" if roles.alone else ""),
                              f"remove `difficulty:`; {roles.defender}'s red dice take the place of the GM's"
                              + (" and a lone actor rolls only modifier green dice" if roles.alone else ""),
                              ("difficulty",)))
    if not defender_rolls and s.difficulty is None:
        problems.append(error("isolation.scene-shape", "the GM sets a Difficulty for every task not aimed at a "
                              "character" + (", and a lone actor rolls it in green dice" if roles.alone else ""),
                              "add `difficulty:` 1 (easy) to 6 (impossible), or a name such as `hard`; or name "
                              "the character acted against in `against:`", ()))
    for key, stance in s.stances.items():
        member, found = find(members, key, ("stances", key))
        problems += found
        if member is None:
            continue
        who, at = member.name, ("stances", key)
        if who == roles.active or who == roles.defender:
            problems.append(roles_error(f"{who} takes no stance in this conflict",
                                        "stances are for the other characters", at))
        elif who in roles.bystanders and stance == "cooperative":
            problems.append(roles_error(f"{who} is not asked, so starts neutral and may only turn hostile",
                                        f"add {who} to `persuade:` to try for their help", at))
        elif who not in roles.passives and who not in roles.bystanders:
            problems.append(roles_error(f"{who} is dead and takes no stance", "remove the line", at))
    stances = chosen_stances(s, table)
    for i, mod in enumerate(s.modifiers):
        member, found = find(members, mod.who, ("modifiers", i, "who"))
        problems += found
        if member is None:
            continue
        who = member.name
        if not roles.rolls(who, stances):
            problems.append(roles_error(f"{who} rolls no dice in this conflict",
                                        "modifiers are for the Active Player, those asked, the one acted against "
                                        "and those turning hostile", ("modifiers", i, "who")))
        elif mod.green and who in roles.bystanders:
            problems.append(roles_error(f"{who} turns hostile and rolls red dice only",
                                        "give a character not asked red modifiers only", ("modifiers", i, "green")))
    for i, text in enumerate(s.wounds_to):
        member, found = find(members, text, ("wounds_to", i))
        problems += found
        if member is not None and not found:
            problems += _wound_taker(member, roles, stances, ("wounds_to", i))
    for key in (s.dice or {}):
        if key.casefold() == GM.casefold():
            if defender_rolls:
                problems.append(roles_error("the GM rolls no dice when the group acts against a character",
                                            f"list {roles.defender}'s dice instead", ("dice", key)))
        else:
            problems += find(members, key, ("dice", key))[1]
    return problems


def _wound_taker(member: Member, roles: Roles, stances: dict[str, str], at: Path) -> list[Problem]:
    """"These wound levels must be distributed among the Cooperating and Neutral characters
    involved in the conflict": a name under `wounds_to:` that can never be one of them is an
    input error. A Passive Player the dice leave hostile is only known once rolled, so `roll`
    says so in a step instead."""
    who = member.name
    takers = [roles.active, *([roles.defender] if roles.defender else []), *roles.passives]
    if not member.model.living:
        why = f"{who} {'has left the locale' if member.model.left else 'is dead'}"
    elif who in roles.passives and stances.get(who) == "hostile":
        why = f"{who} is declared hostile"
    elif who not in takers:
        why = f"{who} is not asked (`persuade:`), so is not involved in the conflict"
    else:
        return []
    return [roles_error(f"{why} and takes no wound level: wound levels go to the Cooperating and Neutral "
                        "characters involved", "name the Active Player, "
                        + (f"the one acted against ({roles.defender}), " if roles.defender else "")
                        + "or a character under `persuade:` who is not hostile"
                        + (f" — here: {', '.join(t for t in takers if stances.get(t) != 'hostile')}"), at)]


def chosen_stances(s: Scene, table: Table) -> dict[str, str]:
    """The declared stances by the cast's spelling of each name."""
    out = {}
    for key, stance in s.stances.items():
        c = table.character(key)
        if c is not None:
            out[c.name] = stance
    return out
