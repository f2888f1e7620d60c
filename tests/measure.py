"""Print measurements read back from a PDF, for tests of any output: the effective size of
every character, the tallest empty band of a page, form widgets and their appearances,
document metadata. Sizes are in points or millimetres, as the print guide states its bars."""

from __future__ import annotations

import ctypes
import io
from dataclasses import dataclass
from pathlib import Path

import pikepdf
import pypdfium2
import pypdfium2.raw as pdfium

MM = 72 / 25.4


def text_sizes(path: Path | bytes, page: int) -> list[tuple[str, float]]:
    """(character, effective size in pt) of every drawn character of a page.

    The effective size is the font size scaled by the character's whole matrix (text
    matrix and the page's transformations), i.e. what a reader sees, not the `Tf` operand.
    Characters PDFium invents (line breaks between text runs) are left out.
    """
    doc = pypdfium2.PdfDocument(path)
    try:
        text = doc[page].get_textpage()
        matrix = pdfium.FS_MATRIX()
        sizes = []
        for i in range(text.count_chars()):
            if pdfium.FPDFText_IsGenerated(text.raw, i) == 1:
                continue
            char = chr(pdfium.FPDFText_GetUnicode(text.raw, i))
            if char.isspace():
                continue
            pdfium.FPDFText_GetMatrix(text.raw, i, ctypes.byref(matrix))
            scale = abs(matrix.a * matrix.d - matrix.b * matrix.c) ** 0.5
            sizes.append((char, pdfium.FPDFText_GetFontSize(text.raw, i) * scale))
        return sizes
    finally:
        doc.close()


def smallest_text(path: Path | bytes) -> tuple[float, str]:
    """The smallest effective text size on any page, with a few of the characters set at it."""
    doc = pypdfium2.PdfDocument(path)
    pages = len(doc)
    doc.close()
    found = [s for p in range(pages) for s in text_sizes(path, p)]
    low = min(size for _, size in found)
    return low, "".join(c for c, size in found if size - low < 0.01)[:40]


def empty_bands_mm(path: Path | bytes, page: int, margin_mm: float, *, dpi: int = 72) -> list[tuple[float, float]]:
    """Every horizontal band inside the margins where nothing is drawn: (top, height) in mm.

    The page is rendered with its form fields (as a viewer shows it); a pixel row counts as
    empty when no pixel between the side margins is darker than near-white."""
    doc = pypdfium2.PdfDocument(path)
    try:
        doc.init_forms()
        image = doc[page].render(scale=dpi / 72, may_draw_forms=True, grayscale=True).to_pil().convert("L")
    finally:
        doc.close()
    per_mm = dpi / 25.4
    width, height = image.size
    left, right = round(margin_mm * per_mm), width - round(margin_mm * per_mm)
    top, bottom = round(margin_mm * per_mm), height - round(margin_mm * per_mm)
    pixels = image.load()
    bands, start = [], None
    for y in range(top, bottom):
        blank = all(pixels[x, y] > 245 for x in range(left, right))
        if blank and start is None:
            start = y
        elif not blank and start is not None:
            bands.append((start / per_mm, (y - start) / per_mm))
            start = None
    if start is not None:
        bands.append((start / per_mm, (bottom - start) / per_mm))
    return bands


@dataclass(frozen=True)
class Widget:
    page: int
    name: str
    kind: str
    """`/Tx` (text) or `/Btn` (check box)."""
    value: str
    rect_mm: tuple[float, float, float, float]
    """x0, y0, x1, y1 from the page's bottom-left corner."""
    has_appearance: bool
    printable: bool

    @property
    def width_mm(self) -> float:
        return self.rect_mm[2] - self.rect_mm[0]

    @property
    def height_mm(self) -> float:
        return self.rect_mm[3] - self.rect_mm[1]


def widgets(path: Path | bytes) -> list[Widget]:
    """Every form widget of the PDF, page by page."""
    found = []
    with pikepdf.open(_source(path)) as pdf:
        for number, page in enumerate(pdf.pages):
            for annot in page.obj.get("/Annots", []):
                if annot.get("/Subtype") != "/Widget":
                    continue
                x0, y0, x1, y1 = (float(v) / MM for v in annot.Rect)
                value = annot.get("/V")
                found.append(Widget(
                    number, str(annot.get("/T", "")), str(annot.get("/FT", "")),
                    "" if value is None else str(value),
                    (min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1)),
                    "/AP" in annot and "/N" in annot.AP, bool(int(annot.get("/F", 0)) & 4)))
    return found


def need_appearances(path: Path | bytes) -> bool:
    """Whether the form asks viewers to draw its fields themselves."""
    with pikepdf.open(_source(path)) as pdf:
        form = pdf.Root.get("/AcroForm")
        return bool(form is not None and form.get("/NeedAppearances", False))


def metadata(path: Path | bytes) -> dict:
    """Title, author, subject, creator, the catalogue's language, and whether it is tagged."""
    with pikepdf.open(_source(path)) as pdf:
        info = {k[1:].lower(): str(v) for k, v in pdf.docinfo.items()}
        mark = pdf.Root.get("/MarkInfo")
        return {**info, "lang": str(pdf.Root.get("/Lang", "")),
                "tagged": "/StructTreeRoot" in pdf.Root and bool(mark is not None and mark.get("/Marked")),
                "display_title": bool(pdf.Root.get("/ViewerPreferences", {}).get("/DisplayDocTitle", False))}


def page_count(path: Path | bytes) -> int:
    with pikepdf.open(_source(path)) as pdf:
        return len(pdf.pages)


def _source(path: Path | bytes):
    return io.BytesIO(path) if isinstance(path, bytes) else path
