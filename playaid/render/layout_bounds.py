"""Bounds on what a page of HTML may cost WeasyPrint and a PNG preview, whoever wrote the template.

A render within `bounds` can still hand WeasyPrint a layout that takes minutes (40,000
table rows, 5,000 pages), or one it cannot do at all: it lays out nested elements by
recursion, so 300 nested `<div>` end in a RecursionError. And a page may say it is
twenty metres wide, which a PNG preview would turn into gigabytes of pixels. So the
parsed HTML is measured before layout (elements, nesting), pages are counted while they
are made, and page sizes are checked before anything is written or rasterized.
"""

from __future__ import annotations

import logging
import re
from contextlib import contextmanager

MAX_ELEMENTS = 20_000
"""Elements of one laid-out document: a packet block of 25 bundled sheets holds under 6,000,
and 15,000 elements of table rows take WeasyPrint about 8 s."""

MAX_DEPTH = 64
"""Elements nested in each other: ours nest 12 deep; WeasyPrint's recursion gives out near 150."""

MAX_TEXT_CHARS = 500_000
"""Characters of text in one laid-out document: about 130 A4 pages of running text,
which take WeasyPrint some 10 s; 25 filled bundled sheets hold well under 150,000."""

MAX_PAGES = 200
"""Pages of one laid-out document: a packet block of 25 sheets runs to about 75."""

MAX_PAGE_MM = 1_200
"""The longest side of a page: A0 is 841 × 1189 mm."""

MAX_PREVIEW_PIXELS = 25_000_000
"""Pixels of one PNG preview page (an A0 page at 100 dpi is 15.5 million)."""

PX_PER_MM = 96 / 25.4
"""CSS pixels, WeasyPrint's unit, per millimetre."""


class LayoutTooBig(Exception):
    """HTML or a page past a bound; the message says which and how to fix it."""


_START_TAG = re.compile(r"<[A-Za-z]")


def check_html(html: str) -> None:
    """Refuse HTML with more start tags than `MAX_ELEMENTS` before it is even parsed
    (parsing a million elements takes long itself)."""
    if len(html) > MAX_ELEMENTS and len(_START_TAG.findall(html)) > MAX_ELEMENTS:
        raise _too_many()


def _too_many() -> LayoutTooBig:
    return LayoutTooBig(f"the HTML holds more than {MAX_ELEMENTS:,} elements, more than a page layout can take "
                        "in reasonable time: print fewer rows or split the document")


def check_tree(root) -> None:
    """Refuse a parsed document (an ElementTree element) with too many or too deeply nested
    elements, or too much text."""
    count, text, stack = 0, 0, [(root, 1)]
    while stack:  # by hand rather than recursively: the point is that the depth is unknown
        element, depth = stack.pop()
        count += 1
        text += len(element.text or "") + len(element.tail or "")
        if text > MAX_TEXT_CHARS:
            raise LayoutTooBig(f"the HTML holds more than {MAX_TEXT_CHARS:,} characters of text, more than a "
                               "layout can take in reasonable time: print less at a time")
        if depth > MAX_DEPTH:
            raise LayoutTooBig(f"the HTML nests elements more than {MAX_DEPTH} deep; WeasyPrint cannot lay that "
                               "out: close your tags and flatten the nesting")
        if count > MAX_ELEMENTS:
            raise _too_many()
        stack.extend((child, depth + 1) for child in element)


class _PageCounter(logging.Filter):
    """WeasyPrint logs each page it makes on its progress logger; past `limit` the layout stops.
    (It offers no other hook; a test keeps this one honest.)"""

    limit: int | None = None

    def filter(self, record: logging.LogRecord) -> bool:
        if self.limit is not None and str(record.msg).startswith("Step 5") and record.args \
                and isinstance(record.args[0], int) and record.args[0] > self.limit:
            raise LayoutTooBig(f"the document runs past {self.limit:,} pages; print fewer pages at a time, or "
                               "look for a loop or page break that makes more than it should")
        return False  # counted, never shown


_COUNTER = _PageCounter()
_PROGRESS = logging.getLogger("weasyprint.progress")
_PROGRESS.addFilter(_COUNTER)


@contextmanager
def page_limit(limit: int = MAX_PAGES):
    """Inside the block, a WeasyPrint layout that makes more than `limit` pages raises LayoutTooBig."""
    level, _COUNTER.limit = _PROGRESS.level, limit
    _PROGRESS.setLevel(logging.INFO)
    try:
        yield
    finally:
        _COUNTER.limit = None
        _PROGRESS.setLevel(level)


def check_pages(document) -> None:
    """Refuse a laid-out document with a page larger than `MAX_PAGE_MM` on a side."""
    for number, page in enumerate(document.pages, 1):
        width, height = page.width / PX_PER_MM, page.height / PX_PER_MM
        if max(width, height) > MAX_PAGE_MM:
            raise LayoutTooBig(f"page {number} is {width:,.0f} × {height:,.0f} mm; at most {MAX_PAGE_MM:,} mm a side "
                               "is allowed: fix the `@page { size: … }` of your stylesheet")


def check_preview(width_pt: float, height_pt: float, scale: float, number: int) -> None:
    """Refuse a PNG preview page of more than `MAX_PREVIEW_PIXELS`, before any pixel is drawn."""
    pixels = round(width_pt * scale) * round(height_pt * scale)
    if pixels > MAX_PREVIEW_PIXELS:
        raise LayoutTooBig(f"page {number} would be a preview of {pixels:,} pixels; at most "
                           f"{MAX_PREVIEW_PIXELS:,} are allowed: make the page smaller or leave out --png")
