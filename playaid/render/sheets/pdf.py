"""HTML to PDF for sheets, reference pages and packet covers."""

from __future__ import annotations

from ..html import Templates, layout, pdf_bytes


def template_pdf(templates: Templates, template: str, /, **context) -> bytes:
    """`template` of `templates` rendered with `context`, as PDF bytes."""
    return pdf_bytes(template_document(templates, template, **context))


def template_document(templates: Templates, template: str, /, **context):
    """`template` rendered with `context` and laid out, not yet written."""
    return layout(templates.render(template, **context), templates.roots)


def bookmark_pages(doc) -> list[int]:
    """The page (0-based) of each top-level bookmark of a laid-out document, in order."""
    return [entry[1][0] for entry in doc.make_bookmark_tree()]
