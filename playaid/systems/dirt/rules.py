"""Games to Play in the Dirt #2 — the rules a character, a table and a scene must keep."""

from __future__ import annotations

from ...problems import Needs, Problem, error, warning
from ..base import Resolver
from ..cast import resolve_cast
from .models import STAT_TOTAL_MAX, STATS, TABLE_SIZE, Character, Scene, Setup, Written

RULES = {
    "dirt.stat-range": "Mental, Physical and Social are each 1 to 5 (error).",
    "dirt.stat-total": "Mental + Physical + Social is at most 10 (error).",
    "dirt.stat-low": "A stat below 2 is unwise (warning).",
    "dirt.job-and-hobby": "Every character has a job and a hobby (error).",
    "dirt.reduction-range": "Damage takes a stat down to 0 at the least (error).",
    "dirt.table-size": "The game is for 3–6 players, the narrator included (warning).",
    "dirt.scene-shape": "An unopposed check names one character, a stat and a difficulty; an opposed one two sides (error).",
    "dirt.written-numbers": "Dice-less variant: both write a number from 1 to 6 for every die (error).",
    "dirt.incapacitated": "An incapacitated character may not declare an action; as a target it does not oppose "
                          "(error, when rolling).",
    "dirt.item-check": "A check for an item is an unopposed mental check (error).",
}


def check_character(c: Character, resolver: Resolver | None = None) -> list[Problem]:
    problems: list[Problem] = []
    total = c.stats.total()
    if total > STAT_TOTAL_MAX:
        problems.append(error(
            "dirt.stat-total", f"M + P + S is {total}; it may be at most {STAT_TOTAL_MAX}",
            f"lower the stats by {total - STAT_TOTAL_MAX} in all", ("stats",)))
    for stat in STATS:
        value = getattr(c.stats, stat)
        if 1 <= value < 2:
            problems.append(warning(
                "dirt.stat-low", f"{stat} is {value}: the rules call a stat below 2 unwise",
                "a 2 or 3 gives a fair chance of success", ("stats", stat)))
        lost = getattr(c.reductions, stat)
        if lost > value:
            problems.append(error(
                "dirt.reduction-range", f"{stat} has lost {lost} points but only has {value}",
                f"a stat goes down to 0 at the least: write at most {value}", ("reductions", stat)))
    for part in ("job", "hobby"):
        if not getattr(c, part).strip():
            problems.append(error(
                "dirt.job-and-hobby", f"the character has no {part}",
                f"add `{part}:` — every character has a job and a hobby", ()))
    return problems


def check_setup(s: Setup, resolver: Resolver) -> list[Problem]:
    members, problems = resolve_cast(s.characters, resolver, check_character)
    players = len(members) + 1  # the narrator plays too
    low, high = TABLE_SIZE
    if members and not low <= players <= high:
        problems.append(warning(
            "dirt.table-size",
            f"{len(members)} characters and a narrator make {players} players; the game is for {low}–{high}",
            "it may be played with more, but some players may feel left out", ("characters",)))
    return problems


def _check_written(w: Written | None, at: tuple) -> list[Problem]:
    if w is None:
        return []
    problems = []
    for who in ("player", "narrator"):
        for i, n in enumerate(getattr(w, who)):
            if not 1 <= n <= 6:
                problems.append(error("dirt.written-numbers", f"{n} is not a number from 1 to 6",
                                      "each written number is 1 to 6", at + ("written", who, i)))
    if len(w.player) != len(w.narrator):
        problems.append(error(
            "dirt.written-numbers",
            f"the player wrote {len(w.player)} numbers and the narrator {len(w.narrator)}",
            "both write one number for every die", at + ("written",)))
    return problems


def check_scene(s: Scene, resolver: Resolver) -> list[Problem]:
    problems: list[Problem] = []
    need = Needs(problems, "dirt.scene-shape")

    if s.type == "unopposed":
        need(s.character is not None, "an unopposed check needs `character`", "name the acting character's file", ())
        need(s.stat is not None, "an unopposed check needs `stat`", "mental, physical or social", ())
        need(s.difficulty is not None, "an unopposed check needs `difficulty`",
             "simple, average, difficult, hard or nearly-impossible", ())
        need(not s.sides, "an unopposed check has no `sides`", "use `type: opposed` for two sides", ("sides",))
        need(not s.fight, "a fight is an opposed check", "use `type: opposed` with two sides", ("fight",))
        need(not s.ambush, "an ambush is the first round of a fight", "use `type: opposed` with `fight: true`",
             ("ambush",))
        if s.item is not None and s.stat not in (None, "mental"):
            problems.append(error("dirt.item-check", f"an item check rolls mental, not {s.stat}",
                                  "write `stat: mental` (\"roll an unopposed mental check for some equipment\")",
                                  ("stat",)))
        need(s.dice is None or s.written is None, "give either `dice` or `written`, not both",
             "`written` is the dice-less variant", ("written",))
        if s.character:
            resolver.resolve(s.character, "character", ("character",))
        problems += _check_written(s.written, ())
    else:
        need(len(s.sides) == 2, f"an opposed check has two sides, not {len(s.sides)}",
             "a character can oppose only one other character's action", ("sides",))
        need(s.character is None and s.stat is None and s.written is None,
             "an opposed check names its characters, stats and dice under `sides`",
             "move `character`, `stat` and `written` into the sides", ())
        need(s.dice is None, "an opposed check lists each side's dice in its own entry of `sides`",
             "move them to `sides[0].dice` and `sides[1].dice`"
             + ("; the narrator's d6s that pick the stats lost go under `damage_dice`" if s.fight else ""), ("dice",))
        need(s.item is None, "an item check is unopposed", "use `type: unopposed` with `stat: mental`", ("item",))
        need(not s.ambush or s.fight, "an ambush is the first round of a fight", "add `fight: true`", ("ambush",))
        if s.ambush and len(s.sides) == 2:
            need(s.sides[1].dice is None and s.sides[1].written is None,
                 "an ambushed side rolls no dice: it does not detect the attacker",
                 "remove the second side's `dice` / `written`", ("sides", 1))
        for i, side in enumerate(s.sides):
            resolver.resolve(side.character, "character", ("sides", i, "character"))
            need(side.dice is None or side.written is None, "give either `dice` or `written`, not both",
                 "`written` is the dice-less variant", ("sides", i, "written"))
            problems += _check_written(side.written, ("sides", i))
    return problems
