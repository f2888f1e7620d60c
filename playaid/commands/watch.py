"""`playaid watch FILE…`: re-render a file's outputs every time it is saved.

What a file renders to follows its kind, as the one-off commands make it: a character's
sheet (`playaid sheet`), a setup's packet (`playaid packet`), a scene's resolution
(`playaid roll`, seeded so that only an edit changes it); any other file is checked
(`playaid validate`). The command runs in a warm render worker (`render.workers`),
forked once with the renderer already imported, so a save costs the render and not the
second of start-up a fresh `playaid sheet` pays.
"""

from __future__ import annotations

import hashlib
import io
import os
import signal
import stat
from contextlib import contextmanager, redirect_stderr, redirect_stdout
from pathlib import Path
from typing import Iterator

import click

from . import InputError, out_option, paper_option
from ..safe_text import path_shown
from ..source import MAX_BYTES

SEED = 1
"""The seed a scene without `dice:` is rolled with on every save: the same dice each time."""
SETTLE_MS = 200
STARTED_MS = 100
"""The first, empty, wait that starts the file watcher."""
"""How long a save may take (an editor writing a temporary file, then renaming it)."""


def args_for(path: str, kind: str | None, out_dir: str, paper: str, png: bool) -> list[str]:
    """The command line that renders a file of `kind` (None: a file that did not load)."""
    shape = ["--out", out_dir, "--paper", paper]
    if kind == "character":
        return ["sheet", path, *shape, *(["--png"] if png else [])]
    if kind == "setup":
        return ["packet", path, *shape]
    if kind == "scene":
        return ["roll", path, "--seed", str(SEED)]
    return ["validate", path]


def render(path: str, out_dir: str, paper: str, png: bool) -> str:
    """Run in a render worker: the file's command, and everything it printed."""
    return render_recorded(path, out_dir, paper, png)[0]


def render_recorded(path: str, out_dir: str, paper: str, png: bool) -> tuple[str, list[str]]:
    """`render`, and the files it wrote (absolute paths)."""
    from ..outputs import recorded

    with recorded() as written:
        text = _render(path, out_dir, paper, png)
    return text, [str(p) for p in written]


def _render(path: str, out_dir: str, paper: str, png: bool) -> str:
    from ..cli import cli
    from ..documents import Library

    kind = Library().load(path).kind
    text = io.StringIO()
    with redirect_stdout(text), redirect_stderr(text):
        try:
            cli.main(args_for(path, kind, out_dir, paper, png), prog_name="playaid", standalone_mode=False)
        except click.ClickException as exc:  # bad input: its message, as the command prints it
            exc.show()
        except (click.exceptions.Exit, SystemExit):
            pass  # `validate` ends with its exit code; what it found is already printed
    return text.getvalue()


def _warm() -> None:
    """Loaded once before the worker forks, so every render after it starts warm."""
    from ..render import packet, sheets  # noqa: F401
    from .. import cli  # noqa: F401


@contextmanager
def warm_worker() -> Iterator:
    """One render worker that ignores Ctrl-C (the watcher itself stops it, between renders)."""
    from ..render.workers import render_pool

    _warm()
    before = signal.signal(signal.SIGINT, signal.SIG_IGN)  # inherited by the worker forked next
    try:
        with render_pool(1) as pool:
            pool.submit(_warm).result()
            signal.signal(signal.SIGINT, before)
            yield pool
    finally:
        signal.signal(signal.SIGINT, before)


