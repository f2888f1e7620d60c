"""Page 2, the dice table, and page 3, the session worksheet (portrait pages that run on
when a large cast needs more room)."""

from __future__ import annotations

from playaid.render import fonts
from playaid.render.paper import Paper
from playaid.render.paper import MM
from .canvas import MINUS, Page, Rect, Text, fit, measure
from .flow import WRITE_IN_MM, Flow, summaries
from .style import style
from .worksheet import STRESS_TRACK, Worksheet, active_pool, degree_bands, gm_pool, link_dice, pool_example
from ..conflict import DIFFICULTY

HEALTH_STEPS = ("Healthy", "Injured", "Dying", "Dead")
DENSE_ROW_MM = 7
"""The pair rows: up to 66 of them, a dense list where the print bar allows 7 mm rows
(PRINT.md §3), so 12 characters' session pages stay at three on Letter."""


def _who(sheet: Worksheet, i: int, width: float, size: float) -> str:
    """The character's number and name, the name cut only when it does not fit `width`."""
    name = sheet.people[i].name
    number = f"{i + 1} "
    return number + (fit(name, width - measure(number, fonts.SANS, size), fonts.SANS, size) if name else "")


def dice_page(sheet: Worksheet, paper: Paper) -> list[Page]:
    """Dice per ordered pair, the cast's modifiers, the GM's pool and the six degrees."""
    st = style("table", paper)
    text = summaries()
    stress = "S" if sheet.blank else str(sheet.stress)
    flow = Flow(paper, "Dice table", f"{sheet.title or 'Isolation'} · Stress {stress} · "
                f"{'L' if sheet.blank else sheet.living} living characters", st)
    flow.heading("Dice from links: Active Player (row), Passive Player (column)", 40)
    flow.paragraph(text["dice_note"], st.pt("small_pt"))
    flow.paragraph(pool_text(sheet), st.pt("small_pt"), fonts.SANS_ITALIC)
    flow.y += st.mm("row_gap_mm")
    n = len(sheet.people)
    small = st.pt("small_pt")
    widths = [3.2] + [1] * n
    headers = ["Active, Passive"] + [str(j + 1) for j in range(n)]
    rows, shaded = [], set()
    for i in range(n):
        row = [_who(sheet, i, flow.column(widths, 0, small), small)]
        for j in range(n):
            dead = not (sheet.people[i].living and sheet.people[j].living)
            if i == j or (dead and not sheet.blank):
                shaded.add((i, j + 1))
                row.append("—" if i != j else "")
            elif sheet.blank:
                row.append(f"A +   {MINUS}\nP +   {MINUS}")
            else:
                green, red = link_dice(sheet, i, j)
                row.append(f"A +{green} {MINUS}{red}\nP +{green} {MINUS}{red}")
        rows.append(row)
    flow.table(headers, widths, rows, shaded, small, grid=True)
    flow.gap()

    flow.heading("Characters: what the modifiers ask about", 60)
    flow.paragraph("Active Player: " + "; ".join(text["active_modifiers"]) + ".", st.pt("small_pt"))
    flow.paragraph("Passive Player: " + "; ".join(text["passive_modifiers"]) + ".", st.pt("small_pt"))
    flow.y += st.mm("row_gap_mm")
    people = [[str(i + 1), p.name + (f"\nplayed by {p.player}" if p.player else ""), p.profession, p.goal, p.bias,
               p.health.title() if p.name else ""] for i, p in enumerate(sheet.people)]
    flow.table(["#", "Name", "Profession", "Goal", "Bias", "Health"], [0.4, 2.2, 1.6, 2.8, 2.8, 1.1], people,
               min_height=_write_in(st) if sheet.blank else 0)
    flow.gap()

    living = "L" if sheet.blank else str(sheet.living)
    gm = [[f"{name.replace('-', ' ').title()} ({d})", f"{d} + {living} + {stress}",
           "" if sheet.blank else str(gm_pool(sheet, d))] for name, d in DIFFICULTY.items()]

    def gm_dice() -> None:
        flow.heading("The GM's red dice", 80)
        flow.table(["Difficulty", "Difficulty + living + Stress", "red dice"], [2, 2, 1], gm)

    def degrees() -> None:
        flow.heading("The six degrees", 80)
        flow.paragraph(text["degree_note"], st.pt("small_pt"))
        flow.y += st.mm("row_gap_mm")
        flow.table(["Degree", "Net"], [2, 1], [[name, band] for name, band in degree_bands()])

    # the two short tables side by side: one under the other ran a mid-sized cast's dice
    # table onto a page holding only the degrees
    flow.beside(gm_dice, degrees)
    flow.notes()
    return flow.pages


