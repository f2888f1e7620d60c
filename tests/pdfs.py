"""Reading PDFs back in tests: page sizes, boxes, fonts, text, structure checks, previews."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pikepdf
import pypdfium2

MM = 72 / 25.4


def page_sizes_mm(path: Path) -> list[tuple[float, float]]:
    """Each page's MediaBox width × height in millimetres."""
    with pikepdf.open(path) as pdf:
        return [_box_mm(page.mediabox)[2:] for page in pdf.pages]


def _box_mm(box) -> tuple[float, float, float, float]:
    x0, y0, x1, y1 = (float(v) for v in box)
    return x0 / MM, y0 / MM, (x1 - x0) / MM, (y1 - y0) / MM


def box_mm(path: Path, page: int, name: str) -> tuple[float, float, float, float] | None:
    """(x, y, width, height) in mm of `/TrimBox`, `/BleedBox` … of a page, or None."""
    with pikepdf.open(path) as pdf:
        box = pdf.pages[page].obj.get(pikepdf.Name(name))
        return _box_mm(box) if box is not None else None


def fonts(path: Path) -> list[dict]:
    """Every font `pdffonts` lists: name, type, embedded, subset."""
    out = subprocess.run(["pdffonts", str(path)], capture_output=True, text=True, check=True).stdout
    rows = []
    for line in out.splitlines()[2:]:
        cols = line.split()
        # name type... encoding emb sub uni object-id generation; the type may hold spaces
        rows.append({"name": cols[0], "embedded": cols[-5] == "yes", "subset": cols[-4] == "yes"})
    return rows


def text(path: Path, page: int | None = None) -> str:
    """The text layer of one page, or of every page joined by form feeds."""
    doc = pypdfium2.PdfDocument(str(path))
    try:
        pages = range(len(doc)) if page is None else [page]
        return "\f".join(doc[i].get_textpage().get_text_range() for i in pages)
    finally:
        doc.close()


def qpdf_check(path: Path) -> tuple[bool, str]:
    """`qpdf --check`: (clean, what it printed)."""
    run = subprocess.run(["qpdf", "--check", str(path)], capture_output=True, text=True)
    return run.returncode == 0, run.stdout + run.stderr


def form_field_names(path: Path) -> list[str]:
    """The fully qualified names of every AcroForm field."""
    with pikepdf.open(path) as pdf:
        acro = pdf.Root.get("/AcroForm")
        if acro is None:
            return []
        names = []

        def walk(field, prefix):
            name = prefix + (str(field.T) if "/T" in field else "")
            kids = field.get("/Kids")
            if kids is not None and any("/T" in k for k in kids):
                for kid in kids:
                    walk(kid, name + ".")
            else:
                names.append(name)

        for field in acro.Fields:
            walk(field, "")
        return names


def outline_titles(path: Path) -> list[str]:
    """Every bookmark title, depth first."""
    with pikepdf.open(path) as pdf, pdf.open_outline() as outline:
        titles = []

        def walk(items):
            for item in items:
                titles.append(item.title)
                walk(item.children)

        walk(outline.root)
        return titles


def assert_printable(path: Path) -> None:
    """The bars every PDF meets: qpdf clean, every font embedded."""
    ok, report = qpdf_check(path)
    assert ok, report
    listed = fonts(path)
    assert all(f["embedded"] for f in listed), listed


def render_png(path: Path, page: int, out: Path, scale: float = 1.0) -> Path:
    """Page `page` as a PNG at 72·scale dpi, for looking at."""
    doc = pypdfium2.PdfDocument(str(path))
    try:
        doc[page].render(scale=scale).to_pil().save(out)
    finally:
        doc.close()
    return out


def flattened(path: Path) -> bytes:
    """The PDF with every annotation's normal appearance merged into its page, as a print
    shop's flattening would: what shows then is only what appearance streams draw."""
    import io
    import warnings

    with pikepdf.open(path) as pdf, warnings.catch_warnings():
        # empty fields (no appearance) stay as widgets outside the form: moot once flattened
        warnings.simplefilter("ignore")
        pdf.flatten_annotations("all")
        out = io.BytesIO()
        pdf.save(out)
        return out.getvalue()


def flattened_text(path: Path) -> str:
    """The text layer of every page after flattening (see `flattened`)."""
    doc = pypdfium2.PdfDocument(flattened(path))
    try:
        return "\f".join(doc[i].get_textpage().get_text_range() for i in range(len(doc)))
    finally:
        doc.close()
