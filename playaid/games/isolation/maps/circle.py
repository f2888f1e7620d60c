"""The characters placed evenly on a circle (or, for a large cast, an ellipse), each
with a block of text outside it.

Connectors are chords between points on the circle, and a chord never leaves its
circle: keeping every block wholly outside the circle keeps every line off every name.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from playaid.render import fonts
from playaid.render.paper import MM
from .canvas import LEADING, Box, Line, Text, fit, measure, overlaps, wrap
from .style import Style
from .worksheet import Person, Worksheet

HEALTH_MARKS = "H  ·  I  ·  D  ·  †"
"""A blank block's health line: the legend explains the same marks."""
HEALTH = {"healthy": "Healthy", "injured": "Injured", "dying": "Dying", "dead": "Dead"}


@dataclass
class Node:
    index: int
    angle: float
    x: float
    y: float
    """The point on the circle where this character's connectors meet."""
    box: Box
    items: list


def block_lines(number: int, p: Person, style: Style, blank: bool) -> list[tuple[str, fonts.Face, float]]:
    """The lines of a character's block: (text, face, size), before fitting. The number
    is the one the dice table, the worksheet and the key use."""
    name, detail = style.pt("name_pt"), style.pt("detail_pt")
    if blank:
        # two write-in lines 7 mm apart (three would leave eight blocks no room on A4):
        # the profession is written in on the dice table's list of characters
        return [(f"{number}  name", fonts.SANS_ITALIC, detail), ("player", fonts.SANS_ITALIC, detail),
                (HEALTH_MARKS, fonts.SANS, detail)]
    lines = [(f"{number}  {p.name}", fonts.SANS_BOLD, name)]
    lines.append((f"played by {p.player}" if p.player else "no player (NPC)", fonts.SANS_ITALIC, detail))
    if p.profession:
        lines.append((p.profession, fonts.SANS, detail))
    state = "Left the locale" if p.left else HEALTH[p.health]
    lines.append((state + (" — links erased" if not p.living else ""), fonts.SANS_BOLD
                  if p.health in ("injured", "dying") else fonts.SANS, detail))
    return lines


WRITE_IN_MM = 7
"""A blank block's lines are written on by hand: this far apart at the least."""


def _pitch(face: fonts.Face, size: float, blank: bool, style: Style) -> float:
    """Baseline to baseline for one line of a block; a blank block's write-in lines
    (the italic captions) are spaced for handwriting."""
    if blank and face is fonts.SANS_ITALIC:
        return max(LEADING * size, WRITE_IN_MM * MM * max(1.0, style.scale))
    return LEADING * size


WRAP_BELOW = 9
"""Casts smaller than this (the map's crowded size) have room for a long player's name on
a second line; a crowded map keeps one line per block and cuts it with an ellipsis."""


def fitted(number: int, p: Person, style: Style, blank: bool,
           wrap: bool = True) -> tuple[list[tuple[str, fonts.Face, float]], float, float]:
    """The block's lines shortened with an ellipsis to the widest allowed, its width and
    height; with `wrap`, the player's line may take a second line first."""
    limit = max(style.mm("block_width_mm"), style.section["block_min_mm"] * MM)
    lines = []
    for i, (t, f, s) in enumerate(block_lines(number, p, style, blank)):
        parts = _two_lines(t, limit, f, s) if wrap and i == 1 and not blank else [fit(t, limit, f, s)]
        lines += [(part, f, s) for part in parts]
    width = limit if blank else max(measure(t, f, s) for t, f, s in lines)
    height = sum(_pitch(f, s, blank, style) for _, f, s in lines)
    return lines, width, height


def _two_lines(text: str, limit: float, face: fonts.Face, size: float) -> list[str]:
    """`text` on one line, or broken at a space onto a second: a long name ("played by Søren
    Kierkegaard") is read whole below the block's first line, cut only past two lines."""
    if measure(text, face, size) <= limit:
        return [text]  # as written: wrapping would fold the number's double space
    parts = wrap(text, limit, face, size)
    return parts if len(parts) <= 2 else [parts[0], fit(" ".join(parts[1:]), limit, face, size)]


def _outside(box: Box, cx: float, cy: float, squash: float) -> float:
    """The distance from the centre to the nearest point of `box`, with heights stretched
    by `squash` (the ellipse's width over its height) so the ellipse counts as a circle."""
    nx = min(max(cx, box[0]), box[2])
    ny = min(max(cy, box[1]), box[3])
    return math.hypot(nx - cx, (ny - cy) * squash)


