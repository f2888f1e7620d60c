"""Print-ready cards with ReportLab: the frustration deck or any deck a group writes.

`deck_pdf(paper)` is the default deck with backs, for other features (packets) to include.
Modules: `settings` (layout data), `sources` (deck files, CSV, text), `imposition`
(positions in mm), `text` and `face` (drawing a card), `sheets` (pages to PDF), `deck`,
`tokens`, `calibrate`, `tts`, `deal`.
"""

from .deck import Options, deck_pdf, render_deck
from .settings import CardError

__all__ = ["CardError", "Options", "deck_pdf", "render_deck"]
