"""What a resolved conflict changes on the sheets: the Stress Level, temporary links,
wounds and deaths (rule text: "Changing The Relationship Map", "The Stress Level",
"Injury, Death and Recovery").

Every change is recorded with the whole before and after value of the field it
touches, in the order the changes happen, so writing them back one after another
gives the sheets as the table leaves them.
"""

from __future__ import annotations

from playaid.systems.play import Change, Step
from . import interpretation as rules
from .conflict import Roles, Scene
from .hands import plural
from .relationship_map import INJURY_LABELS, Link, pairs
from .table import Table

WOUND_TAKERS = ("cooperative", "neutral")


class Aftermath:
    """The map and health levels as the consequences change them, with every change recorded."""

    def __init__(self, table: Table):
        self.table = table
        self.links: list[Link] = list(table.setup.links)
        self.health = {c.name: c.health for c in table.cast}
        self.gone = {c.name for c in table.cast if c.left}
        """Who left the locale: alive, but sharing in nothing that happens there."""
        self.steps: list[Step] = []
        self.changes: list[Change] = []

    def living(self) -> list[str]:
        return [name for name, h in self.health.items() if h != "dead" and name not in self.gone]

    def record_links(self, before: list[Link], text: str) -> None:
        self.changes.append(Change("setup", ("links",), [link.as_yaml() for link in before],
                                   [link.as_yaml() for link in self.links], text))

    def add_temporary(self, a: str, b: str, color: str, n: int) -> str:
        """Form `n` unlabelled links of `color`, each first cancelling one of the other colour."""
        other = "red" if color == "green" else "green"
        held = [i for i, link in enumerate(self.links) if link.temporary and link.color == other and link.joins(a, b)]
        cancelled, added = rules.temporary_links(len(held), n)
        gone = set(held[:cancelled])
        self.links = [link for i, link in enumerate(self.links) if i not in gone]
        self.links += [Link([a, b], color) for _ in range(added)]
        parts = ([f"{cancelled} unlabelled {other} cancelled"] if cancelled else []) + \
                ([f"{added} unlabelled {color} added"] if added else [])
        return f"{a} – {b}: " + ", ".join(parts)

    def wound(self, who: str) -> str:
        """One wound level: healthy → injured → dying → dead."""
        level = self.health[who]
        if level == "dying":
            return self.die(who)
        after = "injured" if level == "healthy" else "dying"
        label = INJURY_LABELS[0] if level == "healthy" else INJURY_LABELS[1]
        others = [o for o in self.living() if o != who]
        before = list(self.links)
        self.links += [Link([who, o], "red", "injury", label) for o in others]
        self.health[who] = after
        text = f"{who} is {after}: a red {label} link to " + (", ".join(others) or "no one")
        self.record_links(before, text)
        return text

    def die(self, who: str) -> str:
        """Red links erased; labelled greens shared out as unlabelled greens among the remaining pairs."""
        before = list(self.links)
        mine = [link for link in self.links if link.touches(who)]
        greens = sum(1 for link in mine if link.color == "green" and link.labelled)
        self.links = [link for link in self.links if not link.touches(who)]
        self.health[who] = "dead"
        remaining = pairs(self.living())
        shared = [self.add_temporary(a, b, "green", n)
                  for (a, b), n in zip(remaining, rules.share_out(greens, len(remaining))) if n]
        text = (f"{who} dies: {sum(1 for link in mine if link.color == 'red')} red link(s) erased, "
                f"{greens} labelled green link(s) shared out" + (" — " + "; ".join(shared) if shared else ""))
        self.record_links(before, text)
        return text


