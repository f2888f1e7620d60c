"""What a Special Talent does to a roll, as data: a TN cap, a TN change, bonus dice, Injuries
whose TN increase is ignored, or automatic Hits, Spares or Spirals.

"Special Talents may change how the roll proceeds, either by adding dice, changing TNs, or
generating automatic *, Y, or @." The tool plays all three: a character sheet states the
effect on the talent, or a talent named like one of the rule text's examples takes the effect
the game's data file gives it (`talents.yaml`). Anything else — a talent that needs no roll,
or one that bends a rule no number states — is the table's to play, and a scene naming it is
refused rather than silently turned into a bonus die.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import yaml

from playaid.problems import Path, Problem, error
from playaid.systems.play import Step
from .character import Talent
from .harm import penalty
from .spiral_die import DATA

TALENTS_FILE = DATA / "talents.yaml"
POOL_EFFECTS = ("tn_cap", "tn_change", "bonus_dice", "ignore_injuries")
"""Effects on the pool and the TN, played before the dice are rolled."""
RESULT_EFFECTS = ("hits", "spares", "spirals")
"""Automatic symbols, added to what the dice show."""
EFFECTS = POOL_EFFECTS + RESULT_EFFECTS


@dataclass(frozen=True)
class Effect:
    """One talent's effect on a roll: `kind` is one of EFFECTS, `amount` its number."""

    talent: str
    kind: str
    amount: int
    task: str = ""
    on_success: bool = False
    """For automatic symbols: they come only when the check succeeds."""

    def describe(self) -> str:
        where = f" for {self.task}" if self.task else ""
        if self.kind == "tn_cap":
            return f"the TN{where} is never more than {self.amount}"
        if self.kind == "tn_change":
            return f"the TN{where} is {abs(self.amount)} lower"
        if self.kind == "ignore_injuries":
            return ("the TN increase from a single Injury is ignored" if self.amount == 1
                    else f"the TN increases from {self.amount} Injuries are ignored") + where
        if self.kind == "bonus_dice":
            return f"+{self.amount} bonus {'die' if self.amount == 1 else 'dice'}{where}"
        symbol = self.kind[:-1].title() + ("" if self.amount == 1 else "s")
        return f"{self.amount} automatic {symbol}{where}" + (" when the check succeeds" if self.on_success else "")


@cache
def examples() -> dict[str, dict]:
    """The rule text's example talents by folded name, as the data file writes them."""
    data = yaml.safe_load(TALENTS_FILE.read_text(encoding="utf-8"))
    return {entry["name"].casefold(): entry for entry in data["talents"]}


def stated(talent: Talent) -> list[str]:
    """The effects a sheet writes on the talent (more than one is an error)."""
    return [kind for kind in EFFECTS if getattr(talent, kind) is not None]


def effect_of(talent: Talent) -> Effect | None:
    """What `roll` plays for the talent: the sheet's own effect, else the rule text's
    example of the same name, else None (the tool cannot play it)."""
    kinds = stated(talent)
    if len(kinds) == 1:
        return Effect(talent.name, kinds[0], getattr(talent, kinds[0]), talent.task, talent.on_success)
    if kinds:
        return None
    example = examples().get(talent.name.strip().casefold(), {})
    for kind in EFFECTS:
        if kind in example:
            return Effect(talent.name, kind, int(example[kind]), talent.task or example.get("task", ""),
                          bool(example.get("on_success", False)))
    return None


def unplayable(talent: Talent, path: Path) -> Problem:
    """The error for a scene naming a talent the tool cannot play, with what to do instead."""
    example = examples().get(talent.name.strip().casefold(), {})
    why = example.get("why")
    hint = (f"the rule text's {talent.name} is the table's to play: {why}; leave it out of `talents:`" if why else
            "state on the character's talent what it does to a roll — `tn_cap: 4` (the TN is never more than 4), "
            "`tn_change: -1` (the TN is 1 lower), `bonus_dice: 1`, `ignore_injuries: 1`, or automatic `hits: 1` (with `on_success: true` "
            "for \"if they succeed\"), `spares: 2` or `spirals: 1` — or leave it out and let the table play it")
    return error("sapio.talent-effect", f"{talent.name} does nothing `playaid roll` can play (a TN cap, a TN change, "
                 "bonus dice, Injuries ignored or automatic Hits, Spares or Spirals), so it cannot be counted in this check", hint, path)


def check_talents(talents: list[Talent]) -> list[Problem]:
    """A talent states at most one effect, and `on_success` only with automatic symbols."""
    problems = [error("sapio.talent-effect", f"{t.name} states {' and '.join(stated(t))}; a talent has one effect",
                      "keep the one the talent describes", ("talents", i))
                for i, t in enumerate(talents) if len(stated(t)) > 1]
    problems += [error("sapio.talent-effect", f"{t.name} says `on_success` but adds no automatic Hits, Spares or "
                       "Spirals", "add `hits:`, `spares:` or `spirals:`, or remove `on_success`",
                       ("talents", i, "on_success"))
                 for i, t in enumerate(talents) if t.on_success and not set(stated(t)) & set(RESULT_EFFECTS)]
    return problems


def ignored(applying: list, count: int) -> list:
    """Which of the applying Injuries (`(field, Harm)` pairs, Stresses included) a talent like
    Usually Bloody ignores: "may ignore the TN increase from a single Injury". The player may
    pick any; the one with the largest increase is the only pick that can lower the TN, since
    "only the largest penalty is applied", so that is the one taken."""
    injuries = [found for found in applying if found[0] == "injuries" and found[1].rank and penalty([found[1].rank])]
    injuries.sort(key=lambda found: penalty([found[1].rank]), reverse=True)
    return injuries[:count]


def ignored_step(bloody: list[Effect], dropped: list, applying: list) -> Step:
    """A talent like Usually Bloody, said with the Injury it sets aside (or that none applies)."""
    names = ", ".join(e.talent for e in bloody)
    if not dropped:
        return Step(f"Special Talent {names}: {bloody[0].describe()}, but no Injury raises this TN.",
                    {"talent": names, "effect": "ignore_injuries", "ignored": []})
    said = "; ".join(f"the {h.level.title()} Injury {h.name} (TN +{penalty([h.rank])}) does not count"
                     for _, h in dropped)
    rest = len(applying) - len(dropped)
    return Step(f"Special Talent {names}: {bloody[0].describe()} — {said}"
                + ("; the other harm listed counts as usual." if rest else "; nothing else listed raises the TN."),
                {"talent": names, "effect": "ignore_injuries", "ignored": [h.name for _, h in dropped]})
