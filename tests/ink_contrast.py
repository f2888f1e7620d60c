"""Contrast as a grayscale print shows it: each printed character's own colour against what
is painted behind it, read from the PDF's drawing (pypdfium2), never from the CSS or the
drawing code that made it (PRINT.md's check 12: 4.5 : 1 everywhere)."""

from __future__ import annotations

import ctypes
from pathlib import Path

import pypdfium2
import pypdfium2.raw as pdfium_c

from measure import _page_objects, _walk


def _rgb(getter, obj) -> tuple[int, int, int]:
    r, g, b, a = (ctypes.c_uint() for _ in range(4))
    getter(obj, *(ctypes.byref(v) for v in (r, g, b, a)))
    return r.value, g.value, b.value


def painted(page, filled: bool = True) -> list[tuple[tuple[int, int, int], tuple[float, float, float, float]]]:
    """(colour, (left, bottom, right, top) in pt) of every solid filled path of an open
    pypdfium2 page in drawing order, or with `filled` False of every path only stroked (its
    stroke colour). A border ring (filled even-odd, more than one subpath) covers only its
    edge, so it is no background and is left out; ReportLab fills even-odd whatever it draws."""
    out = []
    for obj, _m in _walk(_page_objects(page), (1, 0, 0, 1, 0, 0)):
        if pdfium_c.FPDFPageObj_GetType(obj) != pdfium_c.FPDF_PAGEOBJ_PATH:
            continue
        mode, stroke = ctypes.c_int(), ctypes.c_int()
        pdfium_c.FPDFPath_GetDrawMode(obj, ctypes.byref(mode), ctypes.byref(stroke))
        ring = mode.value == pdfium_c.FPDF_FILLMODE_ALTERNATE and _subpaths(obj) > 1
        if (filled and (mode.value == pdfium_c.FPDF_FILLMODE_NONE or ring)) or (not filled and not stroke.value):
            continue
        box = [ctypes.c_float() for _ in range(4)]
        pdfium_c.FPDFPageObj_GetBounds(obj, *(ctypes.byref(v) for v in box))
        colour = pdfium_c.FPDFPageObj_GetFillColor if filled else pdfium_c.FPDFPageObj_GetStrokeColor
        out.append((_rgb(colour, obj), tuple(v.value for v in box)))
    return out


def _subpaths(obj) -> int:
    """How many subpaths a path object holds (its move-tos)."""
    return sum(pdfium_c.FPDFPathSegment_GetType(pdfium_c.FPDFPath_GetPathSegment(obj, i)) == pdfium_c.FPDF_SEGMENT_MOVETO
               for i in range(pdfium_c.FPDFPath_CountSegments(obj)))


def luminance(rgb: tuple[int, int, int]) -> float:
    """The relative luminance of a colour: the grey a mono printer prints."""
    def linear(c: int) -> float:
        c = c / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: tuple[int, int, int], b: tuple[int, int, int]) -> float:
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def low_contrast(path: Path, least: float = 4.5) -> list[tuple[float, str, tuple, tuple, int]]:
    """(ratio, character, ink, ground, page index) of every printed character standing at
    less than `least` : 1 against what lies behind it: its own colour against the last
    filled shape (wider and taller than 2 pt) drawn under its centre, or the paper, in
    grayscale luminance. Characters off the paper (some form appearances' text, see
    `print_checks.nearest_printed_text_to_edge_mm`) and text over pictures are not judged."""
    found = []
    doc = pypdfium2.PdfDocument(str(path))
    try:
        for index in range(len(doc)):
            page = doc[index]
            width, height = page.get_width(), page.get_height()
            fills = [(c, box) for c, box in painted(page) if box[2] - box[0] > 2 and box[3] - box[1] > 2]
            text = page.get_textpage()
            for i in range(text.count_chars()):
                char = chr(pdfium_c.FPDFText_GetUnicode(text.raw, i))
                x0, y0, x1, y1 = text.get_charbox(i)
                x, y = (x0 + x1) / 2, (y0 + y1) / 2
                if not char.strip() or not (0 <= x <= width and 0 <= y <= height):
                    continue
                behind = [c for c, (l, b, r, t) in fills if l <= x <= r and b <= y <= t]
                ground = behind[-1] if behind else (255, 255, 255)
                r, g, b, a = (ctypes.c_uint() for _ in range(4))
                pdfium_c.FPDFText_GetFillColor(text.raw, i, *(ctypes.byref(v) for v in (r, g, b, a)))
                ink = (r.value, g.value, b.value)
                if (ratio := contrast(ink, ground)) < least:
                    found.append((ratio, char, ink, ground, index))
    finally:
        doc.close()
    return found
