"""The studio's "at the table": `/table` lists the folder's scenes, `/table/{path}` plays one.

The scene is resolved by `play.resolve_scene`, the function behind `playaid roll`. While
dice are missing it runs with an `ask` that hands over the dice typed so far and stops at
the first die still to roll, so the page asks for exactly the die the procedure needs
next; once every die is in, the resolution shown is `resolve_scene` with those dice, as
`playaid roll --dice` gives it. The dice typed so far travel with the page (a hidden
field), never in the server's memory, so any number of tabs can play at once.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, Response
from starlette.routing import BaseRoute, Route

from . import journal_page, table_typed
from .table_state import declare, table_of
from ..documents import Library
from ..play import resolve_scene
from ..problems import Problem, format_path
from ..render.faces import FaceLook, numbered
from ..systems.base import load
from ..systems.play import Resolution, Rolled

MAX_DICE = 500
"""More dice than any scene takes (open-ended pools included); a longer list is refused."""


def page(request: Request, name: str, ctx: dict[str, Any], status_code: int = 200) -> HTMLResponse:
    """Template `name` of the studio rendered with `ctx`."""
    return HTMLResponse(request.app.state.studio.templates.get_template(name).render(ctx), status_code=status_code)


def yaml_files(studio) -> list[str]:
    """The folder's YAML files (relative, `/`-separated) that `studio.resolve` accepts."""
    found = []
    for path in sorted(studio.folder.rglob("*.yaml")):
        rel = path.relative_to(studio.folder).as_posix()
        if any(part.startswith(".") for part in rel.split("/")):
            continue
        try:
            studio.resolve(rel)
        except LookupError:
            continue
        found.append(rel)
    return found


def scenes(studio) -> list[dict[str, str]]:
    """The folder's scene files a game can resolve, with their game's name."""
    out = []
    for rel in yaml_files(studio):
        doc = Library().load(studio.resolve(rel))
        if doc.kind == "scene" and doc.system is not None and doc.system.play is not None:
            out.append({"path": rel, "game": doc.system.title, "name": str(getattr(doc.model, "name", "") or "")})
    return out


class _Waiting(Exception):
    """The procedure asked for a die not rolled yet."""

    def __init__(self, wanted: Rolled):
        super().__init__(wanted.describe())
        self.wanted = wanted


@dataclass
class Turn:
    """Where a scene stands with the dice typed so far."""

    typed: list[int]
    taken: list[Rolled] = field(default_factory=list)
    """The typed dice, each with the die the procedure took it as."""
    wanted: Rolled | None = None
    """The next die to roll (its value 0), None once the roll is resolved or refused."""
    faces: list[FaceLook] = field(default_factory=list)
    result: Resolution | None = None
    problems: list[Problem] = field(default_factory=list)

    @property
    def dice(self) -> str:
        return ",".join(map(str, self.typed))


def looks(wanted: Rolled, path: Path) -> list[FaceLook]:
    """The faces of the die `wanted` of the scene at `path` as its game draws them, or its numbers."""
    library = Library()
    doc = library.load(path)
    system = doc.system
    drawn = None
    if system is not None and system.table_dice:
        drawn = load(system.table_dice)(wanted, doc.model, library.resolver(path, doc))
    return drawn or numbered(wanted.sides)


def play(path: Path, typed: list[int]) -> Turn:
    """The scene at `path` with the dice `typed`: the next die wanted, or the resolution."""
    turn = Turn(list(typed))

    def ask(number: int, wanted: Rolled) -> int:
        if number > len(typed):
            raise _Waiting(wanted)
        turn.taken.append(replace(wanted, value=typed[number - 1]))
        return typed[number - 1]

    try:
        result, problems, _ = resolve_scene(path, None, None, ask)
    except _Waiting as waiting:
        turn.wanted = waiting.wanted
        turn.faces = looks(waiting.wanted, path)
        return turn
    if result is not None:  # every die is in: the resolution `roll --dice` gives, from the same call
        result, problems, _ = resolve_scene(path, None, typed)
    turn.result, turn.problems = result, [p for p in problems if result is None or not p.is_error]
    return turn


def _dice(text: str) -> list[int] | None:
    parts = [p for p in text.replace(" ", "").split(",") if p]
    if len(parts) > MAX_DICE or not all(p.isdigit() and len(p) < 4 for p in parts):
        return None
    return [int(p) for p in parts]


def shown_problems(problems: list[Problem]) -> list[dict[str, str]]:
    """Problems as the page lists them: where (line, field), what, and how to fix it."""
    out = []
    for p in problems:
        where = ", ".join(x for x in (f"line {p.line}" if p.line else "", format_path(p.path)) if x)
        out.append({"severity": p.severity, "rule": p.rule, "where": where, "message": p.message, "hint": p.hint})
    return out


