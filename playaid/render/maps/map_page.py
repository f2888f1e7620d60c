"""Page 1: the relationship map. One connector per pair of living characters, carrying
a badge with the pair's link counts; labels beside the connector when every pair's
labels fit there, otherwise a number in the badge and a key beside the map.

Green is solid and marked +, red is dashed and marked −, so the map reads in grayscale
and for red-green colour-blind players; temporary (unlabelled) counts are in brackets.
"""

from __future__ import annotations

import math

from .. import fonts
from ..paper import Paper
from .badges import Chord, Spec, along, upright
from .canvas import LEADING, MINUS, Box, Circle, Group, Line, Page, Shape, Text, corners, crosses, measure, meets
from .circle import Node, place
from .panel import flow_key, key_entries, label_lines, legend, legend_strip
from .style import Style, style as load_style
from .worksheet import Pair, Worksheet

BESIDE_AT_MOST = 24
"""Label lines worth trying to set beside their connectors."""
BLANK_BADGE = f"+    (+    )  {MINUS}    ({MINUS}    )"
BLANK_SHORT = f"+     {MINUS}     "
"""A blank map's badge: the marks only, the counts are written in the gaps."""


def badge_text(pair: Pair) -> str:
    """The counts of a pair as the badge shows them, e.g. `+2 (+1) −1`; `0` for none."""
    parts = []
    if pair.green:
        parts.append(f"+{pair.green}")
    if pair.green_temporary:
        parts.append(f"(+{pair.green_temporary})")
    if pair.red:
        parts.append(f"{MINUS}{pair.red}")
    if pair.red_temporary:
        parts.append(f"({MINUS}{pair.red_temporary})")
    return " ".join(parts) or "0"


def map_pages(sheet: Worksheet, paper: Paper) -> list[Page]:
    """The map page (landscape) and, if the key overflows it, pages continuing the key."""
    page_paper = paper if paper.width_mm > paper.height_mm else paper.landscape()
    base = load_style("map", page_paper)
    # the panel beside a circle first; when the badges find no clean spots, the whole
    # width for an ellipse, the legend in a strip and the key on pages of its own
    for wide, factor in ((False, 1), (True, 1), (True, 0.9), (True, 0.8), (True, 0.7), (True, 0.6)):
        pages = _attempt(sheet, page_paper, base.shrunk(factor), base.pt("badge_min_pt"), wide)
        if pages is not None:
            return pages
    raise ValueError(f"{len(sheet.people)} characters do not fit a map on {paper.label}")


def _attempt(sheet: Worksheet, paper: Paper, st: Style, floor: float, wide: bool) -> list[Page] | None:
    width, height = paper.size_pt
    margin = paper.margin_mm * width / paper.width_mm
    page = Page(width, height, "Relationship map")
    title = sheet.title or "Relationship map"
    page.add(Text(margin, margin + st.pt("title_pt"), title, st.pt("title_pt"), fonts.DISPLAY_BOLD, cls="title"))
    sub_y = margin + st.pt("title_pt") + LEADING * st.pt("subtitle_pt") + 2
    page.add(Text(margin, sub_y, _subtitle(sheet), st.pt("subtitle_pt"), fonts.SANS, st.colour("ink"), cls="title"))
    top = sub_y + st.mm("gap_mm") * 2
    if wide:
        top = legend_strip(page, st, (margin, top, width - margin, height - margin), sheet.blank,
                           any(p.labels for p in sheet.pairs))
        panel_left = width - margin + st.mm("gap_mm") * 3
    else:
        panel_left = width - margin - (width - 2 * margin) * st.section["panel_share"]
    region = (margin, top, panel_left - st.mm("gap_mm") * 3, height - margin)
    nodes = place(sheet, st, region, oval=wide)
    if nodes is None:
        return None
    living = [n for n in nodes if sheet.people[n.index].living or sheet.blank]
    for n in nodes:
        page.add(*n.items)
        colour = st.colour("ink") if n in living else st.colour("muted")
        page.add(Circle(n.x, n.y, st.mm("dot_mm"), colour, colour if n in living else "#ffffff", 0.8))
    labelled = [p for p in sheet.pairs if p.labels]
    # a small cast leaves room: its counts and labels are set larger
    tags = st.shrunk(1.4 if len(living) <= 4 else 1.15 if len(living) <= 7 else 1 if len(living) <= 8 else 0.85)
    # a large cast's labels never all find room beside their connectors: go straight to the key
    tries = (False, True) if sum(len(p.labels) for p in labelled) <= BESIDE_AT_MOST and not wide else (True,)
    for keyed in tries:
        drawn = _connectors(sheet, nodes, st, tags, region, not keyed, floor)
        if drawn is not None:
            break
    else:
        return None
    page.add(*drawn)
    entries = key_entries(sheet, labelled if keyed else [])
    if wide:
        return [page] + flow_key(page, entries, st, None, 0, paper, margin)
    panel = (panel_left, top, width - margin, height - margin)
    y = legend(page, st, panel, sheet.blank)
    return [page] + flow_key(page, entries, st, panel, y, paper, margin)


