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
from .canvas import LEADING, MINUS, Box, Circle, Group, Line, Page, Rect, Text, crosses, measure, overlaps
from .circle import Node, place
from .panel import key_entries, legend, flow_key
from .style import Style, style as load_style
from .worksheet import Pair, Worksheet

BESIDE_AT_MOST = 24
"""Label lines worth trying to set beside their connectors."""


def badge_text(pair: Pair, number: int | None = None) -> str:
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
    text = " ".join(parts) or "0"
    return f"[{number}] {text}" if number is not None else text


def label_lines(pair: Pair) -> list[str]:
    """One line per label: sign, how many links carry it when more than one, the label."""
    return [f"{'+' if colour == 'green' else MINUS}{n if n > 1 else ''} {label}" for colour, label, n in pair.labels]


def map_pages(sheet: Worksheet, paper: Paper) -> list[Page]:
    """The map page (landscape) and, if the key overflows it, pages continuing the key."""
    page_paper = paper if paper.width_mm > paper.height_mm else paper.landscape()
    base = load_style("map", page_paper)
    for factor in (1, 0.9, 0.8, 0.7, 0.6):
        pages = _attempt(sheet, page_paper, base.shrunk(factor))
        if pages is not None:
            return pages
    raise ValueError(f"{len(sheet.people)} characters do not fit a map on {paper.label}")


def _attempt(sheet: Worksheet, paper: Paper, st: Style) -> list[Page] | None:
    width, height = paper.size_pt
    margin = paper.margin_mm * width / paper.width_mm
    page = Page(width, height, "Relationship map")
    title = sheet.title or "Relationship map"
    page.add(Text(margin, margin + st.pt("title_pt"), title, st.pt("title_pt"), fonts.DISPLAY_BOLD, cls="title"))
    sub_y = margin + st.pt("title_pt") + LEADING * st.pt("subtitle_pt") + 2
    page.add(Text(margin, sub_y, _subtitle(sheet), st.pt("subtitle_pt"), fonts.SANS, st.colour("ink"), cls="title"))
    top = sub_y + st.mm("gap_mm") * 2
    panel_left = width - margin - (width - 2 * margin) * st.section["panel_share"]
    region = (margin, top, panel_left - st.mm("gap_mm") * 3, height - margin)
    nodes = place(sheet, st, region)
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
    tries = (False, True) if sum(len(p.labels) for p in labelled) <= BESIDE_AT_MOST else (True,)
    for keyed in tries:
        numbers = {id(p): i for i, p in enumerate(labelled, 1)} if keyed else {}
        drawn = _connectors(sheet, nodes, st, tags, region, numbers, beside=not keyed)
        if drawn is not None:
            break
    else:
        return None
    page.add(*drawn)
    panel = (panel_left, top, width - margin, height - margin)
    y = legend(page, st, panel, sheet.blank)
    entries = key_entries(sheet, [p for p in labelled if id(p) in numbers], numbers)
    return [page] + flow_key(page, entries, st, panel, y, paper, margin)


def _subtitle(sheet: Worksheet) -> str:
    if sheet.blank:
        return f"{len(sheet.people)} characters · Stress ____ · write names, then draw and count the links"
    bits = [f"Stress {sheet.stress}", f"{sheet.living} living of {len(sheet.people)}"]
    bits += [t for t in (sheet.locale, sheet.threat) if t]
    return " · ".join(bits)


