"""What every character sheet shares: fitted text, form fields, the page header.

A sheet's context is plain data. Every number is worked out here or by the rules core;
the templates only place and format what they are given. Text is fitted by a character
budget per kind of field (`assets/data/sheets/fit.yaml`): wrapped, never cut; only the
masthead name and a long paragraph step down in size (the stylesheet ignores the steps
elsewhere: one size per column, 7 pt at least); text past the budget still prints in full
and earns a warning. A long value in a form field wraps into a taller field (`Namer.field`).
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields, is_dataclass, replace
from functools import cache

import yaml
from ... import resources
from ..form_text import draws
from ...safe_text import slug  # noqa: F401 - sheets name their files and fields with it

DATA = resources.DATA / "sheets" / "fit.yaml"
NOTES_ROWS = 2
"""Ruled rows the notes field covers at least; the page's spare height below adds printed rows."""
NOTES_CHARS = 100
"""About what one notes row holds at the sheet's size."""


@cache
def layout() -> dict:
    """The fitting budgets of `fit.yaml`."""
    return yaml.safe_load(DATA.read_text(encoding="utf-8"))


def rows(game: str, key: str) -> int:
    """How many rows list `key` of game `game`'s sheet offers: `rows:` in the game's own
    `data/sheet.yaml`, so blank sheets and short lists leave room to write in."""
    from ...game_data import read, shown

    found = (read(game, "sheet.yaml") or {}).get("rows", {})
    if key not in found:
        raise KeyError(f"{shown(game, 'sheet.yaml')} gives no `rows: {key}:`")
    return int(found[key])


@dataclass(frozen=True)
class Text:
    """A piece of user text and the CSS class that sets its size (`fit-0/1/2`)."""

    value: str = ""
    fit: str = "fit-0"
    name: str = ""
    """Set on an empty write-in place of a fillable sheet: the form field players type into."""

    def __str__(self) -> str:
        return self.value


@dataclass(frozen=True)
class Field:
    """A value that changes in play: a PDF form field unless the sheet is flat."""

    name: str
    """Unique within the PDF (prefixed with the sheet's slug); no dots (PDF uses them for nesting)."""
    value: str = ""
    lines: int = 1
    """More than one: a multi-line text area."""
    pitch_mm: float = 8.0
    """Height each line adds: 8 mm writing rows; a row's long value wraps at 5.5 mm a line."""

    @property
    def height_mm(self) -> str:
        return f"{self.lines * self.pitch_mm + (2 if self.pitch_mm < 8 else 0):g}"

    @property
    def fillable(self) -> bool:
        """Whether the value can be a form field that shows itself.

        A field's value is drawn with the form face (Latin, Greek, Cyrillic), in an
        appearance stream of our own. A value that face cannot draw (CJK, emoji) is printed
        as page text in the same box instead, with the sheet's fonts, and written over by
        hand in play; an empty field is always fillable.
        """
        return draws(self.value)


@dataclass(frozen=True)
class Box:
    """A check box: a PDF check box field unless the sheet is flat."""

    name: str
    checked: bool = False
    label: str = ""


@dataclass
class Fitter:
    """Fits texts to field budgets, collecting a warning per text that cannot fit."""

    where: str
    """Who the warnings are about, e.g. the character's file."""
    warnings: list[str] = field(default_factory=list)

    def __call__(self, text: object, kind: str, label: str) -> Text:
        """`text` with the size class its length needs in a `kind` field (see fit.yaml)."""
        value = " ".join(str(text or "").split())
        budget = layout()["fields"][kind]
        size = len(value)
        if size <= budget["normal"]:
            return Text(value, "fit-0")
        if size <= budget["normal"] * layout()["shrink"]:
            return Text(value, "fit-1")
        if size > budget["max"]:
            self.warnings.append(
                f"{self.where}: {label} is {size} characters, more than the {budget['max']} its space holds; "
                "printed small and wrapped, it may push the sheet onto another page — shorten it")
        return Text(value, "fit-2")


@dataclass(frozen=True)
class Namer:
    """Form field names for one sheet: `prefix_key`, unique as long as prefixes are."""

    prefix: str

    def field(self, key: str, value: object = "", lines: int = 1, *, chars: int = 0) -> Field:
        """A field; with `chars` (what one line of its column holds at the sheet's size) a
        longer value wraps into a field as many lines tall as it needs, instead of running
        out of its box or shrinking."""
        text = "" if value is None else str(value)
        if chars and len(text) > chars:
            return Field(f"{self.prefix}_{key}", text, -(-len(text) // chars), 5.5)
        return Field(f"{self.prefix}_{key}", text, lines)

    def notes(self, value: object) -> Field:
        """The notes field: NOTES_ROWS ruled rows, more when the character's notes need them
        (about NOTES_CHARS a row at the sheet's size), so none is hidden by the field's edge."""
        text = "" if value is None else str(value)
        needed = sum(-(-len(part) // NOTES_CHARS) or 1 for part in text.split("\n")) if text else 0
        return Field(f"{self.prefix}_notes", text, max(NOTES_ROWS, needed))

    def box(self, key: str, checked: bool = False, label: str = "") -> Box:
        return Box(f"{self.prefix}_{key}", checked, label)


@dataclass(frozen=True)
class Header:
    """The top of every sheet: game, character, player, the motif to draw."""

    game: str
    system: str
    name: Text
    player: Text
    subtitle: str = ""
    pronouns: str = ""
    """The player's, printed small beside their name."""


def name_blanks(data, prefix: str):
    """`data` (a sheet's context) with every empty `Text` named `prefix_path`, the path of
    attribute names and row indices that leads to it: each blank line, row or box a player
    writes in becomes a form field, and the names stay unique and stable from run to run."""
    def walk(obj, path: str):
        if isinstance(obj, Text):
            return obj if obj.value else replace(obj, name=f"{prefix}_{path}")
        if isinstance(obj, list):
            return [walk(item, f"{path}{i}") for i, item in enumerate(obj)]
        if is_dataclass(obj) and not isinstance(obj, type):
            return replace(obj, **{f.name: walk(getattr(obj, f.name), f"{path}_{f.name}" if path else f.name)
                                   for f in fields(obj) if f.init})
        return obj
    return walk(data, "")


def padded(items: list, count: int, empty) -> list:
    """`items` followed by `empty(i)` rows up to `count` (never fewer than the items)."""
    return list(items) + [empty(i) for i in range(len(items), max(count, len(items)))]
