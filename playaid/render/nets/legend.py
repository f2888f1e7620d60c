"""What every page of nets says around them: a title, the line legend, the scale bar, the faces' legend."""

from __future__ import annotations

from ..paper import Paper
from .dice import D6Faces, SpiralFaces, mark, settings
from .drawing import Item, Path, Style, Text, transform
from .glyphs import SYMBOLS
from .words import text_width

MEANINGS = {
    "hit": "Hit: progress; meet the TN to succeed",
    "spare": "Spare: a helpful effect; cancels a Spiral",
    "spiral": "Spiral: a complication; cancels a Spare",
}


def header(faces: SpiralFaces | D6Faces, paper: Paper, numbers: range, count: int, edge: float) -> list[Item]:
    top = paper.height_mm - paper.margin_mm - 5
    which = f"net {numbers[0]}" if len(numbers) == 1 else f"nets {numbers[0]}–{numbers[-1]}"
    title = f"{faces.title}: {which} of {count}, edge {edge:g} mm"
    note = ("opposite faces pair strong with weak" if faces.kind == "spiral" else "opposite faces add up to 7")
    return [Text((paper.margin_mm, top), title, 11, bold=True),
            Text((paper.width_mm - paper.margin_mm, top + 1.4), "print at 100% · each net's number is on a glue tab",
                 7.5, anchor="end"),
            Text((paper.width_mm - paper.margin_mm, top - 2.2), f"fold printed side out · {note}", 7.5,
                 anchor="end")]


def footer(faces: SpiralFaces | D6Faces, paper: Paper) -> list[Item]:
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
    items += legend(faces, m, m + 4)
    return items


def legend(faces: SpiralFaces | D6Faces, x: float, y: float) -> list[Item]:
    """What the faces show: the three symbols, or the coloured d6's mark."""
    if faces.kind == "spiral":
        out: list[Item] = []
        for name in ("hit", "spare", "spiral"):
            out += transform([SYMBOLS[name]()], (x + 2.2, y + 1.1), 2.2, 0.0)
            out.append(Text((x + 5.5, y), MEANINGS[name], 7.5))
            x += 8 + text_width(MEANINGS[name], 7.5)
        return out
    if not faces.look:
        return [Text((x, y), "Plain d6: pips only. Fold printed side out and glue each tab under its neighbour.", 7.5)]
    which = "even faces (2, 4, 6)" if faces.look["marks"] == "even" else "odd faces (1, 3, 5)"
    shape = "circled" if faces.look["mark"] == "circle" else "framed by a dashed square"
    return [*transform([mark(faces.look["mark"], faces.look["ink"])], (x + 2.5, y + 1.1), 2.4, 0.0),
            Text((x + 7, y), f"{faces.title}: {which} {shape}, so the count reads at a glance", 7.5)]
