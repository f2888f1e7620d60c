"""Isolation relationship-map worksheets: the map, the dice table and the session sheet.

`map_pdf(setup, paper)` gives the three pages as one PDF (for packets too), `map_svgs`
the same pages as SVG files. A setup is a validated `Table` (cast and map) or the path
of a setup file, loaded and checked here.
"""

from __future__ import annotations

from pathlib import Path

from playaid.render.paper import paper as paper_named
from .canvas import Page
from .load import SetupRefused, load_table
from .map_page import map_pages
from .style import worksheet_paper
from .tables import dice_page, session_pages
from .worksheet import MAX_CAST, MIN_CAST, Worksheet, blank, from_table
from . import writers


def worksheet_of(setup) -> Worksheet:
    """The worksheet of a `Table`, a `Worksheet` or a setup file's path."""
    if isinstance(setup, Worksheet):
        return setup
    if isinstance(setup, (str, Path)):
        table, _ = load_table(setup)
        return from_table(table)
    return from_table(setup)


def pages(setup, paper: str = "a4") -> list[Page]:
    """Every page of the worksheets: the map (and its key), the dice table, the session sheet.
    On a poster's paper only the map is enlarged: the tables are read in the hand."""
    sheet = worksheet_of(setup)
    size = paper_named(paper)
    desk = paper_named(worksheet_paper().get(size.id, size.id))
    return map_pages(sheet, size) + dice_page(sheet, desk) + session_pages(sheet, desk)


def document_title(sheet: Worksheet) -> str:
    """The PDF's title: the game, the document and the table (or the blank's size)."""
    what = sheet.title or f"blank, {len(sheet.people)} characters"
    return f"{writers.GAME} relationship map: {what}"


def map_pdf(setup, paper: str = "a4") -> bytes:
    """The worksheets of `setup` (a `Table`, `Worksheet` or setup path) as one PDF."""
    sheet = worksheet_of(setup)
    return writers.pdf(pages(sheet, paper), document_title(sheet))


def map_svgs(setup, paper: str = "a4") -> list[bytes]:
    """The same pages as SVG documents, one per page, the map first."""
    return [writers.svg(p) for p in pages(setup, paper)]


__all__ = ["map_pdf", "document_title", "map_svgs", "pages", "worksheet_of", "blank", "load_table", "SetupRefused",
           "MAX_CAST", "MIN_CAST"]
