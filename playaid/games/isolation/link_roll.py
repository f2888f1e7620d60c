"""The permanent-link roll: at the end of a session, or when a character is injured, a
pair may roll its red links against its green links (rule text: "Changing The
Relationship Map" and "Injury, Death and Recovery").

Each pair rolls one red die per red link and one green die per green link it shares,
labelled or not, open-ended as every Isolation roll. More green evens than red odds:
the pair may erase a labelled red link or add a labelled green one. More red odds: it
must erase a labelled green link or add a labelled red one. Erasing the last red link
of a wound label brings the wounded character up a health level.
"""

from __future__ import annotations

from playaid.problems import Path, Problem, error
from playaid.systems.cast import Member, find
from playaid.systems.play import Change, Dice, Resolution, RollRefused, Step, listed_pools
from . import interpretation as rules
from .conflict import PairRoll, Scene
from .hands import describe, pool_label, roll_open_ended
from .relationship_map import Link, pairs
from .table import Table

RULE = "isolation.link-roll"
CHOICES = {"green": ("erase-red", "add-green", "none"), "red": ("erase-green", "add-red"), "even": ("none",)}
"""What a pair may record for each result: greens "may", reds "must", a tie does nothing."""
CONFLICT_FIELDS = ("active", "action", "persuade", "against", "difficulty", "modifiers", "stances", "physical",
                   "wounds_to", "dice")


def rollers(s: Scene, table: Table) -> tuple[list[tuple[str, str, PairRoll | None, Path]], list[Problem]]:
    """The pairs who roll (by the cast's names), with what each records and where it stands."""
    if s.pairs is None:
        return [(a, b, None, ()) for a, b in pairs([c.name for c in table.living])], []
    members = [Member(c, ()) for c in table.cast]
    out, problems, seen = [], [], set()
    for i, p in enumerate(s.pairs):
        at = ("pairs", i, "between")
        if len(p.between) != 2:
            problems.append(error(RULE, f"a pair is two characters, not {len(p.between)}", "list two names", at))
            continue
        names = []
        for j, text in enumerate(p.between):
            member, found = find(members, text, at + (j,))
            problems += found
            if member is not None and not member.model.living:
                problems.append(error(RULE, f"{member.name} is dead and rolls no links", "name a living character",
                                      at + (j,)))
            elif member is not None:
                names.append(member.name)
        if len(names) != 2:
            continue
        key = frozenset(names)
        if len(key) != 2 or key in seen:
            what = f"names {names[0]} twice" if len(key) != 2 else f"{' and '.join(names)} are listed again"
            problems.append(error(RULE, f"a pair {what}", "list each pair of two different characters once", at))
            continue
        seen.add(key)
        out.append((names[0], names[1], p, ("pairs", i)))
    return out, problems


def check_link_roll(s: Scene, table: Table) -> list[Problem]:
    """What a link-roll scene must get right before any die is rolled."""
    problems = [error("isolation.scene-shape", f"`{f}` belongs to a conflict, not a link roll",
                      "a link roll lists `pairs:`, each with its own `dice:`", (f,))
                for f in CONFLICT_FIELDS if getattr(s, f) not in (None, [], {}, "", False)]
    found, more = rollers(s, table)
    problems += more
    for a, b, p, at in found:
        if p is not None:
            problems += _choice_problems(table, a, b, p, at)
    return problems


def _choice_problems(table: Table, a: str, b: str, p: PairRoll, at: Path) -> list[Problem]:
    if p.choice in ("add-green", "add-red") and not p.label.strip():
        return [error(RULE, f"a new {p.choice[4:]} link needs a label", "write what happened in the game as its "
                      "`label:`, e.g. Bonded over chess match", at + ("label",))]
    if p.choice in ("erase-green", "erase-red"):
        try:
            _to_erase(table.setup.links, a, b, p.choice[6:], p.label, at)
        except RollRefused as refused:
            return [refused.problem]
    return []


def _to_erase(links: list[Link], a: str, b: str, color: str, label: str, at: Path) -> int:
    """The index of the labelled `color` link between `a` and `b` that `label` names."""
    held = [i for i, link in enumerate(links) if link.joins(a, b) and link.color == color and link.labelled]
    named = [i for i in held if not label.strip() or links[i].label.casefold() == label.strip().casefold()]
    labels = ", ".join(links[i].label for i in held) or "none"
    if not named:
        raise RollRefused(error(RULE, f"{a} and {b} share no labelled {color} link" +
                                (f" `{label}`" if label.strip() else ""),
                                f"their labelled {color} links: {labels}", at + ("label",)))
    if len(named) > 1 and len({links[i].label.casefold() for i in named}) > 1:
        raise RollRefused(error(RULE, f"{a} and {b} share several labelled {color} links: which one goes?",
                                f"name it under `label:`: {labels}", at + ("label",)))
    return named[0]


def listed_link_dice(s: Scene, table: Table) -> dict | None:
    """The pairs' listed dice as pools, or None to roll them all (no pair lists any)."""
    if not s.pairs or all(p.dice is None for p in s.pairs):
        return None
    entries = []
    for a, b, p, at in rollers(s, table)[0]:
        for color in ("green", "red"):
            values = getattr(p.dice, color) if p is not None and p.dice is not None else None
            where = at + ("dice", color) if values is not None else at
            entries.append((pool_label(_pair_name(a, b), color), values or [], where))
    return listed_pools(entries)


def _pair_name(a: str, b: str) -> str:
    return f"Pair {a} & {b}"


