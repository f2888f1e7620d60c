"""An answer's whole distribution as bars: laid out here, drawn as inline SVG by the studio's
odds explorer (`odds_chart.html`) and by the printed odds handout (`odds/handout.html`), so
the screen and the page share one layout and the templates only place what this computes.

Each outcome gets two bars side by side: the chance of exactly it (dark, solid) and of
it or better (light, outlined), so the two read apart in grayscale as well as in colour.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from ..odds.tables import Spread, percent

WIDTH = 720
PLOT_HEIGHT = 220
FONT = 12
"""The studio's chart, in its SVG units; the handout asks for its own size in points."""
LEFT, RIGHT, TOP = 56, 12, 34
"""Room for the percent axis, the right edge, and the legend above the plot, at `FONT`:
a chart in another type size scales them with its type."""
SHORT_LABEL = 5
"""Longer outcome names are turned so neighbours never overlap."""
TICKS = (0, 25, 50, 75, 100)
LEGEND_EMS = 22
"""The legend's width on one line, in type heights: both swatches and both words."""
MOST_LABELS = 24
"""Past this many outcomes only every few are named under the axis (all are in the table)."""


@dataclass(frozen=True)
class Bar:
    x: float
    y: float
    width: float
    height: float
    p: Fraction
    text: str


@dataclass(frozen=True)
class Column:
    label: str
    label_x: float
    exactly: Bar
    at_least: Bar
    named: bool = True
    """Whether the axis names this outcome (every one does, unless there are very many)."""

    @property
    def tooltip(self) -> str:
        return f"{self.label}: exactly {self.exactly.text}, at least {self.at_least.text}"


@dataclass(frozen=True)
class Chart:
    title: str
    axis: str
    left: float
    width: float
    height: int
    plot_bottom: float
    plot_right: float
    label_y: float
    turned: bool
    columns: tuple[Column, ...]
    ticks: tuple[tuple[float, str], ...]
    beyond: str
    """The chance of outcomes too unlikely to list, in words ("" when none)."""
    font: float = FONT
    top: float = TOP
    labels_bottom: float = 0.0
    """Where the outcomes' names end: a page that sets the axis name as wrapping text below
    the drawing (the handout) cuts it here."""
    stacked: bool = False
    """The legend's two entries one above the other: a narrow chart has no room for both on a line."""

    @property
    def legend(self) -> tuple[tuple[float, float], tuple[float, float]]:
        """Where the legend's two swatches stand (left, top), each a square of the type's size:
        "exactly" first, then "at least" past its word."""
        y = round(self.font * 0.5, 2)
        if self.stacked:
            return (self.left, y), (self.left, round(y + self.font * 1.4, 2))
        return (self.left, y), (round(self.left + self.font * 5.6, 2), y)

    @property
    def description(self) -> str:
        return (f"Bar chart of {self.axis}: for each outcome, a dark bar for the chance of exactly it "
                "and a light bar for the chance of it or better. The table below the chart lists the numbers.")


def chart(spread: Spread, title: str, width: float = WIDTH, plot_height: float = PLOT_HEIGHT,
          font: float = FONT) -> Chart:
    """The bars of `spread`, worst outcome on the left, heights from its exact chances, in a
    chart `width` wide whose plot is `plot_height` tall and whose words are `font` high (one
    unit: the studio's SVG pixels, the handout's points)."""
    k = font / FONT
    left, right, top = LEFT * k, RIGHT * k, TOP * k
    stacked = width - left < font * LEGEND_EMS
    if stacked:
        top += font * 1.4
    n = max(1, len(spread.outcomes))
    turned = any(len(label) > SHORT_LABEL for label, _ in spread.outcomes)
    longest = max((len(label) for label, _ in spread.outcomes), default=1)
    labels_room = (16 + 6.2 * longest * 0.72 if turned else 22) * k  # a turned label's drop at 45°
    bottom = top + plot_height
    height = int(bottom + labels_room + 26 * k)  # whole units: the studio's SVG sizes
    band = (width - left - right) / n
    if turned and spread.outcomes:  # the first turned name hangs left of its bar: keep it inside the drawing
        overhang = 6.2 * k * 0.77 * len(spread.outcomes[0][0]) - 0.48 * band - (left - LEFT * k) + 2 * k
        left += max(0.0, overhang)
        band = (width - left - right) / n
    bar = band * 0.38
    every = -(-n // MOST_LABELS)
    columns = []
    for i, ((label, p), up) in enumerate(zip(spread.outcomes, spread.at_least())):
        x = left + i * band + band * 0.1
        columns.append(Column(label, x + bar, _bar(x, bar, p, bottom, plot_height),
                              _bar(x + bar, bar, up, bottom, plot_height), i % every == 0))
    ticks = tuple((round(bottom - plot_height * t / 100, 2), f"{t}%") for t in TICKS)
    beyond = f"Outcomes beyond the last shown: {percent(spread.beyond)} in all." if spread.beyond else ""
    return Chart(title, spread.axis, left, width, height, bottom, width - right, bottom + 14 * k, turned,
                 tuple(columns), ticks, beyond, font, top, round(bottom + labels_room, 2), stacked)


def _bar(x: float, width: float, p: Fraction, bottom: float, plot_height: float) -> Bar:
    h = plot_height * float(p)
    return Bar(round(x, 2), round(bottom - h, 2), round(width, 2), round(h, 2), p, percent(p))