def _signed(green: int, red: int) -> str:
    return f"+{green} {MINUS}{red}"


def pool_text(sheet: Worksheet) -> str:
    """A worked example of the Active Player's pool from this sheet's own cells, so the
    table leads to the dice `playaid roll` uses: the Stress is added once."""
    if sheet.blank:
        return (f"Example: at Stress 2, asking two characters whose A cells read +2 {MINUS}1 and +1 {MINUS}2, "
                f"the Active Player rolls 2 + 1 = 3 green and 1 + 2 + 2 = 5 red dice (the Stress once, not per cell).")
    found = pool_example(sheet)
    if found is None:
        return "With one living character there is no one to ask: the Active Player goes it alone."
    active, asked = found
    def who(i: int) -> str:
        return f"{i + 1} {sheet.people[i].name}"

    cells = [f"{who(j)} (A {_signed(*link_dice(sheet, active, j))})" for j in asked]
    green, red = active_pool(sheet, active, asked)
    passive = "; ".join(f"{who(j)} rolls P {_signed(*link_dice(sheet, j, active))}" for j in asked)
    return (f"Example: {who(active)} asks {' and '.join(cells)}, adds Stress {sheet.stress} in red once: "
            f"{green} green and {red} red dice. {passive}.")


def session_pages(sheet: Worksheet, paper: Paper) -> list[Page]:
    """Stress track, a row per pair for its temporary-link tallies and its end-of-session
    roll, health tracks."""
    st = style("table", paper)
    text = summaries()
    flow = Flow(paper, "Session worksheet", sheet.title or "Isolation", st)
    flow.heading("Stress", 30)
    flow.paragraph(text["stress_rule"], st.pt("small_pt"))
    _stress_track(flow, sheet)
    flow.gap()
    flow.heading("Each pair: temporary links in play, permanent link rolls at the end", 60)
    flow.paragraph(text["cancel_rule"], st.pt("small_pt"))
    flow.paragraph(text["session_end"], st.pt("small_pt"))
    flow.y += st.mm("row_gap_mm")
    # one row a pair holds both its tallies and its end roll: a large cast's pairs are
    # listed once, not twice (66 pairs at 12 characters)
    body = st.pt("body_pt")
    widths = [3.6, 1.0, 2.0, 2.0, 0.9, 0.9, 2.1]
    pair_rows = [[_pair(sheet, p, flow.column(widths, 0, body), body),
                  "" if sheet.blank else f"now +{p.green_temporary} {MINUS}{p.red_temporary}", "+", MINUS, "", "", ""]
                 for p in sheet.pairs]
    rows = flow.table(["Pair", "at the start", "tally: unlabelled green", "tally: unlabelled red", "end: green evens",
                       "end: red odds", "link erased or added (label)"], widths, pair_rows,
                      min_height=_write_in(st, DENSE_ROW_MM))
    _tally_boxes(flow, rows)
    flow.gap()
    flow.heading("Health", 60)
    flow.paragraph(text["health_rule"], st.pt("small_pt"))
    flow.y += st.mm("row_gap_mm")
    widths = [2.2, 3.6, 1.6, 1.6]
    health = [[_who(sheet, i, flow.column(widths, 0, body), body), "", "", ""] for i in range(len(sheet.people))]
    rows = flow.table(["Character", "health (current level marked)", "Injured links with", "Dying links with"],
                      widths, health, min_height=_write_in(st))
    _health_marks(flow, sheet, rows)
    flow.notes()
    return flow.pages