def _connectors(sheet: Worksheet, nodes: list[Node], st: Style, tags: Style, region: Box,
                numbers: dict, beside: bool) -> list | None:
    """Every connector with its badge (and labels when `beside`), or None when labels do not fit."""
    at = {n.index: n for n in nodes}
    taken: list[Box] = [n.box for n in nodes]
    strokes: dict[int, list[tuple]] = {}
    groups = {}
    for k, pair in enumerate(sheet.pairs):
        group = _lines(pair, at[pair.a], at[pair.b], st, sheet.blank)
        strokes[k] = [(i.x1, i.y1, i.x2, i.y2) for i in group.items]
        groups[k] = group
    # short chords have the least room, so they choose first
    order = sorted(groups, key=lambda k: _length(at[sheet.pairs[k].a], at[sheet.pairs[k].b]))
    badges = {}
    for k in order:
        pair = sheet.pairs[k]
        others = [s for j, ss in strokes.items() if j != k for s in ss]
        badge = _badge(pair, at[pair.a], at[pair.b], tags, taken, others, region, numbers.get(id(pair)), sheet.blank)
        if badge is None:
            return None
        badges[k] = Group(f"badge-{pair.a}-{pair.b}", "badge", {"link": groups[k].id}, badge[1])
        taken.append(badge[0])
    if beside:
        every = [s for ss in strokes.values() for s in ss]
        for k in order:
            pair = sheet.pairs[k]
            if pair.labels:
                placed = _beside(label_lines(pair), badges[k], tags, taken, every, region)
                if placed is None:
                    return None
                badges[k].items += placed
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


def _badge(pair: Pair, a: Node, b: Node, st: Style, taken: list[Box], others: list[tuple],
           region: Box, number: int | None, blank: bool) -> tuple[Box, list] | None:
    size = st.pt("badge_pt")
    pad = st.mm("badge_pad_mm")
    text = f"+     (+     )   {MINUS}     ({MINUS}     )" if blank else badge_text(pair, number)
    shown = "" if blank else text
    w = measure(text, fonts.SANS_BOLD, size) + 2 * pad
    h = size * 1.15 + 2 * pad
    best = None
    steps = [0.5 + d * s for d in [i / 40 for i in range(0, 17)] for s in (1, -1)]
    for t in steps:
        cx, cy = a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t
        box = (cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2)
        if not _within(box, region) or any(overlaps(box, o, pad) for o in taken):
            continue
        cost = sum(crosses(box, *s) for s in others)
        if best is None or cost < best[0]:
            best = (cost, box, cx, cy)
            if cost == 0:
                break
    if best is None:
        return None
    _, box, cx, cy = best
    items = [Rect(box[0], box[1], w, h, st.colour("ink") if not blank else st.colour("muted"), "#ffffff", 0.5,
                  h / 2, cls="badge")]
    if shown:
        items.append(Text(cx, cy + size * 0.33, shown, size, fonts.SANS_BOLD, st.colour("ink"), "middle", "count"))
    else:
        # where to write: the marks only, the numbers go in the gaps
        items.append(Text(cx, cy + size * 0.33, text, size, fonts.SANS_BOLD, st.colour("muted"), "middle", "count"))
    return box, items


def _within(box: Box, region: Box) -> bool:
    return box[0] >= region[0] and box[1] >= region[1] and box[2] <= region[2] and box[3] <= region[3]


def _beside(lines: list[str], group: Group, st: Style, taken: list[Box], strokes: list[tuple],
            region: Box) -> list | None:
    """The labels stacked just above or below the pair's badge, clear of every line and text."""
    size = st.pt("label_pt")
    widths = [measure(t, fonts.SANS, size) for t in lines]
    if max(widths) > st.mm("label_width_mm"):
        return None
    badge = next(i for i in group.items if isinstance(i, Rect))
    w, h = max(widths), len(lines) * LEADING * size
    cx, cy = badge.x + badge.w / 2, badge.y + badge.h / 2
    gap = st.mm("badge_pad_mm")
    # rings of candidate spots around the badge, nearest first, so a label stays by its pair
    for ring in range(1, 9):
        reach = ring * (badge.h + gap)
        for step in range(16):
            angle = math.pi / 2 + step * math.pi / 8
            x, y = cx + math.cos(angle) * (reach + w / 2), cy + math.sin(angle) * (reach + h / 2)
            box = (x - w / 2, y - h / 2, x + w / 2, y + h / 2)
            if (_within(box, region) and not any(overlaps(box, o, gap) for o in taken)
                    and not any(crosses(box, *s) for s in strokes)):
                taken.append(box)
                top = box[1]
                return [Text(box[0], top + (i + 1) * LEADING * size - (LEADING - 1) * size, t, size, fonts.SANS,
                             st.colour("ink"), "start", "label") for i, t in enumerate(lines)]
    return None
