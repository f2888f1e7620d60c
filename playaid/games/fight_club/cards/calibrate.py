"""A one-sheet front/back alignment test: a cross on the front of every card slot,
rulers behind it on the back, read against a light to find the printer's drift.

The rulers are numbered as seen from the back side (x to the right, y up), so the
number the front's line shows through at is the correction for `--back-offset`.
"""

from __future__ import annotations

import io


from playaid.render import fonts
from playaid.render.paper import MM
from playaid.render.pdf_info import canvas as described_canvas
from . import text
from .imposition import Sheet
from .settings import fight_club_title, layout
from .sheets import DUPLEX_HINT, VIEWER_DUPLEX, draw_marks, draw_scale_bar

REACH = 5
"""The rulers read ±5 mm, the most drift `--back-offset` is meant for (half its limit)."""

ARM = 12
"""Half the length of each line of a front's cross: long enough to cross both rulers."""

LABEL_PT = 7
"""Every word and number of the sheet: nothing printed is smaller."""

HOW = ("Print both pages double-sided at 100%, then hold the sheet to a light, back side towards you. "
       "Where the front's cross shows through each ruler, read the number: pass them as --back-offset X,Y.")


def _ruler(c, cx: float, cy: float, horizontal: bool) -> None:
    """Ticks every 0.5 mm across ±REACH around (cx, cy) in mm; numbered every 1 mm."""
    c.setLineWidth(0.3)
    c.setStrokeGray(0)
    steps = range(-2 * REACH, 2 * REACH + 1)
    ticks = []
    for k in steps:
        at = k / 2
        length = 2.2 if k % 2 == 0 else 1.2
        if horizontal:
            ticks.append(((cx + at) * MM, cy * MM, (cx + at) * MM, (cy - length) * MM))
        else:
            ticks.append((cx * MM, (cy + at) * MM, (cx - length) * MM, (cy + at) * MM))
    c.lines(ticks)
    for k in steps:
        if k % 4 == 0:
            value = k // 2
            label = f"{value:+d}" if value else "0"
            # Numbers 2 mm apart are bigger than that at 7 pt: every other one stands further out.
            near = k % 8 == 0
            if horizontal:
                text.draw(c, (cx + k / 2) * MM, (cy - (4.6 if near else 7.2)) * MM, label, fonts.SANS, LABEL_PT,
                          "centre")
            else:
                text.draw(c, (cx - (2.8 if near else 7.0)) * MM, (cy + k / 2) * MM - 2.5, label, fonts.SANS,
                          LABEL_PT, "right")


def calibration_pdf(sheet: Sheet, duplex: str, offset: tuple[float, float]) -> bytes:
    """Front page with a cross per slot, back page with rulers where each cross's
    back should be (with `offset` applied, to check a correction)."""
    text.ready()
    buf = io.BytesIO()
    c = described_canvas(buf, (sheet.page_w * MM, sheet.page_h * MM), title="duplex calibration sheet",
                         subject="a front/back alignment test for printing card backs behind their fronts",
                         game=fight_club_title(), tool="deck --calibrate", keywords=("cards", "duplex"))
    c.setViewerPreference("Duplex", VIEWER_DUPLEX[duplex])
    draw_marks(c, sheet)
    draw_scale_bar(c, sheet, f"calibration, front · duplex {duplex}", DUPLEX_HINT[duplex])
    safe = layout()["safe"]
    c.setLineWidth(0.3)
    for slot in sheet.slots():
        c.setStrokeGray(0.6)
        c.rect(slot.x * MM, slot.y * MM, slot.w * MM, slot.h * MM)
        cx, cy = slot.x + slot.w / 2, slot.y + slot.h / 2
        c.setStrokeGray(0)
        c.lines([((cx - ARM) * MM, cy * MM, (cx + ARM) * MM, cy * MM),
                 (cx * MM, (cy - ARM) * MM, cx * MM, (cy + ARM) * MM)])
        text.draw(c, (slot.x + safe) * MM, (slot.top - safe) * MM - 7, "FRONT", fonts.SANS_BOLD, 7)
        room = (slot.w - 2 * safe) * MM
        for i, line in enumerate(text.wrap_lines(HOW, fonts.SANS, LABEL_PT, room)):
            text.draw(c, (slot.x + safe) * MM, (slot.top - safe) * MM - 17 - i * LABEL_PT * 1.2, line, fonts.SANS,
                      LABEL_PT)
    c.showPage()
    for slot in sheet.backs(duplex, offset):
        cx, cy = slot.x + slot.w / 2, slot.y + slot.h / 2
        _ruler(c, cx, cy - 6, horizontal=True)
        _ruler(c, cx - 6, cy, horizontal=False)
        text.draw(c, cx * MM, (slot.y + safe + 2) * MM, "BACK: read X below, Y at left", fonts.SANS, LABEL_PT,
                  "centre")
    c.showPage()
    c.save()
    return buf.getvalue()
