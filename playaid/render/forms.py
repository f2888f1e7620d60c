"""Appearance streams for filled text fields, drawn as WeasyPrint writes a document.

WeasyPrint writes a text field's value but no picture of it, and marks the form
"NeedAppearances" so that the viewer draws one. Print shops, flattening tools and some
viewers ignore that flag and print an empty box. So every filled text field gets its own
appearance (`/AP /N`): its value set in the field's font, size and colour, aligned as the
page's CSS aligns it, wrapped in a text area; and the flag is removed. A sheet's Notes field
is stretched here over the whole ruled space below it (`_stretch_down`) and cut into one
field a rule (`notes_lines`).

The fields' font is the embedded, unsubsetted Playaid Form Sans (Latin, Greek, Cyrillic):
its glyph ids are those of the file on disk, so the value is encoded here with that file's
character map. A value the face cannot draw (CJK, emoji) is never made a field: the sheet
prints it as page text instead (see `draws`).
"""

from __future__ import annotations

import re

from .checkboxes import check_boxes_name_a_font
from .field_words import describe_fields
from .form_text import PX, _face, _hex, _text, _width, _wrap

_DA_FONT = re.compile(rb"/(\S+)\s+([\d.]+)\s+Tf")
FLOOR = 6.0
"""The smallest size an auto-sized value is shrunk to: legible in print, if only just."""


def appearance_ops(value: str, da: bytes, width: float, height: float, *, align: str = "start",
                   pad_x: float = 2.0, pad_y: float = 2.0, multiline: bool = False,
                   leading: float | None = None, css_size: float = 9.0) -> bytes:
    """The content stream that shows `value` in a `width` × `height` pt field whose default
    appearance is `da` (WeasyPrint's: graphics state, colour, font and size).

    A size of 0 in `da` is auto size, the viewer's to choose as a player types: the value is
    drawn at the page's `css_size`, a single line too wide for the box shrunk to fit it
    (never below FLOOR), as viewers shrink it."""
    found = _DA_FONT.search(da)
    size = float(found.group(2)) if found else 9.0
    inner = max(width - 2 * pad_x, 1.0)
    lines = _wrap(value, size or css_size, max(inner, size or css_size)) if multiline else [" ".join(value.split())]
    if not size:
        size = css_size
        if not multiline and _width(lines[0], size) > inner:
            size = max(FLOOR, size * inner / _width(lines[0], size))
        da = _DA_FONT.sub(lambda m: b"/%s %.2f Tf" % (m.group(1), size), da)
    _, _, ascent, descent = _face()
    leading = leading or size * 1.2
    if multiline:
        first = height - pad_y - ascent * size / 1000
    else:
        first = (height - (ascent - descent) * size / 1000) / 2 - descent * size / 1000
    ops = [b"/Tx BMC q", b"0 0 %.2f %.2f re W n" % (width, height), b"BT", da]
    for i, line in enumerate(lines):
        room = width - _width(line, size)
        x = room / 2 if align == "center" else (room - pad_x if align in ("right", "end") else pad_x)
        ops.append(b"1 0 0 1 %.2f %.2f Tm <%s> Tj" % (max(x, pad_x if align != "center" else 0),
                                                       first - i * leading, _hex(line).encode()))
    ops += [b"ET Q EMC"]
    return b"\n".join(ops)


def finish_forms(document, pdf) -> None:
    """WeasyPrint finisher for every document: check boxes that name their font, text
    fields that show their values, fields that say what they are."""
    check_boxes_name_a_font(document, pdf)
    draw_field_values(document, pdf)
    describe_fields(document, pdf)


