"""What a form says about itself, set as WeasyPrint writes a document: every field's
tooltip in words, a tab order on every page, and radio buttons that are one field.

WeasyPrint takes a field's tooltip (`/TU`) from its `title` and falls back to its name;
a sheet's templates give words, and a field an add-on's template leaves without them is
described from its key ("blank_rel0_npc" → "Rel 1 npc"), so a screen reader never reads
an internal name. A page's tab order follows the structure tree when the document is
tagged (WeasyPrint writes `/Tabs /S`), else the rows of the page (`/R`). WeasyPrint
names every radio button as its group does, which makes each a field of its own; the
buttons are made plain widgets of their group, so one choice holds.
"""

from __future__ import annotations

import re

_PREFIX = re.compile(r"^(blank|c\d{3}-[^_]*|[^_]*)_")


def spoken_key(name: str) -> str:
    """A field's key in words: the sheet's prefix dropped, rows counted from 1.

    >>> spoken_key("blank_rel0_npc")
    'Rel 1 npc'
    """
    key = _PREFIX.sub("", name, count=1) or name
    words = re.sub(r"(\d+)", lambda m: f" {int(m.group(1)) + 1} ", key.replace("_", " ").replace("-", " "))
    spoken = " ".join(words.split())
    return spoken[:1].upper() + spoken[1:]


def describe_fields(_document, pdf) -> None:
    """WeasyPrint finisher: words for every field, radio buttons folded into their group,
    a tab order on every page that holds fields."""
    import pydyf

    buttons = set()
    for obj in pdf.objects:
        if not isinstance(obj, pydyf.Dictionary):
            continue
        if obj.get("Type") == "/Page" and "Annots" in obj and "Tabs" not in obj:
            obj["Tabs"] = "/R"
        if "Parent" in obj and obj.get("Subtype") == "/Widget":
            # a radio button: its group is the field, holding the name and the words
            obj.pop("T", None)
            obj.pop("TU", None)
            buttons.add(obj.reference)
        elif "T" in obj:
            name, words = _text(obj["T"]), _text(obj.get("TU"))
            if not words or words == name:
                obj["TU"] = pydyf.String(spoken_key(name))
    form = pdf.catalog.get("AcroForm")
    if buttons and form is not None:
        form["Fields"] = pydyf.Array(f for f in form["Fields"] if f not in buttons)


def _text(value) -> str:
    raw = getattr(value, "string", value)
    return raw.decode("utf-8", "replace") if isinstance(raw, bytes) else str(raw or "")
