"""The rules a setup and a scene keep: who is named, what may be invoked, which TN."""

from __future__ import annotations

from typing import Any

from playaid.problems import Needs, Path, Problem, error, warning
from playaid.systems.base import Resolver
from playaid.systems.cast import find, resolve_cast
from .character_rules import MAX_WORDS, check_character, words
from .harm import TN_PENALTY
from .scene import Scene, Setup
from .character import Character
from .spiral_die import FACE_COUNT
from .luck import check_gains
from .events import check_luck
from .recovery import check_rest, check_treat
from .sequence import check_sequence
from .talents import effect_of, unplayable


def check_setup(s: Setup, resolver: Resolver) -> list[Problem]:
    _, problems = resolve_cast(s.characters, resolver, check_character)
    return problems


class Cast:
    """Who a scene may name: character files beside it, or the members of its setup."""

    def __init__(self, scene: Scene, resolver: Resolver):
        self.resolver = resolver
        self.members = None
        self.broken = False
        if scene.setup is not None:
            setup = resolver.resolve(scene.setup, "setup", ("setup",))
            self.broken = setup is None
            if setup is not None:
                # the setup reports its own cast problems when it is loaded
                self.members, _ = resolve_cast(setup.characters, resolver.beside(scene.setup),
                                               check_character, at=("setup",))

    def get(self, ref: str, at: Path, role: str = "character") -> tuple[Character | None, list[Problem]]:
        if self.broken:
            return None, []
        if self.members is None:
            return self.resolver.resolve(ref, "character", at), []
        member, problems = find(self.members, ref, at, role)
        return (member.model if member else None), problems


def check_scene(s: Scene, resolver: Resolver) -> list[Problem]:
    cast = Cast(s, resolver)
    actor, problems = cast.get(s.character, ("character",), "focal character")
    problems += _shape(s)
    if actor is not None:
        problems += _invocations(s, actor)
        problems += _help(s, actor, cast)
    problems += _defender(s, actor, cast)
    problems += _take(s, actor, cast)
    problems += check_treat(s, actor, cast) + check_rest(s, actor) + check_gains(s, cast) + check_luck(s)
    problems += check_sequence(s, actor, cast)
    if s.die is not None:
        resolver.resolve(s.die, "dice", ("die",))
    problems += [error("sapio.dice-face", f"{value} is not a face of the Spiral die",
                       f"list each die as the number of the face it shows, 1 to {FACE_COUNT}, "
                       "as the faces are numbered in the die file", ("dice", i))
                 for i, value in enumerate(s.dice or []) if not 1 <= value <= FACE_COUNT]
    return problems


def _shape(s: Scene) -> list[Problem]:
    problems: list[Problem] = []
    need = Needs(problems, "sapio.scene-shape")

    if s.type == "check":
        need(s.tn is not None, "a check needs the GM's `tn`", "add `tn:` from 1 to 5", ())
        need(s.defender is None, "a check has no defender", "write `type: versus` for one character against another",
             ("defender",))
    elif s.type == "versus":
        need(s.defender is not None, "a versus scene needs a `defender`",
             "add `defender: {character: ..., invokes: [...]}`", ())
        need(s.tn is None, "in a versus scene the defender sets the TN by invoking elements",
             "remove `tn:` and list the defender's `invokes`", ("tn",))
        if s.bonus.luck:
            problems.append(error("sapio.versus-luck", "Luck may not be added when one character confronts another",
                                  "remove `luck:` from the bonus", ("bonus", "luck")))
        if s.weapon is not None and not 1 <= words(s.wound) <= MAX_WORDS:
            problems.append(error("sapio.harm-words", f"the wound `{s.wound}` is {words(s.wound)} words; "
                                  "Injuries are recorded in one or two words", "shorten it", ("wound",)))
    return problems


def _unknown(what: str, name: str, owner: Character, hint: str, path: Path) -> Problem:
    return error("sapio.unknown-element", f"{owner.name} has no {what} `{name}`", hint, path)