def draw_field_values(document, pdf) -> None:
    """WeasyPrint finisher: an appearance stream for every filled text field of `document`;
    a sheet's notes field stretched over the ruled space and cut into one field a rule."""
    import pydyf

    from .notes_lines import ruling, split_notes

    form = pdf.catalog.get("AcroForm")
    if form is None:
        return
    for page in document.pages:
        foot = rules_at = None
        for box in page._page_box.descendants():
            element = getattr(box, "element", None)
            if element is not None and box.element_tag == "section" and "sheet" in (element.get("class") or "").split():
                foot = box.content_box_y() + box.height
                rules_at, ceiling = ruling(page, box), 0.0
            if element is not None and element.get("class") == "notes-head":
                # the heading's own block, not a line of its text, holds the underline: lowest
                below = (page.height - box.border_box_y() - box.border_height()) * PX
                ceiling = min(ceiling, below) if ceiling else below
            field = getattr(box, "widget_annotation", None)
            if field is None or field.get("FT") != "/Tx":
                continue
            parts = [(field, box.element.tag == "textarea")]
            if foot is not None and box.element.get("class") == "notes-field":
                _stretch_down(field, (foot - box.content_box_y() - box.height) * PX)
                size = box.style["font_size"] * PX
                field["V"] = pydyf.String(box.element.get("data-value", ""))
                parts = [(part, False) for part in split_notes(pdf, field, rules_at, size, ceiling)]
            align = str(box.style["text_align_all"])
            if align == "center":
                field["Q"] = 1
            elif box.element.tag == "input":
                # a line of words (a name, an item, a label): auto size, so a long one shrinks to
                # fit as it is typed instead of running out of its box; a centred field holds a
                # number read in play, kept at its size
                field["DA"] = pydyf.String(_DA_FONT.sub(rb"/\1 0 Tf", _bytes(field["DA"])))
            for part, multiline in parts:
                _show(pdf, form, part, box, align, multiline)
    # Every filled field now shows itself; viewers keep drawing empty ones as players type.
    form.pop("NeedAppearances", None)


def _show(pdf, form, field, box, align: str, multiline: bool) -> None:
    """Give `field` (laid out as `box`) an appearance stream showing its value, if it has one."""
    import pydyf

    value = _text(field.get("V"))
    if not value:
        return
    x0, y0, x1, y1 = (float(v) for v in field["Rect"])
    width, height = abs(x1 - x0), abs(y1 - y0)
    ops = appearance_ops(value, _bytes(field["DA"]), width, height, align=align,
                         pad_x=(box.padding_left + box.border_left_width) * PX or 2.0,
                         pad_y=(box.padding_top + box.border_top_width) * PX + 1,
                         multiline=multiline, leading=_leading(box.style), css_size=box.style["font_size"] * PX)
    stream = pydyf.Stream([ops], pydyf.Dictionary({
        "Type": "/XObject", "Subtype": "/Form", "BBox": pydyf.Array((0, 0, width, height)),
        "Resources": form["DR"]}), compress=True)
    pdf.add_object(stream)
    field["AP"] = pydyf.Dictionary({"N": stream.reference})


def _stretch_down(field, points: float) -> None:
    """Lower the bottom edge of `field`'s widget by `points` (never raise it).

    The notes field is laid out over the rows its text needs; the ruled space below it
    runs to the sheet's foot, which CSS cannot size a field to. So the widget is stretched
    over every rule once the page is laid out: a player can type on all of them."""
    if points <= 0:
        return
    x0, y0, x1, y1 = (float(v) for v in field["Rect"])
    if y0 <= y1:
        y0 -= points
    else:
        y1 -= points
    field["Rect"] = type(field["Rect"])((x0, y0, x1, y1))


def _leading(style) -> float | None:
    """The CSS line height in points, or None for `normal`."""
    height = style["line_height"]
    if height == "normal":
        return None
    if isinstance(height, (int, float)):  # a bare number: a multiple of the font size
        return height * style["font_size"] * PX
    value, unit = height
    return value * style["font_size"] * PX if unit in (None, "em") else value * PX


def _bytes(value) -> bytes:
    raw = getattr(value, "string", value)
    return raw if isinstance(raw, bytes) else str(raw).encode("latin-1", "replace")