def place(sheet: Worksheet, style: Style, region: Box, oval: bool = False) -> list[Node] | None:
    """Nodes on the largest circle whose blocks stay inside `region` and apart, or None.
    With `oval`, on the largest ellipse instead: a large cast uses a wide page's width."""
    wrap = len(sheet.people) < WRAP_BELOW
    blocks = [fitted(i + 1, p, style, sheet.blank, wrap) for i, p in enumerate(sheet.people)]
    left, top, right, bottom = region
    cx, cy = (left + right) / 2, (top + bottom) / 2
    gap = style.mm("gap_mm")
    count = len(blocks)
    # the points' reach from the centre across and down (a triangle is wider than tall,
    # an odd cast has a point on top and a flat bottom): start from the radii that fill
    # the region, then shrink until every block fits
    sines = [abs(math.sin(2 * math.pi * i / count)) for i in range(count)]
    cosines = [math.cos(2 * math.pi * i / count) for i in range(count)]
    across, down = max(max(sines), 0.5), (max(cosines) - min(cosines)) / 2
    if oval:
        rx = ((right - left) / 2 - max(b[1] for b in blocks) * 0.8) / across
        ry = ((bottom - top) / 2 - max(b[2] for b in blocks) * 0.8) / down
    else:
        rx = ry = min(right - left, bottom - top) / 2
    while min(rx, ry) > 20:
        # centre the figure's points: lower an odd cast's by half its missing bottom
        drop = ry * (max(cosines) + min(cosines)) / 2
        nodes = [_node(i, count, blocks[i], cx, cy + drop, rx, ry, gap) for i in range(count)]
        wide = all(n.box[0] >= left and n.box[2] <= right for n in nodes)
        tall = all(n.box[1] >= top and n.box[3] <= bottom for n in nodes)
        apart = not any(overlaps(a.box, b.box, gap) for i, a in enumerate(nodes) for b in nodes[i + 1:])
        if wide and tall and apart:
            for n in nodes:
                n.items = _draw(sheet.people[n.index], blocks[n.index], n, style, sheet.blank)
            return nodes
        # shrink the way that does not fit; blocks that meet, both ways
        rx, ry = rx * (0.97 if not wide or not apart else 1), ry * (0.97 if not tall or not apart else 1)
    return None


def _node(i: int, count: int, block, cx: float, cy: float, rx: float, ry: float, gap: float) -> Node:
    # the first character at the top, the others clockwise
    angle = 2 * math.pi * i / count
    s, c = math.sin(angle), math.cos(angle)
    ax, ay = cx + rx * s, cy - ry * c
    _, w, h = block
    x = ax + gap if s > 0.25 else ax - gap - w if s < -0.25 else ax - w / 2
    y = ay - gap - h if c > 0.25 else ay + gap if c < -0.25 else ay - h / 2
    while _outside((x, y, x + w, y + h), cx, cy, rx / ry) < rx + gap:
        x, y = x + s, y - c
    return Node(i, angle, ax, ay, (x, y, x + w, y + h), [])


def _draw(p: Person, block, node: Node, style: Style, blank: bool) -> list:
    lines, width, _ = block
    colour = style.colour("ink") if p.living or blank else style.colour("muted")
    left, y = node.box[0], node.box[1]
    s = math.sin(node.angle)
    anchor, x = ("end", node.box[2]) if s < -0.25 else ("middle", left + width / 2) if s <= 0.25 else ("start", left)
    items = []
    for text, face, size in lines:
        y += _pitch(face, size, blank, style)
        baseline = y - (LEADING - 1) * size
        items.append(Text(x, baseline, text, size, face, colour, anchor, "node"))
        if blank and face is fonts.SANS_ITALIC:
            # a line to write on, after the caption
            start = left + measure(text, face, size) + size * 0.4 if anchor == "start" else left
            end = node.box[2] - measure(text, face, size) - size * 0.4 if anchor == "end" else node.box[2]
            if anchor == "middle":
                items[-1] = Text(left, baseline, text, size, face, colour, "start", "node")
                start = left + measure(text, face, size) + size * 0.4
            items.append(Line(start, baseline + 1, end, baseline + 1, style.colour("muted"), 0.4, cls="write-in"))
    return items
