"""The editor page: a form and a YAML view of one file, its problems beside its fields.

Each change in the form is posted (after 300 ms without typing) with the text it started
from; the server puts the changed values into that text in place (`yaml_edit`), checks it
with playaid's own loader and rules (`checks`), and answers with the new text and every
field's problems as out-of-band fragments, so a fixed field's problem disappears. An edit
in the YAML view comes back the other way: the form redrawn from the text. Nothing is
written until Save, which refuses (409) when the file changed on disk since it was read.
"""

from __future__ import annotations

from html import escape

import yaml
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, Response
from starlette.routing import Route

from ..problems import Problem, format_path
from . import words
from .checks import Checked, check
from .files import digest, read_only
from . import cast
from .form import changes, creation_split, fields_of, new_entry, offer, walk
from .preview import PAPERS
from .printables import outputs
from .reading import Refused, plain
from .yaml_edit import EditRefused, set_value, value_at


def _data(checked: Checked, text: str):
    """The text as plain values for the form, read under the loader's limits (`reading`):
    None for a text that breaks one, whose problem then joins the file's own problems
    (the model builder may have stopped at another fault before meeting that limit)."""
    if checked.doc.system is None:
        return None
    try:
        return plain(text, checked.rel)
    except Refused as exc:
        if not any(p.rule == exc.problem.rule for p in checked.problems):
            checked.problems.append(exc.problem)
        return None


def _model(checked: Checked):
    doc = checked.doc
    return doc.system.models.get(doc.kind) if doc.system is not None and doc.kind else None


class View:
    """Everything the editor's templates show of one text of one file."""

    def __init__(self, studio, rel: str, text: str, base: str, checked: Checked, note: str = ""):
        self.studio, self.rel, self.text, self.base, self.checked, self.note = studio, rel, text, base, checked, note
        self.cls = _model(checked)
        data = _data(checked, text)
        self.readable = data is not None
        """False when the text breaks a limit or does not read: nothing edits it then."""
        self.fields = fields_of(self.cls, data) if self.cls is not None else []
        if self.cls is not None:
            self._offer_cast(checked, data)
        self.first, self.more = creation_split(self.cls, self.fields) if self.cls is not None else ([], [])
        self.placed = self._place()
        self.broken = next((p for p in checked.own() if p.rule == "yaml.syntax"), None)
        """Where the text stops reading as YAML (the form then keeps its last good state)."""
        # the optional fields stay unfolded once the file uses one of them
        self.more_open = isinstance(data, dict) and any(f.path[-1] in data for f in self.more)
        doc = checked.doc
        self.outputs = outputs(doc.system.id if doc.system else None, doc.kind, rel)
        self.dirty = digest(text.encode("utf-8")) != base

    def _offer_cast(self, checked: Checked, data) -> None:
        """The folder's characters of this game for a cast list; the cast's names for fields naming one."""
        system = checked.doc.system
        path = self.studio.resolve(self.rel)
        files = cast.characters(self.studio.folder, system.id, path)
        entries = data.get("characters") if isinstance(data, dict) else None
        offer(self.fields, system.models.get("character"), files, cast.names(entries, path, self.studio.folder))

    def _place(self) -> dict[str, list[Problem]]:
        """Each of this file's problems under the nearest field that shows (else under "")."""
        ids = {f.name: f.id for f in walk(self.fields)}
        placed: dict[str, list[Problem]] = {fid: [] for fid in ids.values()}
        placed[""] = []
        waiting = [f.path for f in walk(self.fields) if f.blank]  # just added: nothing chosen yet
        for p in self.checked.own():
            if any(p.path[:len(w)] == w for w in waiting):
                continue
            path = p.path
            while path and format_path(path) not in ids:
                path = path[:-1]
            placed[ids[format_path(path)] if path else ""].append(p)
        return placed

    def render(self, template: str, **extra) -> str:
        return self.studio.templates.get_template(template).render(view=self, words=words, **extra)


def _view_now(studio, rel: str, text: str, base: str, note: str = "") -> View:
    path = studio.resolve(rel)
    return View(studio, rel, text, base, check(path, rel, text), note)


