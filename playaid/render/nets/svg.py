"""A page of nets as SVG in millimetres, for cutting machines.

Each net is a `<g class="net">` holding one `<path class="cut">` (its whole cut outline,
tabs included), a group labelled "fold lines" (one path per fold: between faces and at
the foot of every tab), the glue tabs, and the faces with their art.
"""

from __future__ import annotations

import math

from xml.sax.saxutils import escape, quoteattr

from .drawing import Circle, Group, Item, Page, Path, Style, Text

PT = 25.4 / 72
GROUP_CLASS = {"net": "net", "tabs": "glue-tabs", "faces": "faces", "face": "face", "fold-lines": "fold-lines"}


def write_svg(page: Page, title: str) -> bytes:
    """One page as a standalone SVG document (y down, as SVG has it)."""
    out = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<svg xmlns="http://www.w3.org/2000/svg" xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape" '
        f'width="{page.width:g}mm" height="{page.height:g}mm" viewBox="0 0 {page.width:g} {page.height:g}">',
        f"<title>{escape(title)}</title>",
    ]
    for item in page.items:
        _emit(out, item, page.height)
    out.append("</svg>")
    return ("\n".join(out) + "\n").encode("utf-8")


def _n(v: float) -> str:
    return f"{v:.3f}".rstrip("0").rstrip(".")


def _attrs(pairs) -> str:
    return "".join(f" {k}={quoteattr(v)}" for k, v in pairs)


def _style(style: Style) -> str:
    parts = [f'fill="{style.fill or "none"}"']
    if style.stroke:
        parts.append(f'stroke="{style.stroke}" stroke-width="{_n(style.width)}"')
        if style.dash:
            parts.append(f'stroke-dasharray="{" ".join(_n(d) for d in style.dash)}"')
        if style.rounded:
            parts.append('stroke-linecap="round" stroke-linejoin="round"')
    return " ".join(parts)


def _emit(out: list[str], item: Item, height: float) -> None:
    if isinstance(item, Group):
        extra = (("inkscape:label", "fold lines"),) if item.name == "fold-lines" else ()
        out.append(f'<g class="{GROUP_CLASS.get(item.name, item.name)}"{_attrs(item.attrs + extra)}>')
        for child in item.items:
            _emit(out, child, height)
        out.append("</g>")
    elif isinstance(item, Path):
        d = " ".join(f"{'M' if i == 0 else 'L'}{_n(x)} {_n(height - y)}" for i, (x, y) in enumerate(item.points))
        kind = dict(item.attrs).get("data-role")
        cls = f' class="{kind}"' if kind else ""
        out.append(f'<path{cls} d="{d}{" Z" if item.closed else ""}" {_style(item.style)}{_attrs(item.attrs)}/>')
    elif isinstance(item, Circle):
        x, y = item.centre
        out.append(f'<circle cx="{_n(x)}" cy="{_n(height - y)}" r="{_n(item.radius)}" {_style(item.style)}'
                   f"{_attrs(item.attrs)}/>")
    elif isinstance(item, Text):
        anchor = {"start": "start", "middle": "middle", "end": "end"}[item.anchor]
        weight = ' font-weight="bold"' if item.bold else ""
        x, y = _n(item.at[0]), _n(height - item.at[1])
        # SVG's y runs down, so an anticlockwise turn is a negative rotate()
        turn = f' transform="rotate({_n(-math.degrees(item.angle))} {x} {y})"' if item.angle else ""
        out.append(f'<text x="{x}" y="{y}" font-family="Noto Sans" '
                   f'font-size="{_n(item.size * PT)}"{weight} text-anchor="{anchor}" fill="{item.color}"{turn}>'
                   f"{escape(item.text)}</text>")
