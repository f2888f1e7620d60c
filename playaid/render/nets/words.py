"""Text set in the bundled fonts, run by run: measuring it, each face registered on first use."""

from __future__ import annotations

from ..fonts import SANS, SANS_BOLD, Face, register, runs
from ..paper import MM


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
