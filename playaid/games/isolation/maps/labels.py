"""Labels set beside their own connector: rings of spots around the pair's badge, clear
of every line and text, and nearer their own connector than any other pair's."""

from __future__ import annotations

import math

from playaid.render import fonts
from .canvas import LEADING, Box, Shape, Text, corners, crosses, measure, meets
from .style import Style


def _within(box: Box, region: Box) -> bool:
    return box[0] >= region[0] and box[1] >= region[1] and box[2] <= region[2] and box[3] <= region[3]


def distance(box: Box, x1: float, y1: float, x2: float, y2: float) -> float:
    """How near the segment comes to the box: 0 when it crosses it."""
    if crosses(box, x1, y1, x2, y2):
        return 0.0

    def to_segment(px: float, py: float) -> float:
        dx, dy = x2 - x1, y2 - y1
        t = max(0.0, min(1.0, ((px - x1) * dx + (py - y1) * dy) / (dx * dx + dy * dy or 1)))
        return math.hypot(x1 + t * dx - px, y1 + t * dy - py)

    def to_box(px: float, py: float) -> float:
        return math.hypot(max(box[0] - px, 0, px - box[2]), max(box[1] - py, 0, py - box[3]))

    return min([to_segment(x, y) for x, y in corners(box)] + [to_box(x1, y1), to_box(x2, y2)])


def place_labels(lines: list[str], badge: Shape, st: Style, taken: list[Shape], strokes: list[tuple],
            region: Box, own: list[tuple], others: list[tuple]) -> list | None:
    """The labels stacked in rings around the pair's badge, clear of every line and text,
    and nearer their own connector than any other, so no one reads them as another pair's."""
    size = st.pt("label_pt")
    widths = [measure(t, fonts.SANS, size) for t in lines]
    if max(widths) > st.mm("label_width_mm"):
        return None
    w, h = max(widths), len(lines) * LEADING * size
    cx, cy = sum(x for x, _ in badge) / 4, sum(y for _, y in badge) / 4
    gap = st.mm("badge_pad_mm")
    ys = [y for _, y in badge]
    step = max(ys) - min(ys) + gap
    # rings of candidate spots around the badge, nearest first, so a label stays by its pair
    for ring in range(1, 9):
        reach = ring * step
        for k in range(16):
            angle = math.pi / 2 + k * math.pi / 8
            x, y = cx + math.cos(angle) * (reach + w / 2), cy + math.sin(angle) * (reach + h / 2)
            box = (x - w / 2, y - h / 2, x + w / 2, y + h / 2)
            shape = corners(box)
            if (_within(box, region) and not any(meets(shape, o, gap) for o in taken)
                    and not any(crosses(box, *s) for s in strokes)
                    and min(distance(box, *s) for s in own) + gap < min((distance(box, *s) for s in others),
                                                                         default=math.inf)):
                taken.append(shape)
                top = box[1]
                return [Text(box[0], top + (i + 1) * LEADING * size - (LEADING - 1) * size, t, size, fonts.SANS,
                             st.colour("ink"), "start", "label") for i, t in enumerate(lines)]
    return None
