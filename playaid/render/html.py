"""Jinja2 templates rendered to PDF by WeasyPrint, safely.

User text reaches templates only as autoescaped values, so it can never inject markup or
CSS. A user's `--template-dir` is treated as untrusted too: templates run in Jinja's
immutable sandbox, bounded in time and memory (`sandbox.py`, `bounds.py`), and a
template name, include or symlink that leads outside the template folders is refused.
Every layout is bounded before and while WeasyPrint makes it (`layout_bounds.py`).
WeasyPrint gets a URL fetcher that serves files from the project's `templates/` and
`assets/` folders (and a user's `--template-dir`), the font files `fonts.found_files` names,
and refuses everything else: a name
like `file:///etc/passwd` or `http://…` stays literal text and nothing is fetched.
"""

from __future__ import annotations

import logging
import mimetypes
import os
from dataclasses import dataclass, field
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import unquote, urlsplit

import jinja2
from jinja2.sandbox import SecurityError

from .bounds import Budget, RenderTooBig, joined
from .fonts import CSS_STACK, FONT_DIR, font_face_css, found_files, without_unused_scripts
from .forms import finish_forms
from .layout_bounds import LayoutTooBig, check_html, check_pages, check_tree, page_limit
from .paper import Paper
from .sandbox import Sandbox
from .. import language, resources
from ..limits import RENDER_LIMIT, clipped

TEMPLATES = resources.TEMPLATES
ASSETS = resources.ASSETS


class TemplateProblem(Exception):
    """A template that cannot be used: its file and line, and why."""


class _Refused(Exception):
    """A template name that leads outside the template folders."""


class _HardLinked(Exception):
    """A user's template file that is also another file (a hard link)."""


@dataclass
class Templates:
    """The template search path: a user's folder first (if any), then the bundled one.

    `warnings` collects, once per name, each template the user's folder lacks, so a
    restyle that forgot a file says so instead of silently using the bundled look.
    """

    user_dir: Path | None = None
    warnings: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.env = Sandbox(
            loader=jinja2.FunctionLoader(self._load),
            autoescape=True,
            undefined=jinja2.StrictUndefined,
            trim_blocks=True,
            lstrip_blocks=True,
            finalize=_bounded,
            extensions=["jinja2.ext.i18n"],
        )
        # `{{ _("Notes") }}` and `{% trans %}` speak the language in use (`language.speaking`);
        # new-style calls format `%(name)s` and escape what they insert, as autoescape would
        self.env.install_gettext_callables(language.gettext, language.ngettext, newstyle=True)

    @property
    def roots(self) -> list[Path]:
        return [p for p in (self.user_dir, TEMPLATES) if p is not None]

    def _load(self, name: str):
        pieces = name.replace("\\", "/").split("/")
        if name.startswith(("/", "\\")) or any(p in ("", ".", "..") or ":" in p for p in pieces):
            raise _Refused(name)
        if self.user_dir is not None:
            mine = _inside(self.user_dir, pieces, name)
            if mine is not None:
                return _source(mine)
            note = f"{self.user_dir}: no {name}; using the bundled one"
            if note not in self.warnings:
                self.warnings.append(note)
        bundled = _inside(TEMPLATES, pieces, name)
        if bundled is None:
            bundled = next(filter(None, (_inside(root, pieces, name) for root in _game_roots(pieces[-1]))), None)
        return _source(bundled) if bundled is not None else None

    def render(self, template: str, /, **context) -> str:
        """The HTML of `template` with `context`; TemplateProblem names file and line."""
        try:
            self.env.budget = Budget()
            return joined(self.env.get_template(template).generate(**context))
        except jinja2.TemplateSyntaxError as exc:
            raise TemplateProblem(f"{exc.filename or exc.name}:{exc.lineno}: template syntax error: {exc.message}") from None
        except jinja2.TemplateNotFound as exc:
            raise TemplateProblem(f"template {exc.name} not found in {', '.join(map(str, self.roots))}") from None
        except _HardLinked as exc:
            raise TemplateProblem(f"{template}: refused: {exc}") from None
        except _Refused as exc:
            raise TemplateProblem(f"{template}: template {exc} refused: it leads outside the template folders "
                                  f"({', '.join(map(str, self.roots))})") from None
        except RenderTooBig as exc:
            raise TemplateProblem(f"{template}: {exc}") from None
        except SecurityError as exc:
            raise TemplateProblem(f"{template}: not allowed in a template: {exc}") from None
        except jinja2.UndefinedError as exc:
            raise TemplateProblem(f"{template}: {exc.message}") from None
        except jinja2.TemplateError as exc:
            raise TemplateProblem(f"{template}: {exc}") from None
        except Exception as exc:
            if self.user_dir is None:
                raise  # a bug of ours, not bad input
            raise TemplateProblem(f"{template}: your template failed: {type(exc).__name__}: {exc}") from None

    def to_pdf(self, template: str, /, **context) -> bytes:
        """`template` rendered and laid out as a PDF."""
        return html_to_pdf(self.render(template, **context), self.roots)


