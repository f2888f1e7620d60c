"""What a page of nets is made of, independent of PDF or SVG.

Units are millimetres with the origin at the bottom left of the paper and y up, as in
PDF; the SVG writer flips y. Groups carry a name and attributes so the SVG keeps the
structure a cutting machine and a test can read back (cut outline, fold lines, faces).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Sequence, Union

from .planar import Point, rotate

PT_MM = 25.4 / 72
"""Millimetres in a point: text sizes are in points, the page in millimetres."""


@dataclass(frozen=True)
class Style:
    fill: str | None = None
    stroke: str | None = None
    width: float = 0.0
    dash: tuple[float, ...] = ()
    rounded: bool = False
    """Round caps and joins (strokes of glyphs)."""


@dataclass(frozen=True)
class Path:
    points: tuple[Point, ...]
    style: Style
    closed: bool = True
    attrs: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class Circle:
    centre: Point
    radius: float
    style: Style
    attrs: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class Text:
    at: Point
    text: str
    size: float
    """Font size in points."""
    bold: bool = False
    anchor: str = "start"
    """start, middle or end: where `at` sits on the baseline."""
    color: str = "#222222"
    angle: float = 0.0
    """Radians anticlockwise about `at`: text on a die face turns with the face."""


@dataclass
class Group:
    name: str
    items: list["Item"] = field(default_factory=list)
    attrs: tuple[tuple[str, str], ...] = ()


Item = Union[Path, Circle, Text, Group]


@dataclass
class Page:
    width: float
    height: float
    items: list[Item] = field(default_factory=list)


def transform(items: Sequence[Item], at: Point, size: float, angle: float) -> list[Item]:
    """Unit-sized art (centred on 0, radius about 1, up = +y) scaled, turned and moved."""
    def move(p: Point) -> Point:
        x, y = rotate(p, angle)
        return (at[0] + x * size, at[1] + y * size)

    out: list[Item] = []
    for item in items:
        if isinstance(item, Path):
            style = Style(item.style.fill, item.style.stroke, item.style.width * size,
                          tuple(d * size for d in item.style.dash), item.style.rounded)
            out.append(Path(tuple(move(p) for p in item.points), style, item.closed, item.attrs))
        elif isinstance(item, Circle):
            style = Style(item.style.fill, item.style.stroke, item.style.width * size,
                          tuple(d * size for d in item.style.dash))
            out.append(Circle(move(item.centre), item.radius * size, style, item.attrs))
        elif isinstance(item, Group):
            out.append(Group(item.name, transform(item.items, at, size, angle), item.attrs))
        elif isinstance(item, Text):
            # in unit art a text's size is in the art's units (1: its radius), like a path's points
            out.append(Text(move(item.at), item.text, item.size * size / PT_MM, item.bold, item.anchor, item.color,
                            item.angle + angle))
        else:
            raise TypeError(f"cannot transform {type(item).__name__}")
    return out


def polygon(n: int, radius: float, start: float = math.pi / 2) -> tuple[Point, ...]:
    """A regular n-gon's corners, the first at angle `start`."""
    return tuple((radius * math.cos(start + 2 * math.pi * i / n), radius * math.sin(start + 2 * math.pi * i / n))
                 for i in range(n))
