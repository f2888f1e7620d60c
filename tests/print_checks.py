"""Pre-flight measures beyond `measure.py` (type size, distance from the edge): empty
bands, metadata and tags, form appearances, where bookmarked parts start, and cards: their
trims read from the crop marks and how far each card's ink reaches past them (its bleed).

Every figure comes from the PDF itself (pypdfium2 for what is drawn, pikepdf for structure),
never from the CSS or drawing code that made it.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pikepdf
import pypdfium2


def widest_empty_band_mm(path: Path, page: int, margin_mm: float = 10.0) -> tuple[float, float]:
    """(height, top) in mm of the tallest horizontal band inside the margins with no ink.

    The page is rendered in gray at about 2 px/mm; a row of pixels is empty when nothing
    in it is darker than paper white, so even a light tint or a hairline counts as use.
    """
    scale = 2 * 25.4 / 72  # 2 px per mm
    doc = pypdfium2.PdfDocument(str(path))
    try:
        image = doc[page].render(scale=scale, grayscale=True, may_draw_forms=True).to_pil().convert("L")
    finally:
        doc.close()
    width, height = image.size
    margin = round(margin_mm * 2)
    pixels = image.load()
    tallest, tallest_top, run, run_top = 0, 0.0, 0, 0
    for y in range(margin, height - margin):
        empty = all(pixels[x, y] >= 250 for x in range(margin, width - margin))
        if empty:
            if run == 0:
                run_top = y
            run += 1
            if run > tallest:
                tallest, tallest_top = run, run_top
        else:
            run = 0
    return tallest / 2, tallest_top / 2


@dataclass(frozen=True)
class Metadata:
    title: str
    author: str
    subject: str
    creator: str
    keywords: str
    producer: str
    tagged: bool
    """A structure tree and /MarkInfo /Marked true."""
    lang: str


def metadata(path: Path) -> Metadata:
    with pikepdf.open(path) as pdf:
        info = pdf.docinfo

        def field(name: str) -> str:
            value = info.get(name)
            return str(value) if value is not None else ""

        mark = pdf.Root.get("/MarkInfo")
        marked = bool(mark is not None and mark.get("/Marked", False))
        return Metadata(
            title=field("/Title"), author=field("/Author"), subject=field("/Subject"),
            creator=field("/Creator"), keywords=field("/Keywords"), producer=field("/Producer"),
            tagged=marked and "/StructTreeRoot" in pdf.Root,
            lang=str(pdf.Root.get("/Lang", "")))


def fields_without_appearance(path: Path) -> tuple[bool, list[str]]:
    """(NeedAppearances set, names of filled widgets with no normal appearance stream)."""
    with pikepdf.open(path) as pdf:
        acro = pdf.Root.get("/AcroForm")
        need = bool(acro is not None and acro.get("/NeedAppearances", False))
        missing = []
        for page in pdf.pages:
            for annot in page.get("/Annots", []):
                if annot.get("/Subtype") != "/Widget":
                    continue
                value = annot.get("/V", annot.get("/Parent", {}).get("/V") if "/Parent" in annot else None)
                if value is None or str(value) in ("", "/Off"):
                    continue
                appearance = annot.get("/AP")
                if appearance is None or "/N" not in appearance:
                    missing.append(str(annot.get("/T", annot.get("/Parent", {}).get("/T", "?"))))
        return need, missing


def sections(path: Path) -> list[tuple[str, int]]:
    """Top-level bookmarks as (title, first page index counted from 0)."""
    with pikepdf.open(path) as pdf, pdf.open_outline() as outline:
        index = {page.objgen: i for i, page in enumerate(pdf.pages)}
        found = []
        for item in outline.root:
            target = item.destination
            if target is None and item.action is not None:
                target = item.action.get("/D")
            page = index.get(target[0].objgen) if target is not None else None
            found.append((item.title, page))
        return found


def page_count(path: Path) -> int:
    with pikepdf.open(path) as pdf:
        return len(pdf.pages)


def nearest_printed_text_to_edge_mm(path: Path) -> float:
    """The least distance from a character to the paper edge, over the characters that land
    on the paper. pdfium's text layer places the text of some form-field appearances far
    off the page (x ≈ 19 m) although every viewer draws it in its field; a character wholly
    off the sheet cannot print, so it cannot break a margin either."""
    from measure import MM, char_boxes_mm

    least = float("inf")
    for index in range(page_count(path)):
        doc = pypdfium2.PdfDocument(str(path))
        try:
            width, height = doc[index].get_width() / MM, doc[index].get_height() / MM
        finally:
            doc.close()
        for _char, x0, y0, x1, y1 in char_boxes_mm(path, index):
            if x1 < 0 or y1 < 0 or x0 > width or y0 > height:
                continue
            least = min(least, x0, y0, width - x1, height - y1)
    return least


BLEED_DPI = 300
"""Cards' bleed is measured at 300 dpi: a pixel is 0.085 mm."""


