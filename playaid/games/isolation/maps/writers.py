"""The two writers of a display list: vector PDF through ReportLab, and SVG by hand.

The SVG keeps what a reader or a test needs: connectors as groups with an id per pair
and their counts as data, and every text with the box the layout measured for it.
"""

from __future__ import annotations

import io
from functools import lru_cache
from xml.sax.saxutils import escape, quoteattr

from playaid.render import fonts
from playaid.render.shaping import drawn_runs, width
from .canvas import Circle, Group, Line, Page, Rect, Text, ensure

SVG_FONTS = fonts.CSS_STACK


GAME = "Isolation"
SUBJECT = f"{GAME}: relationship map, dice table and session worksheet"


def pdf(pages: list[Page], title: str) -> bytes:
    """Every page into one PDF, fonts embedded and subset, byte-for-byte reproducible;
    its metadata name the game and the tool."""
    from reportlab.pdfgen import canvas

    buffer = io.BytesIO()
    # the initial font is ours, or ReportLab names its unembedded Helvetica on every page
    c = canvas.Canvas(buffer, invariant=1, pageCompression=1, initialFontName=ensure(fonts.SANS), lang="en")
    # the language and the title in the window, as every other playaid PDF has them
    c.setViewerPreference("DisplayDocTitle", "true")
    c.setTitle(title)
    c.setAuthor("playaid")
    c.setSubject(SUBJECT)
    c.setCreator("playaid map")
    for page in pages:
        c.setPageSize((page.width, page.height))
        _draw_pdf(c, page.items, page.height)
        c.showPage()
    c.save()
    return buffer.getvalue()


def _draw_pdf(c, items: list, height: float) -> None:
    for item in items:
        if isinstance(item, Group):
            _draw_pdf(c, item.items, height)
        elif isinstance(item, Line):
            c.setStrokeColor(_colour(item.colour))
            c.setLineWidth(item.width)
            c.setDash(list(item.dash) if item.dash else [])
            c.line(item.x1, height - item.y1, item.x2, height - item.y2)
        elif isinstance(item, Rect):
            _style(c, item.stroke, item.fill, item.width, item.dash)
            # drawn about its centre, so a turned badge turns in place
            c.saveState()
            c.translate(item.x + item.w / 2, height - item.y - item.h / 2)
            if item.angle:
                c.rotate(-item.angle)
            if item.radius:
                c.roundRect(-item.w / 2, -item.h / 2, item.w, item.h, item.radius, stroke=bool(item.stroke),
                            fill=bool(item.fill))
            else:
                c.rect(-item.w / 2, -item.h / 2, item.w, item.h, stroke=bool(item.stroke), fill=bool(item.fill))
            c.restoreState()
        elif isinstance(item, Circle):
            _style(c, item.stroke, item.fill, item.width, ())
            c.circle(item.cx, height - item.cy, item.r, stroke=bool(item.stroke), fill=bool(item.fill))
        elif isinstance(item, Text):
            c.setFillColor(_colour(item.colour))
            if item.angle:
                c.saveState()
                c.translate(item.x, height - item.y)
                c.rotate(-item.angle)
                origin = (item.upright[0] - item.x, 0)
            else:
                origin = (item.upright[0], height - item.y)
            x = origin[0]
            for face, run in drawn_runs(item.text, item.face):
                c.setFont(ensure(face), item.size)
                c.drawString(x, origin[1], run)
                x += width(face, run, item.size)
            if item.angle:
                c.restoreState()


@lru_cache(maxsize=None)
def _colour(hex_colour: str):
    """ReportLab's colour for `#rrggbb`, parsed once (parsing costs more than drawing)."""
    from reportlab.lib.colors import HexColor

    return HexColor(hex_colour)


def _style(c, stroke: str | None, fill: str | None, width: float, dash: tuple) -> None:
    if stroke:
        c.setStrokeColor(_colour(stroke))
        c.setLineWidth(width)
    if fill:
        c.setFillColor(_colour(fill))
    c.setDash(list(dash) if dash else [])


def svg(page: Page) -> bytes:
    """One page as a standalone SVG, sized in millimetres, drawn in points."""
    mm = 72 / 25.4
    head = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{page.width / mm:.2f}mm" '
            f'height="{page.height / mm:.2f}mm" viewBox="0 0 {page.width:.2f} {page.height:.2f}">')
    body = [head, f"<title>{escape(page.title)}</title>",
            f"<style>text {{ font-family: {escape(SVG_FONTS)}; }}</style>",
            f'<rect width="{page.width:.2f}" height="{page.height:.2f}" fill="#ffffff"/>']
    body += _svg_items(page.items)
    body.append("</svg>")
    return ("\n".join(body) + "\n").encode("utf-8")


def _svg_items(items: list) -> list[str]:
    out = []
    for item in items:
        if isinstance(item, Group):
            data = "".join(f" data-{k}={quoteattr(v)}" for k, v in item.data.items())
            out.append(f'<g id="{item.id}" class="{item.cls}"{data}>')
            out += _svg_items(item.items)
            out.append("</g>")
        elif isinstance(item, Line):
            dash = f' stroke-dasharray="{" ".join(f"{d:.2f}" for d in item.dash)}"' if item.dash else ""
            out.append(f'<line class="{item.cls}" x1="{item.x1:.2f}" y1="{item.y1:.2f}" x2="{item.x2:.2f}" '
                       f'y2="{item.y2:.2f}" stroke="{item.colour}" stroke-width="{item.width:.2f}"{dash}/>')
        elif isinstance(item, Rect):
            turn = (f' transform="rotate({item.angle:.2f} {item.x + item.w / 2:.2f} {item.y + item.h / 2:.2f})"'
                    if item.angle else "")
            out.append(f'<rect class="{item.cls}" x="{item.x:.2f}" y="{item.y:.2f}" width="{item.w:.2f}" '
                       f'height="{item.h:.2f}" rx="{item.radius:.2f}"{turn} {_paint(item.stroke, item.fill, item.width)}/>')
        elif isinstance(item, Circle):
            out.append(f'<circle cx="{item.cx:.2f}" cy="{item.cy:.2f}" r="{item.r:.2f}" '
                       f'{_paint(item.stroke, item.fill, item.width)}/>')
        elif isinstance(item, Text):
            box = " ".join(f"{v:.2f}" for v in item.box)
            # the turned box too, so a reader can test turned texts exactly
            corners = " ".join(f"{v:.2f}" for point in item.corners for v in point)
            turn = f' transform="rotate({item.angle:.2f} {item.x:.2f} {item.y:.2f})"' if item.angle else ""
            family = (" font-family=" + quoteattr(f'"{item.face.family}", {SVG_FONTS}')
                      if item.face.family != "Noto Sans" else "")
            weight = ' font-weight="bold"' if item.face.weight >= 700 else ""
            italic = ' font-style="italic"' if item.face.italic else ""
            out.append(f'<text class="{item.cls}" x="{item.x:.2f}" y="{item.y:.2f}" font-size="{item.size:.2f}"'
                       f'{family}{weight}{italic} text-anchor="{item.anchor}" fill="{item.colour}"{turn} data-box="{box}" '
                       f'data-corners="{corners}">'
                       f"{escape(item.text)}</text>")
    return out


def _paint(stroke: str | None, fill: str | None, width: float) -> str:
    return (f'stroke="{stroke or "none"}" stroke-width="{width:.2f}" fill="{fill or "none"}"')
