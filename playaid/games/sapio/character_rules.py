"""The rules a Sapio character sheet keeps: elements, starting picks, harm, advancement."""

from __future__ import annotations

from collections import Counter
from functools import cache
from typing import Sequence

import yaml

from playaid.problems import Needs, Problem, error, warning
from .harm import BOXES, count, is_debilitated
from .character import ADVANCEMENT_TYPES, LEVELS, Character, Harm
from .spiral_die import DATA
from .talents import check_talents

BROAD_QUALITIES_FILE = DATA / "broad-qualities.yaml"
MAX_WORDS = 2
"""Professions, Side Professions, Injuries and Stresses are written in one or two words."""
STARTING_QUALITIES = 2


@cache
def broad_qualities() -> frozenset[str]:
    """Qualities that could apply to any task (folded), from the game's data file."""
    data = yaml.safe_load(BROAD_QUALITIES_FILE.read_text(encoding="utf-8"))
    return frozenset(q.casefold() for q in data["broad_qualities"])


def words(text: str) -> int:
    return len(text.split())


def check_character(c: Character, resolver: object = None) -> list[Problem]:
    return [*_professions(c), *_picks(c), *_qualities(c), *_nature(c),
            *_harm(c.injuries, "injuries", "Injury"), *_harm(c.stresses, "stresses", "Stress"),
            *_weapons(c), *_advancement(c), *check_talents(c.talents)]


def _professions(c: Character) -> list[Problem]:
    problems = []
    for path, prof in [(("profession", "name"), c.profession),
                       *((("side_professions", i, "name"), p) for i, p in enumerate(c.side_professions))]:
        what = "the Profession" if path[0] == "profession" else "a Side Profession"
        if not 1 <= words(prof.name) <= MAX_WORDS:
            problems.append(error(
                "sapio.profession-words", f"{what} `{prof.name}` is {words(prof.name)} words; it may be at most two",
                "name the core skill set in one or two words, e.g. Roof Runner", path))
    return problems


def _picks(c: Character) -> list[Problem]:
    """A starting character's picks, or the least an advanced one still has."""
    problems = []

    if c.is_starting:
        need = Needs(problems, "sapio.starting-character")
        specs = len(c.profession.specializations)
        need(specs == 1, f"a starting character has one Specialization under the Profession, not {specs}",
             "pick one Specialization under the Profession", ("profession", "specializations"))
        need(len(c.side_professions) == 1,
             f"a starting character has one Side Profession, not {len(c.side_professions)}",
             "pick one Side Profession", ("side_professions",))
        for i, side in enumerate(c.side_professions):
            need(not side.specializations,
                 f"a starting character has no Specializations under the Side Profession {side.name} yet",
                 "leave `specializations` empty; they come with advancement", ("side_professions", i, "specializations"))
        need(len(c.qualities) == STARTING_QUALITIES,
             f"a starting character has two Qualities, not {len(c.qualities)}", "pick two Qualities", ("qualities",))
        need(len(c.talents) == 1, f"a starting character has one Special Talent, not {len(c.talents)}",
             "pick one Special Talent", ("talents",))
        need(not c.advancements, "a starting character has taken no advancements yet",
             "write `stage: advanced`, or remove the advancements", ("stage",))
    else:
        need = Needs(problems, "sapio.elements")
        need(bool(c.side_professions), "the character has no Side Profession",
             "every character keeps at least the Side Profession picked at the start", ("side_professions",))
        need(len(c.qualities) >= STARTING_QUALITIES,
             f"the character has {len(c.qualities)} Qualities; every character keeps at least the two picked at the start",
             "add Qualities", ("qualities",))
        need(bool(c.talents), "the character has no Special Talent",
             "every character keeps at least the Special Talent picked at the start", ("talents",))
    return problems


def _qualities(c: Character) -> list[Problem]:
    broad = broad_qualities()
    return [warning("sapio.quality-too-broad",
                    f"the Quality `{q}` is so broad it could apply to any task",
                    "pick a narrower descriptor, e.g. Agile, Perceptive or Durable", ("qualities", i))
            for i, q in enumerate(c.qualities) if q.strip().casefold() in broad]


