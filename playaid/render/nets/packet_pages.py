"""The paper-dice pages of a table's packet, one function per set of dice a game rolls.

Games name these in `GameSystem.packet`; each takes (setup file, paper, templates).
"""

from __future__ import annotations

from pathlib import Path

from ..merge import Merger
from ..paper import Paper
from . import D6, nets_pdf


def _pages(dice: list, paper: Paper) -> bytes:
    merger = Merger()
    for die in dice:
        merger.append(nets_pdf(die, paper))
    return merger.finish([])


def plain_d6(setup: Path, paper: Paper, templates) -> bytes:
    """A page of plain d6."""
    return _pages([D6(None)], paper)


def green_and_red_d6(setup: Path, paper: Paper, templates) -> bytes:
    """A page of green d6 (even faces marked), then one of red d6 (odd faces marked)."""
    return _pages([D6("green"), D6("red")], paper)


def spiral_die(setup: Path, paper: Paper, templates) -> bytes:
    """A page of the project's Spiral die."""
    from playaid.games.sapio.spiral_die import default_die

    return _pages([default_die()], paper)