def page_height_mm(path: Path, page: int) -> float:
    doc = pypdfium2.PdfDocument(str(path))
    try:
        return doc[page].get_height() * 25.4 / 72
    finally:
        doc.close()


def turned(trim, page_w: float, page_h: float, duplex: str):
    """Where a front's trim lies on the back page: flipping over the long edge mirrors a
    landscape page top to bottom, over the short edge left to right."""
    x0, y0, x1, y1 = trim
    if (duplex == "long") == (page_w > page_h):
        return x0, page_h - y1, x1, page_h - y0
    return page_w - x1, y0, page_w - x0, y1


def reaches(path: Path, page: int, trims, reach: float) -> list[tuple[float, float, float, float]]:
    """For each trim, how far its card's ink reaches past it on each side, looking no
    further than `reach` + 0.9 mm out (the labels stay 1 mm from the art) and no
    further than halfway to a neighbouring trim."""
    from measure import ink

    h = page_height_mm(path, page)
    image = ink(path, page, BLEED_DPI)
    out = []
    for t in trims:
        others = [o for o in trims if o != t]
        look = [reach + 0.9] * 4
        for o in others:
            if o[1] < t[3] and t[1] < o[3]:  # same row: the gap to the left or right
                if o[2] <= t[0]:
                    look[0] = min(look[0], (t[0] - o[2]) / 2)
                if o[0] >= t[2]:
                    look[2] = min(look[2], (o[0] - t[2]) / 2)
            if o[0] < t[2] and t[0] < o[2]:
                if o[3] <= t[1]:
                    look[1] = min(look[1], (t[1] - o[3]) / 2)
                if o[1] >= t[3]:
                    look[3] = min(look[3], (o[1] - t[3]) / 2)
        window = (t[0] - look[0], t[1] - look[1], t[2] + look[2], t[3] + look[3])
        out.append(ink_reach_mm(image, t, window, h, BLEED_DPI))
    return out


def cut_lines_mm(path: Path, page: int, widest_pt: float = 0.3) -> tuple[list[float], list[float]]:
    """The x of every vertical crop mark and the y of every horizontal one on a page, mm."""
    xs, ys = set(), set()
    from measure import hairlines_mm

    for x0, y0, x1, y1 in hairlines_mm(path, page, widest_pt):
        if abs(x0 - x1) < 0.01:
            xs.add(round(x0, 2))
        elif abs(y0 - y1) < 0.01:
            ys.add(round(y0, 2))
    return sorted(xs), sorted(ys)


def trims_from_cuts(xs: list[float], ys: list[float], width: float, height: float,
                    tol: float = 0.05) -> list[tuple[float, float, float, float]]:
    """Every (left, bottom, right, top) whose sides are cut lines a card's width and
    height apart: the trim boxes the crop marks show, shared cuts or a gutter alike."""
    cols = [(x, x + width) for x in xs if any(abs(x + width - o) <= tol for o in xs)]
    rows = [(y, y + height) for y in ys if any(abs(y + height - o) <= tol for o in ys)]
    return [(x0, y0, x1, y1) for y0, y1 in rows for x0, x1 in cols]


def ink_reach_mm(image, trim: tuple[float, float, float, float],
                 window: tuple[float, float, float, float], page_h_mm: float,
                 dpi: int) -> tuple[float, float, float, float] | None:
    """How far the ink inside `window` reaches past each side of `trim` (left, bottom,
    right, top, mm; negative when it stops short); None when the window holds no ink.
    `image` is `ink(...)` at `dpi`; boxes are (left, bottom, right, top) in mm."""
    px = dpi / 25.4
    left, bottom, right, top = window
    x0, y0 = max(0, round(left * px)), max(0, round((page_h_mm - top) * px))
    box = image.crop((x0, y0, min(image.width, round(right * px)),
                      min(image.height, round((page_h_mm - bottom) * px)))).getbbox()
    if box is None:
        return None
    ink_left, ink_right = (x0 + box[0]) / px, (x0 + box[2]) / px
    ink_top, ink_bottom = page_h_mm - (y0 + box[1]) / px, page_h_mm - (y0 + box[3]) / px
    return trim[0] - ink_left, trim[1] - ink_bottom, ink_right - trim[2], ink_top - trim[3]

