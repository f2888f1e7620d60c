"""Page 1: the relationship map. One connector per pair of living characters, carrying
a badge with the pair's link counts; labels beside the connector when every pair's
labels fit there, each nearest its own connector, otherwise a number in the badge and
a key beside the map or on pages of its own.

Green is solid and marked +, red is dashed and marked −, so the map reads in grayscale
and for red-green colour-blind players; temporary (unlabelled) counts are in brackets.
The drawing takes the whole sheet it can: the legend in a strip and the figure on an
ellipse across the width, or a panel for the key beside it.
"""

from __future__ import annotations

import math
from dataclasses import replace

from playaid.render import fonts
from playaid.render.paper import MM, Paper
from .badges import SLOT, Chord, Spec, along, upright
from .canvas import ASCENT, DESCENT, MINUS, Box, Circle, Group, Line, Page, Text, corners
from .circle import WRAP_BELOW, Node, fitted, place
from .grid import count_grid
from .labels import place_labels
from .marks import crosses_along
from .panel import flow_key, key_entries, label_lines, legend, legend_strip
from .style import Style, style as load_style
from .worksheet import Pair, Worksheet

BESIDE_AT_MOST = 24
"""Label lines worth trying to set beside their connectors."""
BLANK_BADGES = (f"+{SLOT} (+{SLOT})  {MINUS}{SLOT} ({MINUS}{SLOT})", f"+{SLOT} {MINUS}{SLOT}")
"""A blank map's badge: the marks, with a gap to write each count in; a crowded map
has two gaps, the temporary counts written in brackets after the others."""
SLOT_MM = 7
"""A handwritten count (a digit or two, about 5 mm a character) needs this much room; 7 mm
leaves a blank badge room for the pair it counts."""

FACTORS = (1.0, 0.9, 0.8, 0.7, 0.6, 0.5, 0.4)
"""How far the layout may shrink to fit (the type never below its floor)."""
WIDER_PANELS = (0.35, 0.41)
"""Wider shares of the page the key's panel may take, in turn, past `panel_share`."""
CROWDED = 9
"""From this many characters a panel beside the figure leaves it too little width."""


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


def pair_tag(pair: Pair) -> str:
    """The two characters' numbers on the map, as a blank badge names its pair: `1–2`."""
    return f"{pair.a + 1}\u2013{pair.b + 1}"


def map_pages(sheet: Worksheet, paper: Paper) -> list[Page]:
    """The map page (landscape) and, if the key overflows it, pages continuing the key.

    First the whole width with the labels beside their connectors; then a panel beside
    the figure for the key; then the whole width with the key on pages of its own, the
    layout shrunk as little as will fit; a blank map last puts its counts in a grid.
    Where a name would be cut, roomier blocks are tried first, at full size."""
    page_paper = paper if paper.width_mm > paper.height_mm else paper.landscape()
    base = load_style("map", page_paper)
    if not sheet.blank and _names_cut(sheet, base):
        roomy = replace(base, section={**base.section, "block_width_mm": base.section["roomy_block_mm"]})
        pages = _layout(sheet, page_paper, roomy, shrink=False)
        if pages is not None:
            return pages
    pages = _layout(sheet, page_paper, base, shrink=True)
    if pages is None:
        raise ValueError(f"{len(sheet.people)} characters do not fit a map on {paper.label}")
    return pages


def _names_cut(sheet: Worksheet, st: Style) -> bool:
    wrap = len(sheet.people) < WRAP_BELOW
    return any(text.endswith("…") for i, p in enumerate(sheet.people)
               for text, _, _ in fitted(i + 1, p, st, False, wrap)[0])


