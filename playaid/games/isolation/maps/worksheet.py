"""What the three worksheet pages show, asked of the Isolation rules core: the cast, the
links of every pair in the map's current state, the dice links give, the GM's pool.

Nothing here draws; the pages format these values.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from ..character import Character
from ..interpretation import DEGREE_NAMES, DEGREES, degree, gm_dice
from ..relationship_map import RelationshipMap, pairs
from ..table import Table
from .canvas import MINUS

MAX_CAST = 12
MIN_CAST = 2
STRESS_TRACK = 10


@dataclass(frozen=True)
class Person:
    name: str
    player: str = ""
    profession: str = ""
    health: str = "healthy"
    goal: str = ""
    bias: str = ""
    positive: str = ""
    negative: str = ""
    left: bool = False
    """Gone from the locale (`playaid event isolation leaves`): out of play like the dead."""

    @property
    def living(self) -> bool:
        return self.health != "dead" and not self.left


@dataclass(frozen=True)
class Pair:
    """The links between two characters: counts by colour, labelled or not, and the labels."""

    a: int
    b: int
    green: int = 0
    green_temporary: int = 0
    red: int = 0
    red_temporary: int = 0
    labels: tuple[tuple[str, str, int], ...] = ()
    """(colour, label, how many links carry it), in the order the setup lists them."""

    @property
    def greens(self) -> int:
        return self.green + self.green_temporary

    @property
    def reds(self) -> int:
        return self.red + self.red_temporary

    @property
    def empty(self) -> bool:
        return not (self.greens or self.reds)


@dataclass(frozen=True)
class Worksheet:
    title: str
    people: tuple[Person, ...]
    pairs: tuple[Pair, ...]
    """Every pair of living characters; the dead keep no links on the map."""
    stress: int | None
    """None on a blank worksheet."""
    locale: str = ""
    threat: str = ""
    removed: int = 0
    """Links the setup still lists for the dead, left off the map (the rules erase them)."""

    @property
    def blank(self) -> bool:
        return self.stress is None

    @property
    def living(self) -> int:
        return sum(p.living for p in self.people)

    def pair(self, i: int, j: int) -> Pair | None:
        return next((p for p in self.pairs if {p.a, p.b} == {i, j}), None)


def _text(values: list[str]) -> str:
    return ", ".join(values)


def person(c: Character) -> Person:
    return Person(c.name, c.player, _text(c.professions()), c.health, _text(c.goals()), _text(c.biases()),
                  _text(c.positive), _text(c.negative), c.left)


def from_table(table: Table) -> Worksheet:
    """The worksheet of a validated setup, in its current state."""
    people = tuple(person(c) for c in table.cast)
    links = RelationshipMap(table.setup.links)
    index = {p.name: i for i, p in enumerate(people)}
    living = [p.name for p in people if p.living]
    out = []
    for a, b in pairs(living):
        held = RelationshipMap(links.between(a, b))
        labels = Counter((link.color, " ".join(link.label.split())) for link in held.links if link.labelled)
        out.append(Pair(index[a], index[b],
                        held.count(a, b, "green", labelled=True), held.count(a, b, "green", labelled=False),
                        held.count(a, b, "red", labelled=True), held.count(a, b, "red", labelled=False),
                        tuple((colour, label, n) for (colour, label), n in labels.items())))
    removed = sum(1 for link in links.links
                  if any(not people[index[n]].living for n in _ends(link.between, index)))
    s = table.setup
    return Worksheet(s.name, people, tuple(out), s.stress, s.locale, s.threat, removed)


def _ends(names: list[str], index: dict[str, int]) -> list[str]:
    folded = {n.casefold(): n for n in index}
    return [folded[n.casefold()] for n in names if n.casefold() in folded]


def blank(count: int) -> Worksheet:
    """A worksheet for `count` characters with every name and number left to write in."""
    people = tuple(Person("") for _ in range(count))
    return Worksheet("", people, tuple(Pair(i, j) for i in range(count) for j in range(i + 1, count)), None)


def link_dice(sheet: Worksheet, active: int, passive: int) -> tuple[int, int]:
    """(green, red) dice each side of a pair rolls from their links alone: one die per
    link of each colour between them. The Stress is not in it: it is added once per roll."""
    pair = sheet.pair(active, passive)
    return (pair.greens, pair.reds) if pair else (0, 0)


def active_pool(sheet: Worksheet, active: int, passives: list[int]) -> tuple[int, int]:
    """The Active Player's (green, red) dice asking `passives`: the link dice with each
    one asked, added up, and red dice equal to the Stress Level once ("Add red dice equal
    to the current Stress Level of the situation"), however many are asked."""
    cells = [link_dice(sheet, active, p) for p in passives]
    return sum(g for g, _ in cells), sum(r for _, r in cells) + (sheet.stress or 0)


def pool_example(sheet: Worksheet) -> tuple[int, list[int]] | None:
    """An Active Player and the characters they ask for the dice table's worked example:
    the living character with the most links asking up to two others; None with fewer
    than two living."""
    living = [i for i, p in enumerate(sheet.people) if p.living]
    if len(living) < 2:
        return None
    active = max(living, key=lambda i: (sum(sum(link_dice(sheet, i, j)) for j in living if j != i), -i))
    return active, [j for j in living if j != active][:2]


def gm_pool(sheet: Worksheet, difficulty: int) -> int:
    """The GM's red dice at this table for a Difficulty."""
    return gm_dice(difficulty, sheet.living, sheet.stress or 0)


def degree_bands() -> list[tuple[str, str]]:
    """The six degrees with the net results that reach them, read off the rules core."""
    nets = range(-8, 9)
    bands = []
    for d in reversed(DEGREES):
        hit = [n for n in nets if degree(n) == d]
        low, high = min(hit), max(hit)
        text = (f"{low:+d} or more" if high == nets[-1] else f"{high:+d} or less" if low == nets[0]
                else f"{low:+d}" if low == high else f"{low:+d} to {high:+d}")
        bands.append((DEGREE_NAMES[d], text.replace("+0", "0").replace("-", MINUS)))
    return bands
