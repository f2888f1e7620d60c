"""What a file prints: the one list that both the preview and the print buttons use.

Each output is made by the same library calls as its command (`playaid sheet`, `sheet
--blank`, `sheet --reference`, `packet`, `odds`, `roll`), so the preview is the PDF the
print button writes and the file `playaid` would write from the command line.

`make` runs in a render worker process: it is given paths and ids (picklable), loads the
file itself and returns plain data.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path

from ..systems import REGISTRY
from ..systems.base import load


@dataclass(frozen=True)
class Output:
    id: str
    label: str
    command: str
    """The command line that makes the same file, shown beside its button."""


def outputs(system: str | None, kind: str | None, rel: str) -> list[Output]:
    """The outputs offered for a file of `kind` of game `system` (the first is its preview)."""
    if system is None or system not in REGISTRY:
        return []
    game = REGISTRY[system]
    found: list[Output] = []
    if kind == "character" and game.sheet:
        found.append(Output("sheet", "Character sheet", f"playaid sheet {rel}"))
    if kind == "setup":
        found.append(Output("packet", "Table packet", f"playaid packet {rel}"))
    if kind == "scene" and game.play:
        found.append(Output("resolution", "Step-by-step resolution", f"playaid roll {rel}"))
    if game.sheet:
        found.append(Output("blank", "Blank sheet", f"playaid sheet --blank {system}"))
        found.append(Output("reference", "Reference page", f"playaid sheet --reference {system}"))
    if game.odds and not getattr(load(game.odds), "NO_DICE", ""):
        found.append(Output("odds", "Odds handout", f"playaid odds {system}"))
    return found


def make(output: str, path: str, rel: str, paper_id: str, *, pngs: bool = False, dpi: int = 80) -> dict:
    """Output `output` of the file at `path` (named `rel`): `{"files": {name: bytes}}`, with
    `"pages"` (PNG bytes of the first file's pages) when `pngs`, `"text"` for a resolution,
    `"error"` when it cannot be made, and `"ms"` (time of each step, for Server-Timing)."""
    started = time.perf_counter()
    try:
        result = _make(output, Path(path), rel, paper_id)
    except Exception as exc:  # a render that fails answers with its error, the server lives on
        return {"error": f"{type(exc).__name__}: {exc}", "files": {}}
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


def _make(output: str, path: Path, rel: str, paper_id: str) -> dict:
    from ..documents import Library
    from ..render.html import Templates
    from ..render.paper import paper
    from ..render.sheets import cast_of, reference_pdf, render_sheets, sheet_for
    from ..safe_text import slug

    sheet_paper = paper(paper_id)
    library = Library()
    doc = library.load(path, rel)
    system = doc.system.id if doc.system else None
    if output in ("blank", "reference", "odds"):
        if system is None:
            return {"error": "the file does not say which game it is for (`system:`)", "files": {}}
        if output == "blank":
            return {"files": {f"blank-{system}.pdf": render_sheets(
                Templates(), sheet_paper, [sheet_for(system, None)], f"blank {system} sheet")}}
        if output == "reference":
            return {"files": {f"reference-{system}.pdf": reference_pdf(Templates(), sheet_paper, system)}}
        from ..odds.handout import handout_pdf

        return {"files": {f"odds-{system}.pdf": handout_pdf(system, sheet_paper)}}
    errors = [p for p in library.problems() if p.is_error]
    if errors:
        return {"error": f"the file has {len(errors)} error{'s' * (len(errors) != 1)}: "
                         "fix them and the preview follows", "files": {}, "invalid": True}
    if output == "sheet":
        character = cast_of(library, path, doc).members[0][0]
        pdf = render_sheets(Templates(), sheet_paper, [sheet_for(system, character)], character.name)
        return {"files": {f"{slug(character.name)}.pdf": pdf}}
    if output == "packet":
        from ..packets import packet

        files, _ = packet(path, sheet_paper, workers=1)
        return {"files": files}
    if output == "resolution":
        from ..play import format_resolution, resolve_scene

        result, problems, seed = resolve_scene(path, 1)
        if result is None:
            return {"error": "; ".join(p.message for p in problems if p.is_error) or "cannot resolve", "files": {}}
        return {"files": {}, "text": format_resolution(result, seed)}
    return {"error": f"no output `{output}` for this file", "files": {}}
