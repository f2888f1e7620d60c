"""The Spiral die's faces for the Sapio reference, read from the die's face file.

Faces that show the same symbols are one kind; each kind is drawn once (inline SVG,
with the same Hit / Spare / Spiral glyphs as the paper dice) with how many of the twelve
faces show it, so a table with its own dice file sees its own die on the page.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from markupsafe import Markup

from playaid.render.nets.drawing import Page, Path, Style, polygon, transform
from playaid.render.nets.svg import write_svg
from .paper_die import face_art
from .spiral_die import Face, SpiralDie, default_die

SIZE = 12.0
"""Side of the square each face is drawn in, mm."""
ORDER = ("hit", "spare", "spiral")


@dataclass(frozen=True)
class FaceKind:
    label: str
    """"Hit + Spiral", "blank" …"""
    count: int
    """How many of the die's faces show it."""
    svg: Markup
    hits: int
    spares: int
    spirals: int


def _symbols(face: Face) -> tuple[str, ...]:
    return ("hit",) * face.hits + ("spare",) * face.spares + ("spiral",) * face.spirals


def face_svg(symbols: tuple[str, ...]) -> Markup:
    """One face: a pentagon (the die is a dodecahedron) with its symbols, as inline SVG."""
    centre = (SIZE / 2, SIZE / 2 - 0.3)
    outline = Path(tuple((centre[0] + x, centre[1] + y) for x, y in polygon(5, SIZE / 2 - 0.4)),
                   Style(stroke="#444444", width=0.3))
    art = transform(face_art(list(symbols)), centre, SIZE * 0.34, 0.0)  # within the inscribed circle
    text = write_svg(Page(SIZE, SIZE, [outline, *art]), " + ".join(symbols) or "blank").decode("utf-8")
    return Markup(text.split("?>", 1)[1].strip())  # inline in HTML: no XML declaration


def face_kinds(die: SpiralDie | None = None) -> list[FaceKind]:
    """Every distinct face of `die` (the project's die by default), most Hits first."""
    die = die or default_die()
    counts = Counter((f.hits, f.spares, f.spirals) for f in die.faces)
    first = {}
    for f in die.faces:
        first.setdefault((f.hits, f.spares, f.spirals), f)
    kinds = sorted(counts, key=lambda k: (-k[0], -k[1], -k[2]))
    return [FaceKind(str(first[k]), counts[k], face_svg(_symbols(first[k])), *k) for k in kinds]


def face_summary(die: SpiralDie | None = None) -> dict[str, int]:
    """Over the die's faces: how many show at least one Hit, two Hits, a Spare, a Spiral, nothing."""
    die = die or default_die()
    return {"faces": len(die.faces), "hit": sum(f.hits >= 1 for f in die.faces),
            "two_hits": sum(f.hits >= 2 for f in die.faces), "spare": sum(f.spares >= 1 for f in die.faces),
            "spiral": sum(f.spirals >= 1 for f in die.faces),
            "blank": sum(f.hits + f.spares + f.spirals == 0 for f in die.faces)}


def reference_context() -> dict:
    """What the Sapio reference template is given beyond the common values (the game's
    `GameSystem.reference`): the die's kinds of face and their counts."""
    return {"faces": face_kinds(), "face_counts": face_summary()}
