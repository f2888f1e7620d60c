"""The live preview: the file's printed page, redrawn after every change, latest wins.

A render takes 0.15–0.3 s in a warm worker, more than the 0.3 s between two bursts of
typing, so requests pile up unless old ones are dropped. A task already in a worker cannot
be stopped, so each file has a generation counter: a request that is no longer the newest
when its turn comes, or when its picture is ready, answers 204 (htmx swaps nothing) and
only the newest is drawn. At most one render per file waits for a worker; the pool is
bounded by a semaphore, and a render that hangs past `TIMEOUT` is answered with an error
and its pool replaced, so the server never stops.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from html import escape
from collections import OrderedDict
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, Response
from starlette.routing import Route

from ..render.workers import render_pool
from .reading import Refused, plain
from .files import digest, draft
from .printables import make, outputs

TIMEOUT = 30.0
"""Seconds a render may take; a packet of a large table is the slowest, well under this."""
MOST_WAITING = 32
"""Preview requests waiting at once, all files together; past that the answer is 503."""
KEPT = 48
"""Rendered previews kept in memory (a few MB each at most), oldest dropped first."""
PAPERS = ("a4", "letter")


@dataclass
class Picture:
    key: str
    pages: list[bytes] = field(default_factory=list)
    text: str | None = None
    error: str | None = None
    invalid: bool = False
    timing: dict = field(default_factory=dict)

    def sizes(self) -> list[tuple[int, int]]:
        """Each page's pixel width and height (from its PNG header): the page's <img> keeps its
        place at that shape while it loads, so the preview never collapses as it redraws."""
        return [(int.from_bytes(png[16:20], "big"), int.from_bytes(png[20:24], "big")) for png in self.pages]


class Busy(Exception):
    """Too many previews are waiting: the answer is 503, try again."""


class Renders:
    """The warm pool and what it has drawn."""

    def __init__(self, studio):
        self.studio = studio
        self.pool = None
        self._stack = contextlib.ExitStack()
        self.generation: dict[str, int] = {}
        self.cache: OrderedDict[str, Picture] = OrderedDict()
        self._gate: asyncio.Semaphore | None = None
        self.superseded = 0
        self.waiting = 0
        self.running_now: dict[str, asyncio.Future] = {}
        self.last_good: dict[tuple[str, str], Picture] = {}
        """The newest picture drawn of each (file, paper): shown while the text has errors."""

    @contextlib.contextmanager
    def running(self):
        """Warm the parent (WeasyPrint imported, one page drawn), then fork the workers from it."""
        _warm()
        self._open()
        try:
            yield self
        finally:
            self._stack.close()
            self.pool = None

    def _open(self) -> None:
        self._stack.close()
        self._stack = contextlib.ExitStack()
        self.pool = self._stack.enter_context(render_pool(self.studio.workers))

    def _replace_pool(self) -> None:
        for process in list(getattr(self.pool, "_processes", {}).values()):
            with contextlib.suppress(Exception):
                process.kill()
        self._open()

    async def picture(self, rel: str, text: str, paper: str) -> Picture | None:
        """The preview of `text` (file `rel`) on `paper`, or None when a newer request came.
        A render of the same text already under way is awaited, not started again."""
        path = self.studio.resolve(rel)
        key = digest(f"{rel}\0{paper}\0{text}".encode("utf-8"))
        if key in self.cache:
            self.cache.move_to_end(key)
            return self.cache[key]
        if key not in self.running_now:
            task = asyncio.ensure_future(self._picture(rel, path, text, paper, key))
            self.running_now[key] = task
            task.add_done_callback(lambda _: self.running_now.pop(key, None))
        return await asyncio.shield(self.running_now[key])

    def prefetch(self, rel: str, text: str, paper: str) -> None:
        """Start drawing `text` now (the editor's check has just accepted it), so the page's
        own preview request, a round trip later, finds it under way."""
        async def draw() -> None:
            with contextlib.suppress(Exception):
                await self.picture(rel, text, paper)

        asyncio.ensure_future(draw())

    async def _picture(self, rel: str, path, text: str, paper: str, key: str) -> Picture | None:
        if self.waiting >= MOST_WAITING:
            raise Busy()
        mine = self.generation[rel] = self.generation.get(rel, 0) + 1
        if self._gate is None:
            self._gate = asyncio.Semaphore(self.studio.workers)
        self.waiting += 1
        try:
            await self._gate.acquire()
        finally:
            self.waiting -= 1
        try:
            if self.generation[rel] != mine:  # a newer edit came while this one waited
                self.superseded += 1
                return None
            first, why_not = await run_in_threadpool(_preview_output, path, rel, text)
            if first is None:
                picture = Picture(key, error=why_not)
            else:
                picture = await self._render(key, first, path, text, paper)
        finally:
            self._gate.release()
        if self.generation[rel] != mine:
            self.superseded += 1
            self._keep(picture)
            return None
        self._keep(picture)
        return picture

    async def _render(self, key: str, output: str, path, text: str, paper: str) -> Picture:
        loop = asyncio.get_running_loop()
        with contextlib.ExitStack() as stack:
            try:
                tmp = stack.enter_context(draft(path, text))
            except OSError as exc:  # a folder not made yet, or one we may not write in
                return Picture(key, error=f"no preview: it draws from a temporary copy beside the file, and "
                                          f"its folder does not allow that ({exc.strerror or exc})")
            try:
                future = loop.run_in_executor(self.pool, _job, output, str(tmp), self.studio.rel(path), paper)
                result = await asyncio.wait_for(future, TIMEOUT)
            except asyncio.TimeoutError:
                self._replace_pool()
                return Picture(key, error=f"the render took longer than {TIMEOUT:g} s and was stopped")
            except BrokenProcessPool:
                self._replace_pool()
                return Picture(key, error="the renderer stopped unexpectedly; it has been restarted: try again")
            except Exception as exc:  # whatever a render raises is its answer; the server goes on
                return Picture(key, error=f"{type(exc).__name__}: {exc}")
        return Picture(key, pages=result.get("pages", []), text=result.get("text"), error=result.get("error"),
                       invalid=bool(result.get("invalid")), timing=result.get("ms", {}))

    def shown(self, rel: str, paper: str, picture: Picture) -> tuple[Picture, bool]:
        """What the page shows: the picture, or while the text has errors the last one drawn
        (True when it is that older one)."""
        if picture.pages or picture.text is not None:
            self.last_good[(rel, paper)] = picture
            return picture, False
        older = self.last_good.get((rel, paper))
        return (older, True) if picture.invalid and older is not None else (picture, False)

    def _keep(self, picture: Picture) -> None:
        if picture.error and not picture.invalid:
            return  # a failure is answered, never cached: the next try may succeed
        self.cache[picture.key] = picture
        while len(self.cache) > KEPT:
            self.cache.popitem(last=False)


def _job(output: str, path: str, rel: str, paper: str) -> dict:
    return make(output, path, rel, paper, pngs=True)


def _preview_output(path, rel: str, text: str) -> tuple[str | None, str]:
    """The output the preview draws for `text`, or None and why not. The text is read under
    the loader's limits (`reading`), in a worker thread: a nested-aliases text is refused
    in a millisecond instead of expanding while the server waits."""
    try:
        data = plain(text, rel)
    except Refused as exc:
        p = exc.problem
        if p.rule == "yaml.syntax":
            return None, (f"the YAML view does not read at line {p.line}, column {p.column}: "
                          "fix it there and the preview comes back")
        return None, f"not drawn: {p.message} (line {p.line}); {p.hint}"
    nothing = "this kind of file prints nothing of its own: see Print below"
    if not isinstance(data, dict):
        return None, nothing
    kind = data.get("kind", "character")
    return next((o.id for o in outputs(str(data.get("system")), str(kind), rel) if o.from_file), None), nothing


def _warm() -> None:
    """Import WeasyPrint and draw one small page in this process, so every forked worker
    starts warm (a cold first render takes about a second, most of it imports)."""
    from ..render.html import Templates
    from ..render.paper import paper
    from ..render.sheets import render_sheets, sheet_for
    from ..systems import REGISTRY

    game = next((g for g in REGISTRY.values() if g.sheet), None)
    if game is not None:
        with contextlib.suppress(Exception):
            render_sheets(Templates(), paper("a4"), [sheet_for(game.id, None)], "warm")


async def preview(request: Request) -> Response:
    studio = request.app.state.studio
    rel = request.path_params["rel"]
    form = await request.form()
    paper = str(form.get("paper", "a4"))
    if paper not in PAPERS:
        paper = "a4"
    started = time.perf_counter()
    try:
        picture = await studio.renders.picture(rel, str(form.get("text", "")), paper)
    except LookupError as exc:
        return HTMLResponse(f"<p class='error'>{escape(str(exc))}</p>", status_code=404)
    except Busy:
        return HTMLResponse("<p class='error'>Too many previews at once; it is drawn after your next change.</p>",
                            status_code=503)
    if picture is None:
        return Response(status_code=204)
    shown, older = studio.renders.shown(rel, paper, picture)
    html = studio.templates.get_template("preview.html").render(rel=rel, picture=shown, paper=paper,
                                                                 waiting=picture.error if older else "")
    timing = ", ".join(f"{k};dur={v:.1f}" for k, v in picture.timing.items())
    total = f"total;dur={(time.perf_counter() - started) * 1000:.1f}"
    return HTMLResponse(html, headers={"Server-Timing": f"{timing}, {total}" if timing else total})


async def page_png(request: Request) -> Response:
    studio = request.app.state.studio
    picture = studio.renders.cache.get(request.path_params["key"])
    n = request.path_params["n"]
    if picture is None or not 1 <= n <= len(picture.pages):
        return Response("this preview is no longer kept: edit or reload the page\n", status_code=404,
                        media_type="text/plain")
    return Response(picture.pages[n - 1], media_type="image/png", headers={"Cache-Control": "no-store"})


def routes() -> list:
    return [Route("/api/preview/{rel:path}", preview, methods=["POST"]),
            Route("/preview/{key}/{n:int}.png", page_png)]
