"""Treatment checks and rest in a scene: what a scene may say, and what `roll` does with it.

A treatment check is an ordinary check with `treat:`; on a success the Injury lowers one
level. A rest (`type: rest`) rolls nothing: the days it lasts downgrade Injuries, and the
Stresses that clear are named (or all clear when the character gathers themself).
"""

from __future__ import annotations

from playaid.problems import Problem, error
from playaid.systems.play import Resolution, Step
from .consequences import Sheets, counted
from .healing import REST_DAYS, clear_stresses, rest, treat
from .scene import Scene
from .character import Character

TREAT, REST = "sapio.heal-treatment", "sapio.heal-rest"
NOT_ROLLED = ("tn", "dice", "defender", "weapon", "take", "treat", "sequence")


def check_treat(s: Scene, actor: Character | None, cast) -> list[Problem]:
    t = s.treat
    if t is None:
        return []
    if s.type != "check":
        return [error(TREAT, "a treatment is a check against the GM's TN", "write `type: check` with a `tn:`",
                      ("treat",))]
    who, problems = (actor, []) if t.who is None else cast.get(t.who, ("treat", "who"))
    if who is None:
        return problems
    found = who.harm(t.injury)
    if found is None or found[0] != "injuries":
        is_stress = found is not None
        problems.append(error(TREAT, f"{who.name} has no Injury `{t.injury}`" + (" — it is a Stress" if is_stress
                                                                              else ""),
                              "a treatment check lowers an Injury; Stresses clear with rest (`type: rest`)"
                              if is_stress else "Injuries: " + (", ".join(h.name for h in who.injuries) or "none"),
                              ("treat", "injury")))
    return problems


def check_rest(s: Scene, actor: Character | None) -> list[Problem]:
    if s.type != "rest":
        return [] if s.rest is None else [error(REST, "`rest:` belongs to a rest scene",
                                                "write `type: rest`, or remove `rest:`", ("rest",))]
    if s.rest is None:
        return [error(REST, "a rest scene says how long the character rests",
                      "add `rest: {days: 1}` (or weeks, months; `gathered: true` clears every Stress)", ())]
    problems = [error(REST, f"a rest is not rolled: `{name}` has no place in it", f"remove `{name}:`", (name,))
                for name in NOT_ROLLED if getattr(s, name) is not None]
    problems += [error(REST, f"a rest is not rolled: `{name}` has no place in it", f"remove `{name}:`", (name,))
                 for name in ("help", "penalties") if getattr(s, name)]
    r = s.rest
    if not (r.total_days or r.gathered or r.stresses):
        problems.append(error(REST, "this rest heals nothing: no days, no Stress cleared",
                              "give `days:`, `weeks:` or `months:`, name `stresses:` that clear, or "
                              "`gathered: true`", ("rest",)))
    if actor is not None:
        for i, name in enumerate(r.stresses):
            if not any(h.name.casefold() == name.strip().casefold() for h in actor.stresses):
                problems.append(error("sapio.unknown-element", f"{actor.name} has no Stress `{name}`",
                                      "Stresses: " + (", ".join(h.name for h in actor.stresses) or "none"),
                                      ("rest", "stresses", i)))
    return problems


def play_rest(s: Scene, actor: Character, luck: tuple[list[Step], list]) -> Resolution:
    """A rest: no dice; Injuries downgrade day by day, Stresses clear."""
    r = s.rest
    assert r is not None
    days = r.total_days
    sheets = Sheets()
    steps = [Step(f"{actor.name} rests {counted(days, 'day')}: a Severe Injury becomes Moderate after "
                  f"{REST_DAYS['severe']} days, a Moderate one Minor after {REST_DAYS['moderate']}, a Minor one "
                  f"clears after {REST_DAYS['minor']} [{REST}].", {"rule": REST, "days": days})]
    if days:
        healed = rest(actor.injuries, days)
        sheets.replace(actor, "injuries", healed.track, f"{actor.name}: Injuries after {counted(days, 'day')} of rest",
                       "Injuries: " + ("; ".join(healed.notes) or "none downgrades yet") + f" [{REST}].", REST)
    if r.gathered or r.stresses:
        cleared = clear_stresses(actor.stresses, r.stresses, r.gathered)
        how = "fully gathers themself" if r.gathered else "rests long enough for these"
        sheets.replace(actor, "stresses", cleared.track, f"{actor.name}: Stresses cleared",
                       f"{actor.name} {how}: " + ("; ".join(cleared.notes) or "no Stress to clear") + f" [{REST}].",
                       REST)
    luck_steps, luck_changes = luck
    steps += sheets.steps + luck_steps
    changes = tuple(sheets.changes) + tuple(luck_changes)
    summary = f"{actor.name} rests {counted(days, 'day')}" + (", long enough to gather themself" if r.gathered else "") + "."
    return Resolution("sapio", "rested", summary, tuple(steps), changes)


def treatment(scene: Scene, actor: Character, cast, success: bool, sheets: Sheets) -> None:
    """"Your GM may permit a check for you to reduce the severity of an Injury": on a success
    the Injury lowers one level."""
    t = scene.treat
    assert t is not None
    who = actor if t.who is None else cast.get(t.who, ())[0]
    track = sheets.current(who, "injuries")
    if not success or not any(h.name.casefold() == t.injury.strip().casefold() for h in track):
        why = "the treatment fails" if not success else f"{t.injury} is no longer on the sheet"
        sheets.steps.append(Step(f"{why[0].upper()}{why[1:]}: {who.name}'s {t.injury} stays as it is [{TREAT}].",
                                 {"rule": TREAT, "who": who.name, "treated": False}))
        return
    healed = treat(track, t.injury)
    sheets.replace(who, "injuries", healed.track, f"{who.name}: Injury {t.injury} treated",
                   f"The treatment succeeds: {healed.notes[0]} [{TREAT}].", TREAT, {"treated": True})