def _bounded(value):
    """Every `{{ value }}` a template prints, cut to `RENDER_LIMIT` characters: WeasyPrint
    breaks a long unbroken text in time that grows with its square, so one value must
    not decide how long a render takes. Markup (our stylesheets, drawings) is ours, and whole."""
    if hasattr(value, "__html__") or isinstance(value, (int, float)) or value is None:
        return value
    text = str(value)
    return clipped(text) if len(text) > RENDER_LIMIT else value


def page_context(paper: Paper, title: str, *, game: str = "", kind: str = "") -> dict:
    """What `shared/base.html` needs: the paper, the fonts and the document's metadata.

    `title` becomes the PDF's title; `game` (its display name) and `kind` ("character
    sheet", "reference" …) make its subject, so a file found alone says what it is and
    which game it belongs to. Author and creator name playaid; `lang` is the language in use
    (`language.speaking`): WeasyPrint hyphenates by it and tags the PDF's /Lang with it.
    """
    about = " ".join(p for p in (game, kind) if p) or title
    return {"paper": paper, "title": title, "fonts_css": font_face_css(), "font_stack": CSS_STACK,
            "lang": language.current(), "meta": {"author": "playaid", "description": f"{about}, made with playaid",
                                   "generator": f"playaid — {game}" if game else "playaid",
                                   "keywords": ", ".join(p for p in (game, kind, "playaid", "print and play") if p)}}


def _game_roots(file_name: str) -> Iterator[Path]:
    """Template folders games bring (`templates/` in a game's folder), looked in after the
    bundled one: first the folder of the game a file is named after (`sheets/dirt.html`), so
    one sheet imports one game; then every game's, for a template a game adds of its own."""
    from ..systems import REGISTRY

    named = file_name.rsplit(".", 1)[0]
    first = [named] if named in REGISTRY else []
    for game in [*first, *(g for g in REGISTRY if g not in first)]:
        if REGISTRY[game].templates:
            yield Path(REGISTRY[game].templates)


def _inside(root: Path, pieces: list[str], name: str) -> Path | None:
    """The file `pieces` under `root`, or None; _Refused if a symlink leads out of the template folders."""
    path = root.joinpath(*pieces)
    if not path.is_file():
        return None
    real = path.resolve()
    if not any(r in real.parents for r in (root.resolve(), TEMPLATES.resolve())):
        raise _Refused(name)
    return real


def _source(path: Path):
    text = read_template_file(path).decode("utf-8")
    mtime = path.stat().st_mtime
    return text, str(path), lambda: path.stat().st_mtime == mtime


_OURS = (TEMPLATES.resolve(), ASSETS.resolve(), FONT_DIR.resolve())


def read_template_file(path: Path) -> bytes:
    """The bytes of a template, stylesheet or image; _HardLinked for a user's file with
    a second name. A hard link, unlike a symlink, cannot be told from its target by
    its path: `style.css` could be `~/.ssh/id_rsa` under another name. The link count is
    read from the open file, so the file cannot be swapped between check and read.
    Bundled files are exempt: some installers hard-link packages from a cache."""
    with open(path, "rb", opener=lambda p, flags: os.open(p, flags | os.O_NONBLOCK)) as fh:
        links = os.fstat(fh.fileno()).st_nlink
        if links > 1 and not any(r in path.parents for r in _OURS):
            raise _HardLinked(f"{path} has {links} names (hard links), so it may be any file of yours; "
                              "copy the file into the folder instead of linking it")
        return fh.read()


def _allowed_roots(template_roots: list[Path]) -> list[Path]:
    return [p.resolve() for p in (*template_roots, ASSETS, FONT_DIR)]