def _layout(sheet: Worksheet, page_paper: Paper, base: Style, shrink: bool) -> list[Page] | None:
    """The first layout that fits, in the order `map_pages` gives; only at full size
    unless `shrink`."""
    floor = base.pt("badge_min_pt")
    labelled = sum(len(p.labels) for p in sheet.pairs)

    def attempt(wide: bool, beside: bool, factor: float, grid: bool = False,
                share: float | None = None, columns: int = 1) -> list[Page] | None:
        return _attempt(sheet, page_paper, base.shrunk(factor), floor, wide, beside, grid, share, columns)

    # too many labels never all find room beside their lines; no labels need no panel
    pages = attempt(True, True, 1.0) if labelled <= BESIDE_AT_MOST else None
    if pages is None and labelled and len(sheet.people) < CROWDED:
        # a key that runs a few entries over its panel would leave a page nearly blank:
        # a wider panel first, a page of its own only when even the widest overflows
        # then the widest panel's key in two columns: its labels are short
        for share, columns in [(share, 1) for share in (None, *WIDER_PANELS)] + [(WIDER_PANELS[-1], 2)]:
            pages = attempt(False, False, 1.0, share=share, columns=columns)
            if pages is None or len(pages) == 1:
                break
        else:
            pages = attempt(False, False, 1.0)
    if pages is None:
        pages = _largest(lambda f: attempt(True, False, f)) if shrink else attempt(True, False, 1.0)
    if pages is None and sheet.blank:
        pages = attempt(True, False, 0.6, grid=True)
        pages = pages and pages + [count_grid(sheet, base, page_paper, slot_width(base))]
    return pages


def _largest(attempt) -> list[Page] | None:
    """The pages at the largest factor that fits, found by halving the list of factors
    (a layout that fits at one factor fits at the smaller ones, near enough)."""
    low, high, best = 0, len(FACTORS) - 1, None
    while low <= high:
        mid = (low + high) // 2
        pages = attempt(FACTORS[mid])
        if pages is not None:
            best, high = pages, mid - 1
        else:
            low = mid + 1
    return best


def slot_width(st: Style) -> float:
    """A write-in gap: `SLOT_MM`, more on a poster."""
    return SLOT_MM * MM * max(1.0, st.scale)


def _attempt(sheet: Worksheet, paper: Paper, st: Style, floor: float, wide: bool, beside: bool,
             grid: bool = False, share: float | None = None, columns: int = 1) -> list[Page] | None:
    width, height = paper.size_pt
    margin = paper.margin_mm * MM
    page = Page(width, height, "Relationship map")
    title = sheet.title or "Relationship map"
    page.add(Text(margin, margin + st.pt("title_pt"), title, st.pt("title_pt"), fonts.DISPLAY_BOLD, cls="title"))
    sub_y = margin + st.pt("title_pt") * (1 + DESCENT) + st.pt("subtitle_pt") * ASCENT + 3
    page.add(Text(margin, sub_y, _subtitle(sheet), st.pt("subtitle_pt"), fonts.SANS, st.colour("ink"), cls="title"))
    top = sub_y + st.mm("gap_mm") * 2
    labelled = [p for p in sheet.pairs if p.labels]
    # a blank map "keyed" has its counts in the grid
    keyed = (bool(labelled) and not beside) or grid
    used = frozenset({"none"} if any(p.empty for p in sheet.pairs) else set()) | (
        {"dead"} if sheet.living < len(sheet.people) else set())
    if wide:
        top = legend_strip(page, st, (margin, top, width - margin, height - margin), sheet.blank, keyed, used)
        panel_left = width - margin + st.mm("gap_mm") * 3
    else:
        panel_left = width - margin - (width - 2 * margin) * (share or st.section["panel_share"])
    region = (margin, top, panel_left - st.mm("gap_mm") * 3, height - margin)
    nodes = place(sheet, st, region, oval=True)
    if nodes is None:
        return None
    # a small cast leaves room: its counts and labels are set larger
    living = sum(p.living for p in sheet.people) if not sheet.blank else len(sheet.people)
    tags = st.shrunk(1.4 if living <= 4 else 1.15 if living <= 7 else 1 if living <= 8 else 0.85)
    # a blank map whose counts go to the grid draws no connectors: 36 to 66 lines of
    # nothing to write on would only cross out the middle of the sheet
    drawn = _connectors(sheet, nodes, st, tags, region, beside, floor) if not grid else ([], [])
    if drawn is None:
        return None
    lines, badges = drawn
    # the connectors first, the dots over their ends, then every count and label on top
    page.add(*lines)
    for n in nodes:
        page.add(*n.items)
        alive = sheet.blank or sheet.people[n.index].living
        colour = st.colour("ink") if alive else st.colour("muted")
        page.add(Circle(n.x, n.y, st.mm("dot_mm"), colour, colour if alive else "#ffffff", 0.8))
    page.add(*badges)
    entries = key_entries(sheet, labelled if keyed else [])
    if wide:
        return [page] + flow_key(page, entries, st, None, 0, paper, margin)
    panel = (panel_left, top, width - margin, height - margin)
    y = legend(page, st, panel, sheet.blank, keyed, used)
    return [page] + flow_key(page, entries, st, panel, y, paper, margin, columns)


