"""What a paper die is to the nets: a solid, what goes on each face, what the page says.

Any die is drawn through the `PaperDie` description; the d6 (plain, or red and green
with their counted faces marked) is the one every d6 game shares. A game's own die comes
from the game (`GameSystem.paper_dice`), so nothing here names a game.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Protocol

from . import glyphs
from .data import settings
from .drawing import Group, Item, Path, Style, Text, transform
from .placement import balanced
from .solid import Solid, cube

ANY_D6_GAME = "any playaid game rolling d6"
COLOURED_PAGE = f"{__package__}.packet_pages:green_and_red_d6"
"""The packet page of red and green d6: a game whose packet prints it is the game those dice are for."""


class PaperDie(Protocol):
    """A die as the nets draw it; a game's paper die (`GameSystem.paper_dice`) gives one.
    It may also say how a `--faces` file of it is made (`faces_hint`), for a refused one."""

    solid: Solid
    on: tuple[int, ...]
    """For each face of the solid, the index of the die face printed on it (`placement.balanced`)."""
    title: str
    """What the page calls the die ("Spiral die", "red d6")."""
    game: str
    """The game the die is printed for, as the PDF's document information names it."""
    note: str
    """What the header says about opposite faces ("opposite faces add up to 7")."""
    stem: str
    """File names start with it: `<stem>-nets.pdf`."""
    default_edge: float
    """The edge in mm when none is asked for."""
    numbered: bool
    """Whether each face also shows its number, small, in its lowest corner."""

    def face_attrs(self, index: int) -> tuple[tuple[str, str], ...]: ...

    def fill(self, index: int) -> str | None: ...

    def art(self, index: int, edge: float) -> list[tuple[float, Item]]:
        """(size in mm, unit item) for die face `index` at this edge."""
        ...

    def legend(self, x: float, y: float) -> list[Item]:
        """What the faces show, one line from (x, y) at the foot of the page."""
        ...


@dataclass(frozen=True)
class D6:
    """A six-sided die; `color` one of `nets.yaml`'s d6 colours (red, green) marks the faces that count."""

    color: str | None = None


def coloured_by() -> list:
    """The games red and green d6 are printed for: those whose packet prints them."""
    from playaid.systems import REGISTRY

    return [g for g in REGISTRY.values() if any(dotted == COLOURED_PAGE for _, dotted in g.packet)]


class D6Faces:
    """A d6 on a cube: pips, opposite faces making 7, red or green dice marked."""

    numbered = False
    note = "opposite faces add up to 7"

    def __init__(self, die: D6):
        self.color = die.color
        self.solid = cube()
        self.on = balanced(self.solid, [(n,) for n in range(1, 7)])
        self.look = settings()["d6"]["colors"].get(die.color) if die.color else None
        self.title = f"{die.color} d6" if die.color else "d6"
        self.stem = f"d6-{die.color}" if die.color else "d6"
        self.default_edge = float(settings()["edge"]["default"]["d6"])

    @property
    def game(self) -> str:
        titles = [g.title for g in coloured_by()] if self.look else []
        return " and ".join(titles) or ANY_D6_GAME

    def marked(self, index: int) -> bool:
        if not self.look:
            return False
        return (index + 1) % 2 == (0 if self.look["marks"] == "even" else 1)

    def face_attrs(self, index: int) -> tuple[tuple[str, str], ...]:
        return (("data-face", str(index + 1)), ("data-marked", "yes" if self.marked(index) else "no"))

    def fill(self, index: int) -> str | None:
        return self.look["tint"] if self.look else None

    def art(self, index: int, edge: float) -> list[tuple[float, Item]]:
        d6 = settings()["d6"]
        ink = self.look["ink"] if self.look else glyphs.INK
        items: list[Item] = list(glyphs.pips(index + 1, d6["pip_offset"], d6["pip"]))
        if self.marked(index):
            items.append(transform([mark(self.look["mark"], ink)], (0, 0), d6["mark"], 0.0)[0])
        return [(edge, item) for item in items]

    def legend(self, x: float, y: float) -> list[Item]:
        """Pips only, or which faces the mark picks out (by shape too: it reads in grayscale)."""
        if not self.look:
            return [Text((x, y), "Plain d6: pips only. Fold printed side out and glue each tab under its neighbour.",
                         7.5)]
        which = "even faces (2, 4, 6)" if self.look["marks"] == "even" else "odd faces (1, 3, 5)"
        shape = "circled" if self.look["mark"] == "circle" else "framed by a dashed square"
        return [*transform([mark(self.look["mark"], self.look["ink"])], (x + 2.5, y + 1.1), 2.4, 0.0),
                Text((x + 7, y), f"{self.title}: {which} {shape}, so the count reads at a glance", 7.5)]


def mark(shape: str, ink: str) -> Group:
    """The shape that marks the faces a coloured d6 counts (not colour alone: grayscale), radius 1."""
    if shape == "circle":
        drawn = Path(tuple((math.cos(a / 40 * math.pi), math.sin(a / 40 * math.pi)) for a in range(80)),
                     Style(stroke=ink, width=0.08))
    else:
        drawn = Path(((-0.9, -0.9), (0.9, -0.9), (0.9, 0.9), (-0.9, 0.9)), Style(stroke=ink, width=0.08,
                                                                               dash=(0.2, 0.12)))
    return Group("mark", [drawn], (("data-mark", shape),))


def faces_of(die: Any) -> PaperDie:
    """The `PaperDie` of `die`: a `D6`, a `PaperDie` already, or a die value of some game's
    own, which the first game whose paper die takes it draws (`GameSystem.paper_dice`)."""
    if isinstance(die, D6):
        return D6Faces(die)
    if hasattr(die, "solid") and hasattr(die, "art"):
        return die
    from playaid.systems import REGISTRY
    from playaid.systems.base import load

    for game in REGISTRY.values():
        for dotted in game.paper_dice.values():
            drawn = load(dotted)(die)
            if drawn is not None:
                return drawn
    raise TypeError(f"no game draws a {type(die).__name__} as a paper die")


def safe_radius(sides: int, edge: float) -> float:
    """The radius of a regular face's inscribed circle less the safe inset: where art may go."""
    return edge * (1 / (2 * math.tan(math.pi / sides)) - settings()["safe_inset"])


def placed_art(art: list[tuple[float, Item]], at, angle: float) -> list[Item]:
    """Each (size, unit item) moved onto its face, turned so its up is the face's up."""
    return [i for size, item in art for i in transform([item], at, size, angle - math.pi / 2)]
