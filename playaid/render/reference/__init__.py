"""A game's one-page rules reference (`playaid sheet --reference GAME`, and in packets).

The words are the game's template (`templates/reference/<game>.html`); this module gives
it the game's one name (the registry's title), the worked example played by the rules
core (when the game names one), and what the game's own `reference` module adds (Sapio:
the die faces read from the face file). It then sizes the type so the
page is used: the body size is the largest (in quarter points, within `SIZES`) at which
the whole reference still fits one page of the chosen paper, so A4 and Letter each get
their own fit instead of one page that is half empty on the taller sheet.
"""

from __future__ import annotations

import math

from ...systems import REGISTRY
from ...systems.base import load
from ..html import Templates, layout, page_context, pdf_bytes
from ..paper import Paper
from .examples import worked_example

SIZES = (9.0, 12.5)
"""Smallest and largest body size, pt. The smallest type on the page is 0.8 of the body
(footer, face labels), so the floor keeps every character at 7.2 pt or more."""
STEP = 0.25
PX_PER_MM = 96 / 25.4
TRIES = 4


def context(system: str) -> dict:
    """What `reference/<game>.html` is given, besides the paper and the body size."""
    game = REGISTRY[system]
    extra = load(game.reference)() if game.reference else {}
    return {"game": game.title, "system": system, "example": worked_example(system), **extra}


def _height_mm(doc, room: float) -> float:
    """Height the reference takes, mm: `room` (the page's content height) for every page but
    the last, then down to the end of its content."""
    last = doc.pages[-1]._page_box
    box = next(b for b in last.descendants() if getattr(b, "element_tag", "") == "section")
    bottom = (box.position_y + box.margin_height() - last.content_box_y()) / PX_PER_MM
    return (len(doc.pages) - 1) * room + bottom


def _snap(size: float) -> float:
    low, high = SIZES
    return min(high, max(low, int(size / STEP) * STEP))


def reference_pdf(templates: Templates, paper: Paper, system: str) -> bytes:
    """The reference page of game `system` on `paper`, its type sized to fill the page."""
    with REGISTRY.working_for(system, "reference page"):  # an add-on's template and values are its own
        return _reference_pdf(templates, paper, system)


def _reference_pdf(templates: Templates, paper: Paper, system: str) -> bytes:
    base = {**context(system), **page_context(paper, f"{REGISTRY[system].title} — rules reference",
                                              game=REGISTRY[system].title, kind="rules reference")}
    room = paper.height_mm - 2 * paper.margin_mm

    def attempt(size: float):
        doc = layout(templates.render(f"reference/{system}.html", body_pt=size, **base), templates.roots)
        return doc, _height_mm(doc, room)

    # Height grows about as a power of the type size (wrapped lines get both more and
    # taller); each try refines that power from the last two, so two or three layouts fit.
    tried: dict[float, tuple] = {}
    size, power = 10.5, 2.0
    best = None
    for _ in range(TRIES):
        doc, used = tried.setdefault(size, attempt(size))
        fits = len(doc.pages) == 1
        if fits and (best is None or size > best[0]):
            best = (size, doc)
        others = [(s, u) for s, (_, u) in tried.items() if s != size]
        if others:
            s0, u0 = min(others, key=lambda o: abs(o[0] - size))
            if u0 != used:
                power = max(1.0, min(3.0, math.log(used / u0) / math.log(size / s0)))
        nxt = _snap(size * (room * 0.985 / used) ** (1 / power))
        if nxt == size and not fits:
            nxt = _snap(size - STEP)
        if nxt in tried or (best and nxt <= best[0]):
            break
        size = nxt
    if best is None:  # nothing tried fits: step down from the smallest tried to the floor
        size = min(tried)
        while best is None:
            size -= STEP
            doc, _ = attempt(size)
            if len(doc.pages) == 1 or size <= SIZES[0] - 2:
                best = (size, doc)
    return pdf_bytes(best[1])
