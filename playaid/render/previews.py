"""PNG previews of PDF pages, rasterized in-process with pypdfium2 (no external program).

A page's pixels are counted before it is drawn (`layout_bounds.MAX_PREVIEW_PIXELS`): a
PDF page may be metres wide, and its preview would fill the memory."""

from __future__ import annotations

import io

from .layout_bounds import check_preview

PREVIEW_DPI = 100


def page_pngs(pdf: bytes, stem: str, dpi: int = PREVIEW_DPI) -> dict[str, bytes]:
    """`{stem}-p1.png`, `{stem}-p2.png` … for every page of `pdf`; LayoutTooBig for a page too large."""
    import pypdfium2

    doc = pypdfium2.PdfDocument(pdf)
    doc.init_forms()  # so form fields are drawn with their values, as a viewer shows them
    try:
        out = {}
        for i in range(len(doc)):
            width, height = doc[i].get_size()
            check_preview(width, height, dpi / 72, i + 1)
            image = doc[i].render(scale=dpi / 72, may_draw_forms=True).to_pil()
            buffer = io.BytesIO()
            image.save(buffer, format="PNG", optimize=True)
            out[f"{stem}-p{i + 1}.png"] = buffer.getvalue()
        return out
    finally:
        doc.close()
