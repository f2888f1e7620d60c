"""Where each pair's count badge goes on its connector.

A badge must sit on its own connector and on no other: a badge over another pair's line
hides that line and leaves the reader guessing which connector it counts. Small casts
get upright badges when every one finds a clean spot; otherwise every badge is turned
along its connector (never upside down), where it covers far less of the lines that
cross it. Along a connector, the spots free of every other line are found as intervals,
and the pairs with the least free room choose first.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from playaid.render import fonts
from .canvas import Box, Line, Rect, Shape, Text, corners, crosses, measure, meets, turned

Stroke = tuple[float, float, float, float]
SLOT = "_"
"""In a blank badge's text, a gap to write a count in (`Spec.slot` wide)."""


@dataclass
class Chord:
    """One connector from a to b, with the lines of every other pair."""

    key: int
    ax: float
    ay: float
    bx: float
    by: float
    text: str
    others: list[Stroke]

    @property
    def length(self) -> float:
        return math.hypot(self.bx - self.ax, self.by - self.ay)

    @property
    def angle(self) -> float:
        """The direction of the text along the chord in degrees, kept readable: -90 to 90."""
        angle = math.degrees(math.atan2(self.by - self.ay, self.bx - self.ax))
        if angle >= 90:
            angle -= 180
        elif angle < -90:
            angle += 180
        return angle


@dataclass
class Spec:
    """How badges look: sizes in points."""

    size: float
    floor: float
    pad: float
    edge: float
    """The padding above and below the text of a turned badge (twice that at its ends):
    turned badges are packed tight, upright ones have `pad` all round."""
    clear: float
    """How far other lines keep from a badge's edge, and the dots from its ends."""
    ink: str
    muted: str
    blank: bool
    slot: float = 0.0
    """The width of a write-in gap of a blank badge."""


def badge_box(text: str, size: float, pad: float, edge: float | None = None, slot: float = 0.0) -> tuple[float, float]:
    """The width and height of a badge holding `text` (its write-in gaps `slot` wide)."""
    marks = measure(text.replace(SLOT, ""), fonts.SANS_BOLD, size)
    return marks + text.count(SLOT) * slot + 2 * pad, size * 1.15 + 2 * (pad if edge is None else edge)


def upright(chords: list[Chord], spec: Spec, taken: list[Shape], region: Box) -> dict | None:
    """Upright badges on clean spots near the middle of each chord, shortest chord first;
    None when any chord has no such spot."""
    placed = {}
    w_h = {c.key: badge_box(c.text, spec.size, spec.pad, slot=spec.slot) for c in chords}
    for c in sorted(chords, key=lambda c: c.length):
        w, h = w_h[c.key]
        for step in range(33):
            t = 0.5 + (step + 1) // 2 / 40 * (1 if step % 2 else -1)
            x, y = c.ax + (c.bx - c.ax) * t, c.ay + (c.by - c.ay) * t
            box = (x - w / 2, y - h / 2, x + w / 2, y + h / 2)
            shape = corners(box)
            if (_inside(shape, region) and not any(meets(shape, o, spec.pad) for o in taken)
                    and not any(crosses(box, *s) for s in c.others)):
                placed[c.key] = (shape, _items(c, x, y, 0.0, spec.size, spec, w, h))
                taken.append(shape)
                break
        else:
            return None
    return placed


def along(chords: list[Chord], spec: Spec, taken: list[Shape], region: Box) -> dict | None:
    """Badges turned along their chords, each on a stretch no other line crosses; a badge
    shrinks (not below `spec.floor`) only when its chord has no room. None if one fails."""
    sizes = [spec.size]
    while sizes[-1] > spec.floor:
        sizes.append(max(spec.floor, sizes[-1] * 0.93))
    room = {c.key: sum(q - p for p, q in _free(c, *badge_box(c.text, spec.size, spec.edge * 2, spec.edge), spec)) for c in chords}
    placed = {}
    for c in sorted(chords, key=lambda c: room[c.key]):
        for size in sizes:
            spot = _spot(c, size, spec, taken, region)
            if spot is not None:
                placed[c.key] = spot
                taken.append(spot[0])
                break
        else:
            return None
    return placed


