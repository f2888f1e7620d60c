"""`playaid studio [FOLDER]`: the studio served on this computer, opened in the browser."""

from __future__ import annotations

import socket
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
                webbrowser.open(address)

    threading.Thread(target=announce, daemon=True).start()
    try:
        server.run(sockets=[sock])
    except KeyboardInterrupt:
        pass
    finally:
        sock.close()
    click.echo("studio stopped")
