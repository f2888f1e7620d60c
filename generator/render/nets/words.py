"""Measuring text set in the bundled fonts, run by run, for placing legends."""

from __future__ import annotations

from ..fonts import SANS, SANS_BOLD, register_reportlab, runs
from ..paper import MM


def text_width(text: str, size: float, bold: bool = False) -> float:
    """Width in millimetres of `text` at `size` points, each run in the face that draws it."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    register_reportlab()
    return sum(stringWidth(part, face.name, size) for face, part in runs(text, SANS_BOLD if bold else SANS)) / MM