def scene_games(studio, found: list[dict[str, str]]) -> dict[str, Any]:
    """The games a scene can be started for (those that play scenes), the one chosen being
    the game of the folder's scenes, else of its first file of a game that plays scenes."""
    from ..systems import REGISTRY

    listed = [(g.id, g.title) for g in REGISTRY.values() if g.play is not None and "scene" in g.models]
    ids = {id for id, _ in listed}
    titles = {title: id for id, title in listed}
    chosen = next((titles[s["game"]] for s in found if s["game"] in titles), "")
    for rel in [] if chosen else yaml_files(studio):
        system = Library().load(studio.resolve(rel)).system
        if system is not None and system.id in ids:
            chosen = system.id
            break
    return {"scene_games": listed, "scene_game": chosen}


async def table_list(request: Request) -> Response:
    studio = request.app.state.studio
    found = await run_in_threadpool(scenes, studio)
    games = await run_in_threadpool(scene_games, studio, found)
    return page(request, "table_list.html", {"scenes": found, "missing": "", **games})


async def table_scene(request: Request) -> Response:
    studio = request.app.state.studio
    rel = request.path_params["path"]
    try:
        path = studio.resolve(rel)
    except LookupError:
        return page(request, "table_list.html", {"scenes": [], "missing": rel, "scene_games": [], "scene_game": ""}, status_code=404)
    typed: list[int] | None = []
    form: dict[str, str] = {}
    extra: dict[str, Any] = {}
    if request.method == "POST":
        form = dict(parse_qsl((await request.body()).decode("utf-8", "replace")))
        typed = _dice(form.get("dice", ""))
        if typed is not None and form.get("typed", "").strip():  # typed wins: Enter may "press" another button
            more, why = table_typed.read_typed(form["typed"])
            if more:
                typed, why = await run_in_threadpool(table_typed.add_typed, path, typed, more, play)
            if why:
                extra.update(typed_text=form["typed"][:200], typed_problem=why)
        elif typed is not None and form.get("face", "").isdigit() and len(form["face"]) < 4:
            typed.append(int(form["face"]))
        elif typed and form.get("undo"):
            typed.pop()
        elif form.get("restart"):
            typed = []
    if typed is None:
        return Response("the dice are whole numbers separated by commas", status_code=400, media_type="text/plain")
    if form.get("apply"):
        extra["applied"], extra["apply_problem"] = await run_in_threadpool(journal_page.apply, path, rel, typed, studio.folder)
        if not extra["apply_problem"] or extra["applied"]:
            typed = []  # written: the page asks for the next roll, on the table as it now stands
    return await scene_page(request, path, rel, typed, extra)


async def scene_page(request: Request, path: Path, rel: str, typed: list[int], extra: dict[str, Any]) -> Response:
    """The scene at `path` with the dice `typed`, and the table's journal beside it."""
    ctx: dict[str, Any] = {"path": rel, "applied": [], "apply_problem": "", "undo_said": [], "undo_problem": "",
                           "event_said": [], "event_problem": "", "typed_text": "", "typed_problem": "", **extra}
    turn = await run_in_threadpool(play, path, typed)
    ctx.update(turn=turn, problems=shown_problems(turn.problems), game=await run_in_threadpool(_game_title, path),
               journal=await run_in_threadpool(journal_page.timeline, path),
               table=await run_in_threadpool(table_of, path))
    fragment = request.headers.get("HX-Request") == "true"
    return page(request, "table_area.html" if fragment else "table_play.html", ctx)


async def table_event(request: Request) -> Response:
    """POST /table-event/{path}: an event the GM declares at the scene's table, written in
    place and journalled (`playaid event … --apply`), then the scene again."""
    studio = request.app.state.studio
    rel = request.path_params["path"]
    try:
        path = studio.resolve(rel)
    except LookupError:
        return Response("no such scene in the folder", status_code=404, media_type="text/plain")
    form = dict(parse_qsl((await request.body()).decode("utf-8", "replace")))
    table = await run_in_threadpool(table_of, path)
    event = next((e for e in table.events if e.name == form.get("event")), None)
    if event is None:
        said, problem = [], "No such event at this table: choose one of the list."
    else:
        said, problem = await run_in_threadpool(declare, path, table.setup, table.game, event,
                                                form.get("who", "").strip(), form)
    return await scene_page(request, path, rel, [], {"event_said": said, "event_problem": problem})


async def table_undo(request: Request) -> Response:
    """POST /table-undo/{path}: undo (or redo) the table's last step, then the scene again."""
    studio = request.app.state.studio
    rel = request.path_params["path"]
    try:
        path = studio.resolve(rel)
    except LookupError:
        return Response("no such scene in the folder", status_code=404, media_type="text/plain")
    form = dict(parse_qsl((await request.body()).decode("utf-8", "replace")))
    said, problem = await run_in_threadpool(journal_page.take_back, path, studio.folder, form.get("redo") == "1")
    return await scene_page(request, path, rel, [], {"undo_said": said, "undo_problem": problem})


def _game_title(path: Path) -> str:
    system = Library().load(path).system
    return system.title if system is not None else ""


def routes() -> list[BaseRoute]:
    return [
        Route("/table", table_list),
        Route("/table/{path:path}", table_scene, methods=["GET", "POST"]),
        Route("/table-undo/{path:path}", table_undo, methods=["POST"]),
        Route("/table-event/{path:path}", table_event, methods=["POST"]),
    ]
