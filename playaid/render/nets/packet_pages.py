"""The d6 pages of a table's packet, one function per set of d6 a game rolls; a game's own
die makes its page with `pages` (Sapio's Spiral die).

Games name these in `GameSystem.packet`; each takes (setup file, paper, templates).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Iterable

from ..merge import Merger
from ..page_cache import game_level
from ..paper import Paper
from . import D6, nets_pdf


def pages(dice: Iterable[Any], paper: Paper) -> bytes:
    """One full page of nets of each die, in order, as one PDF."""
    merger = Merger()
    for die in dice:
        merger.append(nets_pdf(die, paper))
    return merger.finish([])


@game_level
def plain_d6(setup: Path, paper: Paper, templates) -> bytes:
    """A page of plain d6."""
    return pages([D6(None)], paper)


@game_level
def green_and_red_d6(setup: Path, paper: Paper, templates) -> bytes:
    """A page of green d6 (even faces marked), then one of red d6 (odd faces marked)."""
    return pages([D6("green"), D6("red")], paper)
