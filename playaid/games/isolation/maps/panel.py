"""The panel beside the map: how to read it, and the numbered key of link labels, which
continues on pages of its own when a large cast has more labels than the panel holds."""

from __future__ import annotations

from playaid.render import fonts
from playaid.render.paper import Paper
from .circle import HEALTH_MARKS
from .marks import crosses_along
from .canvas import DESCENT, LEADING, MINUS, Box, Circle, Line, Page, Rect, Text, fit, measure, wrap
from .style import Style
from .worksheet import Pair, Worksheet

Entry = tuple[str, list[str]]
KEY_NAME_PT = 120
"""The widest a name runs in a key entry's heading before it is cut."""


def legend_rows(blank: bool, keyed: bool, used: frozenset = frozenset({"none", "dead"})) -> list[tuple[str, str]]:
    """Every mark the map uses, with what it means: (sample kind, text). `used` says
    whether a pair with no links ("none") and the dead ("dead") are on this map."""
    rows = [("green", "+ green: a reason to like each other (solid line)"),
            ("red", f"{MINUS} red: a reason to hate each other (dashed line, crossed)")]
    if blank:
        return rows + [
            ("guide", "grey line: one per pair, draw its links along it") if not keyed
            else ("", "draw a line between two characters for their links, green solid, red dashed"),
            ("badge", f"write the counts: +green {MINUS}red, temporary (unlabelled) ones in brackets") if not keyed
            else ("", "counts: write each pair's in the grid on the next page, by the characters' numbers"),
            ("text:1", "number: the character's row on the dice table and worksheet"),
            (f"text:{HEALTH_MARKS}", "circle the health: Healthy, Injured, Dying, Dead (†: erase their links)"),
        ]
    zero = ", 0 none" if "none" in used else ""
    rows += [("badge", f"counts per pair: +green {MINUS}red, (unlabelled, temporary){zero}"),
             ("none", "dotted grey: no link"),
             ("text:1", "number: the character's row on the dice table, worksheet and key"),
             ("dead", "hollow, grey: dead, links erased")]
    rows = [(kind, text) for kind, text in rows if kind not in ("none", "dead") or kind in used]
    if keyed:
        rows.append(("", "labels: in the key, by the characters' numbers"))
    return rows


def legend(page: Page, st: Style, panel: Box, blank: bool, keyed: bool, used: frozenset) -> float:
    """Draw the legend at the top of `panel`; the y where the panel continues."""
    left, top, right, _ = panel
    size = st.pt("key_pt")
    sample = _sample_width(st)
    y = top + st.pt("key_head_pt")
    page.add(Text(left, y, "How to read the map", st.pt("key_head_pt"), fonts.SANS_BOLD, cls="legend"))
    for kind, text in legend_rows(blank, keyed, used):
        y += size * 0.6
        lines = wrap(text, right - left - sample - 4, fonts.SANS, size)
        mid = y + LEADING * size * 0.55
        _sample(page, kind, left, mid, sample, st)
        for line in lines:
            y += LEADING * size
            page.add(Text(left + sample + 4, y - (LEADING - 1) * size, line, size, fonts.SANS, cls="legend"))
    return y + st.mm("gap_mm") * 2


def legend_strip(page: Page, st: Style, area: Box, blank: bool, keyed: bool, used: frozenset) -> float:
    """The legend in rows across the top of `area`, for a map using the whole width; the
    y below it."""
    left, top, right, _ = area
    size = st.pt("key_pt")
    x, y = left, top + LEADING * size
    for kind, text in legend_rows(blank, keyed, used):
        # a mark is its own sample; lines and shapes take a common width
        sample = measure(kind[5:], fonts.SANS_BOLD, size) + 2 if kind.startswith("text:") else 9 * size * 0.3 + 8
        need = (sample + 3 if kind else 0) + measure(text, fonts.SANS, size) + size * 2
        if x > left and x + need > right:
            x, y = left, y + LEADING * size * 1.3
        if kind:
            _sample(page, kind, x, y - size * 0.3, sample, st)
            x += sample + 3
        page.add(Text(x, y, text, size, fonts.SANS, cls="legend"))
        x += need - (sample + 3 if kind else 0)
    return y + DESCENT * size + st.mm("gap_mm") * 2


def _sample_width(st: Style) -> float:
    return max(9 * st.pt("key_pt") * 0.3 + 8, measure(HEALTH_MARKS, fonts.SANS_BOLD, st.pt("key_pt")) + 2)


