"""A stand-in for the studio core, for the odds and table pages' tests: the documented
`app.state.studio` (folder, templates, resolve, write_text) over a minimal `base.html`, and
a uvicorn server in a thread for the browser tests."""

from __future__ import annotations

from contextlib import contextmanager

import os
import shutil
import socket
import tempfile
import threading
import time
from pathlib import Path

import pytest

starlette = pytest.importorskip("starlette", reason="the studio's web stack (starlette) is not installed")

from jinja2 import ChoiceLoader, DictLoader, Environment, FileSystemLoader, StrictUndefined  # noqa: E402
from starlette.applications import Starlette  # noqa: E402
from starlette.middleware import Middleware  # noqa: E402
from starlette.middleware.base import BaseHTTPMiddleware  # noqa: E402
from starlette.routing import Mount  # noqa: E402
from starlette.staticfiles import StaticFiles  # noqa: E402

import playaid  # noqa: E402
from playaid.studio import odds_page, table_page  # noqa: E402

STUDIO = Path(playaid.__file__).parent / "studio"
# Debian's Chromium, found on PATH as the Makefile installs it (the conftest fixture does the same).
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
BASE = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>{% block title %}{% endblock %}</title>
<meta name="htmx-config" content='{"includeIndicatorStyles": false}'>
<script src="/static/htmx.min.js"></script></head>
<body><main>{% block main %}{% endblock %}</main></body></html>"""
CSP = "default-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'"


class Studio:
    """The shared state the core hands every page: the interface, and nothing more."""

    def __init__(self, folder: Path):
        self.folder = folder.resolve()
        self.templates = Environment(loader=ChoiceLoader([DictLoader({"base.html": BASE}),
                                                          FileSystemLoader(STUDIO / "templates")]),
                                     autoescape=True, undefined=StrictUndefined)

    def resolve(self, rel: str) -> Path:
        parts = Path(rel).parts
        path = (self.folder / rel).resolve()
        if (Path(rel).is_absolute() or ".." in parts or any(p.startswith(".") for p in parts)
                or path.suffix != ".yaml" or not path.is_relative_to(self.folder) or not path.is_file()):
            raise LookupError(rel)
        return path

    def write_text(self, rel: str, text: str) -> None:
        target = self.resolve(rel)
        fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.")
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
        os.replace(tmp, target)


class _Headers(BaseHTTPMiddleware):
    async def dispatch(self, request, call_next):
        response = await call_next(request)
        response.headers["Content-Security-Policy"] = CSP
        return response


def make_app(folder: Path) -> Starlette:
    routes = [*odds_page.routes(), *table_page.routes()]
    if (STUDIO / "static").is_dir():
        routes.append(Mount("/static", StaticFiles(directory=STUDIO / "static")))
    app = Starlette(routes=routes, middleware=[Middleware(_Headers)])
    app.state.studio = Studio(folder)
    return app


def copy_examples(folder: Path) -> Path:
    """Every game's bundled examples, one folder per game, as `playaid examples` lays them out."""
    from playaid.commands.examples import bundled

    for name, data in bundled().items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_bytes(data)
    return folder


def browser_ready() -> str:
    """Why the browser tests cannot run here, or "" when they can."""
    if CHROMIUM is None:
        return "no chromium on PATH (apt-get install chromium; make test installs it)"
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "playwright (the Python package) is not installed"
    if not (STUDIO / "static" / "htmx.min.js").is_file():
        return "htmx is not vendored in playaid/studio/static (the studio core's files)"
    return ""


class Served:
    """`app` served by uvicorn in a thread, on `sock` (listening) or else a free port of 127.0.0.1."""

    def __init__(self, app, sock: socket.socket | None = None):
        import uvicorn

        if sock is None:
            from playaid.commands.studio import listen

            sock = listen("127.0.0.1", 0)  # the studio's own socket, TCP_NODELAY and all
        self.sock = sock
        host, port = sock.getsockname()[:2]
        self.url = f"http://{host}:{port}"
        self.server = uvicorn.Server(uvicorn.Config(app, log_level="warning", timeout_graceful_shutdown=2))
        self.thread = threading.Thread(target=self.server.run, kwargs={"sockets": [self.sock]}, daemon=True)

    def __enter__(self) -> "Served":
        self.thread.start()
        deadline = time.monotonic() + 20
        while not self.server.started:
            if time.monotonic() > deadline or not self.thread.is_alive():
                raise RuntimeError("the test server did not start")
            time.sleep(0.02)
        return self

    def __exit__(self, *exc) -> None:
        self.server.should_exit = True
        self.thread.join(10)
        self.sock.close()


@contextmanager
def studio_served(folder: Path, token: str, sock: socket.socket | None = None):
    """The whole studio (`create_app`, one render worker) on FOLDER, served on `sock` or a free
    port of 127.0.0.1 for a real browser; yields its address. Its streams are closed before the
    server stops, so stopping never waits on an open page."""
    from playaid.studio import create_app

    app = create_app(folder, token=token, workers=1)
    with Served(app, sock) as served:
        try:
            yield served.url
        finally:
            app.state.studio.stopping()


class OtherApp:
    """Another program's page on 127.0.0.1 (a port of its own), as a GM's machine has them: it
    sets a cookie a strict parser rejects, and records the Cookie header the browser sends it."""

    def __init__(self):
        from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

        heard = self.heard = []

        class Page(BaseHTTPRequestHandler):
            def do_GET(self):
                heard.append(self.headers.get("Cookie", ""))
                body = b"<!doctype html><title>other</title><p>another app</p>"
                self.send_response(200)
                self.send_header("Set-Cookie", 'prefs={"theme":"dark"}; Path=/')
                self.send_header("Content-Type", "text/html")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Page)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self):
        self.server.shutdown()
        self.server.server_close()
