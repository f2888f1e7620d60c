"""`playaid studio [FOLDER]`: the studio served on this computer, opened in the browser."""

from __future__ import annotations

import errno
import html
import ipaddress
import os
import random
import secrets
import shutil
import socket
import tempfile
import threading
import time
import webbrowser
from pathlib import Path

import click

from . import InputError


def own_loopback(rng: random.Random = secrets.SystemRandom()) -> str:
    """A random address of 127.0.0.0/8 other than 127.0.0.1, for this run alone.

    Browsers keep cookies per host, not per port: on 127.0.0.1 the studio's cookie would go
    to every other local server the GM's browser visits (a dev server, a notebook), and
    with it the key to the folder. Linux answers on all of 127.0.0.0/8, so an address of
    our own is a host of our own, and its cookie stays with us."""
    return f"127.{rng.randrange(256)}.{rng.randrange(256)}.{rng.randrange(2, 255)}"


def listen(host: str | None, port: int) -> socket.socket:
    """Our own listening socket: on `host` when the user named one, else on `own_loopback()`,
    or on 127.0.0.1 where the system has no other loopback address (EADDRNOTAVAIL: macOS,
    the BSDs). Port 0 lets the system pick a free one, and a port in use is a clear error
    here instead of a silent exit inside uvicorn."""
    tried = [host] if host else [own_loopback(), "127.0.0.1"]
    for address in tried:
        # IPPROTO_TCP named, not left 0: asyncio sets TCP_NODELAY only on connections of a socket
        # whose protocol says TCP, and without it every answer written in two parts (head, then
        # body) waited ~40 ms for the browser's delayed acknowledgement (Nagle's algorithm)
        sock = socket.socket(socket.AF_INET6 if ":" in address else socket.AF_INET, socket.SOCK_STREAM,
                             socket.IPPROTO_TCP)
        try:
            sock.bind((address, port))
        except OSError as exc:
            sock.close()
            if address != tried[-1] and exc.errno == errno.EADDRNOTAVAIL:
                continue
            raise InputError(f"cannot listen on {shown_host(address)}:{port}: {exc.strerror}; choose another "
                             "--port, or leave it out to take a free one") from None
        sock.listen(64)
        return sock
    raise AssertionError("unreachable: the last address either binds or raises")


def shown_host(host: str) -> str:
    """`host` as it stands in an address: an IPv6 one in brackets."""
    return f"[{host}]" if ":" in host else host


def _loopback(ctx, param, value: str | None) -> str | None:
    """--host: a loopback address only; the studio serves this computer and nothing else
    (its Host check would refuse every request that came from elsewhere)."""
    if value is None:
        return None
    try:
        if ipaddress.ip_address(value).is_loopback:
            return str(ipaddress.ip_address(value))
    except ValueError:
        pass
    raise click.BadParameter(f"{value!r} is not a loopback address (127.0.0.0/8 or ::1): the studio serves this "
                             "computer only")


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
@click.option("--host", callback=_loopback, metavar="ADDRESS",
              help="Loopback address to listen on (default: a random one of 127.0.0.0/8, so no other local "
                   "server receives the studio's cookie; 127.0.0.1 where there is no other).")
@click.option("--port", type=click.IntRange(0, 65535), default=0, show_default=True,
              help="Port to listen on (0: any free port).")
@click.option("--no-browser", is_flag=True, help="Print the address only; do not open a browser.")
def command(folder: str, host: str | None, port: int, no_browser: bool) -> None:
    """A local page to make, check, preview and print the files of FOLDER (default: here).

    It serves this computer only (a loopback address of its own, 127.x.y.z) behind a
    secret token in the address it prints. The files stay the truth: the studio writes
    the same YAML files the other commands read, and shows changes made to them by other
    programs. Ctrl-C stops it.

    Example: playaid studio my-table --port 8765
    """
    import uvicorn

    from ..studio import create_app
    from ..studio.security import new_token

    root = Path(folder)
    if not root.is_dir():
        raise InputError(f"{folder}: no such folder; make it first, or name a folder that exists")
    token = new_token()
    sock = listen(host, port)
    app = create_app(root, token=token)
    config = uvicorn.Config(app, lifespan="on", log_level="warning", timeout_graceful_shutdown=2)

    class Server(uvicorn.Server):
        def handle_exit(self, sig, frame) -> None:
            app.state.studio.stopping()  # Ctrl-C: open pages' event streams end at once
            super().handle_exit(sig, frame)

    server = Server(config)
    bound, bound_port = sock.getsockname()[:2]
    address = f"http://{shown_host(bound)}:{bound_port}/?token={token}"

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
