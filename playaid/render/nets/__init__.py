"""Paper dice: nets of a cube (d6) or a dodecahedron (d12) to print, cut, fold and glue.

`nets_pdf` and `nets_svgs` are the entry points. They draw any `PaperDie` (`dice`): the
d6 every d6 game shares, or a game's own die, which the game describes itself
(`GameSystem.paper_dice`). `solid`, `unfold` and `placement` hold the geometry and the
balance and orientation rules (see `docs/nets.md`).
"""

from __future__ import annotations

from typing import Any

from ..paper import Paper, paper as paper_named
from .dice import D6, PaperDie, faces_of, settings
from .layout import TooLarge, fit, largest_edge, pages
from .pdf import write_pdf
from .svg import write_svg

__all__ = ["D6", "PaperDie", "TooLarge", "default_edge", "faces_of", "largest_edge", "nets_pdf", "nets_svgs",
           "per_page", "settings"]


def _paper(p: Paper | str) -> Paper:
    return paper_named(p) if isinstance(p, str) else p


def default_edge(die: Any) -> float:
    """The edge in mm used when none is asked for: the die's own (25 for a d6)."""
    return faces_of(die).default_edge


def nets_pdf(die: Any, paper: Paper | str = "a4", count: int | None = None, edge: float | None = None) -> bytes:
    """A PDF of `count` nets of `die` (a full page when None); TooLarge if none fits.
    `die` is a `D6`, a `PaperDie`, or a die value a game's paper die draws.

    >>> nets_pdf(D6("green"), "a4", 4)[:5]  # doctest: +SKIP
    b'%PDF-'
    """
    faces = faces_of(die)
    drawn = pages(faces, _paper(paper), count, edge or faces.default_edge)
    return write_pdf(drawn, f"{faces.title}: paper die nets", faces.game)


def nets_svgs(die: Any, paper: Paper | str = "a4", count: int | None = None,
              edge: float | None = None) -> list[bytes]:
    """One SVG per page of the same nets `nets_pdf` draws."""
    faces = faces_of(die)
    drawn = pages(faces, _paper(paper), count, edge or faces.default_edge)
    return [write_svg(page, f"{faces.title}: paper die nets") for page in drawn]


def per_page(die: Any, paper: Paper | str = "a4", edge: float | None = None) -> int:
    """How many nets of this edge one page holds; TooLarge if none."""
    faces = faces_of(die)
    return fit(faces, _paper(paper), edge or faces.default_edge).per_page
