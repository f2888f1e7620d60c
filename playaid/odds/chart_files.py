"""One answer's chart as a file of its own, SVG or PNG: the studio's drawing, not a second one.

The studio's odds page draws `chart.chart(spread)` with its template `odds_chart.svg`; the
file is that template rendered alone (`standalone`), so `playaid odds … --svg`, the page and
its download show one picture. The PNG is the same SVG laid out by WeasyPrint on a page of its
size and rasterized by pypdfium2, as every other preview of playaid is: no other renderer.
"""

from __future__ import annotations

import re
from html import escape
from functools import cache
from pathlib import Path

from .chart import Chart, chart
from .tables import Answer

TEMPLATES = Path(__file__).resolve().parent.parent / "studio" / "templates"
TEMPLATE = "odds_chart.svg"
PNG_DPI = 192
"""Twice the SVG's pixels (WeasyPrint's 96 px to the inch): sharp on a screen and in a document."""
KINDS = ("svg", "png")
LONGEST_NAME = 80


@cache
def _template():
    import jinja2

    env = jinja2.Environment(loader=jinja2.FileSystemLoader(TEMPLATES), autoescape=True,
                             undefined=jinja2.StrictUndefined, trim_blocks=True, lstrip_blocks=True)
    return env.get_template(TEMPLATE)


def answer_chart(answer: Answer) -> Chart | None:
    """The chart the studio draws for `answer` (None: the answer has no distribution to draw)."""
    return None if answer.spread is None else chart(answer.spread, answer.lines[0])


def svg(drawn: Chart) -> str:
    """The chart as an SVG document."""
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + _template().render(chart=drawn, standalone=True) + "\n"


def png(drawn: Chart) -> bytes:
    """The chart's SVG as a PNG, white behind it, twice its pixels."""
    from ..render.fonts import font_face_css
    from ..render.html import html_to_pdf
    from ..render.previews import page_pngs

    page = (f"<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>{escape(drawn.title)}</title><style>"
            f"{font_face_css()} @page {{ size: {drawn.width}px {drawn.height}px; margin: 0 }} "
            "html, body { margin: 0 } svg { display: block }</style></head><body>"
            f"{_template().render(chart=drawn, standalone=True)}</body></html>")
    pngs = page_pngs(html_to_pdf(page), "chart", dpi=PNG_DPI)
    return pngs["chart-p1.png"]


def files(answer: Answer, stem: str, kinds: tuple[str, ...]) -> dict[str, bytes]:
    """`stem.svg` / `stem.png` for each of `kinds`; {} when the answer has nothing to draw."""
    drawn = answer_chart(answer)
    if drawn is None:
        return {}
    made = {"svg": lambda: svg(drawn).encode("utf-8"), "png": lambda: png(drawn)}
    return {f"{stem}.{kind}": made[kind]() for kind in KINDS if kind in kinds}


def stem(system: str, given: dict[str, object]) -> str:
    """A file name that says which query it draws: `odds-sapio-pool-4-tn-3`; a file option
    counts by its file's name (`odds-sapio-scene-scene-leap`), so two queries keep two charts."""
    parts = [system]
    for name, value in given.items():
        if value is None or value is False:
            continue
        shown = Path(str(value)).stem if isinstance(value, str) and ("/" in value or value.endswith(".yaml")) \
            else str(value)
        parts += [name.replace("_", "-"), shown]
    slug = re.sub(r"[^a-z0-9]+", "-", "-".join(parts).casefold()).strip("-")
    return "odds-" + slug[:LONGEST_NAME].rstrip("-")