def _subtitle(sheet: Worksheet) -> str:
    if sheet.blank:
        return f"{len(sheet.people)} characters · Stress ____ · write names, then draw and count the links"
    bits = [f"Stress {sheet.stress}", f"{sheet.living} living of {len(sheet.people)}"]
    bits += [t for t in (sheet.locale, sheet.threat) if t]
    return " · ".join(bits)


def _connectors(sheet: Worksheet, nodes: list[Node], st: Style, tags: Style, region: Box,
                beside: bool, floor: float) -> list | None:
    """Every connector with its badge (and labels when `beside`), or None when they do not fit."""
    at = {n.index: n for n in nodes}
    strokes: dict[int, list[tuple]] = {}
    groups = {}
    for k, pair in enumerate(sheet.pairs):
        group = _lines(pair, at[pair.a], at[pair.b], st, sheet.blank)
        strokes[k] = [(i.x1, i.y1, i.x2, i.y2) for i in group.items]
        groups[k] = group
    spec = Spec(max(tags.pt("badge_pt"), floor), floor, tags.mm("badge_pad_mm"), st.mm("badge_edge_mm"),
                st.pt("line_pt") / 2 + st.mm("badge_clear_mm"), st.colour("ink"), st.colour("muted"), sheet.blank)
    placed = taken = None
    # a large blank map has no room for a slot per count: two slots, temporary ones in brackets
    for blank_text in (BLANK_BADGE, BLANK_SHORT) if sheet.blank else ("",):
        chords = []
        for k, pair in enumerate(sheet.pairs):
            a, b = at[pair.a], at[pair.b]
            # the key lists pairs by their characters' numbers, so a badge needs no number of its own
            text = blank_text or badge_text(pair)
            chords.append(Chord(k, a.x, a.y, b.x, b.y, text, [s for j, ss in strokes.items() if j != k for s in ss]))
        for way in (upright, along):
            taken = [corners(n.box) for n in nodes]
            placed = way(chords, spec, taken, region)
            if placed is not None:
                break
        if placed is not None:
            break
    if placed is None:
        return None
    badges = {k: Group(f"badge-{sheet.pairs[k].a}-{sheet.pairs[k].b}", "badge", {"link": groups[k].id}, items)
              for k, (_, items) in placed.items()}
    if beside:
        every = [s for ss in strokes.values() for s in ss]
        for k in sorted(placed, key=lambda k: _length(at[sheet.pairs[k].a], at[sheet.pairs[k].b])):
            pair = sheet.pairs[k]
            if pair.labels:
                labels = _beside(label_lines(pair), placed[k][0], tags, taken, every, region)
                if labels is None:
                    return None
                badges[k].items += labels
    # every line first, then the badges and labels over them, so no line runs across a count
    return [groups[k] for k in range(len(sheet.pairs))] + [badges[k] for k in range(len(sheet.pairs))]


def _length(a: Node, b: Node) -> float:
    return math.hypot(a.x - b.x, a.y - b.y)


def _lines(pair: Pair, a: Node, b: Node, st: Style, blank: bool) -> Group:
    data = {"a": str(pair.a), "b": str(pair.b), "green": str(pair.green), "green-temporary": str(pair.green_temporary),
            "red": str(pair.red), "red-temporary": str(pair.red_temporary)}
    group = Group(f"link-{pair.a}-{pair.b}", "link", data)
    dx, dy = b.x - a.x, b.y - a.y
    length = math.hypot(dx, dy)
    nx, ny = -dy / length, dx / length
    off = st.mm("twin_offset_mm") if pair.greens and pair.reds else 0
    width = st.pt("line_pt")
    if pair.greens:
        group.items.append(Line(a.x + nx * off, a.y + ny * off, b.x + nx * off, b.y + ny * off,
                                st.colour("green"), width, (), "green"))
    if pair.reds:
        dash = tuple(d * st.scale for d in st.section["dash_pt"])
        group.items.append(Line(a.x - nx * off, a.y - ny * off, b.x - nx * off, b.y - ny * off,
                                st.colour("red"), width, dash, "red"))
    if pair.empty:
        group.items.append(Line(a.x, a.y, b.x, b.y, st.colour("faint"), width * 0.6, (1, 2) if not blank else (), "none"))
    return group


def _within(box: Box, region: Box) -> bool:
    return box[0] >= region[0] and box[1] >= region[1] and box[2] <= region[2] and box[3] <= region[3]


def _beside(lines: list[str], badge: Shape, st: Style, taken: list[Shape], strokes: list[tuple],
            region: Box) -> list | None:
    """The labels stacked in rings around the pair's badge, clear of every line and text."""
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
                    and not any(crosses(box, *s) for s in strokes)):
                taken.append(shape)
                top = box[1]
                return [Text(box[0], top + (i + 1) * LEADING * size - (LEADING - 1) * size, t, size, fonts.SANS,
                             st.colour("ink"), "start", "label") for i, t in enumerate(lines)]
    return None
