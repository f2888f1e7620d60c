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
        for kid in group["Kids"]:
            _dot(pdf, _resolve(pdf, kid))


DOT = 0.28
"""A chosen radio button's dot: its radius as a share of the button's size. The button's
ring is printed on the page; a disc filling the whole ring read as a blot, not a choice."""


def _dot(pdf, button) -> None:
    """Redraw each "on" appearance of a radio `button` as a dot centred in its ring."""
    x0, y0, x1, y1 = (float(v) for v in button["Rect"])
    w, h = abs(x1 - x0), abs(y1 - y0)
    states = _resolve(pdf, _resolve(pdf, button.get("AP", {})).get("N", {})) if "AP" in button else {}
    for state, ref in dict(states).items():
        stream = _resolve(pdf, ref)
        if str(state).lstrip("/") == "Off" or not hasattr(stream, "stream"):
            continue
        # keep the stream's own opacity and colour lines, replace the shape
        head = [line for line in b"\n".join(_bytes(part) for part in stream.stream).split(b"\n")
                if line.endswith((b" gs", b" rg", b" g", b" k"))]
        stream.stream = head + [_disc(w / 2, h / 2, min(w, h) * DOT), b"f"]


def _disc(cx: float, cy: float, r: float) -> bytes:
    """A closed circle path of four Bézier arcs (0.5523: the control points' distance per radius)."""
    k = 0.5523 * r
    pts = [(cx + r, cy), (cx + r, cy + k, cx + k, cy + r, cx, cy + r), (cx - k, cy + r, cx - r, cy + k, cx - r, cy),
           (cx - r, cy - k, cx - k, cy - r, cx, cy - r), (cx + k, cy - r, cx + r, cy - k, cx + r, cy)]
    ops = [f"{pts[0][0]:.3f} {pts[0][1]:.3f} m"] + [" ".join(f"{v:.3f}" for v in p) + " c" for p in pts[1:]] + ["h"]
    return "\n".join(ops).encode()


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
