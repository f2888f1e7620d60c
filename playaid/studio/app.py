"""The studio's app factory: one Starlette app per served folder, no globals.

`create_app(folder, token=…)` returns a plain ASGI app, so tests call it in-process and
`playaid studio` hands it to uvicorn. The shared state every page reads lives on
`app.state.studio` (`Studio`); the render pool and the folder watcher live as long as the
app does (its lifespan).
"""

from __future__ import annotations

import asyncio
import errno
import contextlib
from pathlib import Path

import jinja2
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.responses import PlainTextResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from .. import resources
from . import editor, events, file_actions, folder_page, odds_page, preview, printed, printing, table_page
from .files import confine, digest, read_only, sweep, write_atomic
from .security import Guard, Shell

HERE = Path(__file__).parent
MAX_BODY = 256 * 1024
"""A form or a YAML file is far below this; a bigger request is refused (413) unread."""


async def _outside(request, exc: LookupError) -> PlainTextResponse:
    """A path that is not a file of the folder (see `files.confine`): 404 with the reason."""
    return PlainTextResponse(f"not a file of this folder: {exc}\n", status_code=404)


async def _fault(request, exc: Exception) -> PlainTextResponse:
    """A fault no page expected: plain words for the page, the details in the terminal
    (logged by `security.Shell`), never a traceback or a path in the answer."""
    return PlainTextResponse("the studio could not answer this request; the terminal it runs in says why\n",
                             status_code=500)


class _App(Starlette):
    """Starlette with `security.Shell` around its whole stack (its error and body-size
    handlers included), so their answers carry the safety headers too."""

    def build_middleware_stack(self):
        return Shell(super().build_middleware_stack())


class Studio:
    """What every page shares: the folder, the templates, and the only ways to touch files."""

    def __init__(self, folder: Path, token: str, workers: int):
        self.folder = folder.resolve()
        self.token = token
        self.workers = workers
        self.templates = jinja2.Environment(
            loader=jinja2.FileSystemLoader(HERE / "templates"), autoescape=True,
            undefined=jinja2.StrictUndefined, trim_blocks=True, lstrip_blocks=True)
        self.own_saves: dict[Path, str] = {}
        """Hash of the text we last wrote to each file: the watcher skips those changes."""
        self.renders = preview.Renders(self)
        self.events = events.Broker()
        self.loop: asyncio.AbstractEventLoop | None = None

    def stopping(self) -> None:
        """The server is about to stop: end the open event streams now, from any thread (an
        open stream would otherwise hold the shutdown until uvicorn's grace time runs out)."""
        if self.loop is not None and not self.loop.is_closed():
            self.loop.call_soon_threadsafe(self.events.close)

    def resolve(self, rel: str) -> Path:
        """The confined real path of `rel`; LookupError for anything outside or not YAML."""
        return confine(self.folder, rel)

    def rel(self, path: Path) -> str:
        return path.relative_to(self.folder).as_posix()

    def write_text(self, rel: str, text: str) -> None:
        """Write a file of the folder atomically, remembering it as our own save."""
        target = self.resolve(rel)
        if read_only(target):
            raise PermissionError(errno.EACCES, "the file is read-only")
        data = text.encode("utf-8")
        self.own_saves[target] = digest(data)
        write_atomic(target, data)


def create_app(folder: Path | str, *, token: str, workers: int = 1, watch: bool = True) -> Starlette:
    """The studio serving `folder`, reachable only with `token` (see `security`).

    `workers` render processes are started with the app (its lifespan) and stopped with
    it; `watch` follows changes made to the folder's files by other programs.
    """
    studio = Studio(Path(folder), token, workers)

    @contextlib.asynccontextmanager
    async def lifespan(app):
        stop = asyncio.Event()
        tasks = []
        studio.loop = asyncio.get_running_loop()
        await asyncio.to_thread(sweep, studio.folder)  # what a killed studio left half-written
        with studio.renders.running():
            if watch:
                tasks.append(asyncio.create_task(events.watch(studio, stop)))
            try:
                yield
            finally:
                stop.set()
                studio.events.close()
                for task in tasks:
                    task.cancel()
                    with contextlib.suppress(asyncio.CancelledError, Exception):
                        await task

    routes = [
        Route("/favicon.ico", lambda request: Response(status_code=204)),
        *folder_page.routes(),
        *file_actions.routes(),
        *editor.routes(),
        *preview.routes(),
        *printing.routes(),
        *printed.routes(),
        *events.routes(),
        *odds_page.routes(),
        *table_page.routes(),
        Mount("/static", StaticFiles(directory=HERE / "static"), name="static"),
        # the page's fonts are playaid's own bundled ones: nothing is fetched from elsewhere
        Mount("/fonts", StaticFiles(directory=resources.FONTS), name="fonts"),
    ]
    app = _App(routes=routes, lifespan=lifespan, max_body_size=MAX_BODY,
                    middleware=[Middleware(Guard, token=token)],
                    exception_handlers={LookupError: _outside, Exception: _fault})
    app.state.studio = studio
    return app
