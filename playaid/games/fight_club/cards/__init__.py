"""Print-ready cards with ReportLab: the frustration deck or any deck a group writes.

`deck_pdf(paper)` is the default deck with backs, for other features (packets) to include.
Modules: `settings` (layout data), `sources` (deck files, CSV, text), `imposition`
(positions in mm), `text` and `face` (drawing a card), `sheets` (pages to PDF), `deck`,
`tokens`, `calibrate`, `tts`, `deal`, `per_card` (one card per page or PNG).
"""

from __future__ import annotations

__all__ = ["CardError", "Options", "deck_pdf", "render_deck"]


def __getattr__(name: str):
    # Imported on first use: ReportLab loads slowly, and the command line imports this
    # package just to parse options.
    if name in ("Options", "deck_pdf", "render_deck"):
        from . import deck

        return getattr(deck, name)
    if name == "CardError":
        from .settings import CardError

        return CardError
    raise AttributeError(name)
