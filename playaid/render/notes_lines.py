"""A sheet's Notes as one single-line field per printed rule, made as WeasyPrint writes it.

The notes space is ruled every 8 mm (the sheet's background, `sheets/rule.svg`). One
multi-line field over it would set typed lines at the viewer's own leading (pdf.js 1.35 ×
the font size, Acrobat about 1.15–1.2), which no font size makes equal to the rules in
every viewer: lines drift across them. A single-line field sits where its rectangle is in
every viewer, so each ruled row gets its own (`<name>_1`, `<name>_2`, … from the top),
as publishers' fillable sheets do; a player tabs from one row to the next.
"""

from __future__ import annotations

from ..language import gettext
from .form_text import PX, _text, _wrap

MM = 72 / 25.4
"""Points per millimetre."""
RULE_AT = 7.9 / 8
"""Where in its tile `sheets/rule.svg` draws the line (y = 7.9 of a viewBox 8 high)."""
ROW_MM = 7.6
"""A row's field height above its rule, as every write-in field on the sheet (`input.write`)."""
MIN_ROW_MM = 7.0
"""A row cut short by the heading above it still takes a field only if this tall."""


def rules(ruling: tuple[float, float], low: float, high: float) -> list[float]:
    """Heights (pt from the page foot) of the rules between `low` and `high`, top first;
    `ruling` is one rule's height and the spacing (`ruling`)."""
    at, step = ruling
    y = at + ((low - at) // step + 1) * step if low > at else at - ((at - low) // step) * step
    found = []
    while y <= high:
        found.append(y)
        y += step
    return found[::-1]


def split_notes(pdf, field, ruling: tuple[float, float], size: float, ceiling: float = 0.0) -> list:
    """Replace the multi-line notes `field` by one single-line field per rule under it, the
    first row reaching up to `ceiling` (the heading's underline, pt from the page foot) if
    that is higher than the field; the value is wrapped at `size` pt over the rows (what does
    not fit stays in the last row, never lost). Returns the fields, top first (the first is
    `field`)."""
    import pydyf

    x0, y0, x1, y1 = (float(v) for v in field["Rect"])
    bottom, top = min(y0, y1), max(y0, y1, ceiling)
    # a rule just under the field's bottom edge is still its last row
    rows = [y for y in rules(ruling, bottom - 1.5 * MM, top) if min(y + ROW_MM * MM, top) - y >= MIN_ROW_MM * MM]
    if not rows:
        return [field]
    name = _text(field["T"])
    lines = _wrap(_text(field.get("V")), size, abs(x1 - x0) - 2 * MM) if _text(field.get("V")) else []
    if len(lines) > len(rows):
        lines[len(rows) - 1:] = [" ".join(lines[len(rows) - 1:])]
    made = []
    for i, y in enumerate(rows):
        part = field if i == 0 else pydyf.Dictionary(dict(field))
        part["T"] = pydyf.String(f"{name}_{i + 1}")
        part["TU"] = pydyf.String(gettext("Notes, line %(n)s") % {"n": i + 1})
        part["Rect"] = pydyf.Array((x0, y + 0.2 * MM, x1, min(y + ROW_MM * MM, top)))
        part["V"] = pydyf.String(lines[i] if i < len(lines) else "")
        part["Ff"] = int(field.get("Ff", 0)) & ~(1 << 12)  # no longer multi-line
        part.pop("AP", None)
        if i:
            part.pop("StructParent", None)
            pdf.add_object(part)
            _get(pdf, field["P"])["Annots"].append(part.reference)
            pdf.catalog["AcroForm"]["Fields"].append(part.reference)
        made.append(part)
    _tag_like(pdf, field, made[1:])
    return made


def _tag_like(pdf, original, parts) -> None:
    """Give `parts` a place in the structure tree beside `original`'s, so a tagged sheet's
    every widget stays reachable by assistive technology (PDF/UA)."""
    import pydyf

    root = pdf.catalog.get("StructTreeRoot")
    if root is None or "StructParent" not in original or not parts:
        return
    nums = _get(pdf, _get(pdf, root)["ParentTree"])["Nums"]
    form = _get(pdf, nums[list(nums[::2]).index(original["StructParent"]) * 2 + 1])
    parent = _get(pdf, form["P"])
    at = list(parent["K"]).index(form.reference) + 1
    key = max(nums[::2]) + 1
    for part in parts:
        objr = pydyf.Dictionary({"Type": "/OBJR", "Obj": part.reference, "Pg": form["Pg"]})
        pdf.add_object(objr)
        elem = pydyf.Dictionary({"Type": "/StructElem", "S": "/Form", "K": pydyf.Array([objr.reference]),
                                 "Pg": form["Pg"], "P": form["P"]})
        pdf.add_object(elem)
        parent["K"].insert(at, elem.reference)
        at += 1
        nums.extend((key, elem.reference))
        part["StructParent"] = key
        key += 1


def _get(pdf, reference):
    """The object `reference` (b"12 0 R") names, or `reference` itself if it is one."""
    if isinstance(reference, bytes):
        return pdf.objects[int(reference.split()[0])]
    return reference


def ruling(page, sheet_box) -> tuple[float, float]:
    """(height of one rule in pt from the page foot, the rule spacing in pt) of the writing
    rules `sheet_box` has for background, read from its laid-out background tiles: where
    WeasyPrint starts them depends on the sheet's content, not only on its `min-height`."""
    layer = sheet_box.background.layers[0]
    tile = layer.size[1]
    top = layer.positioning_area[1] + layer.position[1] + RULE_AT * tile
    return (page.height - top) * PX, tile * PX
