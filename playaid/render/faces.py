"""How a die looks on the studio's "at the table" buttons: one `FaceLook` per face.

A game draws its own dice through `GameSystem.table_dice` (Spiral symbols, coloured
pips); any other die shows its numbers, which is also how a die larger than a d6 reads
at a table.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class FaceLook:
    """One face of a die the procedure asks for."""

    value: int
    """What the face is typed as (`playaid roll --dice`)."""
    label: str
    """The face in words, for a screen reader and a tooltip ("3", "hit, spare")."""
    svg: str = ""
    """An inline SVG drawn by playaid from numbers only (safe to embed); "" shows `value`."""


def numbered(sides: int) -> list[FaceLook]:
    """The faces 1 … `sides`, shown as their numbers."""
    return [FaceLook(n, str(n)) for n in range(1, sides + 1)]
