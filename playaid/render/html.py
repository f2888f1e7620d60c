"""Jinja2 templates rendered to PDF by WeasyPrint, safely.

User text reaches templates only as autoescaped values, so it can never inject markup or
CSS. A user's `--template-dir` is treated as untrusted too: templates run in Jinja's
immutable sandbox (no Python internals, no mutation of what they are given), and a
template name, include or symlink that leads outside the template folders is refused.
WeasyPrint gets a URL fetcher that serves files from the project's `templates/` and
`assets/` folders (and a user's `--template-dir`) and refuses everything else: a name
like `file:///etc/passwd` or `http://…` stays literal text and nothing is fetched.
"""

from __future__ import annotations

import io
import logging
import mimetypes
import os
import types
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import unquote, urlsplit

import jinja2
from jinja2.sandbox import ImmutableSandboxedEnvironment, SecurityError

from .fonts import CSS_STACK, FONT_DIR, font_face_css
from .paper import Paper
from .. import resources

TEMPLATES = resources.TEMPLATES
ASSETS = resources.ASSETS


class TemplateProblem(Exception):
    """A template that cannot be used: its file and line, and why."""


class _Refused(Exception):
    """A template name that leads outside the template folders."""


class _Sandbox(ImmutableSandboxedEnvironment):
    """Jinja's sandbox, also closed to files and modules a context might carry by mistake."""

    def is_safe_attribute(self, obj, attr, value) -> bool:
        if isinstance(obj, (os.PathLike, types.ModuleType, io.IOBase)):
            return False
        return super().is_safe_attribute(obj, attr, value)


@dataclass
class Templates:
    """The template search path: a user's folder first (if any), then the bundled one.

    `warnings` collects, once per name, each template the user's folder lacks, so a
    restyle that forgot a file says so instead of silently using the bundled look.
    """

    user_dir: Path | None = None
    warnings: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.env = _Sandbox(
            loader=jinja2.FunctionLoader(self._load),
            autoescape=True,
            undefined=jinja2.StrictUndefined,
            trim_blocks=True,
            lstrip_blocks=True,
        )

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
        return _source(bundled) if bundled is not None else None

    def render(self, template: str, /, **context) -> str:
        """The HTML of `template` with `context`; TemplateProblem names file and line."""
        try:
            return self.env.get_template(template).render(**context)
        except jinja2.TemplateSyntaxError as exc:
            raise TemplateProblem(f"{exc.filename or exc.name}:{exc.lineno}: template syntax error: {exc.message}") from None
        except jinja2.TemplateNotFound as exc:
            raise TemplateProblem(f"template {exc.name} not found in {', '.join(map(str, self.roots))}") from None
        except _Refused as exc:
            raise TemplateProblem(f"{template}: template {exc} refused: it leads outside the template folders "
                                  f"({', '.join(map(str, self.roots))})") from None
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


def page_context(paper: Paper, title: str) -> dict:
    """What `shared/base.html` needs: the paper, the title and the bundled fonts."""
    return {"paper": paper, "title": title, "fonts_css": font_face_css(), "font_stack": CSS_STACK}


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
    text = path.read_text(encoding="utf-8")
    mtime = path.stat().st_mtime
    return text, str(path), lambda: path.stat().st_mtime == mtime


def _allowed_roots(template_roots: list[Path]) -> list[Path]:
    return [p.resolve() for p in (*template_roots, ASSETS, FONT_DIR)]


def local_fetcher(template_roots: list[Path]):
    """A WeasyPrint URL fetcher that serves only files under the allowed folders."""
    from weasyprint.urls import URLFetcher, URLFetcherResponse, URLFetchingError

    roots = _allowed_roots(template_roots)
    first, bundled = template_roots[0].resolve(), TEMPLATES.resolve()

    class LocalOnly(URLFetcher):
        def fetch(self, url, headers=None):
            parts = urlsplit(url)
            if parts.scheme != "file" or parts.netloc not in ("", "localhost"):
                raise URLFetchingError(f"playaid fetches no {parts.scheme or 'relative'} URLs: {url}")
            path = Path(unquote(parts.path)).resolve()
            if not path.is_file() and first in path.parents:
                # A user's template folder need not copy every stylesheet: fall back.
                path = bundled / path.relative_to(first)
            if not any(r in path.parents for r in roots) or not path.is_file():
                raise URLFetchingError(f"outside the project's templates and assets: {url}")
            kind = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
            # WeasyPrint applies a stylesheet only when it is served as text/css.
            return URLFetcherResponse(url, path.read_bytes(), headers={"Content-Type": kind})

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
    return HTML(string=html, base_url=base, url_fetcher=local_fetcher(roots)).render(pdf_forms=True)


