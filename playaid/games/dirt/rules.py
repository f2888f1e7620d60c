"""Games to Play in the Dirt #2 — the rules a character, a table and a scene must keep."""

from __future__ import annotations

from typing import Callable

from playaid.problems import Needs, Problem, error, warning
from playaid.systems.base import Resolver
from playaid.systems.cast import resolve_cast
from .models import STAT_TOTAL_MAX, STATS, TABLE_SIZE, Character, Check, Scene, Setup, Written
from .rounds import action_names, cast_of

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
    "dirt.controlled": "A character controlled (a fight lost by 2 or more) may only react to attackers the next "
                       "round; the control then ends (error, when rolling; a step of `roll`).",
    "dirt.round-actions": "In a round each character declares one action and opposes one other, or two by giving "
                          "up its own (error).",
    "dirt.simultaneous": "All actions of a round are simultaneous: a character dropped this round still acts with "
                         "what it had as the round began (a step of `roll`).",
    "dirt.hold": "A held action waits until the end of the round (a step of `roll`).",
    "dirt.lost-until": "A stat point lost records when it comes back: the end of the combat, scene or session "
                       "(a step of `roll`).",
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
        lost = c.points_lost(stat)
        if lost > value:
            where = ("reductions", stat) if getattr(c.reductions, stat) else ("lost",)
            problems.append(error(
                "dirt.reduction-range", f"{stat} has lost {lost} points but only has {value}",
                f"a stat goes down to 0 at the least: lose at most {value} in all", where))
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
    if s.type in ("round", "end"):
        return check_round(s, resolver)
    problems = _check_one(s, (), lambda ref, at: resolver.resolve(ref, "character", at))
    need = Needs(problems, "dirt.scene-shape")
    need(s.setup is None and not s.actions and s.ends is None, "a single check names its characters' files",
         "`setup`, `actions` and `ends` belong to `type: round` and `type: end`", ())
    return problems


def _check_one(s: Check, at: tuple, resolve: Callable[[str, tuple], object]) -> list[Problem]:
    """The shape of one check (a scene, or one action of a round at `at`); `resolve` looks up
    each character it names."""
    problems: list[Problem] = []
    need = Needs(problems, "dirt.scene-shape")

    if s.type == "unopposed":
        need(s.character is not None, "an unopposed check needs `character`", "name the acting character", at)
        need(s.stat is not None, "an unopposed check needs `stat`", "mental, physical or social", at)
        need(s.difficulty is not None, "an unopposed check needs `difficulty`",
             "simple, average, difficult, hard or nearly-impossible", at)
        need(not s.sides, "an unopposed check has no `sides`", "use `type: opposed` for two sides", at + ("sides",))
        need(not s.fight, "a fight is an opposed check", "use `type: opposed` with two sides", at + ("fight",))
        need(not s.ambush, "an ambush is the first round of a fight", "use `type: opposed` with `fight: true`",
             at + ("ambush",))
        if s.item is not None and s.stat not in (None, "mental"):
            problems.append(error("dirt.item-check", f"an item check rolls mental, not {s.stat}",
                                  "write `stat: mental` (\"roll an unopposed mental check for some equipment\")",
                                  at + ("stat",)))
        need(s.dice is None or s.written is None, "give either `dice` or `written`, not both",
             "`written` is the dice-less variant", at + ("written",))
        if s.character:
            resolve(s.character, at + ("character",))
        problems += _check_written(s.written, at)
    else:
        need(len(s.sides) == 2, f"an opposed check has two sides, not {len(s.sides)}",
             "a character can oppose only one other character's action", at + ("sides",))
        need(s.character is None and s.stat is None and s.written is None,
             "an opposed check names its characters, stats and dice under `sides`",
             "move `character`, `stat` and `written` into the sides", at)
        need(s.dice is None, "an opposed check lists each side's dice in its own entry of `sides`",
             "move them to `sides[0].dice` and `sides[1].dice`"
             + ("; the narrator's d6s that pick the stats lost go under `damage_dice`" if s.fight else ""),
             at + ("dice",))
        need(s.item is None, "an item check is unopposed", "use `type: unopposed` with `stat: mental`", at + ("item",))
        need(not s.ambush or s.fight, "an ambush is the first round of a fight", "add `fight: true`", at + ("ambush",))
        if s.ambush and len(s.sides) == 2:
            need(s.sides[1].dice is None and s.sides[1].written is None,
                 "an ambushed side rolls no dice: it does not detect the attacker",
                 "remove the second side's `dice` / `written`", at + ("sides", 1))
        for i, side in enumerate(s.sides):
            resolve(side.character, at + ("sides", i, "character"))
            need(side.dice is None or side.written is None, "give either `dice` or `written`, not both",
                 "`written` is the dice-less variant", at + ("sides", i, "written"))
            problems += _check_written(side.written, at + ("sides", i))
    return problems


def check_round(s: Scene, resolver: Resolver) -> list[Problem]:
    """A round of actions, or the end of a combat, scene or session, at the table of `setup`."""
    problems: list[Problem] = []
    need = Needs(problems, "dirt.scene-shape")
    single = [f for f in ("character", "stat", "difficulty", "item", "dice", "written", "damage_dice")
              if getattr(s, f) is not None] + [f for f in ("sides", "fight", "ambush") if getattr(s, f)]
    need(not single, f"a {s.type} scene has no `{single[0] if single else ''}` of its own",
         "each action of a round holds its own check; an end holds only `setup` and `ends`", ())
    need(s.setup is not None, f"a {s.type} scene names the table's `setup`",
         "add `setup:` with the setup file whose characters take part", ())
    if s.type == "end":
        need(s.ends is not None, "an end says what ends", "`ends: combat`, `scene` or `session`", ())
        need(not s.actions, "an end plays no actions", "put the actions in a `type: round` scene", ("actions",))
    else:
        need(bool(s.actions), "a round holds at least one action", "list the actions under `actions`", ())
        need(s.ends is None, "a round does not end anything", "write a `type: end` scene after it", ("ends",))
    if s.setup is None:
        return problems
    members = cast_of(s, resolver)
    for i, action in enumerate(s.actions):
        problems += _check_one(action, ("actions", i), lambda ref, at: None)
        problems += action_names(action, members, ("actions", i))[1]
    return problems + _check_turns(s, members)


def _check_turns(s: Scene, members) -> list[Problem]:
    """One action a character declares per round, and one other's action it opposes — two
    when it gives up its own ("unless they use their primary action as well to oppose")."""
    problems: list[Problem] = []
    declared: dict[str, int] = {}
    opposing: dict[str, list[int]] = {}
    for i, action in enumerate(s.actions):
        names, _ = action_names(action, members, ("actions", i))
        if names[0] in declared:
            problems.append(error("dirt.round-actions", f"{names[0]} already acts in action {declared[names[0]] + 1}",
                                  "each character takes one turn a round", ("actions", i)))
        declared.setdefault(names[0], i)
        if len(names) == 2:
            opposing.setdefault(names[1], []).append(i)
    for who, where in opposing.items():
        most = 1 if who in declared else 2
        for i in where[most:]:
            problems.append(error("dirt.round-actions", f"{who} opposes {len(where)} actions this round",
                                  "a character opposes one other action a round, or two by giving up its own "
                                  "action", ("actions", i, "sides", 1, "character")))
    return problems
