"""Print: each output the command line makes from a file, written to `output/` inside the
folder and offered for download.

Print reads the file as saved (files on disk are the truth: the PDF is the one `playaid
sheet FILE` would write), in a render worker like the preview. The output folder is never
watched, so writing there wakes nothing.
"""

from __future__ import annotations

import asyncio
import re
from html import escape

from starlette.requests import Request
from starlette.responses import FileResponse, HTMLResponse, PlainTextResponse, Response
from starlette.routing import Route

from ..outputs import OutputError, OutputFolder
from .files import OUTPUT, digest
from .preview import PAPERS, TIMEOUT
from .printables import make, outputs

_SAFE_NAME = re.compile(r"^[^/\\.][^/\\]*\.(pdf|txt)$")


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
    loop = asyncio.get_running_loop()
    try:
        result = await asyncio.wait_for(
            loop.run_in_executor(studio.renders.pool, make, wanted, str(path), rel, paper), TIMEOUT)
    except asyncio.TimeoutError:
        studio.renders._replace_pool()
        return _status(f"The print took longer than {TIMEOUT:g} s and was stopped.", error=True)
    if result.get("error"):
        return _status(f"Not printed: {escape(result['error'])}", error=True)
    files = dict(result.get("files", {}))
    if result.get("text") is not None:
        files[f"{path.stem}-resolution.txt"] = result["text"].encode("utf-8")
    try:
        with OutputFolder(studio.folder / OUTPUT).batch() as batch:
            for name, data in files.items():
                batch.write_bytes(name, data)
    except OutputError as exc:
        return _status(escape(str(exc)), error=True)
    unsaved = digest(str(form.get("text", "")).encode("utf-8")) != digest(saved) if "text" in form else False
    links = "".join(f"<li><a href='/download/{escape(n)}' download>{escape(n)}</a> written to "
                    f"{OUTPUT}/{escape(n)}</li>" for n in files)
    note = "<p>Printed the file as saved; your unsaved changes are not in it.</p>" if unsaved else ""
    return HTMLResponse(f"<div id='print-status' class='status' role='status'>{note}<ul>{links}</ul></div>")


def _offered(path, rel: str):
    from .checks import check

    doc = check(path, rel).doc
    return outputs(doc.system.id if doc.system else None, doc.kind, rel)


async def download(request: Request) -> Response:
    studio = request.app.state.studio
    name = request.path_params["name"]
    folder = (studio.folder / OUTPUT).resolve()
    target = (folder / name).resolve() if _SAFE_NAME.match(name) else None
    if target is None or target.parent != folder or not target.is_file():
        return PlainTextResponse("no such printed file in output/\n", status_code=404)
    media = "application/pdf" if name.endswith(".pdf") else "text/plain; charset=utf-8"
    return FileResponse(target, media_type=media, filename=name, content_disposition_type="attachment")


def routes() -> list:
    return [Route("/api/print/{rel:path}", print_file, methods=["POST"]),
            Route("/download/{name}", download)]
