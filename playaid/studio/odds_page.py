"""The studio's odds explorer: `/odds` lists the games, `/odds/{system}` asks one of them.

The controls are the game's own query options (`OPTIONS` of its odds module, with the
ranges of `LIMITS` and the opening query of `EXAMPLE`), so a game added to the registry
brings its explorer along. The words are the lines `playaid odds SYSTEM …` prints and the
chart is the answer's `Spread`: the page computes no chance of its own.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl, urlencode

import click
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import FileResponse, HTMLResponse, Response
from starlette.routing import BaseRoute, Route

from ..odds import games, module
from ..odds import chart_files
from ..outputs import OutputError, OutputFolder
from ..systems import REGISTRY
from . import odds_query, words
from .table_page import page, yaml_files

PAPERS = ("a4", "letter")
STYLE = "odds_table.css"
"""The stylesheet of the odds and table pages (served as text from the templates' folder)."""


@dataclass(frozen=True)
class Control:
    """One query option as a form control."""

    name: str
    flag: str
    label: str
    kind: str
    """number, select (fixed choices), file (a YAML file of the folder) or text."""
    value: str
    low: int | None = None
    high: int | None = None
    choices: tuple[str, ...] = ()
    mode: str = ""
    """The way of rolling (unopposed, opposed …) only this option belongs to; "" for every way."""

    @property
    def limits(self) -> str:
        return f"{self.low} to {self.high}" if self.low is not None else ""


def controls(system: str, values: dict[str, str], files: list[str], folder: Path) -> list[Control]:
    """The game's query options as controls, holding `values` (the query so far); a file
    option lists only the folder's `files` that fit it."""
    game = module(system)
    limits = getattr(game, "LIMITS", {})
    moded = odds_query.option_modes(system)
    out = []
    for option in getattr(game, "OPTIONS", ()):
        name, help_text = option.name, (option.help or option.name).rstrip(".").replace("`", "")
        help_text = getattr(game, "LABELS", {}).get(name, help_text)  # the page's words, where the help's are YAML's
        flag = max(option.opts, key=len)
        value, mode = values.get(name, ""), moded.get(name, "")
        if isinstance(option.type, click.Choice):
            out.append(Control(name, flag, help_text, "select", value, choices=tuple(option.type.choices), mode=mode))
        elif isinstance(option.type, click.Path):
            choices = tuple(odds_query.fitting(system, name, files, folder))
            out.append(Control(name, flag, help_text, "file", value, choices=choices, mode=mode))
        elif name in limits:
            out.append(Control(name, flag, help_text, "number", value, *limits[name], mode=mode))
        else:
            out.append(Control(name, flag, help_text, "text", value, mode=mode))
    return out


def _values(system: str, request: Request, form: dict[str, str] | None = None) -> dict[str, str]:
    """The query's values by option name: the form's or the URL's, else the game's example."""
    names = [o.name for o in getattr(module(system), "OPTIONS", ())]
    given = form if form is not None else dict(request.query_params)
    if not any(n in given for n in names):
        values = dict(getattr(module(system), "EXAMPLE", {}))
    else:
        values = {n: given.get(n, "").strip() for n in names}
    mode = odds_query.chosen_mode(system, values, given.get("mode", ""))
    return odds_query.in_mode(system, values, mode) if mode else values


def _given(system: str, values: dict[str, str], studio) -> dict[str, Any]:
    """What `playaid odds` hands the game: every option, None when blank; files as paths."""
    given: dict[str, Any] = {}
    for option in getattr(module(system), "OPTIONS", ()):
        value = values.get(option.name) or None
        if value is not None and isinstance(option.type, click.Path):
            value = str(studio.resolve(value))  # LookupError: not a file of the folder
        given[option.name] = value
    return given


def answer_context(system: str, values: dict[str, str], studio) -> dict[str, Any]:
    """The answer fragment's values: the game's words and chart, or what is wrong."""
    game = module(system)
    ctx: dict[str, Any] = {"answer": None, "chart": None, "problem": "", "problem_at": "", "message": "",
                           "downloads": []}
    try:
        given = _given(system, values, studio)
    except LookupError:
        ctx["problem"] = "That file is not a YAML file of this folder; choose one from the list."
        return ctx
    if not any(given.get(n) is not None for n in getattr(game, "ASKING", ())):
        ctx["message"] = "Set the dice above to see the chances."
        return ctx
    try:
        answer = odds_query.answered(system, given, studio.folder)
    except click.ClickException as exc:  # the command line's words, in the page's: labels, no server path
        labels = {c.name: c.label for c in controls(system, values, [], studio.folder)}
        ctx["problem_at"], ctx["problem"] = odds_query.refusal(exc, labels, studio.folder, given)
        return ctx
    ctx["answer"] = answer
    ctx["chart"] = chart_files.answer_chart(answer)  # the one the command's --svg/--png draws
    if ctx["chart"] is not None:
        query = urlencode({k: v for k, v in values.items() if v})
        ctx["downloads"] = [(kind.upper(), f"/odds/{system}/chart.{kind}?{query}") for kind in chart_files.KINDS]
    return ctx


def _game(request: Request) -> str:
    system = request.path_params["system"].lower()
    if system not in games():
        raise LookupError(system)
    return system


def _not_found(request: Request) -> HTMLResponse:
    return page(request, "odds_list.html", {"games": _listing(), "missing": request.path_params.get("system", "")},
                status_code=404)


def _listing() -> list[dict[str, str]]:
    out = []
    for g in games():
        game = module(g)
        no_dice = getattr(game, "NO_DICE", "").format(title=REGISTRY[g].title)
        out.append({"id": g, "title": REGISTRY[g].title, "usage": getattr(game, "USAGE", ""), "no_dice": no_dice})
    return out


async def odds_list(request: Request) -> Response:
    return page(request, "odds_list.html", {"games": _listing(), "missing": ""})


async def odds_page(request: Request) -> Response:
    try:
        system = _game(request)
    except LookupError:
        return _not_found(request)
    studio = request.app.state.studio
    values = _values(system, request)
    files = yaml_files(studio)
    ctx = await run_in_threadpool(answer_context, system, values, studio)
    game = module(system)
    shown = await run_in_threadpool(controls, system, values, files, studio.folder)
    return page(request, "odds.html", {**ctx, "system": system, "title": REGISTRY[system].title,
                                       "controls": shown, "papers": PAPERS, "oob": False, "keep": False, "words": words,
                                       "modes": odds_query.modes(system),
                                       "mode": odds_query.chosen_mode(system, values, request.query_params.get("mode", "")),
                                       "no_dice": getattr(game, "NO_DICE", "").format(title=REGISTRY[system].title)})


async def odds_answer(request: Request) -> Response:
    try:
        system = _game(request)
    except LookupError:
        return Response("no such game", status_code=404, media_type="text/plain")
    studio = request.app.state.studio
    values = _values(system, request)
    ctx = await run_in_threadpool(answer_context, system, values, studio)
    # from the page: a refused value is said beside its control and the last chart stays
    keep = bool(ctx["problem"]) and request.headers.get("HX-Request") == "true"
    names = [c.name for c in controls(system, values, [], studio.folder)]
    html = studio.templates.get_template("odds_answer.html").render({**ctx, "oob": True, "keep": keep, "names": names})
    return HTMLResponse(html, headers={"HX-Reswap": "none"} if keep else {})


async def odds_chart(request: Request) -> Response:
    """The answer's chart as the file `playaid odds … --svg/--png` writes: the page's own picture."""
    try:
        system = _game(request)
    except LookupError:
        return Response("no such game", status_code=404, media_type="text/plain")
    kind = request.path_params["kind"]
    if kind not in chart_files.KINDS:
        return Response("a chart is chart.svg or chart.png", status_code=404, media_type="text/plain")
    studio = request.app.state.studio
    values = _values(system, request)
    ctx = await run_in_threadpool(answer_context, system, values, studio)
    if ctx["chart"] is None:
        return Response((ctx["problem"] or ctx["message"] or "this answer has no chart") + "\n", status_code=404,
                        media_type="text/plain")
    drawn = ctx["chart"]
    data = chart_files.svg(drawn).encode("utf-8") if kind == "svg" else await run_in_threadpool(chart_files.png, drawn)
    name = f"{chart_files.stem(system, {k: v for k, v in values.items() if v})}.{kind}"
    return Response(data, media_type="image/svg+xml" if kind == "svg" else "image/png",
                    headers={"Content-Disposition": f'attachment; filename="{name}"'})


def handout_name(system: str) -> str:
    return f"odds-{system}.pdf"


def _write_handout(system: str, values: dict[str, str], paper_id: str, studio) -> Path | None:
    from ..odds.handout import handout_for
    from ..render.paper import paper

    pdf = handout_for(system, paper(paper_id), _given(system, values, studio))
    return None if pdf is None else OutputFolder(studio.folder / "output").write_bytes(handout_name(system), pdf)


async def odds_print(request: Request) -> Response:
    """Write the handout `playaid odds SYSTEM --format pdf` writes into FOLDER/output."""
    try:
        system = _game(request)
    except LookupError:
        return Response("no such game", status_code=404, media_type="text/plain")
    studio = request.app.state.studio
    form = dict(parse_qsl((await request.body()).decode("utf-8", "replace")))
    paper_id = form.get("paper", "a4") if form.get("paper", "a4") in PAPERS else "a4"
    ctx: dict[str, Any] = {"system": system, "written": "", "problem": ""}
    try:
        written = await run_in_threadpool(_write_handout, system, _values(system, request, form), paper_id, studio)
    except LookupError:
        ctx["problem"] = "That file is not a YAML file of this folder; choose one from the list."
    except click.ClickException as exc:
        labels = {c.name: c.label for c in controls(system, _values(system, request, form), [], studio.folder)}
        ctx["problem"] = odds_query.refusal(exc, labels, studio.folder)[1]
    except OutputError as exc:
        ctx["problem"] = str(exc)
    else:
        if written is None:
            ctx["problem"] = "This game uses no dice: it has no odds handout."
        else:
            ctx["written"] = written.relative_to(studio.folder).as_posix()
    return HTMLResponse(studio.templates.get_template("odds_printed.html").render(ctx))


async def odds_handout(request: Request) -> Response:
    """The handout last written for the game, as a download."""
    try:
        system = _game(request)
    except LookupError:
        return Response("no such game", status_code=404, media_type="text/plain")
    path = request.app.state.studio.folder / "output" / handout_name(system)
    if not path.is_file() or path.is_symlink():
        return Response("no handout written yet: press “Print as handout” first", status_code=404,
                        media_type="text/plain")
    return FileResponse(path, media_type="application/pdf", filename=handout_name(system),
                        content_disposition_type="attachment")


async def stylesheet(request: Request) -> Response:
    env = request.app.state.studio.templates
    text, _, _ = env.loader.get_source(env, STYLE)
    return Response(text, media_type="text/css")


def routes() -> list[BaseRoute]:
    return [
        Route("/odds", odds_list),
        Route("/odds/pages.css", stylesheet),
        Route("/odds/{system}", odds_page),
        Route("/odds/{system}/answer", odds_answer),
        Route("/odds/{system}/print", odds_print, methods=["POST"]),
        Route("/odds/{system}/handout.pdf", odds_handout),
        Route("/odds/{system}/chart.{kind:str}", odds_chart),
    ]
