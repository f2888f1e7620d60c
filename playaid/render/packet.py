"""A table's packet: cover, one sheet per character, the reference page, every handout.

Sheets are laid out in blocks; a cast larger than one block is spread over worker
processes (both cores), each holding one block at a time, and the blocks are merged in
order. What follows the sheets (the handouts) is the caller's choice: `playaid.packets`
gathers each game's from the registry.
"""

from __future__ import annotations

import io
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

import pikepdf

from ..documents import Library
from ..language import ENGLISH, chosen, gettext, speaking
from ..safe_text import setup_stem
from .html import Templates, page_context, pdf_bytes
from .cover_story import CoverError, story
from . import page_cache
from .merge import Merger, Section
from .packet_plan import Part, blank_page, pages_of, place, print_note, read_part
from .pdf_info import AUTHOR
from .paper import Paper, paper as paper_named
from ..systems import REGISTRY
from .sheets import cast_of, render_sheets_paged, sheet_for, slug
from .sheets.pdf import template_document
from .workers import render_pool

BLOCK = 25
"""Sheets per block: one WeasyPrint document each, so a worker's memory stays bounded."""


@dataclass(frozen=True)
class Handout:
    """A section every packet of a game gets: a bookmark title and how to make its PDF."""

    title: str
    make: Callable[[Path, Paper, Templates], bytes]
    """(setup file, paper, templates) → PDF bytes."""
    game_level: bool = False
    """The page does not read the setup: drawn once per game, paper and language and kept
    (`page_cache`)."""

    def draw(self, game: str, setup_path: Path, paper: Paper, templates: Templates) -> bytes:
        def made() -> bytes:
            return self.make(setup_path, paper, templates)

        if not self.game_level:
            return made()
        name = f"{self.title} ({self.make.__module__}:{self.make.__qualname__})"
        return page_cache.kept(name, game, paper, templates, made)


class PacketError(Exception):
    """A setup that cannot be made into a packet (the message says why)."""


def _prefix(index: int, name: str) -> str:
    return f"c{index + 1:03d}-{slug(name)}"


def _render_block(setup_path: str, indices: list[int], paper_id: str, template_dir: str | None,
                  split: bool = False, lang: str = "en") -> tuple[list[tuple[bytes, list[int], list[int]]], list[str]]:
    """Worker: the sheets of cast members `indices` as PDFs, each with its sheets' first pages
    and cast indices: one PDF per run of sheets in one language (a character's `language:`,
    else `lang`, the table's), since a document speaks one language (its `lang`, its
    hyphenation); or with `split` one PDF per sheet, made as `playaid sheet` makes it (its
    own title, tags and bookmarks), so the file written alone is that sheet's. And the
    fitting warnings."""
    library = Library()
    doc = library.load(setup_path)
    cast = cast_of(library, Path(setup_path), doc)
    templates = Templates(Path(template_dir) if template_dir else None)
    paper = paper_named(paper_id)
    warnings: list[str] = []
    runs: list[tuple[str, list[int]]] = []
    for i in indices:
        spoken = chosen(getattr(cast.members[i][0], "language", None), lang)
        if split or not runs or runs[-1][0] != spoken:
            runs.append((spoken, []))
        runs[-1][1].append(i)
    pieces = []
    for spoken, held in runs:
        with speaking(spoken):
            sheets = [sheet_for(cast.system, cast.members[i][0], setup=cast.members[i][1],
                                prefix=_prefix(i, cast.members[i][0].name), warnings=warnings) for i in held]
            # tagged: the merger carries each document's structure tree into the packet's
            title = cast.members[held[0]][0].name if split else doc.model.name
            pieces.append((*render_sheets_paged(templates, paper, sheets, title)[:2], held))
    return pieces, templates.warnings + warnings


def build_packet(setup_path: Path, paper: Paper, handouts: Callable[[str], list[Handout]], *,
                 template_dir: Path | None = None, split: bool = False, workers: int | None = None,
                 progress: Callable[[int, int], None] = lambda done, total: None, lang: str | None = None,
                 ) -> tuple[dict[str, bytes], list[str]]:
    """The packet of a valid setup file (and with `split`, one PDF per character): name → bytes,
    warnings. `handouts(game id)` lists what follows the sheets. Files are named after the
    setup's file, as `playaid map` names its map. The table's pages (cover, part titles)
    speak `lang` (None: English); each sheet its character's `language:`, else `lang`."""
    with speaking(chosen(lang)) as table:
        return _build_packet(setup_path, paper, handouts, template_dir, split, workers, progress, table)


