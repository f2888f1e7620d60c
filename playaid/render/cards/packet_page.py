"""The frustration deck as pages of a table's packet (named in `GameSystem.packet`)."""

from __future__ import annotations

from pathlib import Path

from ..paper import Paper


def frustration_deck(setup: Path, paper: Paper, templates) -> bytes:
    """The whole deck on the packet's paper (the setup does not change it)."""
    from . import deck_pdf

    return deck_pdf(paper.id)
