"""Paper dice: nets of a dodecahedron (Spiral die) and a cube (d6) to print, cut, fold and glue.

`nets_pdf` and `nets_svgs` are the entry points; `solid`, `unfold` and `placement` hold
the geometry and the balance and orientation rules (see `docs/nets.md`).
"""

from __future__ import annotations

from playaid.games.sapio.spiral_die import SpiralDie
from ..paper import Paper, paper as paper_named
from .dice import D6, faces_of, settings
from .layout import TooLarge, fit, largest_edge, pages
from .pdf import write_pdf
from .svg import write_svg

__all__ = ["D6", "TooLarge", "default_edge", "largest_edge", "nets_pdf", "nets_svgs", "per_page"]


def _paper(p: Paper | str) -> Paper:
    return paper_named(p) if isinstance(p, str) else p


def game_of(die: SpiralDie | D6) -> str:
    """The game a die is printed for: Spiral dice are Sapio's, red and green d6 Isolation's."""
    from ..pdf_info import game_title

    if isinstance(die, D6):
        return game_title("isolation") if die.color else "any playaid game rolling d6"
    return game_title("sapio")


def default_edge(die: SpiralDie | D6) -> float:
    """The edge in mm used when none is asked for: 20 for the Spiral die, 25 for a d6."""
    return float(settings()["edge"]["default"]["d6" if isinstance(die, D6) else "spiral"])


def nets_pdf(die: SpiralDie | D6, paper: Paper | str = "a4", count: int | None = None,
             edge: float | None = None) -> bytes:
    """A PDF of `count` nets of `die` (a full page when None); TooLarge if none fits.

    >>> from playaid.games.sapio import default_die
    >>> nets_pdf(default_die(), "a4", 4)[:5]  # doctest: +SKIP
    b'%PDF-'
    """
    faces = faces_of(die)
    drawn = pages(faces, _paper(paper), count, edge or default_edge(die))
    return write_pdf(drawn, f"{faces.title}: paper die nets", game_of(die))


def nets_svgs(die: SpiralDie | D6, paper: Paper | str = "a4", count: int | None = None,
              edge: float | None = None) -> list[bytes]:
    """One SVG per page of the same nets `nets_pdf` draws."""
    faces = faces_of(die)
    drawn = pages(faces, _paper(paper), count, edge or default_edge(die))
    return [write_svg(page, f"{faces.title}: paper die nets") for page in drawn]


def per_page(die: SpiralDie | D6, paper: Paper | str = "a4", edge: float | None = None) -> int:
    """How many nets of this edge one page holds; TooLarge if none."""
    return fit(faces_of(die), _paper(paper), edge or default_edge(die)).per_page
