"""Changes made to the folder by other programs, pushed to the open pages (server-sent events).

One watcher follows the folder for the app's lifetime (watchfiles; the folder only, not
`output/`, where prints go, so a print never wakes it). A change whose content hashes to
our own last save is ours and skipped. Each page holds one event stream: the folder page
hears of every file, an editor only of its own file. Streams end when the app stops, so a
stream never holds up shutdown.
"""

from __future__ import annotations

import asyncio
import contextlib
from pathlib import Path

from starlette.requests import Request
from starlette.responses import StreamingResponse
from starlette.routing import Route

from .files import OUTPUT, SUFFIXES, digest

KEEP_ALIVE = 15.0
"""Seconds between comments that keep an idle stream open through proxies and browsers."""
QUEUED = 64
"""Events waiting for one slow page; past that it misses some, and reloads on the next."""


class Broker:
    def __init__(self) -> None:
        self.listeners: set[tuple[str | None, asyncio.Queue]] = set()
        self.closed = asyncio.Event()

    def publish(self, event: str, rel: str) -> None:
        """`file-changed` (by another program) reaches the folder page and that file's editor;
        `file-saved` (by the studio itself) reaches the folder page only."""
        for wanted, queue in list(self.listeners):
            if wanted is None or (wanted == rel and event == "file-changed"):
                with contextlib.suppress(asyncio.QueueFull):
                    queue.put_nowait(rel)

    def close(self) -> None:
        self.closed.set()

    async def stream(self, wanted: str | None, request: Request):
        queue: asyncio.Queue = asyncio.Queue(QUEUED)
        entry = (wanted, queue)
        self.listeners.add(entry)
        waiting: tuple = ()
        try:
            yield ": connected\n\n"
            while not self.closed.is_set():
                get = asyncio.ensure_future(queue.get())
                stop = asyncio.ensure_future(self.closed.wait())
                waiting = (get, stop)
                done, _ = await asyncio.wait({get, stop}, timeout=KEEP_ALIVE, return_when=asyncio.FIRST_COMPLETED)
                for task in (get, stop):
                    if task not in done:
                        task.cancel()
                if get in done:
                    rel = get.result()
                    yield f"event: file-changed\ndata: {rel}\n\n"
                elif not done:
                    if await request.is_disconnected():
                        return
                    yield ": keep-alive\n\n"
        finally:
            for task in waiting:  # a stream closed mid-wait leaves no task behind
                task.cancel()
            self.listeners.discard(entry)


async def events(request: Request) -> StreamingResponse:
    studio = request.app.state.studio
    wanted = request.query_params.get("file") or None
    return StreamingResponse(studio.events.stream(wanted, request), media_type="text/event-stream",
                             headers={"X-Accel-Buffering": "no", "Cache-Control": "no-store"})


def interesting(root: Path, path: Path) -> str | None:
    """The relative name of a changed input file worth telling the pages about, or None."""
    try:
        rel = path.relative_to(root)
    except ValueError:
        return None
    if not rel.parts or rel.parts[0] == OUTPUT or any(p.startswith(".") for p in rel.parts):
        return None
    if path.suffix.lower() not in SUFFIXES:
        return None
    return rel.as_posix()


async def watch(studio, stop: asyncio.Event) -> None:
    """Tell the pages of every change to the folder's input files, our own saves skipped."""
    from watchfiles import awatch

    root = studio.folder
    async for batch in awatch(root, debounce=200, step=50, stop_event=stop, recursive=True):
        for _, name in batch:
            path = Path(name)
            rel = interesting(root, path)
            if rel is None:
                continue
            try:
                now = digest(path.read_bytes())
            except OSError:
                now = None  # removed: the pages hear of it too
            if now is not None and studio.own_saves.get(path) == now:
                continue
            studio.events.publish("file-changed", rel)


def routes() -> list:
    return [Route("/events", events)]
