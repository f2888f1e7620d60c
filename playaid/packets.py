"""What a table's packet holds for each game, gathered from the registry.

After the character sheets: the game's reference page, its odds handout (when it has
odds) and the pages it names in `GameSystem.packet`. The renderer (`render/packet.py`)
lays out whatever list it is handed; the choice of pages lives here, where the odds
feature may be used without the renderers depending on it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Callable

from .documents import Library
from .language import N_
from .render.html import Templates
from .render.packet import Handout, build_packet
from .render.paper import Paper
from .render.sheets import reference_pdf, render_sheets, sheet_for, slug
from .systems import REGISTRY
from .systems.base import load


def _reference(system: str) -> Handout:
    return Handout(N_("Reference"), lambda setup, paper, templates: reference_pdf(templates, paper, system), game_level=True)


def _odds(system: str) -> Handout:
    def make(setup: Path, paper: Paper, templates: Templates) -> bytes:
        from .odds.handout import handout_pdf

        return handout_pdf(system, paper)

    return Handout(getattr(load(REGISTRY[system].odds), "HANDOUT_TITLE", N_("Odds")), make, game_level=True)


def _named(title: str, dotted: str) -> Handout:
    make = load(dotted)
    return Handout(title, make, game_level=getattr(make, "game_level", False))


def handouts(system: str) -> list[Handout]:
    """The pages a packet of game `system` holds after the sheets, in order."""
    game = REGISTRY[system]
    pages = [_reference(system)]
    if game.odds and not getattr(load(game.odds), "NO_DICE", ""):
        pages.append(_odds(system))
    return pages + [_named(title, dotted) for title, dotted in game.packet]


def packet(setup_path: Path, paper: Paper, **options) -> tuple[dict[str, bytes], list[str]]:
    """`build_packet` with each game's own handouts (options as there)."""
    return build_packet(setup_path, paper, handouts, **options)


def example_folders() -> dict[str, Path]:
    """Each game's folder of bundled examples by game id, in the order of the ids."""
    folders = {g: Path(REGISTRY[g].examples) for g in sorted(REGISTRY) if REGISTRY[g].examples}
    return {g: f for g, f in folders.items() if f.is_dir()}


def demo_outputs(paper: Paper, progress: Callable[[str], None] = lambda _: None) -> dict[str, bytes]:
    """For `playaid demo`: a sheet per example character, a blank sheet per game, a packet per setup."""
    from .documents import expand

    files: dict[str, bytes] = {}
    templates = Templates()
    library = Library()
    found, _ = expand(str(p) for p in example_folders().values())
    for path in found:
        doc = library.load(path)
        if not doc.valid or doc.kind not in ("character", "setup"):
            continue
        game = doc.system.id
        if doc.kind == "character":
            sheet = sheet_for(game, doc.model)
            files[f"sheets/{game}/{slug(doc.model.name)}.pdf"] = render_sheets(templates, paper, [sheet], doc.model.name)
        else:
            with REGISTRY.working_for(game, "packet"):  # its cover, its pages, all read the add-on's data
                made, _ = packet(path, paper, workers=1)
            files.update({f"packets/{game}/{name}": data for name, data in made.items()})
    for game in REGISTRY:
        if REGISTRY[game].sheet:
            files[f"sheets/blank-{game}.pdf"] = render_sheets(templates, paper, [sheet_for(game, None)], f"blank {game}")
    return files
