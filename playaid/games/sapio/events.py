"""What the GM declares in Sapio without a roll: time spent resting, and Luck given.

"Outside of magical or advanced scientific healing in some settings, time spent resting is
required to heal up" (the scene type `rest`, played by `recovery.play_rest`); "your
character can be given Luck directly by the GM" and gains it for a Principle or a Worst
Impulse (the scene type `luck`: the entries of `luck_gained`, nothing rolled). See
docs/rules/events.md.
"""

from __future__ import annotations

from typing import Any

from playaid.problems import Problem, error
from playaid.systems.events import Event, Param
from playaid.systems.play import Resolution, Step
from .recovery import NOT_ROLLED
from .scene import Scene
from .character import Character

RULE = "sapio.luck-event"


def _gift(fields: dict[str, Any]) -> dict[str, Any]:
    """The Luck options as the one `luck_gained` entry they describe."""
    gain = {"character": fields["character"], "source": fields.pop("source", "gm"),
            "amount": fields.pop("amount", 1)}
    if "of" in fields:
        gain["of"] = fields.pop("of")
    return {**fields, "luck_gained": [gain]}


EVENTS = (
    Event("rest", "time spent resting: a Minor Injury clears after a day, a Moderate one becomes Minor after a week, "
                  "a Severe one Moderate after a month; Stresses clear when the character gathers themself",
          {"type": "rest"}, who="character", who_help="the character who rests", setup_needed=False,
          params=(Param("days", "rest.days", "days spent resting"),
                  Param("weeks", "rest.weeks", "weeks spent resting (7 days each)"),
                  Param("months", "rest.months", "months spent resting (30 days each)"),
                  Param("gathered", "rest.gathered", "rested long enough to fully gather themself: every "
                                                     "Stress clears", "flag"),
                  Param("stresses", "rest.stresses", "the Stresses that clear, comma-separated, when not all do",
                        "list")),
          example='rest "Ines Varga" --setup rooftops.yaml --days 7 --gathered'),
    Event("luck", "Luck gained without a roll: given by the GM (1 to 3 a session is the guidance), or 1 for "
                  "trouble from a Principle or from another's Worst Impulse", {"type": "luck"}, who="character",
          who_help="the character who gains the Luck", setup_needed=False,
          params=(Param("amount", "amount", "how much Luck (1 unless the GM gives more)"),
                  Param("source", "source", "gm (the default), principle or worst-impulse", "text"),
                  Param("of", "of", "worst-impulse: whose Worst Impulse caused the trouble", "text")),
          example='luck "Ines Varga" --amount 2 --setup rooftops.yaml', fill=_gift),
)
STATE = {"character": ("luck", "injuries", "stresses")}
"""What the studio's At the table page shows of the table now: each character's Luck, Injuries and Stress."""


def check_luck(s: Scene) -> list[Problem]:
    """A Luck event holds Luck gained and nothing rolled."""
    if s.type != "luck":
        return []
    problems = [error(RULE, f"Luck given is not rolled: `{name}` has no place in it", f"remove `{name}:`", (name,))
                for name in NOT_ROLLED + ("rest",) if getattr(s, name) is not None]
    problems += [error(RULE, f"Luck given is not rolled: `{name}` has no place in it", f"remove `{name}:`", (name,))
                 for name in ("help", "penalties") if getattr(s, name)]
    if s.bonus.luck:
        problems.append(error(RULE, "Luck is spent on a roll, and this scene rolls nothing",
                              "spend it in the check it adds dice to", ("bonus", "luck")))
    if not s.luck_gained:
        problems.append(error(RULE, "a Luck scene says who gains Luck", "add `luck_gained: [{character: …, "
                              "source: gm, amount: 1}]`", ()))
    return problems


def play_luck(s: Scene, actor: Character, luck: tuple[list[Step], list]) -> Resolution:
    """Luck gained, written on the sheets; no dice."""
    steps, changes = luck
    total = sum(g.amount for g in s.luck_gained)
    return Resolution("sapio", "luck", f"Luck gained: {total}, no roll.",
                      (Step("Luck is gained without a roll: given by the GM, or for trouble a Principle or a "
                            "Worst Impulse brought [sapio.luck-gained].", {"rule": "sapio.luck-gained"}),
                       *steps), tuple(changes))
