"""The editor's buttons that change a list as a whole: a tick in a setup's cast (the form is
drawn again, so the link ends offer the new cast) and "Remove" beside an entry of a list
(a link, a talent). Both first apply the form's latest values, so nothing typed is lost,
and edit the file's text in place as every form change does (`yaml_edit`)."""

from __future__ import annotations

import yaml
from starlette.requests import Request
from starlette.responses import HTMLResponse, Response
from starlette.routing import Route

from ..problems import format_path
from .editor import _answer, _apply, _posted, _view
from .form import walk
from .yaml_edit import EditRefused, set_value, value_at


async def cast_changed(request: Request) -> Response:
    """A character ticked or unticked: the file and the whole form, with the new cast's names."""
    studio, rel, form, text, base = await _posted(request)
    view = await _view(studio, rel, text, base)
    cast = next((f for f in view.fields if f.widget == "cast"), None)
    if cast is not None and any(e is None or e == "" for e in cast.value or []):
        # the starter's blank `- ` line has no text to edit in place: the list starts empty
        try:
            text = set_value(text, cast.path, [])
            view = await _view(studio, rel, text, base)
        except (EditRefused, yaml.YAMLError):
            pass
    text, note = _apply(view, form, text)
    view = await _view(studio, rel, text, base, note)
    studio.renders.prefetch(view.rel, view.text, "a4")
    shown = [f for f in walk(view.fields) if f.widget == "names"]
    return HTMLResponse(view.render("cast_update.html", send_fields=False, send_text=True, names_fields=shown))


async def remove_entry(request: Request) -> Response:
    """The entry the button names (`links[2]`) taken out of its list."""
    studio, rel, form, text, base = await _posted(request)
    text, note = _apply(await _view(studio, rel, text, base), form, text)
    view = await _view(studio, rel, text, base)
    wanted = str(form.get("entry", ""))
    entry = next((c for f in walk(view.fields) if f.widget == "entries" for c in f.children
                  if c.name == wanted), None)
    if entry is None:
        note = "that entry is no longer there"
    else:
        where, index = entry.path[:-1], entry.path[-1]
        try:
            current = list(value_at(text, where) or [])
            text = set_value(text, where, current[:index] + current[index + 1:])
        except (EditRefused, yaml.YAMLError, IndexError) as exc:
            note = f"{format_path(where)}: {exc}"
    return _answer(await _view(studio, rel, text, base, note), fields=True, text=True)


def routes() -> list:
    return [Route("/api/cast/{rel:path}", cast_changed, methods=["POST"]),
            Route("/api/remove/{rel:path}", remove_entry, methods=["POST"])]