def pdf_bytes(document) -> bytes:
    """A laid-out document as PDF bytes, byte-for-byte reproducible: a fixed document
    identifier and no dates."""
    return document.write_pdf(pdf_identifier=b"playaid", pdf_forms=True, finisher=_check_boxes_name_a_font)


TICK_FONT = FONT_DIR / "PlayaidCheck.ttf"
"""One glyph, a tick, under the codes of "3" and "4" (`tools/check_font.py`)."""


def _check_boxes_name_a_font(_document, pdf) -> None:
    """Give check boxes a default appearance that names an embedded font.

    WeasyPrint marks the form "NeedAppearances" (its text fields carry no appearance
    of their own), so poppler-based viewers redraw every check box: a field without
    `/DA` makes them report "Missing 'Tf'", and a ticked one is drawn as "3" in the font
    the form's resources call `ZaDb`, "Unknown font tag 'ZaDb'" when there is none. So
    the form gets a `ZaDb` of its own, our embedded tick, and every check box names it
    at the box's height, in the box's colour.
    """
    import pydyf

    boxes = [o for o in pdf.objects if isinstance(o, pydyf.Dictionary) and o.get("FT") == "/Btn"]
    form = pdf.catalog.get("AcroForm")
    if not boxes or form is None:
        return
    resources = _resolve(pdf, form["DR"])
    fonts = _resolve(pdf, resources.get("Font"))
    if not isinstance(fonts, pydyf.Dictionary):
        fonts = resources["Font"] = pydyf.Dictionary()
    fonts["ZaDb"] = _tick_font(pdf).reference
    for box in boxes:
        left, top, right, bottom = box["Rect"]
        colour = box.get("MK", {}).get("BC") or (0, 0, 0)
        box["DA"] = pydyf.String(f"/ZaDb {abs(top - bottom):.2f} Tf " + " ".join(f"{c:g}" for c in colour) + " rg")


def _resolve(pdf, value):
    """An indirect reference ("12 0 R") as the object it names; anything else as is."""
    if isinstance(value, (bytes, str)) and _bytes(value).endswith(b" R"):
        return pdf.objects[int(_bytes(value).split()[0])]
    return value


def _tick_font(pdf):
    """The tick font embedded whole (1 KB; a subset of Symbola, hence the tag) as a symbolic TrueType font."""
    import pydyf
    from fontTools.ttLib import TTFont

    data = TICK_FONT.read_bytes()
    face = TTFont(TICK_FONT)
    scale = 1000 / face["head"].unitsPerEm
    width = round(face["hmtx"][face.getBestCmap()[0x33]][0] * scale)
    head, hhea = face["head"], face["hhea"]
    file = pydyf.Stream([data], {"Length1": len(data)}, compress=True)
    pdf.add_object(file)
    descriptor = pydyf.Dictionary({
        "Type": "/FontDescriptor", "FontName": "/TICKAA+PlayaidCheck", "Flags": 4,  # symbolic
        "FontBBox": pydyf.Array([round(v * scale) for v in (head.xMin, head.yMin, head.xMax, head.yMax)]),
        "ItalicAngle": 0, "Ascent": round(hhea.ascent * scale), "Descent": round(hhea.descent * scale),
        "CapHeight": round(head.yMax * scale), "StemV": 80, "FontFile2": file.reference,
    })
    pdf.add_object(descriptor)
    font = pydyf.Dictionary({
        "Type": "/Font", "Subtype": "/TrueType", "BaseFont": "/TICKAA+PlayaidCheck", "FirstChar": 0x33, "LastChar": 0x34,
        "Widths": pydyf.Array([width, width]), "FontDescriptor": descriptor.reference,
    })
    pdf.add_object(font)
    return font


def _bytes(value) -> bytes:
    text = getattr(value, "string", value)
    return text if isinstance(text, bytes) else str(text).encode("latin-1", "replace")


def html_to_pdf(html: str, template_roots: list[Path] | None = None) -> bytes:
    """`html` laid out and written as PDF bytes."""
    return pdf_bytes(layout(html, template_roots))
