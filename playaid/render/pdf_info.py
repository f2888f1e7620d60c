"""A ReportLab canvas that describes its document: a title, author, subject, creator
and keywords naming playaid and the game, the language, and a viewer preference to
show the title rather than the file name (print shops and screen readers read these).
"""

from __future__ import annotations

from . import fonts

AUTHOR = "playaid"


def game_title(system_id: str) -> str:
    """The game's one name, as its system declares it."""
    from ..systems import REGISTRY

    return REGISTRY[system_id].title


def canvas(out, pagesize, *, title: str, subject: str, game: str, tool: str, keywords: tuple[str, ...] = (),
           compress: bool = True, press: bool = False):
    """A canvas writing to `out`, its document information set; `tool` is the playaid
    command that made it (`deck`, `net` …). With `press`, greys are drawn as black ink in
    DeviceCMYK, for a print shop's file (`pdfx.KCanvas`)."""
    from reportlab.pdfgen import canvas as rl_canvas

    if press:
        from .pdfx import KCanvas
    c = (KCanvas if press else rl_canvas.Canvas)(out, pagesize=pagesize, invariant=1, pageCompression=1 if compress else None,
                         initialFontName=fonts.SANS.name, initialFontSize=8, lang="en")
    c.setTitle(f"{title} — {game}")
    c.setAuthor(AUTHOR)
    c.setSubject(f"{subject} ({game})")
    c.setCreator(f"playaid {tool} ({game})")
    c.setKeywords(", ".join((game, "playaid", "print and play", *keywords)))
    c.setViewerPreference("DisplayDocTitle", "true")
    return c
