"""Where each part of a packet lands, and how each part is printed.

A part printed on both sides (cards: a front and its back on one sheet) must start on a
front, an odd page counted from 1, or every front lands on another sheet than its back
when the whole packet is printed double-sided; so must the part after it, or its first
page is printed on the back of the last card sheet. Blank pages, marked "intentionally
blank", fill the gaps. How a part is printed is read from its own PDF: its viewer
preference `/Duplex` (the deck sets the edge to flip on), so no game needs to declare it.
"""

from __future__ import annotations

import io
from dataclasses import dataclass, field
from functools import lru_cache

import pikepdf

from ..language import N_, _, current
from .paper import MM, Paper

FLIPS = {"/DuplexFlipLongEdge": "long", "/DuplexFlipShortEdge": "short"}
BLANK_WORDS = N_("This page is intentionally blank.")


@dataclass
class Part:
    """One part of a packet: its bookmark, its PDF, its page count, how it is printed
    ("one", or the edge to flip on: "long" / "short") and bookmarks inside it."""

    title: str
    pdf: bytes
    pages: int
    sides: str = "one"
    children: list[tuple[str, int]] = field(default_factory=list)
    """(title, page within the part, 0-based): the characters under "Characters"."""
    start: int = 0
    """Its first page in the packet, 0-based (set by `place`)."""

    @property
    def two_sided(self) -> bool:
        return self.sides != "one"


def read_part(title: str, pdf: bytes) -> Part:
    """A part from its PDF: the page count and the flip edge its viewer preferences ask for."""
    with pikepdf.open(io.BytesIO(pdf)) as doc:
        prefs = doc.Root.get("/ViewerPreferences", {})
        sides = FLIPS.get(str(prefs.get("/Duplex", "")), "one")
        return Part(title, pdf, len(doc.pages), sides)


def place(parts: list[Part], first: int) -> list[int]:
    """Set each part's start from page `first` on; the pages (0-based) before which a
    blank page goes, so that two-sided parts and the part after one start on a front."""
    blanks, page, after_two_sided = [], first, False
    for part in parts:
        if (part.two_sided or after_two_sided) and page % 2:
            blanks.append(page)
            page += 1
        part.start = page
        page += part.pages
        after_two_sided = part.two_sided
    return blanks


def print_note(part: Part) -> str:
    """How to print a part, in a player's words."""
    if part.two_sided:
        return _("double-sided, flip on the long edge") if part.sides == "long" else _("double-sided, flip on the short edge")
    return _("one-sided")


def pages_of(part: Part) -> str:
    """The part's pages counted from 1, as a reader finds them."""
    first, last = part.start + 1, part.start + part.pages
    return str(first) if first == last else f"{first}–{last}"


def blank_page(paper: Paper) -> bytes:
    """One page that says it is blank on purpose, in small type near the foot, in the
    language in use (the table's)."""
    return _blank_page(paper, current())


@lru_cache(maxsize=8)
def _blank_page(paper: Paper, lang: str) -> bytes:
    # `lang` is part of the cache's key: a French packet must not reuse an English blank page
    from . import fonts
    from .pdf_info import canvas

    fonts.register(fonts.SANS)
    out = io.BytesIO()
    c = canvas(out, paper.size_pt, title="intentionally blank page", subject="a blank page of a packet",
               game="playaid", tool="packet", lang=lang)
    c.setFont(fonts.SANS.name, 8)
    c.setFillGray(0.35)
    c.drawCentredString(paper.size_pt[0] / 2, (paper.margin_mm + 4) * MM, _(BLANK_WORDS))
    c.showPage()
    c.save()
    return out.getvalue()
