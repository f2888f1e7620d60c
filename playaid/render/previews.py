"""PNG previews of PDF pages, rasterized in-process with pypdfium2 (no external program)."""

from __future__ import annotations

import io

PREVIEW_DPI = 100


def page_pngs(pdf: bytes, stem: str, dpi: int = PREVIEW_DPI) -> dict[str, bytes]:
    """`{stem}-p1.png`, `{stem}-p2.png` … for every page of `pdf`."""
    import pypdfium2

    doc = pypdfium2.PdfDocument(pdf)
    doc.init_forms()  # so form fields are drawn with their values, as a viewer shows them
    try:
        out = {}
        for i in range(len(doc)):
            image = doc[i].render(scale=dpi / 72, may_draw_forms=True).to_pil()
            buffer = io.BytesIO()
            image.save(buffer, format="PNG", optimize=True)
            out[f"{stem}-p{i + 1}.png"] = buffer.getvalue()
        return out
    finally:
        doc.close()