def _invocations(s: Scene, actor: Character) -> list[Problem]:
    problems: list[Problem] = []
    inv = s.invoke
    if inv.profession and inv.side_profession:
        problems.append(error("sapio.one-profession", "only one Profession may be invoked for a check",
                              "invoke either the Main Profession or one Side Profession", ("invoke",)))
    side = None
    if inv.side_profession is not None:
        side = actor.side_profession(inv.side_profession)
        if side is None:
            problems.append(_unknown("Side Profession", inv.side_profession, actor,
                                     "Side Professions: " + ", ".join(p.name for p in actor.side_professions),
                                     ("invoke", "side_profession")))
    if inv.specialization is not None:
        problems += _specialization(inv.specialization, actor.profession if inv.profession else side, actor)
    if inv.quality is not None and inv.quality.casefold() not in {q.casefold() for q in actor.qualities}:
        problems.append(_unknown("Quality", inv.quality, actor, "Qualities: " + ", ".join(actor.qualities),
                                 ("invoke", "quality")))
    for i, name in enumerate(s.bonus.talents):
        talent = actor.talent(name)
        if talent is None:
            problems.append(_unknown("Special Talent", name, actor, "Special Talents: " +
                                     ", ".join(t.name for t in actor.talents), ("bonus", "talents", i)))
        elif effect_of(talent) is None:
            problems.append(unplayable(talent, ("bonus", "talents", i)))
    if s.bonus.luck > actor.luck:
        problems.append(error("sapio.luck-spent", f"{actor.name} spends {s.bonus.luck} Luck but has {actor.luck}",
                              f"spend at most {actor.luck}", ("bonus", "luck")))
    for i, name in enumerate(s.penalties):
        found = actor.harm(name)
        if found is None:
            names = [h.name for h in (*actor.injuries, *actor.stresses)]
            problems.append(_unknown("Injury or Stress", name, actor,
                                     "on the sheet: " + (", ".join(names) or "none"), ("penalties", i)))
        elif TN_PENALTY.get(found[1].rank or "minor", 0) == 0:
            problems.append(warning("sapio.penalty-level", f"{found[1].name} is Minor: it does not raise the TN",
                                    "only Moderate (+1) and Severe (+2) Injuries and Stresses raise the TN",
                                    ("penalties", i)))
    if s.weapon is not None and actor.weapon(s.weapon) is None:
        problems.append(_unknown("weapon", s.weapon, actor, "weapons: " + (", ".join(w.name for w in actor.weapons)
                                                                         or "none"), ("weapon",)))
    return problems


def _specialization(name: str, invoked: Any, actor: Character) -> list[Problem]:
    path = ("invoke", "specialization")
    if invoked is not None and name.casefold() in {x.casefold() for x in invoked.specializations}:
        return []
    owner = next((p for p in (actor.profession, *actor.side_professions)
                  if name.casefold() in {x.casefold() for x in p.specializations}), None)
    if owner is None:
        return [_unknown("Specialization", name, actor, "invoke a Specialization of the invoked Profession", path)]
    if invoked is None:
        return [error("sapio.specialization-profession", f"{name} is invoked without its Profession {owner.name}",
                      f"invoke {owner.name} too: a Specialization adds its die with the Profession it belongs to",
                      path)]
    return [error("sapio.specialization-profession", f"{name} belongs to {owner.name}, not to {invoked.name}",
                  "only a Specialization of the invoked Profession may be invoked", path)]


def _help(s: Scene, actor: Character, cast: Cast) -> list[Problem]:
    problems: list[Problem] = []
    seen: set[str] = set()
    for i, h in enumerate(s.help):
        helper, found = cast.get(h.character, ("help", i, "character"), "helper")
        problems += found
        if helper is None:
            continue
        if helper is actor:
            problems.append(error("sapio.scene-shape", f"{actor.name} cannot help their own check",
                                  "help comes from another character", ("help", i, "character")))
        elif helper.name.casefold() in seen:
            problems.append(error("sapio.help-element", f"{helper.name} helps twice; a helper invokes one element",
                                  "keep one entry; the GM may grant more dice as `bonus: {situation: ...}`",
                                  ("help", i)))
        seen.add(helper.name.casefold())
        problems += _element(helper, h.invokes, ("help", i, "invokes"), "help")
    return problems


