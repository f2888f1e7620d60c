"""What every page of nets says around them: a title, the line legend, the scale bar, and
the die's own legend of its faces (`PaperDie.legend`)."""

from __future__ import annotations

from ..paper import Paper
from .dice import PaperDie, settings
from .drawing import Item, Path, Style, Text
from .words import text_width


def header(faces: PaperDie, paper: Paper, numbers: range, count: int, edge: float) -> list[Item]:
    top = paper.height_mm - paper.margin_mm - 5
    which = f"net {numbers[0]}" if len(numbers) == 1 else f"nets {numbers[0]}–{numbers[-1]}"
    title = f"{faces.title}: {which} of {count}, edge {edge:g} mm"
    return [Text((paper.margin_mm, top), title, 11, bold=True),
            Text((paper.width_mm - paper.margin_mm, top + 1.4), "print at 100% · each net's number is on a glue tab",
                 7.5, anchor="end"),
            Text((paper.width_mm - paper.margin_mm, top - 2.2), f"fold printed side out · {faces.note}", 7.5,
                 anchor="end")]


def footer(faces: PaperDie, paper: Paper) -> list[Item]:
    """Line legend and scale bar on one row, the meaning of the faces on the row below."""
    s, m = settings(), paper.margin_mm
    lines, ink = s["lines"], s["lines"]["ink"]
    row = m + s["footer"] - 7
    x = m
    items: list[Item] = []
    samples = [("cut solid", Style(stroke=ink, width=lines["cut"])),
               ("fold dashed", Style(stroke=ink, width=lines["fold"], dash=tuple(lines["fold_dash"]))),
               ("glue grey", Style(fill=lines["glue"]))]
    for i, (words, style) in enumerate(samples):
        if style.fill:
            items.append(Path(((x, row - 0.6), (x + 8, row - 0.6), (x + 8, row + 2.4), (x, row + 2.4)), style))
        else:
            items.append(Path(((x, row + 0.9), (x + 8, row + 0.9)), style, closed=False))
        text = words + (" —" if i < 2 else "")
        items.append(Text((x + 10, row), text, 8))
        x += 12 + text_width(text, 8)
    bar_x = paper.width_mm - m - s["scale_bar"]
    items.append(Path(((bar_x, row + 1), (bar_x + s["scale_bar"], row + 1)), Style(stroke=ink, width=0.4),
                      closed=False, attrs=(("data-role", "scale-bar"),)))
    for k in range(0, s["scale_bar"] + 1, 10):
        items.append(Path(((bar_x + k, row + 1), (bar_x + k, row + (3 if k % 50 == 0 else 2.2))),
                          Style(stroke=ink, width=0.3), closed=False))
    items.append(Text((bar_x + s["scale_bar"] / 2, row - 3.2), "50 mm: print at 100%, no fit-to-page", 7,
                      anchor="middle"))
    items += faces.legend(m, m + 4)  # what the faces show: the die's own words
    return items
