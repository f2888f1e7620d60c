"""Horizontal rules of a page as drawn: thin filled boxes (how WeasyPrint draws a
border) and stroked straight lines, in mm from the page's top-left corner."""

from __future__ import annotations

import ctypes
from pathlib import Path

import pypdfium2
import pypdfium2.raw as pdfium

MM = 72 / 25.4


def rules_mm(path: Path, page: int, thickest_mm: float = 0.6, shortest_mm: float = 10.0) -> list[tuple[float, float, float]]:
    """(left, y, right) of every path on the page flatter than `thickest_mm` and wider
    than `shortest_mm`, top to bottom."""
    doc = pypdfium2.PdfDocument(str(path))
    try:
        held = doc[page]
        height = held.get_height()
        found = []
        for obj in held.get_objects(max_depth=4):
            if obj.type != pdfium.FPDF_PAGEOBJ_PATH:
                continue
            left, bottom, right, top = obj.get_bounds()
            if (top - bottom) / MM <= thickest_mm and (right - left) / MM >= shortest_mm:
                found.append((left / MM, (height - (top + bottom) / 2) / MM, right / MM))
        return sorted(found, key=lambda r: r[1])
    finally:
        doc.close()