def _sample(page: Page, kind: str, x: float, y: float, width: float, st: Style) -> None:
    line = st.pt("line_pt")
    if kind.startswith("text:"):
        size = st.pt("key_pt")
        page.add(Text(x, y + size * 0.33, kind[5:], size, fonts.SANS_BOLD, cls="legend"))
    elif kind == "green":
        page.add(Line(x, y, x + width, y, st.colour("green"), line))
    elif kind == "red":
        page.add(Line(x, y, x + width, y, st.colour("red"), line, tuple(d * st.scale for d in st.section["dash_pt"])))
        # one cross in the middle: the sample is short, the connectors carry two
        page.add(*crosses_along(x + width * 0.28, y, x + width * 0.72, y, st)[:2])
    elif kind == "badge":
        page.add(Rect(x, y - 4, width, 8, st.colour("ink"), "#ffffff", 0.5, 4))
    elif kind == "none":
        page.add(Line(x, y, x + width, y, st.colour("faint"), line * 0.6, (1, 2)))
    elif kind == "guide":
        page.add(Line(x, y, x + width, y, st.colour("faint"), line * 0.6))
    elif kind == "dead":
        page.add(Circle(x + 4, y, st.mm("dot_mm"), st.colour("muted"), "#ffffff", 0.8))


def label_lines(pair: Pair) -> list[str]:
    """One line per label: sign, how many links carry it when more than one, the label."""
    return [f"{'+' if colour == 'green' else MINUS}{n if n > 1 else ''} {label}" for colour, label, n in pair.labels]


def key_entries(sheet: Worksheet, pairs: list[Pair]) -> list[Entry]:
    """Each keyed pair: its heading (the two characters' numbers and names) and its label lines."""

    def name(i: int) -> str:
        # a name of up to about 28 letters stays whole; the heading wraps in its column
        return f"{i + 1} " + fit(sheet.people[i].name, KEY_NAME_PT, fonts.SANS_BOLD, 7.5)

    return [(f"{name(p.a)} – {name(p.b)}", label_lines(p)) for p in pairs]


def flow_key(page: Page, entries: list[Entry], st: Style, panel: Box | None, y: float, paper: Paper,
             margin: float, columns: int = 1) -> list[Page]:
    """Write the key into the panel below `y` (in `columns` side by side), then into
    columns of continuation pages (with no panel, straight onto them)."""
    if not entries:
        return []
    head, size = st.pt("key_head_pt"), st.pt("key_pt")
    extra: list[Page] = []
    if panel is None:
        # no panel: the key starts on a page of its own, in three columns
        page_width, page_height = paper.size_pt
        gutter = st.mm("gap_mm") * 3
        width = (page_width - 2 * margin - 2 * gutter) / 3
        target, column, y = _next_column(extra, page, (0, 0), st, paper, margin, width, "")
        bottom = page_height - margin
    else:
        left, _, right, bottom = panel
        y += head
        page.add(Text(left, y, "Key to the labelled links, by pair", head, fonts.SANS_BOLD, cls="key"))
        y += size * 0.5
        gutter = st.mm("gap_mm") * 2
        width = (right - left - gutter * (columns - 1)) / columns
        column, target, key_top = (left, left + width), page, y
    for heading, lines in entries:
        width = column[1] - column[0]
        rows = [(r, fonts.SANS_BOLD) for r in wrap(heading, width, fonts.SANS_BOLD, size)]
        rows += [(r, fonts.SANS) for line in lines for r in wrap(line, width - size, fonts.SANS, size)]
        need = len(rows) * LEADING * size + size * 0.4
        if y + need > bottom and target is page and panel is not None and column[1] + gutter + width <= panel[2] + 0.01:
            column, y = (column[1] + gutter, column[1] + gutter + width), key_top
        elif y + need > bottom:
            target, column, y = _next_column(extra, target, column, st, paper, margin, width)
        y += size * 0.4
        for text, face in rows:
            y += LEADING * size
            indent = 0 if face is fonts.SANS_BOLD else size
            target.add(Text(column[0] + indent, y - (LEADING - 1) * size, text, size, face, cls="key"))
    return extra


def _next_column(extra: list[Page], target: Page, column: tuple[float, float], st: Style, paper: Paper,
                 margin: float, width: float, more: str = " (continued)") -> tuple[Page, tuple[float, float], float]:
    page_width, page_height = paper.size_pt
    head = st.pt("title_pt")
    start = margin + head + st.mm("gap_mm") * 2
    gutter = st.mm("gap_mm") * 3
    if extra and target is extra[-1] and column[1] + gutter + width <= page_width - margin:
        return target, (column[1] + gutter, column[1] + gutter + width), start
    page = Page(page_width, page_height, "Relationship map: key")
    page.add(Text(margin, margin + head, "Key to the labelled links" + more, head, fonts.DISPLAY_BOLD, cls="title"))
    extra.append(page)
    return page, (margin, margin + width), start

