"""Luck spent and gained in a scene, written back as one change per character.

"When a character gets into trouble by pursuing their Principle over their own wellbeing,
they gain 1 Luck. When a character gets into trouble by indulging their Worst Impulse at a
bad time, the most inconvenienced other character (focal character chooses) gains 1 Luck."
The GM may also give Luck directly: "In general, characters should receive between 1 and 3
Luck per session" is guidance on a session's total, so a gift is never refused; the gifts of
a session (the sheet's `luck_given` and this scene's) passing 3 is a warning.
"""

from __future__ import annotations

from playaid.problems import Problem, error, warning
from playaid.systems.play import Change, Step
from .scene import LuckGain, Scene
from .character import Character

RULE = "sapio.luck-gained"
SESSION = "sapio.luck-per-session"
SESSION_GUIDANCE = 3
"""Luck per session the text suggests at most: "between 1 and 3 Luck per session"."""


def check_gains(s: Scene, cast) -> list[Problem]:
    """Who gains Luck, and for whose Principle or Worst Impulse."""
    problems: list[Problem] = []
    inconvenienced: set[str] = set()
    for i, g in enumerate(s.luck_gained):
        at = ("luck_gained", i)
        who, found = cast.get(g.character, at + ("character",))
        problems += found
        other = None
        if g.of is not None:
            other, found = cast.get(g.of, at + ("of",))
            problems += found
        if g.source != "gm" and g.amount != 1:
            problems.append(error(RULE, f"a {_label(g)} brings 1 Luck, not {g.amount}",
                                  "write `amount: 1`, or `source: gm` for Luck the GM gives", at + ("amount",)))
        if g.source == "principle" and other is not None and other is not who:
            problems.append(error(RULE, "a Principle brings Luck to the character who pursued it",
                                  "name that character under `character:` and leave out `of:`", at + ("of",)))
        if g.source == "worst-impulse":
            if g.of is None:
                problems.append(error(RULE, "Luck for a Worst Impulse goes to the most inconvenienced other "
                                      "character: say whose Worst Impulse it was", "add `of: <who indulged it>`", at))
            elif other is not None and other is who:
                problems.append(error(RULE, f"{who.name} indulged their own Worst Impulse: the Luck goes to the most "
                                      "inconvenienced other character", "name that other character under "
                                      "`character:`", at + ("character",)))
            elif other is not None:
                if other.name in inconvenienced:
                    problems.append(error(RULE, f"only the most inconvenienced character gains Luck for "
                                          f"{other.name}'s Worst Impulse", "keep one entry; the focal character "
                                          "chooses who", at))
                inconvenienced.add(other.name)
    return problems + _session_warnings(s, cast)


def _session_warnings(s: Scene, cast) -> list[Problem]:
    """A warning at the gift that takes a character's Luck given this session past 3."""
    given: dict[str, int] = {}
    problems = []
    for i, g in enumerate(s.luck_gained):
        who = cast.get(g.character, ())[0] if g.source == "gm" else None
        if who is None:
            continue
        before = given.get(who.name, who.luck_given)
        given[who.name] = before + g.amount
        if before <= SESSION_GUIDANCE < given[who.name]:
            problems.append(warning(
                SESSION, f"{who.name} is given {given[who.name]} Luck this session{_sum(who, s, i)}: \"characters "
                "should receive between 1 and 3 Luck per session\"", "fine if the GM means it; give less, or set the "
                "sheet's `luck_given` to 0 if a new session has begun", ("luck_gained", i, "amount")))
    return problems


def _sum(who: Character, s: Scene, last: int) -> str:
    """How the session's gifts add up, when more than one: the sheet's count, then each gift of
    this scene."""
    parts = [f"{who.luck_given} before"] if who.luck_given else []
    parts += [str(g.amount) for g in s.luck_gained[:last + 1]
              if g.source == "gm" and g.character.strip().casefold() == who.name.casefold()]
    return f" ({' + '.join(parts)})" if len(parts) > 1 else ""


def _label(g: LuckGain) -> str:
    return {"principle": "Principle", "worst-impulse": "Worst Impulse", "gm": "gift of the GM"}[g.source]


def luck_steps(s: Scene, actor: Character, cast) -> tuple[list[Step], list[Change]]:
    """Luck spent by the focal character and gained by anyone, as steps and one change each."""
    before: dict[str, tuple[Character, int]] = {}
    given: dict[str, tuple[Character, int]] = {}
    steps = []
    if s.bonus.luck:
        before[actor.name] = (actor, actor.luck - s.bonus.luck)
    for g in s.luck_gained:
        who = cast.get(g.character, ())[0]
        was = before.get(who.name, (who, who.luck))[1]
        before[who.name] = (who, was + g.amount)
        if g.source == "principle":
            why = f"trouble from pursuing their Principle ({who.principle})"
        elif g.source == "worst-impulse":
            other = cast.get(g.of, ())[0]
            why = f"the most inconvenienced by {other.name}'s Worst Impulse ({other.worst_impulse})"
        else:
            session = given.get(who.name, (who, who.luck_given))[1] + g.amount
            given[who.name] = (who, session)
            why = f"given by the GM ({session} given this session" + (
                ", past the 1 to 3 a session the text suggests)" if session > SESSION_GUIDANCE else ")")
        steps.append(Step(f"{who.name} gains {g.amount} Luck: {why} [{RULE}].",
                          {"rule": RULE, "who": who.name, "source": g.source, "luck": g.amount}))
    changes = []
    for name, (who, after) in before.items():
        spent = s.bonus.luck if who is actor else 0
        gained = after - who.luck + spent
        how = "spent" if not gained else "gained" if not spent else f"{spent} spent, {gained} gained"
        changes.append(Change(name, ("luck",), who.luck, after, f"{name}: Luck {who.luck} → {after} ({how})"))
    for name, (who, session) in given.items():
        changes.append(Change(name, ("luck_given",), who.luck_given, session,
                              f"{name}: Luck given this session {who.luck_given} → {session}"))
    return steps, changes
