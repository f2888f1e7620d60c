"""Text set in the bundled fonts, run by run: measuring it, each face registered on first use."""

from __future__ import annotations

from ..fonts import SANS, SANS_BOLD, Face
from ..paper import MM
from .. import shaping


def text_runs(text: str, bold: bool = False) -> tuple[tuple[Face, str], ...]:
    """`text` in runs of one face each as drawn (visual order), every face registered."""
    return shaping.drawn_runs(text, SANS_BOLD if bold else SANS)


def text_width(text: str, size: float, bold: bool = False) -> float:
    """Width in millimetres of `text` at `size` points."""
    return shaping.text_width(text, SANS_BOLD if bold else SANS, size) / MM