def _subtitle(sheet: Worksheet) -> str:
    if sheet.blank:
        return f"{len(sheet.people)} characters · Stress ____ · write names, then draw and count the links"
    bits = [f"Stress {sheet.stress}", f"{sheet.living} living of {len(sheet.people)}"]
    bits += [t for t in (sheet.locale, sheet.threat) if t]
    return " · ".join(bits)


def _connectors(sheet: Worksheet, nodes: list[Node], st: Style, tags: Style, region: Box,
                beside: bool, floor: float) -> tuple[list, list] | None:
    """Every connector's lines, and its badge (with labels when `beside`), or None when
    they do not fit."""
    at = {n.index: n for n in nodes}
    groups = dict(enumerate(_all_lines(sheet, nodes, st)))
    strokes = {k: [(i.x1, i.y1, i.x2, i.y2) for i in group.items] for k, group in groups.items()}
    spec = Spec(max(tags.pt("badge_pt"), floor), floor, tags.mm("badge_pad_mm"), st.mm("badge_edge_mm"),
                st.pt("line_pt") / 2 + st.mm("badge_clear_mm"), st.colour("ink"), st.colour("muted"), sheet.blank,
                slot_width(st))
    placed = taken = None
    # a blank badge is written in by hand: upright, with room for each count
    for blank_text in BLANK_BADGES if sheet.blank else ("",):
        chords = []
        for k, pair in enumerate(sheet.pairs):
            a, b = at[pair.a], at[pair.b]
            # the key lists pairs by their characters' numbers, so a filled badge needs no number
            # of its own; a blank one has no key and says which pair it counts
            text = f"{pair_tag(pair)} {blank_text}" if blank_text else badge_text(pair)
            chords.append(Chord(k, a.x, a.y, b.x, b.y, text, [s for j, ss in strokes.items() if j != k for s in ss]))
        for way in (upright,) if sheet.blank else (upright, along):
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
                own = strokes[k]
                others = [st_ for j, ss in strokes.items() if j != k for st_ in ss]
                labels = place_labels(label_lines(pair), placed[k][0], tags, taken, every, region, own, others)
                if labels is None:
                    return None
                badges[k].items += labels
    # every line first, then the badges and labels over them, so no line runs across a count
    return [groups[k] for k in range(len(sheet.pairs))], [badges[k] for k in range(len(sheet.pairs))]


def _all_lines(sheet: Worksheet, nodes: list[Node], st: Style) -> list[Group]:
    at = {n.index: n for n in nodes}
    return [_lines(pair, at[pair.a], at[pair.b], st, sheet.blank) for pair in sheet.pairs]


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
        x1, y1, x2, y2 = a.x - nx * off, a.y - ny * off, b.x - nx * off, b.y - ny * off
        group.items.append(Line(x1, y1, x2, y2, st.colour("red"), width, dash, "red"))
        group.items += crosses_along(x1, y1, x2, y2, st)
    if pair.empty:
        group.items.append(Line(a.x, a.y, b.x, b.y, st.colour("faint"), width * 0.6, (1, 2) if not blank else (), "none"))
    return group
