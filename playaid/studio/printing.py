"""Print: each output the command line makes from a file or for a game, written to `output/`
inside the folder and offered for download.

Print reads the file as saved (files on disk are the truth: the PDF is the one `playaid
sheet FILE` would write), in a render worker like the preview. The output folder is never
watched, so writing there wakes nothing.
"""

from __future__ import annotations

import asyncio
import re
from functools import partial
from html import escape
from urllib.parse import quote

from starlette.requests import Request
from starlette.responses import FileResponse, HTMLResponse, PlainTextResponse, Response
from starlette.routing import Route

from ..outputs import OutputError, OutputFolder
from ..systems import REGISTRY
from .files import OUTPUT, digest
from .preview import PAPERS, TIMEOUT
from .printables import make, make_for_game, outputs

_SAFE_NAME = re.compile(r"^[^/\\.][^/\\]*\.(pdf|txt)$")
_SAFE_FOLDER = re.compile(r"^[^/\\.][^/\\]*$")
OFFERED = (".pdf", ".txt")
"""What is offered for download; the other files printed (a ready table's YAML) are named."""


def _status(message: str, error: bool = False) -> HTMLResponse:
    kind = "status error" if error else "status"
    role = " role='alert'" if error else ""
    return HTMLResponse(f"<div id='print-status' class='{kind}'{role}>{message}</div>")


async def print_file(request: Request) -> Response:
    studio = request.app.state.studio
    rel = request.path_params["rel"]
    form = await request.form()
    wanted = str(form.get("output", ""))
    paper = str(form.get("paper", "a4"))
    paper = paper if paper in PAPERS else "a4"
    path = studio.resolve(rel)
    try:
        saved = path.read_bytes()
    except OSError:
        return _status("Save the file first: print uses the file as saved.", error=True)
    doc_outputs = await asyncio.get_running_loop().run_in_executor(None, _offered, path, rel)
    if wanted not in {o.id for o in doc_outputs}:
        return _status(f"Nothing called {escape(wanted)!r} prints from this file.", error=True)
    job = partial(make, wanted, str(path), rel, paper, count=_count(form))
    unsaved = digest(str(form.get("text", "")).encode("utf-8")) != digest(saved) if "text" in form else False
    note = "<p>Printed the file as saved; your unsaved changes are not in it.</p>" if unsaved else ""
    return await _printed(studio, job, f"{path.stem}-resolution.txt", note)


async def print_game(request: Request) -> Response:
    """A game's outputs made from no file: a blank sheet, a ready table, its deck …"""
    studio = request.app.state.studio
    game = REGISTRY.get(request.path_params["system"])
    form = await request.form()
    wanted = str(form.get("output", ""))
    paper = str(form.get("paper", "a4"))
    if game is None or wanted not in {o.id for o in outputs(game.id, None, "")}:
        return _status(f"Nothing called {escape(wanted)!r} prints for this game.", error=True)
    paper = paper if paper in PAPERS else "a4"
    job = partial(make_for_game, wanted, game.id, paper, count=_count(form))
    return await _printed(studio, job, "", "")


async def _printed(studio, job, text_name: str, note: str) -> Response:
    """Run `job` in a render worker, write its files to `output/` all together, and say so."""
    loop = asyncio.get_running_loop()
    try:
        result = await asyncio.wait_for(loop.run_in_executor(studio.renders.pool, job), TIMEOUT)
    except asyncio.TimeoutError:
        studio.renders._replace_pool()
        return _status(f"The print took longer than {TIMEOUT:g} s and was stopped.", error=True)
    if result.get("error"):
        return _status(f"Not printed: {escape(result['error'])}", error=True)
    files = dict(result.get("files", {}))
    if result.get("text") is not None:
        files[text_name] = result["text"].encode("utf-8")
    try:
        with OutputFolder(studio.folder / OUTPUT).batch() as batch:
            for name, data in files.items():
                batch.write_bytes(name, data)
    except OutputError as exc:
        return _status(escape(str(exc)), error=True)
    if result.get("typed") and result.get("sources") is not None:
        _remember(studio, result["typed"], files, result["sources"])
    return HTMLResponse(f"<div id='print-status' class='status' role='status'>{note}{_written(files)}"
                        f"{_again(result.get('command'))}{_note(result.get('note'))}</div>")


def _remember(studio, typed: list[str], files: dict, sources: dict) -> None:
    """Note the print in `output/`'s manifest as the command line would (see `manifest`)."""
    from .. import manifest

    try:
        manifest.record(studio.folder / OUTPUT, files, manifest.Reads(typed, studio.folder, dict(sources)))
    except OutputError:
        pass  # the files are printed; only the stale marks lose track of them


async def game_page(request: Request) -> Response:
    """Every output of one game made from no file, each with its button."""
    studio = request.app.state.studio
    game = REGISTRY.get(request.path_params["system"])
    if game is None:
        return PlainTextResponse("no such game: the Files page lists the games there are\n", status_code=404)
    listed = await asyncio.get_running_loop().run_in_executor(None, outputs, game.id, None, "")
    return HTMLResponse(studio.templates.get_template("print_game.html").render(game=game, listed=listed))


def _count(form) -> int | None:
    """The number of characters asked for (a ready table); None when not given or not a number."""
    text = str(form.get("count", "")).strip()
    return int(text) if text.isascii() and text.isdigit() and len(text) < 4 else None


def _written(files: dict) -> str:
    """Each file printed: a download link for the PDFs (and text), the rest named in one line."""
    shown = [n for n in files if n.endswith(OFFERED)]
    links = "".join(f"<li><a href='/download/{quote(n)}' download>{escape(n.rsplit('/', 1)[-1])}</a> written to "
                    f"{OUTPUT}/{escape(n)}</li>" for n in shown)
    others = [n for n in files if n not in shown]
    rest = (f"<li>and {len(others)} more file{'s' * (len(others) != 1)} beside "
            f"{'it' if len(shown) == 1 else 'them'}: {escape(', '.join(n.rsplit('/', 1)[-1] for n in others))}"
            "</li>") if others else ""
    return f"<ul>{links}{rest}</ul>"


def _note(note: str | None) -> str:
    return f"<p>{escape(note)}</p>" if note else ""


def _again(command: str | None) -> str:
    """How to make the same files again from the command line, when they were drawn at random."""
    if not command:
        return ""
    return f"<p>To make the same again: <code class='cli'>{escape(command)}</code></p>"


def _offered(path, rel: str):
    from .checks import check

    doc = check(path, rel).doc
    return outputs(doc.system.id if doc.system else None, doc.kind, rel)


async def download(request: Request) -> Response:
    studio = request.app.state.studio
    *inside, name = request.path_params["name"].split("/")
    folder = (studio.folder / OUTPUT).resolve()
    # at most one folder deep (a ready table's), no dot names: nothing else of the disk is reachable
    safe = _SAFE_NAME.match(name) and len(inside) <= 1 and all(_SAFE_FOLDER.match(p) for p in inside)
    target = folder.joinpath(*inside, name).resolve() if safe else None
    if target is None or target.parent != folder.joinpath(*inside) or not target.is_file():
        return PlainTextResponse("no such printed file in output/\n", status_code=404)
    media = "application/pdf" if name.endswith(".pdf") else "text/plain; charset=utf-8"
    return FileResponse(target, media_type=media, filename=name, content_disposition_type="attachment")


def routes() -> list:
    return [Route("/api/print/{rel:path}", print_file, methods=["POST"]),
            Route("/print/{system}", game_page),
            Route("/api/print-game/{system}", print_game, methods=["POST"]),
            Route("/download/{name:path}", download)]
