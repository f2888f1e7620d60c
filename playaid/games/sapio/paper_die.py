"""The Spiral die on paper: its twelve faces as the paper-dice nets print them
(`GameSystem.paper_dice`), as the packet's page, and as the studio's buttons.

The symbols are our own vector art, drawn at unit size (about radius 1 around the origin,
"up" along +y). Shapes, not colours, tell them apart, so they read in grayscale: the Hit
is a solid five-pointed star (the rule text's `*`), the Spare an open fork (its `Y`), the
Spiral a coiled line (its `@`). The reference page draws the same glyphs.
"""

from __future__ import annotations

import math
from pathlib import Path

from playaid.render.faces import FaceLook
from playaid.render.nets.data import settings
from playaid.render.nets.dice import placed_art, safe_radius
from playaid.render.nets.drawing import Group, Item, Path as Line, Style, Text, polygon, transform
from playaid.render.nets.glyphs import INK, arranged
from playaid.render.nets.placement import balanced
from playaid.render.nets.planar import Point
from playaid.render.nets.solid import Solid, dodecahedron
from playaid.render.nets.words import text_width
from playaid.render.page_cache import game_level
from .spiral_die import DieFile, Face, SpiralDie, default_die, die_of

MEANINGS = {
    "hit": "Hit: progress; meet the TN to succeed",
    "spare": "Spare: a helpful effect; cancels a Spiral",
    "spiral": "Spiral: a complication; cancels a Spare",
}


def hit() -> Group:
    outer, inner = polygon(5, 1.0), polygon(5, 0.42, math.pi / 2 + math.pi / 5)
    star = tuple(p for pair in zip(outer, inner) for p in pair)
    return Group("hit", [Line(star, Style(fill=INK))], (("data-symbol", "hit"),))


def spare() -> Group:
    # Every point plus half the stroke stays within radius 1, like the other symbols.
    stroke = Style(stroke=INK, width=0.28, rounded=True)
    arms = Line(((-0.55, 0.66), (0.0, 0.06), (0.55, 0.66)), stroke, closed=False)
    stem = Line(((0.0, 0.06), (0.0, -0.86)), stroke, closed=False)
    return Group("spare", [arms, stem], (("data-symbol", "spare"),))


def spiral_glyph() -> Group:
    turns, steps = 2.25, 54
    end = math.pi / 2  # the outer end sits at the top, so the coil shows which way is up
    points: list[Point] = []
    for i in range(steps + 1):
        t = i / steps
        r = 0.1 + 0.8 * t
        a = end - 2 * math.pi * turns * (1 - t)
        points.append((r * math.cos(a), r * math.sin(a)))
    coil = Line(tuple(points), Style(stroke=INK, width=0.17, rounded=True), closed=False)
    return Group("spiral", [coil], (("data-symbol", "spiral"),))


SYMBOLS = {"hit": hit, "spare": spare, "spiral": spiral_glyph}


def face_art(symbols: list[str]) -> list[Item]:
    """The symbols of one face, arranged at unit size within radius 1."""
    return arranged([SYMBOLS[name]() for name in symbols])


def spiral_strength(face: Face) -> tuple[int, int]:
    """How good a Spiral die face is: Hits first, then Spares less Spirals (Hits are what
    succeeds, a Spare helps and a Spiral hurts); the nets pair strong faces with weak."""
    return (face.hits, face.spares - face.spirals)


class SpiralFaces:
    """The Spiral die's twelve faces on a dodecahedron, numbered as a scene's `dice:` names them."""

    numbered = True
    note = "opposite faces pair strong with weak"
    stem = "spiral-die"
    faces_hint = "twelve faces, each a list of hit, spare and spiral"
    """How a `--faces` file of this die is made, for a refused one."""

    def __init__(self, die: SpiralDie):
        self.die = die
        self.solid: Solid = dodecahedron()
        self.on = balanced(self.solid, [spiral_strength(f) for f in die.faces])
        self.title = die.name or "Spiral die"
        self.default_edge = float(settings()["edge"]["default"]["spiral"])

    @property
    def game(self) -> str:
        from . import SYSTEM

        return SYSTEM.title

    def symbols(self, index: int) -> list[str]:
        f = self.die.faces[index]
        return ["hit"] * f.hits + ["spare"] * f.spares + ["spiral"] * f.spirals

    def face_attrs(self, index: int) -> tuple[tuple[str, str], ...]:
        return (("data-face", str(index + 1)), ("data-symbols", " ".join(self.symbols(index))))

    def fill(self, index: int) -> str | None:
        return None

    def art(self, index: int, edge: float) -> list[tuple[float, Item]]:
        """Unit art scaled to fit the pentagon's circle less the safe inset."""
        safe = safe_radius(5, edge)
        return [(safe, item) for item in face_art(self.symbols(index))]

    def legend(self, x: float, y: float) -> list[Item]:
        """The three symbols and what each does."""
        out: list[Item] = []
        for name in ("hit", "spare", "spiral"):
            out += transform([SYMBOLS[name]()], (x + 2.2, y + 1.1), 2.2, 0.0)
            out.append(Text((x + 5.5, y), MEANINGS[name], 7.5))
            x += 8 + text_width(MEANINGS[name], 7.5)
        return out


def spiral(die: SpiralDie | DieFile | None = None) -> SpiralFaces | None:
    """The paper Spiral die (`GameSystem.paper_dice`): the project's die when None, a
    `kind: dice` file's or a `SpiralDie`; None for a die that is not a Spiral die."""
    if die is None:
        die = default_die()
    elif isinstance(die, DieFile):
        die = die_of(die)
    elif not isinstance(die, SpiralDie):
        return None
    return SpiralFaces(die)


@game_level
def packet_page(setup: Path, paper, templates) -> bytes:
    """A packet's page of the project's Spiral die (`GameSystem.packet`)."""
    from playaid.render.nets.packet_pages import pages

    return pages([default_die()], paper)


def table_dice(wanted, scene, resolver) -> list[FaceLook]:
    """The faces of the Spiral die the scene rolls (its `die:` file, else the rule text's),
    for the studio's buttons (`GameSystem.table_dice`): a pentagon with its Hits, Spares
    and Spirals."""
    from playaid.render.nets.table_faces import EDGE, face_svg
    from .procedures import scene_die

    faces = SpiralFaces(scene_die(scene, resolver))
    corner = EDGE / (2 * math.sin(math.pi / 5))
    outline = Line(polygon(5, corner), Style(fill="#ffffff", stroke=INK, width=0.5))
    looks = []
    for i in range(len(faces.die.faces)):
        words = ", ".join(faces.symbols(i)) or "blank"
        art = placed_art(faces.art(i, EDGE), (0.0, 0.0), math.pi / 2)
        looks.append(FaceLook(i + 1, f"{i + 1}: {words}", face_svg(outline, art)))
    return looks
