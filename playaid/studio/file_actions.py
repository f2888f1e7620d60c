"""The Files page's buttons: rename, duplicate, delete (to the trash) and restore.

Each answers with a short status for the page and an `HX-Trigger` that redraws the list;
a refusal (a taken name, a path outside the folder) is a status in plain words, never a
traceback. The work itself is `file_ops`.
"""

from __future__ import annotations

from html import escape

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse
from starlette.routing import Route

from . import file_ops


def _status(text: str, *, error: bool = False, changed: bool = False) -> HTMLResponse:
    cls = "status error" if error else "status"
    role = " role='alert'" if error else ""
    headers = {"HX-Trigger": "files-changed"} if changed else {}
    return HTMLResponse(f"<p id='file-status' class='{cls}'{role}>{escape(text)}</p>", headers=headers)


async def _act(request: Request, work, done: str) -> HTMLResponse:
    studio = request.app.state.studio
    form = await request.form()
    try:
        result = await run_in_threadpool(work, studio.folder, form)
    except LookupError as exc:
        return _status(f"Not done: {exc.args[0]}", error=True)
    except OSError as exc:
        return _status(f"Not done: the file could not be moved ({exc.strerror}).", error=True)
    studio.events.publish("file-saved", result)
    return _status(done.format(result), changed=True)


async def rename(request: Request) -> HTMLResponse:
    """Rename a file after the name the GM typed (made safe; refused if taken)."""
    return await _act(request, lambda root, f: file_ops.rename(root, str(f.get("file", "")), str(f.get("name", ""))),
                      "Renamed: now {}.")


async def duplicate(request: Request) -> HTMLResponse:
    return await _act(request, lambda root, f: file_ops.duplicate(root, str(f.get("file", ""))),
                      "Copied to {}.")


async def delete(request: Request) -> HTMLResponse:
    """Move a file into the folder's trash (the page asks first); it can be restored."""
    return await _act(request, lambda root, f: file_ops.to_trash(root, str(f.get("file", ""))).partition("/")[2],
                      "Moved {} to the trash: restore it from the list below.")


async def restore(request: Request) -> HTMLResponse:
    return await _act(request, lambda root, f: file_ops.restore(root, str(f.get("entry", ""))),
                      "Restored as {}.")


def routes() -> list:
    return [Route("/api/file/rename", rename, methods=["POST"]),
            Route("/api/file/duplicate", duplicate, methods=["POST"]),
            Route("/api/file/delete", delete, methods=["POST"]),
            Route("/api/file/restore", restore, methods=["POST"])]
