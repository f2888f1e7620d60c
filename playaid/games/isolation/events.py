"""What the GM declares in Isolation without a roll: a death, a character leaving the
locale, the Stress Level moving (rule text: "Changing The Relationship Map", "The Stress
Level"). Each is a scene type (`dies`, `leaves`, `stress`) resolved like a conflict: steps,
the changes to the setup and the character, an outcome. See docs/rules/events.md.
"""

from __future__ import annotations

from playaid.problems import Problem, error, warning
from playaid.systems.cast import Member, find
from playaid.systems.events import Event, Param
from playaid.systems.play import Change, Resolution, Step
from .conflict import Scene
from .consequences import Aftermath
from .table import Table

EVENT_TYPES = ("dies", "leaves", "stress")
STRESS_STEP = (1, 3)
"""'up by one to three points' / 'down by one to three points': guidance, so a warning."""

_STRESS = (Param("by", "by", "raise (3) or lower (-2) the Stress Level by this much"),
           Param("to", "to", "set the Stress Level to this instead"))
_WITH_STRESS = (Param("by", "by", "the Stress Level moves with it: up (3) or down (-2) by this much"),
                Param("to", "to", "the Stress Level moves with it, to this"))
EVENTS = (
    Event("dies", "a character dies: their red links are erased, their labelled green links shared out as "
                  "unlabelled greens among the remaining pairs", {"type": "dies"}, who="who",
          who_help="the character who dies", params=_WITH_STRESS,
          example='dies "Eve Lindqvist" --setup farmhouse.yaml --by 2'),
    Event("leaves", "a character leaves the locale: out of play, every link of theirs erased (no sharing: the "
                    "text's camaraderie follows a death)", {"type": "leaves"}, who="who",
          who_help="the character who leaves", params=_WITH_STRESS,
          example='leaves "Eve Lindqvist" --setup farmhouse.yaml'),
    Event("stress", "the Stress Level goes up or down by 1 to 3 for a stress-inducing or stress-relieving "
                    "event, or over time", {"type": "stress"}, params=_STRESS,
          example="stress --by 2 --setup farmhouse.yaml"),
)
STATE = {"setup": ("stress", "stress_at_start"), "character": ("health", "left")}
"""What the studio's At the table page shows of the table now: the Stress Level (and where it started), each character's health and whether they left."""

_FIELDS = ("who", "by", "to")


def check_event(s: Scene, table: Table) -> list[Problem]:
    """Every problem of an event scene: the character it names, the Stress it moves."""
    problems: list[Problem] = []
    if s.type in ("dies", "leaves"):
        member, found = find([Member(x, ()) for x in table.cast], s.who, ("who",)) if s.who else (None, [])
        c = member.model if member is not None else None
        problems += found
        if not s.who:
            problems.append(_error(f"`type: {s.type}` needs `who:`", "name the character", ()))
        elif c is None:
            pass
        elif c.health == "dead":
            problems.append(_error(f"{c.name} is dead already", "name a living character", ("who",)))
        elif c.left:
            problems.append(_error(f"{c.name} has left the locale already", "name a character still there",
                                   ("who",)))
    elif s.who is not None:
        problems.append(_error("a Stress event names no character", "remove `who:`", ("who",)))
    if s.by is not None and s.to is not None:
        problems.append(_error("give `by:` or `to:`, not both", "keep one", ("to",)))
    elif s.type == "stress" and s.by is None and s.to is None:
        problems.append(_error("a Stress event says how the Stress Level moves",
                               "add `by:` (3 up, -2 down) or `to:` (the new level)", ()))
    elif s.by == 0 or (s.to is not None and s.to == table.stress):
        problems.append(_error(f"the Stress Level stays at {table.stress}", "give a change, or leave it out",
                               ("by",) if s.by is not None else ("to",)))
    elif s.by is not None and table.stress + s.by < 0:
        problems.append(_error(f"the Stress Level is {table.stress}: lowering it by {-s.by} goes below 0",
                               f"lower it by at most {table.stress}", ("by",)))
    step = abs(s.by) if s.by is not None else abs(s.to - table.stress) if s.to is not None else 0
    if step > STRESS_STEP[1]:
        problems.append(warning("isolation.stress-step", f"the Stress Level moves {step} points at once",
                                "the text moves it by one to three points per event; more is the GM's call",
                                ("by",) if s.by is not None else ("to",)))
    return problems


def stray_fields(s: Scene) -> list[Problem]:
    """Event fields on a conflict or a link roll: they would be silently ignored."""
    return [_error(f"`{name}:` belongs to an event (dies, leaves, stress)", "remove it, or set the event's `type:`",
                   (name,)) for name in _FIELDS if getattr(s, name) is not None]


def resolve_event(s: Scene, table: Table) -> Resolution:
    """The changes a checked event makes: the character's links and state, then the Stress."""
    after = Aftermath(table)
    steps: list[Step] = []
    changes: list[Change] = []
    c = table.character(s.who) if s.who else None
    if s.type == "dies" and c is not None:
        text = after.die(c.name)
        steps.append(Step("If a character dies then all their red links are simply erased; their permanent "
                          "labelled green links are shared out as temporary unlabelled greens among the "
                          f"remaining pairs. {text}.", {"who": c.name, "health": "dead"}))
        changes += after.changes
        changes.append(Change(c.name, ("health",), c.health, "dead", f"{c.name}: health {c.health} → dead"))
    elif s.type == "leaves" and c is not None:
        before = list(after.links)
        gone = [link for link in before if link.touches(c.name)]
        after.links = [link for link in before if not link.touches(c.name)]
        text = (f"{c.name} leaves the locale: {len(gone)} link(s) erased ("
                f"{sum(link.color == 'red' for link in gone)} red, {sum(link.color == 'green' for link in gone)} "
                "green); none shared out, as only a death brings the camaraderie")
        steps.append(Step(text + ".", {"who": c.name, "left": True}))
        if gone:
            after.record_links(before, text)
            changes += after.changes
        changes.append(Change(c.name, ("left",), False, True, f"{c.name}: left the locale"))
    if s.by is not None or s.to is not None:
        stress = s.to if s.to is not None else table.stress + (s.by or 0)
        why = "a stress-inducing event" if stress > table.stress else "time passing or a stress-relieving event"
        text = f"Stress Level {table.stress} → {stress} ({why}, as the GM declares)"
        steps.append(Step(text + ".", {"stress": stress}))
        changes += table.stress_changes(stress, text)
    summary = {"dies": f"{s.who} dies", "leaves": f"{s.who} leaves the locale",
               "stress": "the Stress Level moves"}[s.type]
    outcome = {"dies": "dead", "leaves": "left", "stress": "stress"}[s.type]
    return Resolution("isolation", outcome, summary + " (declared by the GM, no dice)", tuple(steps), tuple(changes))


def _error(message: str, hint: str, at: tuple) -> Problem:
    return error("isolation.event", message, hint, at)
