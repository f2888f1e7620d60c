"""Measuring printed pages from the PDF itself: the type size each glyph really has, where
text and ink sit on the paper, and the document information. Self-contained functions,
each opening the PDF it is given (pypdfium2 for drawing, pikepdf for metadata)."""

from __future__ import annotations

import ctypes
import io
import math
from dataclasses import dataclass
from pathlib import Path

import pikepdf
import pypdfium2
import pypdfium2.raw as pdfium
from PIL import Image, ImageDraw

MM = 72 / 25.4


def _matrix(obj) -> tuple[float, ...]:
    m = pdfium.FS_MATRIX()
    pdfium.FPDFPageObj_GetMatrix(obj, ctypes.byref(m))
    return m.a, m.b, m.c, m.d, m.e, m.f


def _times(m: tuple[float, ...], n: tuple[float, ...]) -> tuple[float, ...]:
    """`m` then `n` (PDF's row-vector order: a point is mapped by m, then by n)."""
    a, b, c, d, e, f = m
    A, B, C, D, E, F = n
    return (a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D, e * A + f * C + E, e * B + f * D + F)


def _walk(objects, parent: tuple[float, ...]):
    """(raw object, matrix to page space) for every object, inside form XObjects too."""
    for obj in objects:
        m = _times(_matrix(obj), parent)
        yield obj, m
        if pdfium.FPDFPageObj_GetType(obj) == pdfium.FPDF_PAGEOBJ_FORM:
            n = pdfium.FPDFFormObj_CountObjects(obj)
            yield from _walk([pdfium.FPDFFormObj_GetObject(obj, i) for i in range(n)], m)


def _page_objects(page):
    raw = page.raw
    return [pdfium.FPDFPage_GetObject(raw, i) for i in range(pdfium.FPDFPage_CountObjects(raw))]


def text_sizes(path: Path) -> list[tuple[int, float]]:
    """(page index, effective size in points) of every text object: the size its font
    is set at times the vertical scale of every transformation above it."""
    doc = pypdfium2.PdfDocument(str(path))
    try:
        out = []
        for index in range(len(doc)):
            page = doc[index]  # held: the objects live only while their page is open
            for obj, (a, b, c, d, _e, _f) in _walk(_page_objects(page), (1, 0, 0, 1, 0, 0)):
                if pdfium.FPDFPageObj_GetType(obj) != pdfium.FPDF_PAGEOBJ_TEXT:
                    continue
                size = ctypes.c_float()
                pdfium.FPDFTextObj_GetFontSize(obj, ctypes.byref(size))
                out.append((index, size.value * math.hypot(c, d)))
        return out
    finally:
        doc.close()


def smallest_text_pt(path: Path) -> float:
    """The smallest effective type size anywhere in the PDF (inf when it has no text)."""
    return min((size for _page, size in text_sizes(path)), default=math.inf)


def char_boxes_mm(path: Path, page: int) -> list[tuple[str, float, float, float, float]]:
    """(character, left, bottom, right, top) in mm of every visible character of a page."""
    doc = pypdfium2.PdfDocument(str(path))
    try:
        text = doc[page].get_textpage()
        out = []
        for i in range(text.count_chars()):
            char = chr(pdfium.FPDFText_GetUnicode(text.raw, i))
            if char.strip():
                x0, y0, x1, y1 = text.get_charbox(i)
                out.append((char, x0 / MM, y0 / MM, x1 / MM, y1 / MM))
        return out
    finally:
        doc.close()


def nearest_text_to_edge_mm(path: Path) -> float:
    """The least distance, over every page, from a character's box to the paper edge."""
    doc = pypdfium2.PdfDocument(str(path))
    sizes = [(doc[i].get_width() / MM, doc[i].get_height() / MM) for i in range(len(doc))]
    doc.close()
    least = math.inf
    for page, (w, h) in enumerate(sizes):
        for _c, x0, y0, x1, y1 in char_boxes_mm(path, page):
            least = min(least, x0, y0, w - x1, h - y1)
    return least