def _element(who: Character, name: str, path: Path, use: str) -> list[Problem]:
    """`name` must be a Profession, Specialization or Quality of `who`."""
    if name.casefold() in who.elements():
        return []
    nature = {who.principle.casefold(): "Principle", who.worst_impulse.casefold(): "Worst Impulse",
              "principle": "Principle", "worst impulse": "Worst Impulse"}
    kind = "Special Talent" if who.talent(name) else nature.get(name.strip().casefold())
    if kind:
        return [error("sapio.help-element", f"{name} is {who.name}'s {kind}; only Professions, Specializations "
                      f"and Qualities may be invoked to {use}", "invoke a character element instead", path)]
    return [_unknown("Profession, Specialization or Quality", name, who,
                     "elements: " + ", ".join(sorted(set(_display(who)))), path)]


def _display(who: Character) -> list[str]:
    profs = [who.profession, *who.side_professions]
    return [p.name for p in profs] + [x for p in profs for x in p.specializations] + list(who.qualities)


def _defender(s: Scene, actor: Character | None, cast: Cast) -> list[Problem]:
    if s.defender is None or s.type != "versus":
        return []
    d = s.defender
    defender, problems = cast.get(d.character, ("defender", "character"), "defender")
    if defender is None:
        return problems
    if defender is actor:
        problems.append(error("sapio.scene-shape", "a character cannot confront themself",
                              "name another character as the defender", ("defender", "character")))
    seen: set[str] = set()
    for i, name in enumerate(d.invokes):
        if name.casefold() in seen:
            problems.append(error("sapio.scene-shape", f"{name} is invoked twice", "invoke each element once",
                                  ("defender", "invokes", i)))
        seen.add(name.casefold())
        problems += _element(defender, name, ("defender", "invokes", i), "raise the TN")
    problems += _one_each(defender, d.invokes)
    return problems


def _one_each(who: Character, invokes: list[str]) -> list[Problem]:
    """A defender invokes for a roll too, so "one Profession, one Specialization associated
    with the invoked Profession, and one Quality for a given roll" holds for them."""
    kinds = who.elements()
    profs = [n for n in invokes if kinds.get(n.casefold()) in ("Profession", "Side Profession")]
    specs = [n for n in invokes if kinds.get(n.casefold(), "").startswith("Specialization of ")]
    quals = [n for n in invokes if kinds.get(n.casefold()) == "Quality"]
    path = ("defender", "invokes")
    problems = []
    if len(profs) > 1:
        problems.append(error("sapio.one-profession", f"{who.name} invokes {len(profs)} Professions "
                              f"({', '.join(profs)}); only one may be invoked for a roll",
                              "keep the Main Profession or one Side Profession", path))
    if len(specs) > 1:
        problems.append(error("sapio.one-specialization", f"{who.name} invokes {len(specs)} Specializations "
                              f"({', '.join(specs)}); only one may be invoked for a roll",
                              "keep one Specialization of the invoked Profession", path))
    for name in specs:
        owner = kinds[name.casefold()].removeprefix("Specialization of ")
        if owner.casefold() not in {p.casefold() for p in profs}:
            problems.append(error("sapio.specialization-profession", f"{name} is invoked without its Profession {owner}",
                                  f"invoke {owner} too, or leave {name} out", path))
    if len(quals) > 1:
        problems.append(error("sapio.one-quality", f"{who.name} invokes {len(quals)} Qualities "
                              f"({', '.join(quals)}); only one may be invoked for a roll",
                              "keep one Quality", path))
    return problems


def _take(s: Scene, actor: Character | None, cast: Cast) -> list[Problem]:
    t = s.take
    if t is None:
        return []
    if (t.injury is None) == (t.stress is None):
        return [error("sapio.scene-shape", "`take` records one Injury or one Stress",
                      "write either `injury:` or `stress:` with its name", ("take",))]
    name = t.injury if t.injury is not None else t.stress
    field = "injury" if t.injury is not None else "stress"
    problems = []
    if not 1 <= words(name) <= MAX_WORDS:
        problems.append(error("sapio.harm-words", f"`{name}` is {words(name)} words; "
                              "Injuries and Stresses are recorded in one or two words", "shorten it", ("take", field)))
    who, found = (actor, []) if t.who is None else cast.get(t.who, ("take", "who"))
    problems += found
    if who is not None and t.similar_to is not None:
        track = who.injuries if t.injury is not None else who.stresses
        if not any(h.name.casefold() == t.similar_to.casefold() for h in track):
            problems.append(_unknown("Injury" if t.injury is not None else "Stress", t.similar_to, who,
                                     "name an entry already on the sheet", ("take", "similar_to")))
    return problems