def _write_in(st, mm: float = WRITE_IN_MM) -> float:
    """The height of a row written in by hand."""
    return mm * MM * st.scale


def _pair(sheet: Worksheet, pair, width: float, size: float) -> str:
    """Both characters of a pair; names are cut only when the two do not fit side by
    side, and then the shorter keeps what it needs up to half the room."""
    dash = " – "
    room = width - measure(dash, fonts.SANS, size)
    a, b = (f"{k + 1} {sheet.people[k].name}".strip() for k in (pair.a, pair.b))
    wa, wb = measure(a, fonts.SANS, size), measure(b, fonts.SANS, size)
    if wa + wb <= room:
        return f"{a}{dash}{b}"
    short = min(wa, wb, room / 2)
    ra, rb = (short, room - short) if wa <= wb else (room - short, short)
    return f"{fit(a, ra, fonts.SANS, size)}{dash}{fit(b, rb, fonts.SANS, size)}"


def _stress_track(flow: Flow, sheet: Worksheet) -> None:
    size = flow.st.pt("body_pt")
    box = 18.0 * flow.st.scale
    flow.room(box + size * 2)
    top = flow.y + size * 0.6
    for level in range(STRESS_TRACK + 1):
        x = flow.left + level * (box + 6)
        current = sheet.stress == level
        flow.page.add(Rect(x, top, box, box, flow.st.colour("ink"), flow.st.colour("fill") if current else None,
                           1.6 if current else 0.6))
        flow.page.add(Text(x + box / 2, top + box / 2 + size * 0.35, str(level), size,
                           fonts.SANS_BOLD if current else fonts.SANS, anchor="middle", cls="stress"))
    if sheet.stress is not None:
        x = flow.left + (STRESS_TRACK + 1) * (box + 6)
        flow.page.add(Text(x, top + box / 2 + size * 0.35, f"now {sheet.stress} (bold box)", size, fonts.SANS_ITALIC,
                           cls="stress"))
    flow.y = top + box


def _tally_boxes(flow: Flow, rows: list) -> None:
    """A row of boxes to tick in the green and the red tally cells."""
    side, gap = 4 * MM * flow.st.scale, 2 * MM * flow.st.scale
    for page, cells in rows:
        for left, top, right, bottom in cells[2:4]:
            x = left + 5 * MM * flow.st.scale
            while x + side <= right - gap:
                page.add(Rect(x, (top + bottom - side) / 2, side, side, flow.st.colour("ink"), None, 0.6))
                x += side + gap


def _health_marks(flow: Flow, sheet: Worksheet, rows: list) -> None:
    """A box and a label for each level in each health cell, the current one filled in;
    each label keeps a clear gap before the next box."""
    size = flow.st.pt("small_pt")
    side, gap = 4 * MM * flow.st.scale, 1.5 * MM * flow.st.scale
    for index, (page, cells) in enumerate(rows):
        left, top, right, bottom = cells[1]
        health = None if sheet.blank else sheet.people[index].health.title()
        y = (top + bottom) / 2 + size * 0.35
        spare = right - left - 2 * gap - sum(side + gap + measure(name, fonts.SANS_BOLD, size) for name in HEALTH_STEPS)
        step = max(gap, spare / (len(HEALTH_STEPS) - 1))
        x = left + gap
        for name in HEALTH_STEPS:
            filled = health == name
            page.add(Rect(x, (top + bottom - side) / 2, side, side, flow.st.colour("ink"),
                          flow.st.colour("ink") if filled else None, 0.6))
            page.add(Text(x + side + gap, y, name, size, fonts.SANS_BOLD if filled else fonts.SANS, cls="health"))
            x += side + gap + measure(name, fonts.SANS_BOLD, size) + step
