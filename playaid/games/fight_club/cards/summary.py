"""The turn-summary cards, one set per player, in the fronts' design: the dark head and
foot bands, the title in the display serif, then the steps of the turn, each under a
bold lead-in with a light rule between; a step of several tests (the end of a turn's
conditions) is a table, one test a row."""

from __future__ import annotations

from dataclasses import dataclass

from playaid.render import fonts
from playaid.render.paper import MM
from . import text
from .face import LINE_GREY, RULE_GREY, bands, frame
from .imposition import Rect
from .settings import CardSize, fight_club_title, layout, turn_summary

SUMMARY_PT = (9.0, 7.0)
"""The body's largest and smallest size: 7 pt is the floor of everything printed."""
TITLE_PT = 13.0
COLUMN_GAP = 1.5
"""mm between a table's two columns."""


@dataclass(frozen=True)
class Step:
    head: tuple[str, ...]
    body: tuple[str, ...] = ()
    columns: tuple[tuple[str, ...], tuple[str, ...]] | None = None
    rows: tuple[tuple[tuple[str, ...], tuple[str, ...]], ...] = ()

    def height(self, size: float) -> float:
        """Points the step takes at `size`, without the space around it."""
        lead = size * 1.2
        lines = len(self.head) + len(self.body)
        if self.columns is not None:
            lines += max(len(c) for c in self.columns)
            lines += sum(max(len(a), len(b)) for a, b in self.rows)
        return lines * lead + len(self.rows) * size * 0.35


def _split(width_pt: float) -> tuple[float, float]:
    """The widths of a table's two columns in points: the test a little narrower."""
    first = (width_pt - COLUMN_GAP * MM) * 0.42
    return first, width_pt - COLUMN_GAP * MM - first


def _steps(card: int, width_pt: float, size: float) -> list[Step]:
    out = []
    wrap = text.wrap_lines
    a, b = _split(width_pt)
    for step in (s for s in turn_summary()["steps"] if s["card"] == card):
        head = tuple(wrap(step["head"], fonts.SANS_BOLD, size, width_pt))
        if "table" in step:
            cols = step["columns"]
            out.append(Step(head, (), (tuple(wrap(cols[0], fonts.SANS_BOLD, size, a)),
                                       tuple(wrap(cols[1], fonts.SANS_BOLD, size, b))),
                            tuple((tuple(wrap(x, fonts.SANS, size, a)), tuple(wrap(y, fonts.SANS, size, b)))
                                  for x, y in step["table"])))
        else:
            out.append(Step(head, tuple(wrap(step["text"], fonts.SANS, size, width_pt))))
    return out


def _gap(size: float) -> float:
    """Points between two steps, their rule in the middle, at the least."""
    return size * 0.8


def summary_layout(card: int, box: Rect) -> tuple[float, list[Step]] | None:
    """The largest size at which turn-summary card `card` (1, 2 …) fits `box`, and its
    steps; None when it does not fit even at the smallest size."""
    size = SUMMARY_PT[0]
    while size >= SUMMARY_PT[1] - 1e-9:
        steps = _steps(card, box.w * MM, size)
        if sum(s.height(size) for s in steps) + _gap(size) * (len(steps) - 1) <= box.h * MM:
            return size, steps
        size -= 0.25
    return None


def body_box(trim: Rect) -> Rect:
    """Where the steps go: inside the safe area, under the title, over the foot band."""
    safe = layout()["safe"]
    head, foot = bands(trim)
    top = head - 2 - TITLE_PT * 1.3 / MM
    bottom = foot + 2
    return Rect(trim.x + safe, bottom, trim.w - 2 * safe, top - bottom)


def summary_fits(card: CardSize) -> bool:
    """Whether every turn-summary card fits a card of this size at 7 pt or more."""
    box = body_box(Rect(0, 0, card.width, card.height))
    return all(summary_layout(k, box) is not None for k in range(1, len(turn_summary()["titles"]) + 1))


def draw_summary(c, trim: Rect, art: Rect, card: int) -> None:
    """Turn-summary card `card` (1, 2 …) at `trim`, its bands into `art`."""
    data = turn_summary()
    count = len(data["titles"])
    frame(c, trim, art, data["kind"], fight_club_title(), f"{card} / {count}")
    box = body_box(trim)
    fitted = summary_layout(card, box)
    if fitted is None:
        raise ValueError(f"turn-summary card {card} does not fit a {trim.w:g}×{trim.h:g} mm card; "
                         "check summary_fits first")
    size, steps = fitted
    c.setFillGray(0)
    title_base = (bands(trim)[0] - 2) * MM - TITLE_PT * 0.95
    text.draw(c, (trim.x + trim.w / 2) * MM, title_base, data["titles"][card - 1], fonts.DISPLAY_BOLD, TITLE_PT,
              "centre")
    used = sum(s.height(size) for s in steps)
    # The spare height goes between the steps, so the card holds no empty band at its foot.
    gap = _gap(size) if len(steps) < 2 else max(_gap(size), min((box.h * MM - used) / (len(steps) - 1), 7 * MM))
    y = box.top * MM
    left, right = box.x * MM, box.right * MM
    for k, step in enumerate(steps):
        if k:
            c.setStrokeGray(RULE_GREY)
            c.setLineWidth(0.4)
            c.line(left, y + gap / 2, right, y + gap / 2)
        y = _draw_step(c, step, left, right, y, size)
        y -= gap


def _draw_step(c, step: Step, left: float, right: float, y: float, size: float) -> float:
    """Draw `step` from `y` (points, its top) down; returns where it ends."""
    lead = size * 1.2
    for line in step.head:
        y -= lead
        text.draw(c, left, y + size * 0.25, line, fonts.SANS_BOLD, size)
    for line in step.body:
        y -= lead
        text.draw(c, left, y + size * 0.25, line, fonts.SANS, size)
    if step.columns is None:
        return y
    a, _b = _split(right - left)
    second = left + a + COLUMN_GAP * MM
    rows = [(step.columns, fonts.SANS_BOLD), *((row, fonts.SANS) for row in step.rows)]
    for k, ((first, then), face) in enumerate(rows):
        if k == 1:
            c.setStrokeGray(LINE_GREY)
            c.setLineWidth(0.6)
            c.line(left, y - size * 0.15, right, y - size * 0.15)
        elif k > 1:
            c.setStrokeGray(RULE_GREY)
            c.setLineWidth(0.4)
            c.line(left, y - size * 0.15, right, y - size * 0.15)
        top = y - (size * 0.35 if k else 0)
        for i, line in enumerate(first):
            text.draw(c, left, top - (i + 1) * lead + size * 0.25, line, face, size)
        for i, line in enumerate(then):
            text.draw(c, second, top - (i + 1) * lead + size * 0.25, line, face, size)
        y = top - max(len(first), len(then)) * lead
    return y