async def _view(studio, rel: str, text: str, base: str, note: str = "") -> View:
    """The view of `text`, built in a worker thread: reading and checking a text (whatever
    was posted) never holds up the event loop, so other requests go on meanwhile."""
    return await run_in_threadpool(_view_now, studio, rel, text, base, note)


def _read(studio, rel: str) -> tuple[str, str]:
    """The file's text and hash; UnicodeDecodeError for a file that is not UTF-8, which the
    studio never edits: replacing its bytes with U+FFFD and saving would lose them."""
    data = studio.resolve(rel).read_bytes()
    return data.decode("utf-8"), digest(data)  # a BOM stays in the text, so a save keeps it


async def _unreadable(studio, rel: str) -> HTMLResponse:
    """A file that is not UTF-8: its problem as `playaid validate` words it, and no editor."""
    checked = await run_in_threadpool(check, studio.resolve(rel), rel)
    html = studio.templates.get_template("unreadable.html").render(rel=rel, problems=checked.own())
    return HTMLResponse(html)


async def page(request: Request) -> Response:
    studio = request.app.state.studio
    rel = request.path_params["rel"]
    try:
        text, base = _read(studio, rel)
    except UnicodeDecodeError:
        return await _unreadable(studio, rel)
    except (LookupError, OSError) as exc:
        reason = exc if isinstance(exc, LookupError) else "no such file in the folder"
        html = studio.templates.get_template("missing.html").render(rel=rel, reason=str(reason))
        return HTMLResponse(html, status_code=404)
    view = await _view(studio, rel, text, base)
    return HTMLResponse(view.render("edit.html"))


async def _posted(request: Request) -> tuple:
    studio = request.app.state.studio
    form = await request.form()
    return studio, request.path_params["rel"], form, str(form.get("text", "")), str(form.get("base", ""))


def _answer(view: View, *, fields: bool, text: bool, paper: str = "a4") -> HTMLResponse:
    view.studio.renders.prefetch(view.rel, view.text, paper if paper in PAPERS else "a4")
    return HTMLResponse(view.render("edit_update.html", send_fields=fields, send_text=text))


def _apply(view: View, form, text: str) -> tuple[str, str]:
    """`text` with the form's changed values put in place; a note for one that could not be."""
    note = ""
    if not view.readable:
        return text, ""  # a text past the loader's limits is shown with its problem, never edited
    for path, value in changes(view.fields, form):
        try:
            text = set_value(text, path, value)
        except (EditRefused, yaml.YAMLError) as exc:
            note = f"{words.place(path)}: {exc}"
    return text, note


async def from_form(request: Request) -> Response:
    studio, rel, form, text, base = await _posted(request)
    text, note = await run_in_threadpool(_apply, await _view(studio, rel, text, base), form, text)
    view = await _view(studio, rel, text, base, note)
    return _answer(view, fields=False, text=True, paper=str(form.get("paper", "a4")))


async def from_yaml(request: Request) -> Response:
    studio, rel, form, text, base = await _posted(request)
    view = await _view(studio, rel, text, base)
    # a text that does not read leaves the last good form standing (marked stale by the page)
    return _answer(view, fields=view.broken is None, text=False, paper=str(form.get("paper", "a4")))


async def add_entry(request: Request) -> Response:
    """A new entry at the end of a list of models (a Connection, a side …)."""
    studio, rel, form, text, base = await _posted(request)
    # the form's latest values first: a change still waiting for its debounce is not lost
    text, note = await run_in_threadpool(_apply, await _view(studio, rel, text, base), form, text)
    view = await _view(studio, rel, text, base)
    wanted = str(form.get("field", ""))
    target = next((f for f in walk(view.fields) if f.widget == "entries" and f.name == wanted), None)
    if target is None or not view.readable:
        note = "that list is not in this file's form any more: reload the page"
    else:
        try:
            current = value_at(text, target.path) or []
            text = set_value(text, target.path, [*current, new_entry(target.item)])
        except (EditRefused, yaml.YAMLError) as exc:
            note = f"{target.label}: {exc}"
    view = await _view(studio, rel, text, base, note)
    return _answer(view, fields=True, text=True)