def _nature(c: Character) -> list[Problem]:
    return [error("sapio.nature", f"the character has no {label}",
                  f"add `{field}:` with a word or short phrase", ())
            for field, label in (("principle", "Principle"), ("worst_impulse", "Worst Impulse"))
            if not getattr(c, field).strip()]


def _harm(track: Sequence[Harm], field: str, what: str) -> list[Problem]:
    problems = []
    for i, h in enumerate(track):
        if not 1 <= words(h.name) <= MAX_WORDS:
            problems.append(error("sapio.harm-words", f"the {what} `{h.name}` is {words(h.name)} words; "
                                  "Injuries and Stresses are recorded in one or two words",
                                  "shorten it, e.g. Twisted Ankle", (field, i, "name")))
        if h.rank is None:
            problems.append(error("sapio.harm-level", f"the {what} `{h.name}` has the level `{h.level}`",
                                  "use minor, moderate or severe", (field, i, "level")))
    for level in LEVELS[:2]:
        n = count(track, level)
        if n > BOXES[level]:
            problems.append(error(
                "sapio.harm-boxes", f"{n} {level.title()} {what} entries; there are {BOXES[level]} {level.title()} boxes",
                f"a {what} that finds its boxes full is recorded a level up (or, of a similar nature, "
                f"replaces one and climbs a level)", (field,)))
    severe = count(track, "severe")
    if severe > 2:
        problems.append(error(
            "sapio.harm-boxes", f"{severe} Severe {what} entries; there is one Severe box and a second Severe debilitates",
            "a debilitated character takes no more harm: remove the extra Severe entries", (field,)))
    elif is_debilitated(track):
        problems.append(warning(
            "sapio.debilitated", f"two Severe {what} entries: the character is debilitated",
            "they are unconscious, bleeding out or overcome until a Severe one heals", (field,)))
    return problems


def _weapons(c: Character) -> list[Problem]:
    return [error("sapio.weapon-level", f"the weapon `{w.name}` has the level `{w.level}`",
                  "a weapon's base Injury is minor, moderate or severe", ("weapons", i, "level"))
            for i, w in enumerate(c.weapons) if w.level.strip().casefold() not in LEVELS]


def _advancement(c: Character) -> list[Problem]:
    problems = []
    types = c.advancement_types()
    cycle = len(ADVANCEMENT_TYPES)
    for i, kind in enumerate(types):
        start = i - i % cycle
        if kind in types[start:i]:
            left = [t for t in ADVANCEMENT_TYPES if t not in types[start:i]]
            problems.append(error(
                "sapio.advancement-cycle", f"advancement {i + 1} takes {kind} again before the cycle is complete",
                "take every type once before any repeats; still to take: " + ", ".join(left),
                ("advancements", i)))
        entry = c.advancements[i]
        if not isinstance(entry, str) and entry.cycle_reward and (i + 1) % cycle:
            problems.append(error(
                "sapio.cycle-reward", f"advancement {i + 1} claims a cycle reward, but it does not complete a cycle",
                f"a cycle is complete after every {cycle}th advancement (one of each type)",
                ("advancements", i, "cycle_reward")))
    if types and not c.is_starting:
        problems += _advancement_count(c, Counter(types))
    return problems


def _advancement_count(c: Character, taken: Counter) -> list[Problem]:
    """What the sheet holds against what the start plus the history gives."""
    specs = len(c.profession.specializations) + sum(len(s.specializations) for s in c.side_professions)
    skills = specs + len(c.side_professions)  # swapping Professions moves Specializations, never adds
    expected = [
        ("Specializations and Side Professions", skills,
         2 + taken["profession-specialization"] + taken["side-profession"], ("side_professions",)),
        ("Qualities", len(c.qualities), STARTING_QUALITIES + taken["quality"], ("qualities",)),
        ("Special Talents", len(c.talents), 1 + taken["special-talent"], ("talents",)),
    ]
    return [warning("sapio.advancement-count",
                    f"the sheet has {have} {what}; the start and the advancements listed give {want}",
                    "list every advancement taken, or correct the sheet", path)
            for what, have, want, path in expected if have != want]
