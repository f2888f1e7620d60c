"""Pages of nets as a vector PDF (ReportLab), text in the bundled fonts."""

from __future__ import annotations

import io
import math

from reportlab.lib.colors import HexColor
from .. import fonts, shaping
from ..paper import MM
from ..pdf_info import canvas as described_canvas
from .drawing import Circle, Group, Item, Page, Path, Style, Text
from .words import text_runs


def write_pdf(pages: list[Page], title: str, game: str = "playaid games") -> bytes:
    """The pages as one PDF; the same pages always give the same bytes. `game` names
    the game the dice are for, in the document information."""
    from reportlab import rl_config

    fonts.register(fonts.SANS)
    # ASCII85 text encoding of streams is slow in ReportLab's pure-Python path and only
    # grows the file; binary streams are just as valid. Restored for other renderers.
    saved, rl_config.useA85 = rl_config.useA85, 0
    try:
        return _document(pages, title, game)
    finally:
        rl_config.useA85 = saved


def _document(pages: list[Page], title: str, game: str) -> bytes:
    buffer = io.BytesIO()
    # The initial font is ours too (the canvas helper sees to it): ReportLab would
    # otherwise name Helvetica, unembedded.
    c = described_canvas(buffer, (pages[0].width * MM, pages[0].height * MM), title=title,
                         subject="paper dice to print, cut, fold and glue", game=game, tool="net",
                         keywords=("paper dice", "nets"), compress=False)
    for page in pages:
        c.setPageSize((page.width * MM, page.height * MM))
        for item in page.items:
            _draw(c, item)
        c.showPage()
    c.save()
    return buffer.getvalue()


def _draw(c, item: Item) -> None:
    if isinstance(item, Group):
        for child in item.items:
            _draw(c, child)
    elif isinstance(item, Path):
        path = c.beginPath()
        path.moveTo(item.points[0][0] * MM, item.points[0][1] * MM)
        for x, y in item.points[1:]:
            path.lineTo(x * MM, y * MM)
        if item.closed:
            path.close()
        _paint(c, item.style, lambda stroke, fill: c.drawPath(path, stroke=stroke, fill=fill))
    elif isinstance(item, Circle):
        x, y = item.centre
        _paint(c, item.style, lambda stroke, fill: c.circle(x * MM, y * MM, item.radius * MM, stroke=stroke, fill=fill))
    elif isinstance(item, Text):
        _text(c, item)


def _paint(c, style: Style, draw) -> None:
    if style.fill is None and style.stroke is None:
        return
    if style.fill:
        c.setFillColor(HexColor(style.fill))
    if style.stroke:
        c.setStrokeColor(HexColor(style.stroke))
        c.setLineWidth(style.width * MM)
        c.setDash([d * MM for d in style.dash] if style.dash else [])
        c.setLineCap(1 if style.rounded else 0)
        c.setLineJoin(1 if style.rounded else 0)
    draw(1 if style.stroke else 0, 1 if style.fill else 0)


def _text(c, item: Text) -> None:
    parts = text_runs(item.text, item.bold)
    width = sum(shaping.width(f, t, item.size) for f, t in parts)
    x, y = item.at[0] * MM, item.at[1] * MM
    if item.angle:  # turned about its anchor; upright text is drawn as it always was (same bytes)
        c.saveState()
        c.translate(x, y)
        c.rotate(math.degrees(item.angle))
        x, y = 0, 0
    x -= {"start": 0, "middle": width / 2, "end": width}[item.anchor]
    c.setFillColor(HexColor(item.color))
    for f, t in parts:
        c.setFont(f.name, item.size)
        c.drawString(x, y, t)
        x += shaping.width(f, t, item.size)
    if item.angle:
        c.restoreState()
