"""`playaid studio [FOLDER]`: the studio served on this computer, opened in the browser."""

from __future__ import annotations

import html
import os
import shutil
import socket
import tempfile
import threading
import time
import webbrowser
from pathlib import Path

import click

from . import InputError


def _bind(port: int) -> socket.socket:
    """Our own socket on 127.0.0.1: port 0 lets the system pick a free one, and a port in
    use is a clear error here instead of a silent exit inside uvicorn."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    try:
        sock.bind(("127.0.0.1", port))
    except OSError as exc:
        sock.close()
        raise InputError(f"cannot listen on 127.0.0.1:{port}: {exc.strerror}; "
                         "choose another --port, or leave it out to take a free one") from None
    sock.listen(64)
    return sock


def _redirect_file(address: str) -> Path:
    """A page that sends the browser on to `address`, in a folder only this user may read
    (0700, the file 0600), as Jupyter Server does: the browser is started with this file's
    name, so the token never stands on its command line, which every user of the computer
    can read (/proc/PID/cmdline)."""
    folder = Path(tempfile.mkdtemp(prefix="playaid-studio-"))
    page = folder / "open.html"
    fd = os.open(page, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    shown = html.escape(address, quote=True)
    with os.fdopen(fd, "w", encoding="utf-8") as fh:
        fh.write(f'<!doctype html><html><head><meta charset="utf-8"><meta http-equiv="refresh" content="0;url={shown}">'
                 f'<title>playaid studio</title></head><body><p><a href="{shown}">Open the studio</a></p></body></html>\n')
    return page


@click.command("studio")
@click.argument("folder", default=".", type=click.Path(file_okay=False))
@click.option("--port", type=click.IntRange(0, 65535), default=0, show_default=True,
              help="Port on 127.0.0.1 (0: any free port).")
@click.option("--no-browser", is_flag=True, help="Print the address only; do not open a browser.")
def command(folder: str, port: int, no_browser: bool) -> None:
    """A local page to make, check, preview and print the files of FOLDER (default: here).

    It serves this computer only (127.0.0.1) behind a secret token in the address it
    prints. The files stay the truth: the studio writes the same YAML files the other
    commands read, and shows changes made to them by other programs. Ctrl-C stops it.

    Example: playaid studio my-table --port 8765
    """
    import uvicorn

    from ..studio import create_app
    from ..studio.security import new_token

    root = Path(folder)
    if not root.is_dir():
        raise InputError(f"{folder}: no such folder; make it first, or name a folder that exists")
    token = new_token()
    sock = _bind(port)
    app = create_app(root, token=token)
    config = uvicorn.Config(app, lifespan="on", log_level="warning", timeout_graceful_shutdown=2)

    class Server(uvicorn.Server):
        def handle_exit(self, sig, frame) -> None:
            app.state.studio.stopping()  # Ctrl-C: open pages' event streams end at once
            super().handle_exit(sig, frame)

    server = Server(config)
    address = f"http://127.0.0.1:{sock.getsockname()[1]}/?token={token}"

    def announce() -> None:
        while not server.started and not server.should_exit:
            time.sleep(0.05)
        if server.started:
            click.echo(f"playaid studio serves {root.resolve()} at\n  {address}\n"
                       "(this computer only; the address holds the key). Ctrl-C stops it.")
            if not no_browser:
                opener.append(_redirect_file(address))
                webbrowser.open(opener[-1].as_uri())

    opener: list[Path] = []
    threading.Thread(target=announce, daemon=True).start()
    try:
        server.run(sockets=[sock])
    except KeyboardInterrupt:
        pass
    finally:
        sock.close()
        for page in opener:  # the key's file goes with the run it opens
            shutil.rmtree(page.parent, ignore_errors=True)
    click.echo("studio stopped")
