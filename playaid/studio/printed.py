"""The printed files of the folder (`output/`), each marked up to date or not, and the
button that prints again what changed — `playaid reprint`, run as the command line runs it.
"""

from __future__ import annotations

import asyncio
import subprocess
import sys
from dataclasses import dataclass
from html import escape

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, Response
from starlette.routing import Route

from .files import OUTPUT

REPRINT_SECONDS = 600
"""A reprint of a whole convention's outputs stays well inside this; past it, it is stopped."""


@dataclass(frozen=True)
class Printed:
    """One command's files in `output/`, as the manifest knows them."""

    command: str
    files: list[str]
    why: list[str]
    """Why they are out of date (an input changed, a file is gone); empty when current."""


def printed(studio) -> list[Printed]:
    """What `output/` holds, out-of-date prints first, in the manifest's order within each."""
    from .. import manifest

    old, current = manifest.stale(studio.folder / OUTPUT, base=studio.folder)
    made = [Printed(job.command(), sorted(job.outputs), why) for job, why in old]
    return made + [Printed(job.command(), sorted(job.outputs), []) for job in current]


async def reprint(request: Request) -> Response:
    """Print again every out-of-date output: `playaid reprint output` in the folder, in its own
    process (a render can take a while and must not hold this one), with its words shown."""
    studio = request.app.state.studio

    def run() -> subprocess.CompletedProcess:
        return subprocess.run([sys.executable, "-m", "playaid", "reprint", OUTPUT], cwd=studio.folder,
                              capture_output=True, text=True, timeout=REPRINT_SECONDS, stdin=subprocess.DEVNULL)

    try:
        done = await run_in_threadpool(run)
    except subprocess.TimeoutExpired:
        return _said(f"The reprint took longer than {REPRINT_SECONDS} s and was stopped.", error=True)
    lines = [line for line in (done.stdout + done.stderr).splitlines() if line.strip()]
    shown = "".join(f"<li>{escape(line)}</li>" for line in lines)
    return _said(f"<ul>{shown}</ul>", error=done.returncode != 0, trigger=True)


def _said(html: str, *, error: bool = False, trigger: bool = False) -> Response:
    role = "alert" if error else "status"
    kind = "status error" if error else "status"
    headers = {"HX-Trigger": "files-changed"} if trigger else {}
    return HTMLResponse(f"<div id='reprint-status' class='{kind}' role='{role}'>{html}</div>", headers=headers)


async def printed_list(studio) -> list[Printed]:
    return await asyncio.get_running_loop().run_in_executor(None, printed, studio)


def routes() -> list:
    return [Route("/api/reprint", reprint, methods=["POST"])]