def _spot(c: Chord, size: float, spec: Spec, taken: list[Shape], region: Box) -> tuple[Shape, list] | None:
    w, h = badge_box(c.text, size, spec.edge * 2, spec.edge)
    length = c.length
    ux, uy = (c.bx - c.ax) / length, (c.by - c.ay) / length
    candidates = []
    for p, q in _free(c, w, h, spec):
        mid = (p + q) / 2
        candidates.append((abs(mid - length / 2) - min(q - p, w), mid))
        steps = int((q - p) / 2)
        for i in range(steps + 1):
            u = p + (q - p) * i / max(steps, 1)
            candidates.append((abs(u - length / 2) - min(u - p, q - u, w / 2), u))
    angle = c.angle
    for _, u in sorted(candidates):
        x, y = c.ax + ux * u, c.ay + uy * u
        shape = turned(corners((x - w / 2, y - h / 2, x + w / 2, y + h / 2)), angle, x, y)
        if _inside(shape, region) and not any(meets(shape, o, spec.pad) for o in taken):
            return shape, _items(c, x, y, angle, size, spec, w, h)
    return None


def _free(c: Chord, w: float, h: float, spec: Spec) -> list[tuple[float, float]]:
    """The stretches of the chord (distances from a) where a badge's centre may go."""
    length = c.length
    ux, uy = (c.bx - c.ax) / length, (c.by - c.ay) / length
    nx, ny = -uy, ux
    reach = h / 2 + spec.clear
    blocked = []
    for x1, y1, x2, y2 in c.others:
        u1, v1 = (x1 - c.ax) * ux + (y1 - c.ay) * uy, (x1 - c.ax) * nx + (y1 - c.ay) * ny
        u2, v2 = (x2 - c.ax) * ux + (y2 - c.ay) * uy, (x2 - c.ax) * nx + (y2 - c.ay) * ny
        if abs(v2 - v1) < 1e-9:
            if abs(v1) > reach:
                continue
            low, high = 0.0, 1.0
        else:
            ta, tb = (-reach - v1) / (v2 - v1), (reach - v1) / (v2 - v1)
            low, high = max(0.0, min(ta, tb)), min(1.0, max(ta, tb))
            if low > high:
                continue
        ua, ub = u1 + (u2 - u1) * low, u1 + (u2 - u1) * high
        blocked.append((min(ua, ub) - w / 2 - spec.clear, max(ua, ub) + w / 2 + spec.clear))
    start, end = w / 2 + spec.clear * 2, length - w / 2 - spec.clear * 2
    free = []
    for p, q in sorted(blocked):
        if p > start:
            free.append((start, min(p, end)))
        start = max(start, q)
        if start >= end:
            break
    if start < end:
        free.append((start, end))
    return [(p, q) for p, q in free if q > p]


def _inside(shape: Shape, region: Box) -> bool:
    return all(region[0] <= x <= region[2] and region[1] <= y <= region[3] for x, y in shape)


def _items(c: Chord, x: float, y: float, angle: float, size: float, spec: Spec, w: float, h: float) -> list:
    # the baseline sits a third of the size below the centre, turned with the badge
    bx, by = turned([(x, y + size * 0.33)], angle, x, y)[0]
    frame = Rect(x - w / 2, y - h / 2, w, h, spec.muted if spec.blank else spec.ink, "#ffffff", 0.5, h / 2,
                 cls="badge", angle=angle)
    if spec.blank:
        return [frame] + write_in(c.text, x - w / 2 + spec.pad, y + size * 0.33, size, spec.muted, spec.slot)
    return [frame, Text(bx, by, c.text, size, fonts.SANS_BOLD, spec.ink, "middle", "count", angle)]


def write_in(text: str, x: float, baseline: float, size: float, colour: str, slot: float) -> list:
    """Blank counts, upright: the marks of `text`, and a line to write on in each gap."""
    items = []
    for k, run in enumerate(text.split(SLOT)):
        if k:
            items.append(Line(x + 1, baseline + 1, x + slot - 1, baseline + 1, colour, 0.4, cls="slot"))
            x += slot
        if run.strip():
            items.append(Text(x, baseline, run, size, fonts.SANS_BOLD, colour, "start", "count"))
        x += measure(run, fonts.SANS_BOLD, size)
    return items
