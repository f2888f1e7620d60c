"""The PDF form details WeasyPrint leaves out, filled in as it writes a document.

Run as WeasyPrint's `finisher`: it sees the PDF's objects before they are written.
"""

from __future__ import annotations

import functools

from .fonts import FONT_DIR

TICK_FONT = FONT_DIR / "PlayaidCheck.ttf"
"""One glyph, a tick, under the codes of "3" and "4" (`tools/check_font.py`)."""


def check_boxes_name_a_font(_document, pdf) -> None:
    """Give check boxes a default appearance that names an embedded font.

    WeasyPrint marks the form "NeedAppearances" (its text fields carry no appearance
    of their own), so poppler-based viewers redraw every check box: a field without
    `/DA` makes them report "Missing 'Tf'", and a ticked one is drawn as "3" in the font
    the form's resources call `ZaDb`, "Unknown font tag 'ZaDb'" when there is none. So
    the form gets a `ZaDb` of its own, our embedded tick, and every check box names it
    at the box's height, in the box's colour.
    """
    import pydyf

    buttons = [o for o in pdf.objects if isinstance(o, pydyf.Dictionary) and o.get("FT") == "/Btn"]
    # a radio group holds its buttons' widgets and has no box of its own: it names their font
    boxes = [o for o in buttons if "Rect" in o]
    groups = [o for o in buttons if "Rect" not in o and o.get("Kids")]
    form = pdf.catalog.get("AcroForm")
    if not boxes or form is None:
        return
    resources = _resolve(pdf, form["DR"])
    fonts = _resolve(pdf, resources.get("Font"))
    if not isinstance(fonts, pydyf.Dictionary):
        fonts = resources["Font"] = pydyf.Dictionary()
    fonts["ZaDb"] = _tick_font(pdf).reference
    for box in boxes:
        _, top, _, bottom = box["Rect"]
        colour = list(box.get("MK", {}).get("BC") or [0])
        operator = {1: "g", 3: "rg", 4: "k"}.get(len(colour), "g")
        values = " ".join(f"{c:g}" for c in colour) if operator != "g" or len(colour) == 1 else "0"
        box["DA"] = pydyf.String(f"/ZaDb {abs(top - bottom):.2f} Tf {values} {operator}")
    for group in groups:
        group["DA"] = _resolve(pdf, group["Kids"][0])["DA"]


def _resolve(pdf, value):
    """An indirect reference ("12 0 R") as the object it names; anything else as is."""
    if isinstance(value, (bytes, str)) and _bytes(value).endswith(b" R"):
        return pdf.objects[int(_bytes(value).split()[0])]
    return value


@functools.cache
def _tick_face() -> tuple[bytes, dict]:
    """The tick font's bytes and the metrics its PDF dictionaries repeat (1000 units per em)."""
    from fontTools.ttLib import TTFont

    data = TICK_FONT.read_bytes()
    face = TTFont(TICK_FONT)
    head, hhea = face["head"], face["hhea"]
    scale = 1000 / head.unitsPerEm
    return data, {
        "width": round(face["hmtx"][face.getBestCmap()[0x33]][0] * scale),
        "bbox": [round(v * scale) for v in (head.xMin, head.yMin, head.xMax, head.yMax)],
        "ascent": round(hhea.ascent * scale), "descent": round(hhea.descent * scale),
    }


def _tick_font(pdf):
    """The tick font embedded whole (1 KB; a subset of Symbola, hence the tag) as a symbolic TrueType font."""
    import pydyf

    data, m = _tick_face()
    file = pydyf.Stream([data], {"Length1": len(data)}, compress=True)
    pdf.add_object(file)
    descriptor = pydyf.Dictionary({
        "Type": "/FontDescriptor", "FontName": "/TICKAA+PlayaidCheck", "Flags": 4,  # symbolic
        "FontBBox": pydyf.Array(m["bbox"]), "ItalicAngle": 0, "Ascent": m["ascent"], "Descent": m["descent"],
        "CapHeight": m["bbox"][3], "StemV": 80, "FontFile2": file.reference,
    })
    pdf.add_object(descriptor)
    font = pydyf.Dictionary({
        "Type": "/Font", "Subtype": "/TrueType", "BaseFont": "/TICKAA+PlayaidCheck", "FirstChar": 0x33, "LastChar": 0x34,
        "Widths": pydyf.Array([m["width"]] * 2), "FontDescriptor": descriptor.reference,
    })
    pdf.add_object(font)
    return font


def _bytes(value) -> bytes:
    text = getattr(value, "string", value)
    return text if isinstance(text, bytes) else str(text).encode("latin-1", "replace")
