"""The frustration deck as pages of a table's packet (named in `GameSystem.packet`)."""

from __future__ import annotations

from pathlib import Path

from playaid.render.page_cache import game_level
from playaid.render.paper import Paper


@game_level
def frustration_deck(setup: Path, paper: Paper, templates) -> bytes:
    """The whole deck on the packet's paper (the setup does not change it)."""
    from . import deck_pdf

    return deck_pdf(paper.id)


def tokens(setup: Path, paper: Paper, templates) -> bytes:
    """Counters and turn-summary cards for everyone in the setup's cast (printed one-sided)."""
    from playaid.documents import Library
    from playaid.render.sheets import cast_of
    from .imposition import standard_sheet
    from .tokens import tokens_pdf

    library = Library()
    cast = cast_of(library, setup, library.load(setup))
    return tokens_pdf(paper, standard_sheet(paper), len(cast.members))