def hairlines_mm(path: Path, page: int, widest_pt: float) -> list[tuple[float, float, float, float]]:
    """Every straight segment (x0, y0, x1, y1 in mm) of stroked paths no wider than
    `widest_pt` on a page: crop marks, told apart from art by their width."""
    doc = pypdfium2.PdfDocument(str(path))
    try:
        out = []
        held = doc[page]  # the objects live only while their page is open
        for obj, m in _walk(_page_objects(held), (1, 0, 0, 1, 0, 0)):
            if pdfium.FPDFPageObj_GetType(obj) != pdfium.FPDF_PAGEOBJ_PATH:
                continue
            width = ctypes.c_float()
            pdfium.FPDFPageObj_GetStrokeWidth(obj, ctypes.byref(width))
            if width.value > widest_pt:
                continue
            points = []
            for i in range(pdfium.FPDFPath_CountSegments(obj)):
                seg = pdfium.FPDFPath_GetPathSegment(obj, i)
                x, y = ctypes.c_float(), ctypes.c_float()
                pdfium.FPDFPathSegment_GetPoint(seg, ctypes.byref(x), ctypes.byref(y))
                px, py = x.value * m[0] + y.value * m[2] + m[4], x.value * m[1] + y.value * m[3] + m[5]
                start = pdfium.FPDFPathSegment_GetType(seg) == pdfium.FPDF_SEGMENT_MOVETO
                if not start and points:
                    out.append((points[-1][0] / MM, points[-1][1] / MM, px / MM, py / MM))
                points.append((px, py))
        return out
    finally:
        doc.close()


def ink(path: Path, page: int, dpi: int = 150, erase: list[tuple[float, float, float, float]] = ()) -> Image.Image:
    """A page as a 1-bit image (white where there is ink), `erase` segments (mm) wiped
    out first; one pixel is 25.4 / dpi mm and row 0 is the top of the paper."""
    doc = pypdfium2.PdfDocument(str(path))
    try:
        image = doc[page].render(scale=dpi / 72, fill_color=(255, 255, 255, 255)).to_pil().convert("L")
        height_mm = doc[page].get_height() / MM
    finally:
        doc.close()
    px = dpi / 25.4
    draw = ImageDraw.Draw(image)
    for x0, y0, x1, y1 in erase:
        ends = [(x0 * px, (height_mm - y0) * px), (x1 * px, (height_mm - y1) * px)]
        draw.line(ends, fill=255, width=5)
        for x, y in ends:  # the anti-aliased pixels past each end
            draw.ellipse((x - 3, y - 3, x + 3, y + 3), fill=255)
    return image.point(lambda v: 255 if v < 245 else 0).convert("1")


def ink_in(image: Image.Image, box_mm: tuple[float, float, float, float], page_h_mm: float,
           dpi: int = 150) -> bool:
    """Whether `ink` shows any ink inside (left, bottom, right, top) mm, edges included."""
    px = dpi / 25.4
    left, bottom, right, top = box_mm
    crop = (max(0, math.floor(left * px)), max(0, math.floor((page_h_mm - top) * px)),
            min(image.width, math.ceil(right * px)), min(image.height, math.ceil((page_h_mm - bottom) * px)))
    if crop[0] >= crop[2] or crop[1] >= crop[3]:
        return False
    return image.crop(crop).getbbox() is not None


def info(path: Path) -> dict[str, str]:
    """The document information dictionary: Title, Author, Subject, Creator, Keywords …"""
    with pikepdf.open(path) as pdf:
        return {str(k)[1:]: str(v) for k, v in pdf.docinfo.items()}