def _build_packet(setup_path, paper, handouts, template_dir, split, workers, progress, lang):
    library = Library()
    doc = library.load(setup_path)
    if not doc.valid or doc.kind != "setup":
        raise PacketError(f"{setup_path}: a packet needs a valid setup file")
    cast = cast_of(library, setup_path, doc)
    system, setup = cast.system, doc.model
    templates = Templates(template_dir)
    members = cast.members
    pages = handouts(system)
    total = len(members) + len(pages) + 1
    stem = setup_stem(setup_path)
    warnings = list(templates.warnings)
    blocks = [list(range(i, min(i + BLOCK, len(members)))) for i in range(0, len(members), BLOCK)]
    args = (str(setup_path), paper.id, str(template_dir) if template_dir else None)
    sheets, singles, done = [], {}, 0
    for indices, (pieces, notes) in zip(blocks, _blocks(blocks, (*args, split, lang), workers)):
        # one piece per sheet when split, else one per run of one language: its sheets' names and first pages
        for pdf, starts, held in pieces:
            sheets.append((pdf, [(members[i][0].name, start) for i, start in zip(held, starts)]))
            if split:
                singles[f"{stem}-{held[0] + 1:03d}-{slug(members[held[0]][0].name)}.pdf"] = pdf
        warnings += notes
        done += len(indices)
        progress(done, total)
    characters = Part(gettext("Characters"), b"", 0)
    for pdf, names in sheets:
        characters.children += [(name, characters.pages + start) for name, start in names]
        characters.pages += page_count(pdf)
    parts = [characters]
    for h in pages:
        # reference pages, odds handouts, maps and cards are not translated yet: made in
        # English, so their PDFs say so (`lang`) rather than claim the table's language
        with speaking(ENGLISH):
            made = h.draw(system, setup_path, paper, templates)
        parts.append(read_part(gettext(h.title), made))
        done += 1
        progress(done, total)
    game = REGISTRY[system].title
    cover, blanks = _cover(templates, paper, system, setup, members, parts)
    merger, outline = Merger(), [Section(gettext("Cover"), 0)]
    merger.append(cover)
    for part in parts:
        while merger.pages in blanks:
            merger.append(blank_page(paper))
        first = merger.pages
        for pdf, _ in (sheets if part is characters else [(part.pdf, None)]):
            merger.append(pdf)
        outline.append(Section(part.title, first, [Section(n, first + p) for n, p in part.children]))
    progress(total, total)
    info = {"Title": f"{setup.name} — table packet — {game}", "Author": AUTHOR,
            "Subject": f"A table packet for {game}: cover, {len(members)} character sheets, "
                       + ", ".join(p.title.lower() for p in parts[1:]),
            "Creator": f"playaid packet ({game})", "Keywords": f"{game}, playaid, print and play, packet"}
    files = {f"{stem}-packet.pdf": merger.finish(outline, info), **singles}
    return files, list(dict.fromkeys(warnings))


def _cover(templates: Templates, paper: Paper, system: str, setup, members, parts: list[Part]) -> tuple[bytes, list[int]]:
    """The cover, laid out until the page numbers it prints hold for its own length;
    and the pages before which a blank page goes."""
    try:
        name, told = setup.name, story(system, setup)
    except CoverError as exc:  # the game's data, not the setup: said as the packet's refusal
        raise PacketError(str(exc)) from None
    length = 1
    for _ in range(3):
        blanks = place(parts, length)
        characters = parts[0]
        cast = [(c.name, getattr(c, "player", "") or "", characters.start + p + 1)
                for (c, _), (_, p) in zip(members, characters.children)]
        contents = [(p.title, pages_of(p), print_note(p)) for p in parts if p.pages]
        two_sided = [(p.title, pages_of(p), p.sides) for p in parts if p.two_sided]
        one_sided_cards = [(p.title, pages_of(p)) for i, p in enumerate(parts)
                           if not p.two_sided and i and parts[i - 1].two_sided]
        def lay(notes: bool):
            return template_document(templates, "packet/cover.html", game=REGISTRY[system].title, system=system,
                                     setup_name=name, story=told, cast=cast, contents=contents, two_sided=two_sided,
                                     after_cards=one_sided_cards, blanks=bool(blanks), paper_label=paper.label,
                                     notes=notes, live_height_mm=paper.height_mm - 2 * paper.margin_mm,
                                     **page_context(paper, name))
        document = lay(True)
        if len(document.pages) > 1 and not _holds_how_to_print(document.pages[-1]):
            document = lay(False)  # the notes lines alone must not take a page of their own
        if len(document.pages) == length:
            return pdf_bytes(document), blanks
        length = len(document.pages)
    raise PacketError(f"{name}: the cover's length does not settle")


def _holds_how_to_print(page) -> bool:
    """Whether a laid-out cover page holds the "How to print" box, the last thing before the notes."""
    return any(box.element is not None and (box.element.get("class") or "") == "how"
               for box in page._page_box.descendants())


def page_count(pdf: bytes) -> int:
    with pikepdf.open(io.BytesIO(pdf)) as doc:
        return len(doc.pages)


def _blocks(blocks: list[list[int]], args: tuple, workers: int | None):
    """Each block rendered, in order: in this process for one block, else in a process pool."""
    if len(blocks) <= 1:
        yield from (_render_block(args[0], b, *args[1:]) for b in blocks)
        return
    with render_pool(workers or min(len(blocks), os.cpu_count() or 1)) as pool:
        yield from pool.map(_render_block, *zip(*[(args[0], b, *args[1:]) for b in blocks]))
