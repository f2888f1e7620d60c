"""The two kinds of die we print: what goes on each face and what the legend explains."""

from __future__ import annotations

import math
from dataclasses import dataclass
from playaid.games.sapio.spiral_die import SpiralDie
from . import glyphs
from .data import settings
from .drawing import Group, Item, Path, Style, transform
from .placement import balanced, spiral_strength
from .solid import Solid, cube, dodecahedron

@dataclass(frozen=True)
class D6:
    """A six-sided die; `color` red or green marks Isolation's dice, None is plain."""

    color: str | None = None


class SpiralFaces:
    """The Spiral die's twelve faces on a dodecahedron."""

    kind = "spiral"

    def __init__(self, die: SpiralDie):
        self.die = die
        self.solid: Solid = dodecahedron()
        self.on = balanced(self.solid, [spiral_strength(f) for f in die.faces])
        self.title = die.name or "Spiral die"

    def symbols(self, index: int) -> list[str]:
        f = self.die.faces[index]
        return ["hit"] * f.hits + ["spare"] * f.spares + ["spiral"] * f.spirals

    def face_attrs(self, index: int) -> tuple[tuple[str, str], ...]:
        return (("data-face", str(index + 1)), ("data-symbols", " ".join(self.symbols(index))))

    def fill(self, index: int) -> str | None:
        return None

    def art(self, index: int, edge: float) -> list[tuple[float, Item]]:
        """Unit art scaled to fit the pentagon's circle less the safe inset."""
        safe = edge * (1 / (2 * math.tan(math.pi / 5)) - settings()["safe_inset"])
        return [(safe, item) for item in glyphs.face_art(self.symbols(index))]


class D6Faces:
    """A d6 on a cube: pips, opposite faces making 7, red or green dice marked."""

    kind = "d6"

    def __init__(self, die: D6):
        self.color = die.color
        self.solid = cube()
        self.on = balanced(self.solid, [(n,) for n in range(1, 7)])
        self.look = settings()["d6"]["colors"].get(die.color) if die.color else None
        self.title = f"{die.color} d6" if die.color else "d6"

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


def mark(shape: str, ink: str) -> Group:
    """The shape that marks the faces a coloured d6 counts (not colour alone: grayscale), radius 1."""
    if shape == "circle":
        drawn = Path(tuple((math.cos(a / 40 * math.pi), math.sin(a / 40 * math.pi)) for a in range(80)),
                     Style(stroke=ink, width=0.08))
    else:
        drawn = Path(((-0.9, -0.9), (0.9, -0.9), (0.9, 0.9), (-0.9, 0.9)), Style(stroke=ink, width=0.08,
                                                                               dash=(0.2, 0.12)))
    return Group("mark", [drawn], (("data-mark", shape),))


def faces_of(die: SpiralDie | D6) -> SpiralFaces | D6Faces:
    return D6Faces(die) if isinstance(die, D6) else SpiralFaces(die)


def placed_art(art: list[tuple[float, Item]], at, angle: float) -> list[Item]:
    """Each (size, unit item) moved onto its face, turned so its up is the face's up."""
    return [i for size, item in art for i in transform([item], at, size, angle - math.pi / 2)]
