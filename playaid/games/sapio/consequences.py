"""What a check leaves on the sheets: harm taken, a weapon's Injury.

`Sheets` keeps the tracks written during one scene, so a second entry sees the first, and
turns each into a step said at the table and a change `roll --apply` writes.
"""

from __future__ import annotations

from playaid.systems.play import Change, Step
from .harm import DEATH, record, weapon_injury
from .roll import CheckResult
from .scene import Scene
from .character import Character, Harm


def counted(count: int, word: str) -> str:
    """`counted(1, "Hit")` → "1 Hit", `counted(3, "die")` → "3 dice"."""
    return f"{count} {word if count == 1 else 'dice' if word == 'die' else word + 's'}"


class Sheets:
    """Harm written during one scene, so a second entry sees the first."""

    def __init__(self) -> None:
        self.tracks: dict[tuple[str, str], tuple[Harm, ...]] = {}
        self.steps: list[Step] = []
        self.changes: list[Change] = []

    def current(self, who: Character, field: str) -> tuple[Harm, ...]:
        return self.tracks.get((who.name, field), tuple(getattr(who, field)))

    def write(self, who: Character, field: str, name: str, level: str, similar_to: str | None = None,
              rule: str = "", why: str = "") -> None:
        """Record harm by the box rules; `why` and `rule` say what brought it, when a special rule did."""
        done = record(self.current(who, field), name, level, similar_to)
        what = "Injury" if field == "injuries" else "Stress"
        self.replace(who, field, done.track,
                     f"{who.name}: {what} {name}, {done.level.title()}" + (" — debilitated" if done.debilitated else ""),
                     f"{why}{who.name} takes the {level.title()} {what} {name}: " + "; ".join(done.notes)
                     + (f" [{rule}]." if rule else "."),
                     rule, data={"level": done.level, "debilitated": done.debilitated})

    def replace(self, who: Character, field: str, track: tuple[Harm, ...], change: str, step: str,
                rule: str = "", data: dict | None = None) -> None:
        """Write `track` as `who`'s `field`, saying `step` at the table and `change` on the sheet."""
        before = self.current(who, field)
        self.tracks[(who.name, field)] = track
        self.steps.append(Step(step, {"who": who.name, "field": field, **({"rule": rule} if rule else {}),
                                      **(data or {})}))
        if track != before:  # a heal that finds no free box changes nothing on the sheet
            self.changes.append(Change(who.name, (field,), [h.as_yaml() for h in before],
                                       [h.as_yaml() for h in track], change))


def taken(when: str, result: CheckResult) -> bool:
    """Whether `take` applies: on its outcome, always, or on a net Spiral."""
    return when == "always" or when == ("success" if result.success else "failure") or (
        when == "spiral" and result.tally.net[0] == "spiral")


def weapon_steps(scene: Scene, actor: Character, defender: Character | None, extra: int, sheets: Sheets) -> list[Step]:
    weapon = actor.weapon(scene.weapon or "")
    base = weapon.level.strip().casefold()
    level, bought = weapon_injury(base, extra)
    text = f"{weapon.name} deals a {base.title()} Injury"
    if bought:
        text += (f"; {counted(extra, 'Hit')} beyond the TN upgrade it "
                 + ", then ".join(f"to {lv.title()} ({cost})" for lv, cost in bought))
    text += "." if level != DEATH else ": the blow is deadly."
    steps = [Step(text, {"weapon": weapon.name, "base": base, "extra_hits": extra, "injury": level})]
    if defender is None:
        steps.append(Step(f"The target takes a {level.title()} Injury." if level != DEATH else "The target dies."))
    elif level == DEATH:
        steps.append(Step(f"The blow kills {defender.name}.", {"who": defender.name, "death": True}))
    else:
        sheets.write(defender, "injuries", scene.wound, level)
    return steps
