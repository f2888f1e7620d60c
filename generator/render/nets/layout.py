"""Pages of nets: as many as fit in a grid inside the printable area, each numbered.

Every page has a title at the top and, at the bottom, the line legend, a 50 mm scale
bar with "print at 100%", and a legend of what the faces show.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache

from ..paper import Paper
from .dice import D6Faces, SpiralFaces, mark, placed_art, settings
from .drawing import Group, Item, Page, Path, Style, Text, transform
from .glyphs import SYMBOLS
from .packing import row_plans
from .solid import Solid
from .unfold import Net, spanning_trees, unfold
from .words import text_width

MEANINGS = {
    "hit": "Hit: progress; meet the TN to succeed",
    "spare": "Spare: a helpful effect; cancels a Spiral",
    "spiral": "Spiral: a complication; cancels a Spare",
}


class TooLarge(ValueError):
    """No net of this edge fits on the paper."""


@dataclass(frozen=True)
class Fit:
    """Where the nets of one page go: bottom-left corners in mm, and which are turned 180°."""

    places: tuple[tuple[float, float, bool], ...]
    net: Net
    """The net at unit edge, turned the way it is placed."""
    turned: Net
    """The same net turned half round, for the rows that interlock that way."""

    @property
    def per_page(self) -> int:
        return len(self.places)


def unit_nets(faces: SpiralFaces | D6Faces) -> list[Net]:
    """The nets (one per fold tree to try) at edge 1."""
    tab = settings()["tab"]
    return [unfold(faces.solid, tree, tab["height"], tab["angle"]) for tree in spanning_trees(faces.solid)]


def _area(paper: Paper) -> tuple[float, float, float, float]:
    """Left, bottom, right, top of where nets may go, in mm."""
    s, m = settings(), paper.margin_mm
    return m, m + s["footer"], paper.width_mm - m, paper.height_mm - m - s["header"]


def _at_origin(net: Net, angle: float) -> Net:
    turned = net.transformed(angle, 1, 0, 0)
    x0, y0, _, _ = turned.bounds()
    return turned.transformed(0, 1, -x0, -y0)


@cache
def _turns(solid: Solid, tab_height: float, tab_angle: float) -> list[tuple[Net, Net]]:
    """Each net lying and standing, each with its half-turned twin for interlocking rows."""
    out = []
    for tree in spanning_trees(solid):
        flat = unfold(solid, tree, tab_height, tab_angle)
        out += [(n, _at_origin(n, math.pi)) for n in (flat, _at_origin(flat, math.pi / 2))]
    return out


def fit(faces: SpiralFaces | D6Faces, paper: Paper, edge: float) -> Fit:
    """The arrangement holding the most nets of this edge; TooLarge names the largest edge that fits."""
    tab = settings()["tab"]
    best = _best_fit((faces.solid, tab["height"], tab["angle"]), paper, edge)
    if best is None:
        raise TooLarge(f"a {faces.title} net with edge {edge:g} mm does not fit on {paper.label}; "
                       f"the largest edge that fits is {largest_edge(faces, paper):.1f} mm")
    return best


@cache
def _best_fit(key, paper: Paper, edge: float) -> Fit | None:
    left, bottom, right, top = _area(paper)
    best = None
    for net, turned in _turns(*key):
        _, _, w, h = net.bounds()
        for plan in row_plans(net, turned, settings()["gap"] / edge):
            places = []
            row = 0
            while top - (row * plan.step + h) * edge >= bottom - 1e-9:
                odd = row % 2 == 1
                start = plan.offset if odd else 0.0
                for n in range(-1, 200):
                    x = left + (start + n * plan.pitch) * edge
                    if x + w * edge > right + 1e-9:
                        break
                    if x >= left - 1e-9:
                        places.append((x, top - (row * plan.step + h) * edge, odd and plan.odd_turned))
                row += 1
            if places and (best is None or len(places) > best.per_page):
                best = Fit(_centred(places, w * edge, left, right), net, turned)
    return best


def _centred(places, width: float, left: float, right: float) -> tuple:
    """The places moved sideways so the nets sit in the middle of the row space."""
    used = max(x for x, _, _ in places) + width - min(x for x, _, _ in places)
    dx = (right - left - used) / 2 - (min(x for x, _, _ in places) - left)
    return tuple((x + dx, y, t) for x, y, t in places)


def largest_edge(faces: SpiralFaces | D6Faces, paper: Paper) -> float:
    """The largest edge (mm, rounded down to 0.1) at which one net fits on the paper."""
    left, bottom, right, top = _area(paper)
    tab = settings()["tab"]
    sizes = [min((right - left) / net.bounds()[2], (top - bottom) / net.bounds()[3])
             for net, _ in _turns(faces.solid, tab["height"], tab["angle"])]
    return math.floor(max(sizes) * 10) / 10


def pages(faces: SpiralFaces | D6Faces, paper: Paper, count: int | None, edge: float) -> list[Page]:
    """Every page of `count` nets (a full page when None), nets numbered from 1."""
    grid = fit(faces, paper, edge)
    count = grid.per_page if count is None else count
    out = []
    for first in range(0, count, grid.per_page):
        numbers = range(first + 1, min(count, first + grid.per_page) + 1)
        page = Page(paper.width_mm, paper.height_mm)
        page.items += header(faces, paper, numbers, count, edge)
        for (x, y, turned), number in zip(grid.places, numbers):
            net = (grid.turned if turned else grid.net).transformed(0, edge, x, y)
            page.items.append(net_group(faces, net, number, edge))
        page.items += footer(faces, paper)
        out.append(page)
    return out


def net_group(faces: SpiralFaces | D6Faces, net: Net, number: int, edge: float) -> Group:
    """One numbered net: glue tabs, faces with their art, the cut outline, the fold lines."""
    lines = settings()["lines"]
    ink = lines["ink"]
    tabs = Group("tabs", [Path(s.tab, Style(fill=lines["glue"]), attrs=(("data-seam", f"{s.faces[0]}-{s.faces[1]}"),))
                          for s in net.seams])
    face_groups = []
    for f, corners in enumerate(net.faces):
        die_face = faces.on[f]
        centre = (sum(p[0] for p in corners) / len(corners), sum(p[1] for p in corners) / len(corners))
        shape = Path(corners, Style(fill=faces.fill(die_face)), attrs=(("data-solid-face", str(f)),))
        art = placed_art(faces.art(die_face, edge), centre, net.up[f])
        face_groups.append(Group("face", [shape, *art], faces.face_attrs(die_face) + (("data-solid-face", str(f)),)))
    fold = Style(stroke=ink, width=lines["fold"], dash=tuple(lines["fold_dash"]))
    folds = [Path(net.fold_segment(f, g), fold, closed=False, attrs=(("data-kind", "face"), ("data-faces", f"{f}-{g}")))
             for f, g in net.folds]
    folds += [Path((s.tab[0], s.tab[3]), fold, closed=False, attrs=(("data-kind", "tab"),)) for s in net.seams]
    cut = Path(tuple(net.outline()), Style(stroke=ink, width=lines["cut"]), attrs=(("data-role", "cut"),))
    label = tab_label(net, number, edge)
    return Group("net", [tabs, Group("faces", face_groups), cut, Group("fold-lines", folds), label],
                 (("data-net", str(number)),))


def tab_label(net: Net, number: int, edge: float) -> Text:
    """The net's number, upright on its most level glue tab (hidden once the die is glued)."""
    def level(seam) -> tuple[float, float]:
        (x1, y1), (x2, y2) = seam.tab[0], seam.tab[3]
        return (round(abs(x2 - x1) / math.dist((x1, y1), (x2, y2)), 3), (y1 + y2) / 2)

    tab = max(net.seams, key=level).tab
    height = settings()["tab"]["height"] * edge
    size = min(8.0, 2.1 * height)
    cx, cy = sum(p[0] for p in tab) / 4, sum(p[1] for p in tab) / 4
    return Text((cx, cy - size * 0.36 * 25.4 / 72), str(number), size, bold=True, anchor="middle")


def header(faces, paper: Paper, numbers: range, count: int, edge: float) -> list[Item]:
    top = paper.height_mm - paper.margin_mm - 5
    which = f"net {numbers[0]}" if len(numbers) == 1 else f"nets {numbers[0]}–{numbers[-1]}"
    title = f"{faces.title}: {which} of {count}, edge {edge:g} mm"
    note = ("opposite faces pair strong with weak" if faces.kind == "spiral" else "opposite faces add up to 7")
    return [Text((paper.margin_mm, top), title, 11, bold=True),
            Text((paper.width_mm - paper.margin_mm, top + 1.4), "print at 100% · each net's number is on a glue tab",
                 7.5, anchor="end"),
            Text((paper.width_mm - paper.margin_mm, top - 2.2), f"fold printed side out · {note}", 7.5,
                 anchor="end")]


def footer(faces, paper: Paper) -> list[Item]:
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


def legend(faces, x: float, y: float) -> list[Item]:
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
