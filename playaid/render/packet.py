"""A table's packet: cover, one sheet per character, the reference page, every handout.

Sheets are laid out in blocks; a cast larger than one block is spread over worker
processes (both cores), each holding one block at a time, and the blocks are merged in
order. What follows the sheets (the handouts) is the caller's choice: `playaid.packets`
gathers each game's from the registry.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from ..documents import Library
from .html import Templates, page_context
from .merge import Merger, Section
from .paper import Paper, paper as paper_named
from ..systems import REGISTRY
from .sheets import cast_of, render_sheets_paged, sheet_for, slug
from .sheets.pdf import template_pdf
from .workers import render_pool

BLOCK = 25
"""Sheets per block: one WeasyPrint document each, so a worker's memory stays bounded."""


@dataclass(frozen=True)
class Handout:
    """A section every packet of a game gets: a bookmark title and how to make its PDF."""

    title: str
    make: Callable[[Path, Paper, Templates], bytes]
    """(setup file, paper, templates) → PDF bytes."""


class PacketError(Exception):
    """A setup that cannot be made into a packet (the message says why)."""


def _prefix(index: int, name: str) -> str:
    return f"c{index + 1:03d}-{slug(name)}"


def _render_block(setup_path: str, indices: list[int], paper_id: str, template_dir: str | None,
                  ) -> tuple[bytes, list[int], list[str]]:
    """Worker: the sheets of cast members `indices` as one PDF, each sheet's first page, fitting warnings."""
    library = Library()
    doc = library.load(setup_path)
    cast = cast_of(library, Path(setup_path), doc)
    templates = Templates(Path(template_dir) if template_dir else None)
    warnings: list[str] = []
    sheets = [sheet_for(cast.system, cast.members[i][0], setup=cast.members[i][1], prefix=_prefix(i, cast.members[i][0].name),
                        warnings=warnings) for i in indices]
    # merged page by page into the packet, which keeps no structure tree: tags would be wasted work
    pdf, starts, _ = render_sheets_paged(templates, paper_named(paper_id), sheets, doc.model.name, tagged=False)
    return pdf, starts, templates.warnings + warnings


def build_packet(setup_path: Path, paper: Paper, handouts: Callable[[str], list[Handout]], *,
                 template_dir: Path | None = None, split: bool = False, workers: int | None = None,
                 progress: Callable[[int, int], None] = lambda done, total: None,
                 ) -> tuple[dict[str, bytes], list[str]]:
    """The packet of a valid setup file (and with `split`, one PDF per character): name → bytes,
    warnings. `handouts(game id)` lists what follows the sheets."""
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
    sections = ["Characters", *(h.title for h in pages)]
    cover = template_pdf(templates, "packet/cover.html", game=REGISTRY[system].short_title, system=system,
                         setup_name=setup.name, cast=[(c.name, getattr(c, "player", "")) for c, _ in members],
                         sections=sections, **page_context(paper, setup.name))
    merger, outline, warnings = Merger(), [], list(templates.warnings)
    outline.append(Section("Cover", merger.append(cover)))
    progress(1, total)
    blocks = [list(range(i, min(i + BLOCK, len(members)))) for i in range(0, len(members), BLOCK)]
    args = (str(setup_path), paper.id, str(template_dir) if template_dir else None)
    characters = Section("Characters", merger.pages)
    done, singles = 1, {}
    for indices, (pdf, starts, notes) in zip(blocks, _blocks(blocks, args, workers)):
        first = merger.append(pdf)
        characters.children += [Section(members[i][0].name, first + start) for i, start in zip(indices, starts)]
        warnings += notes
        if split:
            ends = [*starts[1:], merger.pages - first]
            for i, start, end in zip(indices, starts, ends):
                one = Merger()
                one.append(pdf, range(start, end))
                name = members[i][0].name
                singles[f"{slug(setup.name)}-{i + 1:03d}-{slug(name)}.pdf"] = one.finish([Section(name, 0)])
        done += len(indices)
        progress(done, total)
    outline.append(characters)
    for h in pages:
        outline.append(Section(h.title, merger.append(h.make(setup_path, paper, templates))))
        done += 1
        progress(done, total)
    files = {f"{slug(setup.name)}-packet.pdf": merger.finish(outline), **singles}
    return files, list(dict.fromkeys(warnings))


def _blocks(blocks: list[list[int]], args: tuple, workers: int | None):
    """Each block rendered, in order: in this process for one block, else in a process pool."""
    if len(blocks) <= 1:
        yield from (_render_block(args[0], b, *args[1:]) for b in blocks)
        return
    with render_pool(workers or min(len(blocks), os.cpu_count() or 1)) as pool:
        yield from pool.map(_render_block, *zip(*[(args[0], b, *args[1:]) for b in blocks]))