class Watched:
    """The files watched, each rendered again only when its content changed."""

    def __init__(self, files: tuple[str, ...]):
        self.shown = {Path(f).resolve(): f for f in files}
        self.seen: dict[Path, str] = {}
        self.outputs: dict[Path, set[str]] = {}

    def rendered(self, path: Path, written: list[str]) -> list[str]:
        """Note what the latest render of `path` wrote; remove (and return) what an earlier
        render of it wrote and this one did not: a character renamed in quick saves
        otherwise leaves a sheet under each name it had. Only files this watch wrote, and
        none another watched file's render wrote last; a failed render (nothing written)
        keeps the last good outputs."""
        if not written:
            return []
        old, self.outputs[path] = self.outputs.get(path, set()), set(written)
        kept = set().union(*self.outputs.values())
        removed = []
        for stale in sorted(old - kept):
            try:
                os.unlink(stale)
                removed.append(stale)
            except OSError:
                pass  # gone already, or a read-only folder: the file stays, as it would without watch
        return removed

    @property
    def folders(self) -> list[Path]:
        # Folders, not files: an editor's save by rename replaces the file watched.
        return sorted({p.parent for p in self.shown})

    def changed(self, path: Path) -> bool:
        """True once per new content of `path`; False while it is missing mid-save, or while
        it is not a plain file (said once: a pipe there must not stop the watch)."""
        try:
            digest = _digest(path)
        except NotPlain as exc:
            if self.seen.get(path) != str(exc):
                click.echo(f"— {path_shown(self.shown[path])}: {exc}; watching for a file in its place", err=True)
            self.seen[path] = str(exc)
            return False
        except OSError:
            return False
        if self.seen.get(path) == digest:
            return False
        self.seen[path] = digest
        return True


class NotPlain(Exception):
    """A watched name that is a pipe, device or socket now: nothing to render."""


def _digest(path: Path) -> str:
    """What `path` holds, as a hash: opened without blocking (a pipe would wait for a
    writer), and at most a readable file's worth read; past that the size and time stand
    for the rest (the render refuses such a file, and says so)."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    with os.fdopen(fd, "rb") as fh:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise NotPlain("not a file (a pipe, device or socket)")
        head = fh.read(MAX_BYTES + 1)
    tail = f"{info.st_size}:{info.st_mtime_ns}".encode() if len(head) > MAX_BYTES else b""
    return hashlib.sha256(head + tail).hexdigest()


@click.command("watch")
@click.argument("files", nargs=-1, required=True, type=click.Path(exists=True, dir_okay=False))
@paper_option()
@out_option
@click.option("--png", is_flag=True, help="Also write a PNG preview of every sheet page.")
def command(files, paper, out_dir, png):
    """Render FILES now and again every time one of them is saved, until Ctrl-C.

    A character file renders its sheet, a setup its packet, a scene its resolution
    (seeded, so only your edit changes it); any other file is checked. Each render
    prints the files it wrote, or the problems to fix, as the one-off command would.

    Example: playaid watch examples/dirt/moss.yaml examples/dirt/scene-fight.yaml --png
    """
    try:
        import watchfiles
    except ImportError:
        raise InputError("playaid watch needs the watchfiles package: pip install watchfiles") from None
    watched = Watched(files)
    try:
        with warm_worker() as pool:
            def again(path: Path) -> None:
                if watched.changed(path):
                    click.echo(f"— {path_shown(watched.shown[path])}")
                    text, written = pool.submit(render_recorded, watched.shown[path], out_dir, paper, png).result()
                    click.echo(text, nl=False)
                    for stale in watched.rendered(path, written):
                        click.echo(f"removed {path_shown(stale)} (this file's earlier output)")

            # Watching starts before the first render, so a save made meanwhile is not missed.
            events = watchfiles.watch(*watched.folders, debounce=1600, step=SETTLE_MS, recursive=False,
                                      yield_on_timeout=True, rust_timeout=STARTED_MS)
            next(events)
            for path in watched.shown:
                again(path)
            click.echo(f"watching {len(watched.shown)} file{'s' * (len(watched.shown) != 1)}; Ctrl-C stops")
            for changes in events:
                for path in sorted({Path(p).resolve() for _, p in changes} & set(watched.shown)):
                    again(path)
    except KeyboardInterrupt:  # Ctrl-C: between renders, or while one runs (the worker finishes it)
        pass
    click.echo("stopped watching")
