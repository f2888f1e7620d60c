"""HTML to PDF for sheets, reference pages and packet covers.

`generator.render.html.html_to_pdf` serves stylesheets without a content type, and
WeasyPrint ignores a `<link rel=stylesheet>` that is not `text/css` (it logs an error
per page). Until that is fixed there, this twin wraps the same safe fetcher and only
adds the content type; the safety rules (project files only) stay those of `html`.
"""

from __future__ import annotations

import mimetypes
from pathlib import Path

from ..html import TEMPLATES, Templates, local_fetcher


def typed_fetcher(template_roots: list[Path]):
    """`html.local_fetcher`, answering with the file's content type."""
    from weasyprint.urls import URLFetcher

    inner = local_fetcher(template_roots)

    class Typed(URLFetcher):
        def fetch(self, url, headers=None):
            response = inner.fetch(url, headers)
            kind = mimetypes.guess_type(url)[0]
            if kind and "Content-Type" not in response.headers:
                response.headers["Content-Type"] = kind
            return response

    return Typed()


def html_pdf(html: str, template_roots: list[Path] | None = None) -> bytes:
    """`html` laid out as reproducible PDF bytes, with form fields for inputs."""
    return write(document(html, template_roots))


def write(doc) -> bytes:
    """A laid-out document as PDF bytes: fixed identifier, so the same input gives the same bytes."""
    return doc.write_pdf(pdf_identifier=b"playaid", pdf_forms=True)


def document(html: str, template_roots: list[Path] | None = None):
    """The WeasyPrint document of `html` laid out (its pages can be inspected before writing)."""
    from weasyprint import HTML

    roots = template_roots or [TEMPLATES]
    base = roots[0].resolve().as_uri() + "/"
    return HTML(string=html, base_url=base, url_fetcher=typed_fetcher(roots)).render(pdf_forms=True)


def template_pdf(templates: Templates, template: str, /, **context) -> bytes:
    """`template` of `templates` rendered with `context`, as PDF bytes."""
    return write(template_document(templates, template, **context))


def template_document(templates: Templates, template: str, /, **context):
    """`template` rendered with `context` and laid out, not yet written."""
    return document(templates.render(template, **context), templates.roots)


def bookmark_pages(doc) -> list[int]:
    """The page (0-based) of each top-level bookmark of a laid-out document, in order."""
    return [entry[1][0] for entry in doc.make_bookmark_tree()]
