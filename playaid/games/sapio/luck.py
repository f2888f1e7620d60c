"""Luck spent and gained in a scene, written back as one change per character.

"When a character gets into trouble by pursuing their Principle over their own wellbeing,
they gain 1 Luck. When a character gets into trouble by indulging their Worst Impulse at a
bad time, the most inconvenienced other character (focal character chooses) gains 1 Luck."
The GM may also give Luck directly, "between 1 and 3 Luck per session".
"""

from __future__ import annotations

from playaid.problems import Problem, error
from playaid.systems.play import Change, Step
from .scene import LuckGain, Scene
from .character import Character

RULE = "sapio.luck-gained"


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
    return problems


def _label(g: LuckGain) -> str:
    return {"principle": "Principle", "worst-impulse": "Worst Impulse", "gm": "gift of the GM"}[g.source]


def luck_steps(s: Scene, actor: Character, cast) -> tuple[list[Step], list[Change]]:
    """Luck spent by the focal character and gained by anyone, as steps and one change each."""
    before: dict[str, tuple[Character, int]] = {}
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
            why = "given by the GM"
        steps.append(Step(f"{who.name} gains {g.amount} Luck: {why} [{RULE}].",
                          {"rule": RULE, "who": who.name, "source": g.source, "luck": g.amount}))
    changes = []
    for name, (who, after) in before.items():
        spent = s.bonus.luck if who is actor else 0
        gained = after - who.luck + spent
        how = "spent" if not gained else "gained" if not spent else f"{spent} spent, {gained} gained"
        changes.append(Change(name, ("luck",), who.luck, after, f"{name}: Luck {who.luck} → {after} ({how})"))
    return steps, changes
