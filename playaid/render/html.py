"""Jinja2 templates rendered to PDF by WeasyPrint, safely.

User text reaches templates only as autoescaped values, so it can never inject markup or
CSS. A user's `--template-dir` is treated as untrusted too: templates run in Jinja's
immutable sandbox, bounded in time and memory (`sandbox.py`, `bounds.py`), and a
template name, include or symlink that leads outside the template folders is refused.
Every layout is bounded before and while WeasyPrint makes it (`layout_bounds.py`).
WeasyPrint reads files only through `fetching.local_fetcher`: ours, the games', a user's
template folder and the font files found; `file:///etc/passwd` or `http://…` stays text.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import jinja2
from jinja2.sandbox import SecurityError

from .bounds import Budget, RenderTooBig, joined
from .fonts import CSS_STACK, font_face_css, without_unused_scripts
from .fetching import HardLinked, game_roots, local_fetcher, read_template_file
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
            bundled = next(filter(None, (_inside(root, pieces, name) for root in game_roots(pieces[-1]))), None)
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
        except HardLinked as exc:
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