def _game_template_roots() -> list[Path]:
    """Every game's `templates/` folder, resolved (asked only when a file is not among ours)."""
    return [root.resolve() for root in _game_roots("")]


def _in_a_game_folder(path: Path) -> bool:
    """Whether `path` (resolved) is inside a game's folder: its templates, images, fonts and
    data may be read, nothing else of the machine."""
    from ..systems import REGISTRY

    folders = [REGISTRY[g].folder for g in REGISTRY]
    return any(f is not None and f.resolve() in path.parents for f in folders)


def local_fetcher(template_roots: list[Path]):
    """A WeasyPrint URL fetcher that serves only files under the allowed folders."""
    from weasyprint.urls import URLFetcher, URLFetcherResponse, URLFetchingError

    roots = _allowed_roots(template_roots)
    first, bundled = template_roots[0].resolve(), TEMPLATES.resolve()
    fonts = set(found_files())  # the installed script fonts and the user's, by exact file

    class LocalOnly(URLFetcher):
        def fetch(self, url, headers=None):
            parts = urlsplit(url)
            if parts.scheme != "file" or parts.netloc not in ("", "localhost"):
                raise URLFetchingError(f"playaid fetches no {parts.scheme or 'relative'} URLs: {url}")
            path = Path(unquote(parts.path)).resolve()
            if not path.is_file() and first in path.parents:
                # A user's template folder need not copy every stylesheet, and a game's
                # stylesheets and pictures sit beside its templates: fall back to those.
                relative = path.relative_to(first)
                path = next((r / relative for r in (bundled, *_game_template_roots()) if (r / relative).is_file()),
                            bundled / relative)
            if not path.is_file() or not (any(r in path.parents for r in roots) or _in_a_game_folder(path)
                                          or path in fonts):
                raise URLFetchingError(f"outside the project's templates, assets and games: {url}")
            kind = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
            # WeasyPrint applies a stylesheet only when it is served as text/css.
            try:
                data = read_template_file(path)
            except (_HardLinked, OSError) as exc:
                raise URLFetchingError(f"refused: {exc}") from None
            return URLFetcherResponse(url, data, headers={"Content-Type": kind})

    return LocalOnly()


# WeasyPrint reports a refused fetch as a warning on its logger; the refusal is the point,
# so it is kept out of the user's terminal.
logging.getLogger("weasyprint").setLevel(logging.ERROR)


def layout(html: str, template_roots: list[Path] | None = None):
    """`html` laid out by WeasyPrint (relative URLs resolve against the first template
    root); its pages can be inspected before anything is written."""
    from weasyprint import HTML

    roots = template_roots or [TEMPLATES]
    base = roots[0].resolve().as_uri() + "/"
    try:
        check_html(html)
        html = without_unused_scripts(html)
        parsed = HTML(string=html, base_url=base, url_fetcher=local_fetcher(roots))
        check_tree(parsed.etree_element)
        with page_limit():
            document = parsed.render(pdf_forms=True)
        check_pages(document)
        return document
    except LayoutTooBig as exc:
        raise TemplateProblem(f"layout refused: {exc}") from None
    except RecursionError:
        raise TemplateProblem("layout failed: the HTML nests too deeply for WeasyPrint; flatten it") from None
    except Exception as exc:
        if roots[0] == TEMPLATES:
            raise  # our own templates: a bug of ours, not bad input
        raise TemplateProblem(f"layout of your template failed: {type(exc).__name__}: {exc}") from None


def pdf_bytes(document, *, tagged: bool = True) -> bytes:
    """A laid-out document as PDF bytes, byte-for-byte reproducible: a fixed document
    identifier and no dates. Tagged (a structure tree in reading order, the language of
    `<html lang>`), so screen readers and reflow can follow it; `tagged=False` for a part
    that is merged into another PDF by page, where its structure tree would be dropped."""
    return document.write_pdf(pdf_identifier=b"playaid", pdf_forms=True, pdf_tags=tagged, finisher=_finish)


def _finish(document, pdf) -> None:
    """Last touches before writing: form fields that show their values, and viewers told to
    show the document's title rather than its file name."""
    import pydyf

    finish_forms(document, pdf)
    pdf.catalog["ViewerPreferences"] = pydyf.Dictionary({"DisplayDocTitle": "true"})


def html_to_pdf(html: str, template_roots: list[Path] | None = None) -> bytes:
    """`html` laid out and written as PDF bytes."""
    return pdf_bytes(layout(html, template_roots))