async def remove_entry(request: Request) -> Response:
    """One entry taken out of its list (a link, a talent), the form's latest values first."""
    studio, rel, form, text, base = await _posted(request)
    text, note = await run_in_threadpool(_apply, await _view(studio, rel, text, base), form, text)
    view = await _view(studio, rel, text, base)
    wanted = str(form.get("field", ""))
    entry = next((f for f in walk(view.fields) if f.name == wanted and f.path and isinstance(f.path[-1], int)), None)
    if entry is None or not view.readable:
        note = "that entry is no longer there"
    else:
        try:
            current = list(value_at(text, entry.path[:-1]) or [])
            del current[entry.path[-1]]
            text = set_value(text, entry.path[:-1], current)
        except (EditRefused, yaml.YAMLError, IndexError) as exc:
            note = f"could not remove it here: {exc}"
    view = await _view(studio, rel, text, base, note)
    return _answer(view, fields=True, text=True)


def _not_saved(why: str, status: int) -> HTMLResponse:
    """Save's refusal for the page's status line, in plain words (escaped: it may quote a name)."""
    return HTMLResponse(f"<p id='status' class='status error' role='alert'>Not saved: {escape(why)}</p>",
                        status_code=status)


async def save(request: Request) -> Response:
    studio, rel, form, text, base = await _posted(request)
    try:
        path = studio.resolve(rel)
        _, on_disk = _read(studio, rel)
    except FileNotFoundError:
        on_disk = base  # deleted meanwhile: saving writes it again
    except UnicodeDecodeError:
        return _not_saved("the file on disk is not UTF-8 text; convert it first (see its problem)", 409)
    except (LookupError, OSError) as exc:
        return _not_saved(str(exc) if isinstance(exc, LookupError) else exc.strerror or "cannot read it", 404)
    if on_disk != base:
        html = studio.templates.get_template("conflict.html").render(rel=rel)
        return HTMLResponse(html, status_code=409)
    if read_only(path):
        return _not_saved("the file is read-only; make it writable first if you mean to change it", 403)
    try:
        await run_in_threadpool(studio.write_text, rel, text)
    except LookupError as exc:
        return _not_saved(str(exc), 404)
    except OSError as exc:  # the words only: the temporary file's path is none of the page's business
        return _not_saved(f"the folder does not allow writing it ({exc.strerror or 'write failed'})", 403)
    studio.events.publish("file-saved", rel)
    view = await _view(studio, rel, text, digest(text.encode("utf-8")), "saved")
    return HTMLResponse(view.render("edit_saved.html"))


async def reload(request: Request) -> Response:
    """The file changed on disk: the page takes the new text, unless it holds unsaved edits."""
    studio, rel, form, text, base = await _posted(request)
    try:
        disk, disk_base = _read(studio, rel)
    except UnicodeDecodeError:
        return HTMLResponse("<p id='status' class='status error' role='alert'>"
                            "The file on disk is no longer UTF-8 text: reload the page to see why.</p>")
    except (LookupError, OSError):
        return HTMLResponse("<p id='status' class='status error' role='alert'>"
                            "This file was removed or renamed on disk.</p>")
    if disk_base == base:
        return Response(status_code=204)  # our own save, or nothing new
    if digest(text.encode("utf-8")) != base:  # unsaved edits here: say so, overwrite nothing
        return HTMLResponse(studio.templates.get_template("conflict.html").render(rel=rel))
    view = await _view(studio, rel, disk, disk_base, "changed on disk: the page shows the new file")
    return _answer(view, fields=True, text=True)


def routes() -> list:
    return [
        Route("/edit/{rel:path}", page),
        Route("/api/form/{rel:path}", from_form, methods=["POST"]),
        Route("/api/yaml/{rel:path}", from_yaml, methods=["POST"]),
        Route("/api/add/{rel:path}", add_entry, methods=["POST"]),
        Route("/api/remove/{rel:path}", remove_entry, methods=["POST"]),
        Route("/api/save/{rel:path}", save, methods=["POST"]),
        Route("/api/reload/{rel:path}", reload, methods=["POST"]),
    ]
