"""The first page: every input file of the folder by game and kind with its state, and a
"new" button for every game and kind (the starter `playaid new --blank` writes)."""

from __future__ import annotations

import dataclasses

from dataclasses import dataclass, field
from html import escape

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, Response
from starlette.routing import Route

from ..commands.examples import bundled, to_copy
from ..outputs import OutputError, OutputFolder
from ..starter import starter_text
from ..systems import REGISTRY
from .checks import Checked, check
from .file_ops import free_in, safe_stem, trashed
from .printed import printed_list
from .files import yaml_files
from .reading import plain_or_none


@dataclass
class Group:
    title: str
    kind: str
    files: list[Checked]
    names: dict[str, str] = field(default_factory=dict)
    """What each file calls itself (a character's or a setup's `name`), shown beside the file."""


def _own_name(checked: Checked, path) -> str:
    name = getattr(checked.doc.model, "name", None)
    if not isinstance(name, str):
        try:  # a file with an error has no model yet; its top-level `name:` still says what it is
            data = plain_or_none(path.read_text(encoding="utf-8"))  # the loader's limits, as everywhere
            name = data.get("name") if isinstance(data, dict) else None
        except (OSError, UnicodeDecodeError):
            name = None
    return name.strip() if isinstance(name, str) else ""


def index(studio) -> list[Group]:
    """The folder's files checked and grouped by game, then kind (unrecognised ones last)."""
    groups: dict[tuple[str, str], Group] = {}
    for rel in yaml_files(studio.folder):
        checked = check(studio.folder / rel, rel)
        doc = checked.doc
        title = doc.system.title if doc.system else "Not recognised yet"
        kind = doc.kind or "file"
        group = groups.setdefault((title, kind), Group(title, kind, []))
        group.files.append(checked)
        group.names[rel] = _own_name(checked, studio.folder / rel)
    return sorted(groups.values(), key=lambda g: (g.title == "Not recognised yet", g.title, g.kind))


def listing(studio) -> tuple[list[Group], list]:
    """The folder's files and its trash, read as one: a delete or a restore landing between the
    two reads would show its file in neither, and that redraw may be the page's last. So the
    trash is read before and after the files, and all is read again if it moved meanwhile."""
    for _ in range(3):
        before = trashed(studio.folder)
        groups = index(studio)
        after = trashed(studio.folder)
        if after == before:
            break
    return groups, after


def games() -> list:
    return [(g, list(g.models)) for g in REGISTRY.values()]


async def home(request: Request) -> Response:
    studio = request.app.state.studio
    groups, trash = await run_in_threadpool(listing, studio)
    html = studio.templates.get_template("index.html").render(groups=groups, games=games(), folder=studio.folder.name,
                                                                trash=trash,
                                                                printed=await printed_list(studio))
    return HTMLResponse(html)


async def files_fragment(request: Request) -> Response:
    """Only the list of files: what the page redraws when a file changes on disk."""
    studio = request.app.state.studio
    groups, trash = await run_in_threadpool(listing, studio)
    return HTMLResponse(studio.templates.get_template("files.html").render(groups=groups, trash=trash))


async def new_file(request: Request) -> Response:
    """A starter file of the chosen game and kind, then its editor (htmx follows HX-Redirect)."""
    studio = request.app.state.studio
    form = await request.form()
    system, _, kind = str(form.get("pick", "")).partition("/")
    game = REGISTRY.get(system)
    if game is None or kind not in game.models:
        return HTMLResponse("<p class='status error' role='alert'>Choose a game and a kind of file.</p>",
                            status_code=400)
    typed = str(form.get("name", "")).strip()
    # named after what the GM typed (`Ines Varga` → ines-varga.yaml), the name written in too
    rel = free_in(studio.folder, "", safe_stem(typed, f"{game.id}-{kind}"))
    has_name = any(f.name == "name" for f in dataclasses.fields(game.models[kind]))
    try:
        studio.write_text(rel, starter_text(game, kind, {"name": typed} if typed and has_name else None))
    except OSError as exc:  # a folder that refuses the write: its reason, never a path
        return HTMLResponse(f"<p class='status error' role='alert'>Not made: the folder does not allow it "
                            f"({escape(exc.strerror or 'write failed')}).</p>", status_code=403)
    studio.events.publish("file-saved", rel)
    return Response(status_code=204, headers={"HX-Redirect": f"/edit/{rel}"})


async def examples(request: Request) -> Response:
    """The bundled examples copied into `examples/`, as `playaid examples` does; never overwriting."""
    studio = request.app.state.studio
    from ..commands import InputError

    target = studio.folder / "examples"
    try:
        missing = to_copy(target, bundled())
        if missing:
            with OutputFolder(target).batch() as batch:
                for name, data in missing.items():
                    batch.write_bytes(name, data)
    except (InputError, OutputError) as exc:
        return HTMLResponse(f"<p id='examples-status' class='status error' role='alert'>{escape(str(exc.args[0]))}</p>")
    studio.events.publish("file-saved", "examples")
    return HTMLResponse(f"<p id='examples-status' class='status'>Copied {len(missing)} example files "
                        "into examples/ (files already there were kept).</p>",
                        headers={"HX-Trigger": "files-changed"})


async def printed_fragment(request: Request) -> Response:
    """Only the printed files and their marks: redrawn when a file changes on disk."""
    studio = request.app.state.studio
    return HTMLResponse(studio.templates.get_template("printed.html").render(printed=await printed_list(studio)))


def routes() -> list:
    return [Route("/", home), Route("/fragment/files", files_fragment), Route("/fragment/printed", printed_fragment),
            Route("/api/new", new_file, methods=["POST"]), Route("/api/examples", examples, methods=["POST"])]
