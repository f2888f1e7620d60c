"""The relationship-map worksheet as a page of a table's packet (named in `GameSystem.packet`)."""

from __future__ import annotations

from pathlib import Path

from playaid.render.paper import Paper


def relationship_map(setup: Path, paper: Paper, templates) -> bytes:
    """The map worksheet of the packet's setup on the packet's paper."""
    from . import map_pdf

    return map_pdf(setup, paper.id)