def resolve_link_roll(s: Scene, table: Table, dice: Dice) -> Resolution:
    """Every pair's roll, what it allows, and the links and health levels the recorded choices change."""
    found, problems = rollers(s, table)
    if problems:
        raise RollRefused(problems[0])
    state = _MapState(table)
    steps = [Step("The permanent-link roll: each pair rolls a red die per red link and a green die per green link "
                  "it shares, labelled or not.", {"pairs": len(found)})]
    tally = {"green": 0, "red": 0, "even": 0}
    for a, b, p, at in found:
        who = _pair_name(a, b)
        n_green, n_red = state.count(a, b, "green"), state.count(a, b, "red")
        green = roll_open_ended(dice, who, "green", n_green)
        red = roll_open_ended(dice, who, "red", n_red)
        steps += [Step(describe(who, green, [(n_green, "their green links")]), {"pair": [a, b], "green": n_green}),
                  Step(describe(who, red, [(n_red, "their red links")]), {"pair": [a, b], "red": n_red})]
        result = rules.link_roll(green.faces, red.faces)
        tally[result] += 1
        steps.append(_verdict(a, b, green.count, red.count, result, state))
        choice = p.choice if p is not None else None
        if choice is None:
            continue
        if choice not in CHOICES[result]:
            allowed = " or ".join(CHOICES[result])
            if dice.replaying:
                raise RollRefused(error(RULE, f"{a} and {b} rolled {green.count} green even(s) against {red.count} "
                                        f"red odd(s): `{choice}` is not theirs to choose", f"choose {allowed}",
                                        at + ("choice",)))
            steps.append(Step(f"{a} and {b} recorded `{choice}`, which this roll does not allow ({allowed}): "
                              "nothing is changed for them.", {"pair": [a, b], "refused": choice}))
            continue
        if choice != "none":
            steps += state.apply(a, b, choice, p.label, at)
    summary = (f"Permanent-link roll of {len(found)} pair(s): {tally['green']} with more green evens, "
               f"{tally['red']} with more red odds, {tally['even']} even.")
    return Resolution("isolation", "link-roll", summary, tuple(steps), tuple(state.changes()), dice.replaying)


def _verdict(a: str, b: str, evens: int, odds: int, result: str, state: "_MapState") -> Step:
    data = {"pair": [a, b], "green_evens": evens, "red_odds": odds, "result": result}
    head = f"{a} and {b}: {evens} green even(s) against {odds} red odd(s)"
    if result == "even":
        return Step(head + ": neither is more, nothing changes.", data)
    if result == "green":
        return Step(head + f": they may erase a labelled red link ({state.labels(a, b, 'red')}) or add a labelled "
                    "green link, or leave the map as it is (`choice:` erase-red, add-green or none).", data)
    return Step(head + f": they must erase a labelled green link ({state.labels(a, b, 'green')}) or add a labelled "
                "red link (`choice:` erase-green or add-red, with its `label:`).", data)


class _MapState:
    """The map and health levels as the pairs' choices change them, one pair after another."""

    def __init__(self, table: Table):
        self.table = table
        self.links: list[Link] = list(table.setup.links)
        self.health = {c.name: c.health for c in table.cast}
        self.link_changes: list[Change] = []

    def count(self, a: str, b: str, color: str) -> int:
        return sum(1 for link in self.links if link.joins(a, b) and link.color == color)

    def labels(self, a: str, b: str, color: str) -> str:
        return ", ".join(link.label for link in self.links if link.joins(a, b) and link.color == color
                         and link.labelled) or "none"

    def holds(self, who: str, label: str) -> bool:
        return any(link.touches(who) and link.color == "red" and link.injury_label() == label for link in self.links)

    def apply(self, a: str, b: str, choice: str, label: str, at: Path) -> list[Step]:
        before = list(self.links)
        verb, color = choice.split("-")
        if verb == "add":
            self.links.append(Link([a, b], color, "story", label.strip()))
            text = f"{a} and {b} add a {color} link labelled {label.strip()}"
        else:
            i = _to_erase(self.links, a, b, color, label, at)
            gone = self.links[i]
            if gone.injury_label() == "Injured" and "injured" not in (self.health[a], self.health[b]):
                raise RollRefused(error(RULE, f"the Injured link between {a} and {b} belongs to a Dying character",
                                        "a Dying character removes every Dying link before any Injured one",
                                        at + ("label",)))
            del self.links[i]
            text = f"{a} and {b} erase the {color} link labelled {gone.label}"
        self.link_changes.append(Change("setup", ("links",), [x.as_yaml() for x in before],
                                        [x.as_yaml() for x in self.links], text))
        steps = [Step(text + ".", {"pair": [a, b], "choice": choice, "label": label.strip()})]
        for who in (a, b):
            steps += self._recover(who)
        return steps

    def _recover(self, who: str) -> list[Step]:
        """Up one health level when the last red link of the wound's label is gone."""
        steps = []
        for level, label, up in (("dying", "Dying", "injured"), ("injured", "Injured", "healthy")):
            if self.health[who] == level and not self.holds(who, label):
                self.health[who] = up
                steps.append(Step(f"{who} holds no {label} link any more and recovers a health level: {level} → {up}.",
                                  {"who": who, "health": up}))
        return steps

    def changes(self) -> list[Change]:
        health = [Change(c.name, ("health",), c.health, self.health[c.name], f"{c.name}: health {c.health} → "
                         f"{self.health[c.name]}") for c in self.table.cast if self.health[c.name] != c.health]
        return self.link_changes + health