def _gray(path: Path | bytes, page: int, dpi: int) -> Image.Image:
    """A page in gray as a viewer shows it, form fields drawn."""
    doc = pypdfium2.PdfDocument(path)
    try:
        doc.init_forms()
        return doc[page].render(scale=dpi / 72, may_draw_forms=True, grayscale=True).to_pil().convert("L")
    finally:
        doc.close()


def _blank_runs(image: Image.Image, margin_mm: float, dpi: int, across: bool) -> list[tuple[float, float]]:
    """(start, length) in mm of every run of pixel rows (or, `across`, columns) inside the
    margins where no pixel is darker than near-white."""
    per_mm = dpi / 25.4
    width, height = image.size
    m = round(margin_mm * per_mm)
    pixels = image.load()
    lines, span = (range(m, width - m), range(m, height - m)) if across else (range(m, height - m), range(m, width - m))
    runs, start = [], None
    for i in lines:
        blank = all((pixels[i, j] if across else pixels[j, i]) > 245 for j in span)
        if blank and start is None:
            start = i
        elif not blank and start is not None:
            runs.append((start / per_mm, (i - start) / per_mm))
            start = None
    if start is not None:
        runs.append((start / per_mm, (lines.stop - start) / per_mm))
    return runs


def empty_bands_mm(path: Path | bytes, page: int, margin_mm: float, *, dpi: int = 72) -> list[tuple[float, float]]:
    """Every horizontal band inside the margins where nothing is drawn: (top, height) in mm;
    a pixel row is empty when no pixel between the side margins is darker than near-white."""
    return _blank_runs(_gray(path, page, dpi), margin_mm, dpi, across=False)


def empty_share(path: Path | bytes, page: int, margin_mm: float, *, least_mm: float = 10.0, dpi: int = 36) -> float:
    """How much of a page inside its margins is empty paper, 0 to 1: the larger of the share
    of its height in empty bands across the page and the share of its width in empty
    bands down it (a page used only on its left half is half empty). Bands under
    `least_mm` are the gaps between ruled rows, table lines or cards, not unused paper."""
    image = _gray(path, page, dpi)
    per_mm = dpi / 25.4
    live_w, live_h = image.width / per_mm - 2 * margin_mm, image.height / per_mm - 2 * margin_mm
    rows = sum(n for _, n in _blank_runs(image, margin_mm, dpi, across=False) if n >= least_mm)
    cols = sum(n for _, n in _blank_runs(image, margin_mm, dpi, across=True) if n >= least_mm)
    return max(rows / live_h, cols / live_w)


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
                    number, _widget_name(annot), str(annot.get("/FT", "")),
                    "" if value is None else str(value),
                    (min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1)),
                    "/AP" in annot and "/N" in annot.AP, bool(int(annot.get("/F", 0)) & 4)))
    return found


def _widget_name(annot) -> str:
    """A widget's field; a radio button is its group's field in one state ("c001-ana_health:/1")."""
    if "/T" in annot or "/Parent" not in annot:
        return str(annot.get("/T", ""))
    return f"{annot.Parent.get('/T', '')}:{''.join(str(s) for s in annot.AP.N.keys() if s != '/Off')}"


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


def char_fonts(path: Path, page: int) -> list[tuple[str, str, float, float, float, float]]:
    """(character, font name, left, bottom, right, top in mm) of every visible character."""
    doc = pypdfium2.PdfDocument(str(path))
    try:
        text = doc[page].get_textpage()
        out = []
        buf = ctypes.create_string_buffer(256)
        for i in range(text.count_chars()):
            char = chr(pdfium.FPDFText_GetUnicode(text.raw, i))
            if not char.strip():
                continue
            n = pdfium.FPDFText_GetFontInfo(text.raw, i, buf, 256, None)
            name = buf.raw[:max(0, n - 1)].decode("latin-1")
            x0, y0, x1, y1 = text.get_charbox(i)
            out.append((char, name, x0 / MM, y0 / MM, x1 / MM, y1 / MM))
        return out
    finally:
        doc.close()
