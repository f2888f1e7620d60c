"""A table's packet: cover, one sheet per character, the reference page, every handout.

Sheets are laid out in blocks; a cast larger than one block is spread over worker
processes (both cores), each holding one block at a time, and the blocks are merged in
order. Handouts of other features plug into `HANDOUTS`.
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
from .sheets import GAME_TITLES, cast_of, reference_pdf, render_sheets, render_sheets_paged, sheet_for, slug
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


def _reference(system: str) -> Handout:
    return Handout("Reference", lambda setup, paper, templates: reference_pdf(templates, paper, system))


def _odds(system: str) -> Handout:
    def make(setup: Path, paper: Paper, templates: Templates) -> bytes:
        from ..odds.handout import handout_pdf

        return handout_pdf(system, paper)

    return Handout("Rules at a glance" if system == "fight-club" else "Odds", make)


def _map(setup: Path, paper: Paper, templates: Templates) -> bytes:
    from .maps import map_pdf

    return map_pdf(setup, paper.id)


def _deck(setup: Path, paper: Paper, templates: Templates) -> bytes:
    from .cards import deck_pdf

    return deck_pdf(paper.id)


def _dice(*colours: str | None) -> Handout:
    """A page of paper dice per entry: "spiral" a Spiral die, else a d6 of that colour (None plain)."""

    def make(setup: Path, paper: Paper, templates: Templates) -> bytes:
        from .merge import Merger
        from .nets import D6, nets_pdf
        from ..systems.sapio.spiral_die import default_die

        merger = Merger()
        for colour in colours:
            merger.append(nets_pdf(default_die() if colour == "spiral" else D6(colour), paper))
        return merger.finish([])

    return Handout("Paper dice", make)


HANDOUTS: dict[str, list[Handout]] = {system: [_reference(system), _odds(system)] for system in GAME_TITLES}
"""Per game, the handouts a packet holds after the sheets, in order."""
HANDOUTS["isolation"] += [Handout("Relationship map", _map), _dice("green", "red")]
HANDOUTS["fight-club"].append(Handout("Frustration deck", _deck))
HANDOUTS["sapio"].append(_dice("spiral"))
HANDOUTS["fight-sphere"].append(_dice(None))
HANDOUTS["dirt"].append(_dice(None))


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


def build_packet(setup_path: Path, paper: Paper, *, template_dir: Path | None = None, split: bool = False,
                 workers: int | None = None, progress: Callable[[int, int], None] = lambda done, total: None,
                 ) -> tuple[dict[str, bytes], list[str]]:
    """The packet of a valid setup file (and with `split`, one PDF per character): name → bytes, warnings."""
    library = Library()
    doc = library.load(setup_path)
    if not doc.valid or doc.kind != "setup":
        raise PacketError(f"{setup_path}: a packet needs a valid setup file")
    cast = cast_of(library, setup_path, doc)
    system, setup = cast.system, doc.model
    templates = Templates(template_dir)
    members = cast.members
    handouts = HANDOUTS.get(system, [])
    total = len(members) + len(handouts) + 1
    sections = ["Characters", *(h.title for h in handouts)]
    cover = template_pdf(templates, "packet/cover.html", game=GAME_TITLES[system], system=system,
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
    for h in handouts:
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


def demo_outputs(examples: Path, paper: Paper) -> dict[str, bytes]:
    """For `playaid demo`: a sheet per example character, a blank sheet per game, a packet per setup."""
    from ..documents import expand

    files: dict[str, bytes] = {}
    templates = Templates()
    library = Library()
    found, _ = expand(str(p) for p in sorted(examples.iterdir()) if p.is_dir())
    for path in found:
        doc = library.load(path)
        if not doc.valid or doc.kind not in ("character", "setup"):
            continue
        game = doc.system.id
        if doc.kind == "character":
            sheet = sheet_for(game, doc.model)
            files[f"sheets/{game}/{slug(doc.model.name)}.pdf"] = render_sheets(templates, paper, [sheet], doc.model.name)
        else:
            packet, _ = build_packet(path, paper, workers=1)
            files.update({f"packets/{game}/{name}": data for name, data in packet.items()})
    for game in GAME_TITLES:
        files[f"sheets/blank-{game}.pdf"] = render_sheets(templates, paper, [sheet_for(game, None)], f"blank {game}")
    return files