def aftermath(table: Table, roles: Roles, stances: dict[str, str], deg: str, net: int,
              scene: Scene) -> tuple[list[Step], list[Change]]:
    after = Aftermath(table)
    stress = rules.stress_after(table.stress, deg)
    if stress != table.stress:
        text = f"Stress Level {table.stress} → {stress} after a {rules.DEGREE_NAMES[deg]}"
        after.changes += table.stress_changes(stress, text)
        after.steps.append(Step(text + ".", {"stress": stress}))
    else:
        after.steps.append(Step(f"A {rules.DEGREE_NAMES[deg]} leaves the Stress Level at {stress}.", {"stress": stress}))
    if deg in rules.TEMPORARY_LINKS:
        _temporary(after, roles, stances, deg)
    if scene.physical and not rules.is_success(deg):
        _wounds(after, roles, stances, rules.wound_levels(net), scene)
    for c in table.cast:
        if after.health[c.name] != c.health:
            after.changes.append(Change(c.name, ("health",), c.health, after.health[c.name],
                                        f"{c.name}: health {c.health} → {after.health[c.name]}"))
    return after.steps, after.changes


def _temporary(after: Aftermath, roles: Roles, stances: dict[str, str], deg: str) -> None:
    color, n = rules.TEMPORARY_LINKS[deg]
    if color == "green":
        takers = [p for p in roles.passives if stances[p] in ("cooperative", "neutral")]
    else:
        takers = [p for p in roles.passives if stances[p] in ("neutral", "hostile")] + \
                 [b for b in roles.bystanders if stances[b] == "hostile"]
    if not takers:
        after.steps.append(Step(f"A {rules.DEGREE_NAMES[deg]} would form {plural(n, f'unlabelled {color} link')}, "
                                f"but no Passive Player takes them.", {}))
        return
    before = list(after.links)
    parts = [after.add_temporary(roles.active, t, color, n) for t in takers]
    text = f"{rules.DEGREE_NAMES[deg]}: {plural(n, f'unlabelled {color} link')} with each — " + "; ".join(parts)
    after.steps.append(Step(text + ".", {"temporary": color, "each": n, "with": takers}))
    after.record_links(before, text)


def _wounds(after: Aftermath, roles: Roles, stances: dict[str, str], levels: int, scene: Scene) -> None:
    """Wound levels go to Dying characters first, then as the scene's `wounds_to:` says.

    Those who take them are the characters involved and not hostile: the Active Player,
    the cooperating and neutral Passive Players, and the one acted against."""
    involved = {roles.active, roles.defender} | {p for p in roles.passives if stances[p] in WOUND_TAKERS}
    takers = [n for n in after.living() if n in involved]
    after.steps.append(Step(f"The conflict is physically threatening: {plural(levels, 'wound level')} to deal among "
                            f"the characters involved who are not hostile ({', '.join(takers)}), the dying first.",
                            {"wound_levels": levels, "candidates": takers}))
    named = [c.name for w in scene.wounds_to if (c := after.table.character(w)) is not None]
    dying = [n for n in dict.fromkeys(named + takers) if n in takers and after.health[n] == "dying"]
    order = dying + named
    for who in order:
        if levels == 0:
            break
        if who not in takers:
            after.steps.append(Step(f"{who} is hostile or not involved here and takes no wound.", {"who": who}))
            continue
        if after.health[who] == "dead":
            continue
        after.steps.append(Step(after.wound(who) + ".", {"who": who, "health": after.health[who]}))
        levels -= 1
    left = [n for n in takers if after.health[n] != "dead"]
    if levels and len(left) == 1:
        # No one else can take them, so there is nothing for the table to choose.
        only = left[0]
        after.steps.append(Step(f"Only {only} can take the {plural(levels, 'wound level')} left: all fall on {only}.",
                                {"only": only, "levels": levels}))
        while levels and after.health[only] != "dead":
            after.steps.append(Step(after.wound(only) + ".", {"who": only, "health": after.health[only]}))
            levels -= 1
        left = []
    if levels and left:
        after.steps.append(Step(
            f"{plural(levels, 'wound level')} still to deal among {', '.join(left)}: the table chooses who and why "
            f"(list them under `wounds_to:` to record the choice).", {"undealt": levels, "options": left}))
    elif levels:
        after.steps.append(Step(f"{plural(levels, 'wound level')} fall on no one: everyone who could take them is dead.",
                                {"lost": levels}))
