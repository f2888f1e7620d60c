"""What a file prints: the one list that both the preview and the print buttons use.

Each output is made by the same library calls as its command (`playaid sheet`, `sheet
--blank`, `sheet --reference`, `packet`, `odds`, `roll`, `pregen --packet`), so the preview
is the PDF the print button writes and the file `playaid` would write from the command line.
A game's own outputs (a deck, a map, paper dice) are the ones it declares in
`GameSystem.printables`; this module names no game.

`make` runs in a render worker process: it is given paths and ids (picklable), loads the
file itself and returns plain data.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path

from ..systems import REGISTRY
from ..systems.base import load
from .files import OUTPUT
from .game_prints import declared_files, for_game


@dataclass(frozen=True)
class Output:
    id: str
    label: str
    command: str
    """The command line that makes the same file, shown beside its button."""
    from_file: bool = False
    """Made from the file itself (so it can be its preview), not only for its game."""
    count: int | None = None
    """The number it is made for, for an output that asks (a ready table, tokens): the one offered."""
    count_word: str = ""
    """What that number counts, as the page asks it ("Characters", "Players")."""
    count_range: tuple[int, int] = (1, 100)


def outputs(system: str | None, kind: str | None, rel: str) -> list[Output]:
    """The outputs offered for a file of `kind` of game `system` (the first made from the file
    is its preview)."""
    if system is None or system not in REGISTRY:
        return []
    game = REGISTRY[system]
    found: list[Output] = []
    if kind == "character" and game.sheet:
        found.append(Output("sheet", "Character sheet", f"playaid sheet {rel}", True))
    if kind == "setup":
        found.append(Output("packet", "Table packet", f"playaid packet {rel}", True))
    if kind == "scene" and game.play:
        found.append(Output("resolution", "Step-by-step resolution", f"playaid roll {rel}", True))
    if game.sheet:
        found.append(Output("blank", "Blank sheet", f"playaid sheet --blank {system}"))
        found.append(Output("reference", "Reference page", f"playaid sheet --reference {system}"))
    if game.odds and not getattr(load(game.odds), "NO_DICE", ""):
        found.append(Output("odds", "Odds handout", f"playaid odds {system}"))
    if system in _table_games():
        from ..pregen import module

        from ..pregen import COUNT

        found.append(Output("table", "Ready table", f"playaid pregen {system} --count N --packet",
                            count=module(system).DEMO_TABLE, count_word="Characters", count_range=COUNT))
    return found + declared(game, kind, rel)


def declared(game, kind: str | None, rel: str) -> list[Output]:
    """The game's own printables for a file of `kind`: one per label, the one made from this
    kind of file before the one made for the whole game."""
    found: dict[str, Output] = {}
    for from_file in (True, False):
        for i, (label, made_from, _, command) in enumerate(game.printables):
            fits = kind in made_from.split() if from_file else "game" in made_from.split()
            if fits and label not in found:
                counted = game.printable_counts.get(label) if not from_file else None
                if counted:
                    word, low, high, opening = counted
                    found[label] = Output(f"game-{i}", label, command.replace("{count}", "N"), from_file,
                                          opening, word, (low, high))
                else:
                    found[label] = Output(f"game-{i}", label, command.replace("{file}", rel), from_file)
    return list(found.values())


def _table_games() -> list[str]:
    from ..pregen.tables import table_games

    return table_games()


def make(output: str, path: str, rel: str, paper_id: str, *, pngs: bool = False, dpi: int = 80,
         count: int | None = None) -> dict:
    """Output `output` of the file at `path` (named `rel`): `{"files": {name: bytes}}`, with
    `"pages"` (PNG bytes of the first file's pages) when `pngs`, `"text"` for a resolution,
    `"error"` when it cannot be made, `"ms"` (time of each step, for Server-Timing), and
    `"typed"`/`"sources"`: the command line that writes the same into `output/` and the files
    read, for the output folder's manifest (`playaid reprint`)."""
    root = Path(path)
    for _ in Path(rel).parts:
        root = root.parent
    typed = next((as_typed(o.command, paper_id) for o in outputs(*_game_and_kind(path), rel) if o.id == output),
                 None)
    return _answer(lambda: _make(output, Path(path), rel, paper_id, count, root / OUTPUT), pngs, dpi, typed, root)


def make_for_game(output: str, system: str, paper_id: str, *, count: int | None = None) -> dict:
    """Output `output` of game `system` made from no file (a blank sheet, a ready table …), as `make`."""
    typed = next((as_typed(o.command, paper_id) for o in outputs(system, None, "") if o.id == output), None)
    return _answer(lambda: for_game(output, system, paper_id, count), False, 0, typed, Path.cwd())


def as_typed(command: str, paper: str) -> list[str] | None:
    """The command line that writes what a button writes into `output/`, for the manifest
    (`playaid reprint`); None for an output that is not a reprint of its inputs."""
    import shlex

    from ..manifest import REPRINTABLE

    try:
        words = shlex.split(command)[1:]
    except ValueError:  # a command shown in words ("… the club's file"), not one to run
        return None
    if not words or words[0] not in REPRINTABLE or any(w.startswith("(") or w.isupper() for w in words):
        return None  # not a reprint of its inputs, or a command with a blank to fill in (N, DECK)
    return words + ["--out", OUTPUT] + (["--paper", paper] if paper != "a4" else [])


def _game_and_kind(path: str) -> tuple[str | None, str | None]:
    from ..documents import Library

    doc = Library().load(path)
    return (doc.system.id if doc.system else None), doc.kind


def _answer(making, pngs: bool, dpi: int, typed: list[str] | None = None, cwd: Path | None = None) -> dict:
    from ..manifest import recording

    started = time.perf_counter()
    try:
        # what the output was drawn from, recorded as its command line would be (the packet's
        # name depends on whether the file there is an earlier print of this same command)
        with recording(typed or [], cwd) as reads:
            result = making()
        result["sources"], result["typed"] = reads.sources, typed
    except Exception as exc:  # a render that fails answers with its error, the server lives on
        import click

        # a command's refusal (InputError) already says what to fix; anything else is named
        said = exc.format_message() if isinstance(exc, click.ClickException) else f"{type(exc).__name__}: {exc}"
        return {"error": said, "files": {}}
    result["ms"] = {"pdf": (time.perf_counter() - started) * 1000}
    if pngs and result.get("files"):
        at = time.perf_counter()
        result["pages"] = page_images(next(iter(result["files"].values())), dpi)
        result["ms"]["png"] = (time.perf_counter() - at) * 1000
    return result


def page_images(pdf: bytes, dpi: int) -> list[bytes]:
    """Every page as a PNG; not optimized (three times faster, hardly bigger)."""
    import io

    import pypdfium2

    doc = pypdfium2.PdfDocument(pdf)
    doc.init_forms()  # form fields drawn with their values, as a viewer shows them
    try:
        out = []
        for page in doc:
            buffer = io.BytesIO()
            page.render(scale=dpi / 72, may_draw_forms=True).to_pil().save(buffer, format="PNG", compress_level=1)
            out.append(buffer.getvalue())
        return out
    finally:
        doc.close()


def _make(output: str, path: Path, rel: str, paper_id: str, count: int | None = None,
          out: Path = Path(OUTPUT)) -> dict:
    from ..documents import Library
    from ..language import chosen, speaking
    from ..render.html import Templates
    from ..render.paper import paper
    from ..render.sheets import cast_of, render_sheets, sheet_for
    from ..safe_text import slug

    sheet_paper = paper(paper_id)
    library = Library()
    doc = library.load(path, rel)
    system = doc.system.id if doc.system else None
    if output in {o.id for o in outputs(system, None, "")}:  # made for the game: the file plays no part
        return for_game(output, system, paper_id, count)
    errors = [p for p in library.problems() if p.is_error]
    if errors:
        return {"error": f"the file has {len(errors)} error{'s' * (len(errors) != 1)}: "
                         "fix them and the preview follows", "files": {}, "invalid": True}
    if output == "sheet":
        character = cast_of(library, path, doc).members[0][0]
        with speaking(chosen(getattr(character, "language", None))):  # the studio's words stay English, a sheet's need not
            pdf = render_sheets(Templates(), sheet_paper, [sheet_for(system, character)], character.name)
        return {"files": {f"{slug(character.name)}.pdf": pdf}}
    if output == "packet":
        from ..packet_names import packet_names
        from ..packets import packet

        files, _ = packet(path, sheet_paper, workers=1)
        return {"files": packet_names(path, out, files)}  # the names `playaid packet` gives them there
    if output == "resolution":
        from ..play import format_resolution, resolve_scene

        result, problems, seed = resolve_scene(path, 1)
        if result is None:
            return {"error": "; ".join(p.message for p in problems if p.is_error) or "cannot resolve", "files": {}}
        return {"files": {}, "text": format_resolution(result, seed)}
    if output.startswith("game-") and doc.system is not None:
        return {"files": declared_files(doc.system.printables[int(output[5:])], path, paper_id)}
    return {"error": f"no output `{output}` for this file", "files": {}}
