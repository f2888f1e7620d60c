"""Character sheets: one typed context per game, rendered by `templates/sheets/<game>.html`.

`sheet_for` builds the context of one character (or a blank one); `render_sheets` lays
one or more of them out as a PDF (a game's reference page: `render.reference`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from ...documents import Document, Library
from ...language import _
from ...systems import REGISTRY
from ...systems.base import load
from ..fonts import printable
from ..html import Templates, page_context
from ..paper import Paper
from ..html import pdf_bytes
from .pdf import bookmark_pages, template_document, template_pdf
from .common import Fitter, Header, Namer, name_blanks, slug
from ..reference import reference_pdf  # noqa: F401  (packets and `playaid sheet` import it from here)



def builder(system: str) -> Callable[..., Any]:
    """`build(character | None, namer, fitter, setup=None)` giving game `system`'s sheet data.

    Each game names its builder's module (`GameSystem.sheet`), imported on first use so
    that one sheet loads one game's rules core, not six."""
    game = REGISTRY[system]
    if game.sheet is None:
        raise LookupError(f"{system} has no character sheet")
    return load(game.sheet).build


@dataclass(frozen=True)
class Sheet:
    """Everything one sheet template is given."""

    header: Header
    game: Any
    flat: bool
    blank: bool
    prefix: str = ""
    """Of the sheet's form fields' names (the meta lines name theirs with it)."""


@dataclass
class Cast:
    """The characters a file holds, with the setup they belong to (if any)."""

    system: str
    members: list[tuple[Any, Any]] = field(default_factory=list)
    """(character model, setup model or None)."""
    setup: Any = None


def sheet_for(system: str, character: Any | None, *, setup: Any = None, prefix: str | None = None,
              flat: bool = False, where: str = "", warnings: list[str] | None = None) -> Sheet:
    """The sheet of `character` of game `system` (None: a blank sheet).

    Form fields are named `prefix_key`; `prefix` defaults to the character's slug, so give
    each sheet of one PDF its own. Texts that cannot fit are reported into `warnings`.
    """
    fit = Fitter(where or (character.name if character else f"blank {system} sheet"))
    name = character.name if character else ""
    namer = Namer(prefix or slug(name or "blank"))
    # names in a script no font here has print as readable stand-ins, never boxes (`fonts.printable`)
    header = Header(REGISTRY[system].short_title, system, fit(printable(name), "name", "name"),
                    fit(printable(getattr(character, "player", "") if character else ""), "short", "player"),
                    REGISTRY[system].title, printable(getattr(character, "pronouns", "") if character else ""))
    with REGISTRY.working_for(system, "sheet"):
        game = builder(system)(character, namer, fit, setup)
        if not flat:
            header, game = name_blanks(header, namer.prefix), name_blanks(game, namer.prefix)
    if warnings is not None:
        warnings.extend(fit.warnings)
    return Sheet(header, game, flat, character is None, namer.prefix)


def render_sheets(templates: Templates, paper: Paper, sheets: list[Sheet], title: str) -> bytes:
    """`sheets` (all of one game) laid out as one PDF, each starting a new page."""
    system = sheets[0].header.system
    with REGISTRY.working_for(system, "sheet"):  # an add-on's template is its own
        return template_pdf(templates, f"sheets/{system}.html", sheets=sheets, **_sheet_context(paper, sheets, title))


def render_sheets_paged(templates: Templates, paper: Paper, sheets: list[Sheet], title: str, *,
                        tagged: bool = True) -> tuple[bytes, list[int], int]:
    """Like `render_sheets`, with the first page (0-based) of each sheet and the page count
    (`tagged`: see `pdf_bytes`)."""
    system = sheets[0].header.system
    with REGISTRY.working_for(system, "sheet"):
        doc = template_document(templates, f"sheets/{system}.html", sheets=sheets,
                                **_sheet_context(paper, sheets, title))
    return pdf_bytes(doc, tagged=tagged), bookmark_pages(doc), len(doc.pages)


FOOTER_MM = 5
"""Height kept for the footer line at the foot of every sheet (`sheet.css`: `.sheet` padding)."""


def _sheet_context(paper: Paper, sheets: list[Sheet], title: str) -> dict:
    """The page context of a PDF of `sheets`: its title says whose sheets, of which game."""
    game = REGISTRY[sheets[0].header.system].title
    kind = _("character sheet") if len(sheets) == 1 else _("character sheets")
    named = (_("Blank %(game)s %(kind)s") % {"game": game, "kind": kind} if all(s.blank for s in sheets)
             else f"{title} — {game} {kind}")
    # a hair under the live area, so rounding never spills a sheet onto a second page
    height = paper.height_mm - 2 * paper.margin_mm - 0.5
    # WeasyPrint places `bottom: 0` against the content's height, not `min-height`: so the
    # footer is placed from the top, FOOTER_MM above the sheet's foot
    return {**page_context(paper, named, game=game, kind=kind),
            "sheet_height_mm": f"{height:g}", "footer_top_mm": f"{height - FOOTER_MM:g}"}


def cast_of(library: Library, path: Path, doc: Document) -> Cast:
    """The characters of a valid character or setup document, each with its setup."""
    system = doc.system.id
    if doc.kind == "character":
        return Cast(system, [(doc.model, None)])
    cast = Cast(system, setup=doc.model)
    for entry in getattr(doc.model, "characters", []):
        if isinstance(entry, str):
            entry = library.load(path.parent / entry).model
        if entry is not None:
            cast.members.append((entry, doc.model))
    return cast
