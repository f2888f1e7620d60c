"""Marks drawn along a connector besides its line."""

from __future__ import annotations

import math

from .canvas import Line
from .style import Style

CROSS_AT = (0.22, 0.78)
"""Where along a red connector its crosses sit: near the ends, clear of the dots and of
the badge, which sits nearer the middle."""


def crosses_along(x1: float, y1: float, x2: float, y2: float, st: Style) -> list[Line]:
    """The ✕ marks of a red connector, as the reference and the sheets draw red links
    ("dashed and crossed"): with the dashes, a second mark that no grey print loses."""
    arm = st.mm("cross_mm") / 2
    dx, dy = x2 - x1, y2 - y1
    length = math.hypot(dx, dy) or 1
    ux, uy = dx / length, dy / length
    marks = []
    for t in CROSS_AT:
        cx, cy = x1 + dx * t, y1 + dy * t
        for sx, sy in ((ux - uy, uy + ux), (ux + uy, uy - ux)):
            hx, hy = sx * arm / math.sqrt(2), sy * arm / math.sqrt(2)
            marks.append(Line(cx - hx, cy - hy, cx + hx, cy + hy, st.colour("red"), st.pt("line_pt"), (), "red-cross"))
    return marks
