"""A display list both writers draw: lines, rectangles, circles and measured text.

Coordinates are PostScript points with the origin at the top left and y growing down,
as SVG has it; the PDF writer flips them. Every text knows its box, computed from the
metrics of the bundled fonts it is drawn with, so layouts can keep texts apart and the
SVG can carry the boxes for checking.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import lru_cache

from playaid.render import fonts
from playaid.render.fonts import Face
from playaid.render.shaping import text_width

ASCENT = 0.9
"""Box top above the baseline, in font sizes (Noto Sans' capitals and accents fit)."""
DESCENT = 0.25
LEADING = 1.25
"""Baseline to baseline, in font sizes: boxes of stacked lines never touch."""

Box = tuple[float, float, float, float]
"""(left, top, right, bottom) in points."""
Point = tuple[float, float]
Shape = list[Point]
"""A convex polygon (corners in order) or a segment (two points)."""


MINUS = "–"
"""The mark of red links and negative numbers: the en dash of Noto Sans. U+2212 would send
every count to the fallback fonts, whose loading costs more than the whole map."""


def ensure(face: Face) -> str:
    """`face` registered with ReportLab (on first use); its name."""
    return fonts.register(face).name


@lru_cache(maxsize=20000)
def measure(text: str, face: Face = fonts.SANS, size: float = 10) -> float:
    """The advance width of `text` in points, run by run through the fallback chain."""
    return text_width(text, face, size)


def fit(text: str, width: float, face: Face = fonts.SANS, size: float = 10) -> str:
    """`text` as it is if it fits `width`, else its longest prefix that fits with an ellipsis."""
    if measure(text, face, size) <= width:
        return text
    low, high = 0, len(text)
    while low < high:
        mid = (low + high + 1) // 2
        if measure(text[:mid].rstrip() + "…", face, size) <= width:
            low = mid
        else:
            high = mid - 1
    return text[:low].rstrip() + "…"


def wrap(text: str, width: float, face: Face = fonts.SANS, size: float = 10) -> list[str]:
    """`text` broken into lines no wider than `width`; words too long are cut anywhere."""
    lines: list[str] = []
    line = ""
    for word in text.split():
        trial = f"{line} {word}" if line else word
        if measure(trial, face, size) <= width:
            line = trial
            continue
        if line:
            lines.append(line)
        line = ""
        while measure(word, face, size) > width:
            cut = len(fit(word, width, face, size)) - 1 or 1
            lines.append(word[:cut])
            word = word[cut:]
        line = word
    return lines + [line] if line or not lines else lines


@dataclass
class Text:
    x: float
    y: float
    """The baseline."""
    text: str
    size: float
    face: Face = fonts.SANS
    colour: str = "#1a1a1a"
    anchor: str = "start"
    """start, middle or end, as SVG's text-anchor."""
    cls: str = ""
    angle: float = 0.0
    """Degrees clockwise about (x, y), as SVG's rotate()."""

    @property
    def width(self) -> float:
        return measure(self.text, self.face, self.size)

    @property
    def upright(self) -> Box:
        """The box before turning."""
        left = self.x - {"start": 0, "middle": self.width / 2, "end": self.width}[self.anchor]
        return left, self.y - ASCENT * self.size, left + self.width, self.y + DESCENT * self.size

    @property
    def corners(self) -> Shape:
        """The four corners of the box, turned with the text."""
        return turned(corners(self.upright), self.angle, self.x, self.y)

    @property
    def box(self) -> Box:
        """The upright box, or for turned text the smallest upright box around it."""
        if not self.angle:
            return self.upright
        xs, ys = [p[0] for p in self.corners], [p[1] for p in self.corners]
        return min(xs), min(ys), max(xs), max(ys)


@dataclass
class Line:
    x1: float
    y1: float
    x2: float
    y2: float
    colour: str = "#1a1a1a"
    width: float = 0.6
    dash: tuple[float, ...] = ()
    cls: str = ""


@dataclass
class Rect:
    x: float
    y: float
    w: float
    h: float
    stroke: str | None = "#1a1a1a"
    fill: str | None = None
    width: float = 0.5
    radius: float = 0
    dash: tuple[float, ...] = ()
    cls: str = ""
    angle: float = 0.0
    """Degrees clockwise about the centre."""


@dataclass
class Circle:
    cx: float
    cy: float
    r: float
    stroke: str | None = "#1a1a1a"
    fill: str | None = None
    width: float = 0.6


@dataclass
class Group:
    """Items that belong together, e.g. one connector: an id, a class and data for the SVG."""

    id: str
    cls: str
    data: dict[str, str] = field(default_factory=dict)
    items: list = field(default_factory=list)


@dataclass
class Page:
    width: float
    height: float
    title: str
    items: list = field(default_factory=list)

    def add(self, *items) -> None:
        self.items.extend(items)

    def texts(self) -> list[Text]:
        """Every text on the page, groups opened."""
        return [t for t in flatten(self.items) if isinstance(t, Text)]


def flatten(items: list) -> list:
    out = []
    for item in items:
        out.extend(flatten(item.items) if isinstance(item, Group) else [item])
    return out


def overlaps(a: Box, b: Box, pad: float = 0) -> bool:
    return a[0] < b[2] + pad and b[0] < a[2] + pad and a[1] < b[3] + pad and b[1] < a[3] + pad


def crosses(box: Box, x1: float, y1: float, x2: float, y2: float) -> bool:
    """Whether the segment (x1, y1)–(x2, y2) passes through `box` (Liang–Barsky clipping)."""
    left, top, right, bottom = box
    if max(x1, x2) < left or min(x1, x2) > right or max(y1, y2) < top or min(y1, y2) > bottom:
        return False
    dx, dy = x2 - x1, y2 - y1
    low, high = 0.0, 1.0
    for p, q in ((-dx, x1 - left), (dx, right - x1), (-dy, y1 - top), (dy, bottom - y1)):
        if p == 0:
            if q < 0:
                return False
            continue
        t = q / p
        if p < 0:
            low = max(low, t)
        else:
            high = min(high, t)
        if low > high:
            return False
    return True


def corners(box: Box) -> Shape:
    left, top, right, bottom = box
    return [(left, top), (right, top), (right, bottom), (left, bottom)]


def turned(points: Shape, angle: float, ox: float, oy: float) -> Shape:
    """`points` turned `angle` degrees clockwise (y grows down) about (ox, oy)."""
    if not angle:
        return list(points)
    c, s = math.cos(math.radians(angle)), math.sin(math.radians(angle))
    return [(ox + (x - ox) * c - (y - oy) * s, oy + (x - ox) * s + (y - oy) * c) for x, y in points]


def meets(p: Shape, q: Shape, pad: float = 0.0) -> bool:
    """Whether two convex shapes (polygons or segments) come closer than `pad` on every
    axis that could part them: the separating-axis test, so turned boxes are exact."""
    for shape in (p, q):
        n = len(shape)
        for i in range(n if n > 2 else 1):
            (x1, y1), (x2, y2) = shape[i], shape[(i + 1) % n]
            ax, ay = y1 - y2, x2 - x1
            norm = math.hypot(ax, ay)
            if not norm:
                continue
            ax, ay = ax / norm, ay / norm
            pp = [x * ax + y * ay for x, y in p]
            qq = [x * ax + y * ay for x, y in q]
            if max(pp) + pad <= min(qq) or max(qq) + pad <= min(pp):
                return False
    return True
