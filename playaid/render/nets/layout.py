"""Pages of nets: as many as fit inside the printable area, in rows, each net numbered.

The page's title and legends are in `legend`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache

from ..paper import Paper
from .dice import PaperDie, placed_art, safe_radius, settings
from .drawing import Group, Item, Page, Path, Style, Text
from .legend import footer, header
from .packing import row_plans
from .solid import Solid
from .unfold import Net, spanning_trees, unfold

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


def unit_nets(faces: PaperDie) -> list[Net]:
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


def fit(faces: PaperDie, paper: Paper, edge: float) -> Fit:
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


def largest_edge(faces: PaperDie, paper: Paper) -> float:
    """The largest edge (mm, rounded down to 0.1) at which one net fits on the paper."""
    left, bottom, right, top = _area(paper)
    tab = settings()["tab"]
    sizes = [min((right - left) / net.bounds()[2], (top - bottom) / net.bounds()[3])
             for net, _ in _turns(faces.solid, tab["height"], tab["angle"])]
    return math.floor(max(sizes) * 10) / 10


def pages(faces: PaperDie, paper: Paper, count: int | None, edge: float) -> list[Page]:
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


def net_group(faces: PaperDie, net: Net, number: int, edge: float) -> Group:
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
        if faces.numbered:  # the face's number, as `roll --ask` and a scene's `dice:` name it
            art += face_number(corners, centre, die_face + 1, edge)
        face_groups.append(Group("face", [shape, *art], faces.face_attrs(die_face) + (("data-solid-face", str(f)),)))
    fold = Style(stroke=ink, width=lines["fold"], dash=tuple(lines["fold_dash"]))
    folds = [Path(net.fold_segment(f, g), fold, closed=False, attrs=(("data-kind", "face"), ("data-faces", f"{f}-{g}")))
             for f, g in net.folds]
    folds += [Path((s.tab[0], s.tab[3]), fold, closed=False, attrs=(("data-kind", "tab"),)) for s in net.seams]
    cut = Path(tuple(net.outline()), Style(stroke=ink, width=lines["cut"]), attrs=(("data-role", "cut"),))
    label = tab_label(net, number, edge)
    return Group("net", [tabs, Group("faces", face_groups), cut, Group("fold-lines", folds)] + ([label] if label else []),
                 (("data-net", str(number)),))


def face_number(corners, centre, number: int, edge: float) -> list[Item]:
    """A face's number, small and upright in its lowest corner, between the art and the
    corner; nothing when the corner is too small for 7 pt (a pentagon's edge under about 15 mm)."""
    size = LABEL_MIN_PT
    height, width = size * 0.75 * 25.4 / 72, len(str(number)) * size * 0.6 * 25.4 / 72
    corner = min(corners, key=lambda p: (p[1], p[0]))
    reach = math.dist(corner, centre)
    safe = safe_radius(len(corners), edge)
    # the text's centre beyond the art's circle by half its height, the corner's sides
    # (a pentagon's 108° apart) leaving room for half its width
    at = safe + height * 0.75
    if (reach - at) * math.tan(math.radians(90 - 180 / len(corners))) < width / 2 + 0.3:
        return []
    ux, uy = (corner[0] - centre[0]) / reach, (corner[1] - centre[1]) / reach
    x, y = centre[0] + ux * at, centre[1] + uy * at
    return [Group("face-number", [Text((x, y - height / 2), str(number), size, anchor="middle", color="#555555")],
                  (("data-face-number", str(number)),))]


LABEL_MIN_PT = 7.0
"""No text is printed smaller: a tab too narrow for the number at this size goes unnumbered."""


def tab_label(net: Net, number: int, edge: float) -> Text | None:
    """The net's number, upright on its most level glue tab (hidden once the die is glued);
    None when the tab is too narrow for 7 pt (edges under about 17 mm)."""
    def level(seam) -> tuple[float, float]:
        (x1, y1), (x2, y2) = seam.tab[0], seam.tab[3]
        return (round(abs(x2 - x1) / math.dist((x1, y1), (x2, y2)), 3), (y1 + y2) / 2)

    tab = max(net.seams, key=level).tab
    height = settings()["tab"]["height"] * edge
    size = min(8.0, 2.1 * height)
    if size < LABEL_MIN_PT:
        return None
    cx, cy = sum(p[0] for p in tab) / 4, sum(p[1] for p in tab) / 4
    return Text((cx, cy - size * 0.36 * 25.4 / 72), str(number), size, bold=True, anchor="middle")
