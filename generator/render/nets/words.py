"""Text set in the bundled fonts, run by run: measuring it and registering only what it uses."""

from __future__ import annotations

from ..fonts import SANS, SANS_BOLD, Face, runs
from ..paper import MM


def register(face: Face) -> None:
    """Register one bundled face with ReportLab under its `Face.name`, once.

    `fonts.register_reportlab()` reads all eight faces (CJK and symbol fonts are large),
    which costs most of a second; nets register just the faces their text needs.
    """
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    if face.name not in pdfmetrics.getRegisteredFontNames():
        pdfmetrics.registerFont(TTFont(face.name, str(face.path)))


def text_runs(text: str, bold: bool = False) -> list[tuple[Face, str]]:
    """`text` in runs of one face each, every face registered."""
    parts = runs(text, SANS_BOLD if bold else SANS)
    for face, _ in parts:
        register(face)
    return parts


def text_width(text: str, size: float, bold: bool = False) -> float:
    """Width in millimetres of `text` at `size` points."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    return sum(stringWidth(part, face.name, size) for face, part in text_runs(text, bold)) / MM
