"""The editor's form, built from the same model definitions `playaid new --ask` asks from.

`playaid.interview` walks a model's fields in its `CREATION_ORDER` with each field's
`spec` (doc, minimum, maximum) and `starter.allowed` words; this module walks the same
fields with the same helpers (`ordered_fields`, `required`, `allowed`, `hints`) and turns
each into a control instead of a question: a choice of a `Literal` is a select, a bounded
whole number a number input, a yes/no a checkbox, a list of texts one line per entry, a
nested model a fieldset. Every control is named by the problem path of its field
(`stats.mental`, `connections[1].npc`), so a problem finds its field by its path.
"""

from __future__ import annotations

import dataclasses
import re
import types
import typing
from dataclasses import dataclass, field
from typing import Any, Literal, Union

from ..convert import hints
from ..problems import Path, format_path
from ..starter import allowed, default, ordered_fields, required
from . import words

LONG_TEXT = ("notes", "concept", "description", "background", "text")
"""Text fields that usually hold sentences: a text area instead of one line."""


@dataclass
class Field:
    path: Path
    label: str
    doc: str
    widget: str
    """text, long, number, select, checkbox, lines, pairs (`name: value` per line), group,
    entries, cast (a setup's characters: files ticked by name), pick (one name of the cast),
    picks (names of the cast, ticked) or yaml (edit in the YAML view)."""
    value: Any = None
    allowed: str = ""
    choices: tuple = ()
    minimum: int | None = None
    maximum: int | None = None
    required: bool = False
    numbers: bool = False
    """`lines` of whole numbers (dice) rather than texts."""
    children: list["Field"] = field(default_factory=list)
    item: type | None = None
    shorthand: str = ""
    """For an entry of a list whose entries may be one word (Sapio's `- quality` for
    `{type: quality}`): the field that word fills."""
    blank: bool = False
    """An entry just added and not filled in yet: its problems wait until something is chosen."""

    @property
    def name(self) -> str:
        return format_path(self.path)

    @property
    def id(self) -> str:
        """An HTML id made from the path: `stats.mental` → `stats-mental`."""
        return re.sub(r"[^A-Za-z0-9_-]+", "-", self.name).strip("-") or "file"

    def shown(self) -> str:
        """The value as the control shows it."""
        if self.widget == "lines" and isinstance(self.value, list):
            return "\n".join("" if v is None else str(v) for v in self.value)
        if self.widget == "pairs" and isinstance(self.value, dict):
            return "\n".join(f"{k}: {'' if v is None else v}" for k, v in self.value.items())
        if self.value is None or isinstance(self.value, (dict, list)):
            return ""
        return str(self.value)


def _options(tp: Any) -> tuple:
    return typing.get_args(tp) if typing.get_origin(tp) in (Union, types.UnionType) else (tp,)


def _bare(tp: Any) -> Any:
    """`X | None` → X; anything else unchanged."""
    opts = [o for o in _options(tp) if o is not type(None)]
    return opts[0] if len(opts) == 1 else tp


def _texty(tp: Any) -> bool:
    """Text, or a game's own type read from text (a die `d8`, a drive): the loader builds
    those with their `parse` classmethod."""
    return isinstance(tp, type) and (issubclass(tp, str) or (callable(getattr(tp, "parse", None))
                                                             and not dataclasses.is_dataclass(tp)))


def _label(name: str) -> str:
    return words.label(name)


def fields_of(cls: type, data: Any, path: Path = ()) -> list[Field]:
    """The controls of model `cls`, filled from `data` (the file's plain YAML values)."""
    data = data if isinstance(data, dict) else {}
    return [_field(f, hints(cls)[f.name], data.get(f.name), path + (f.name,)) for f in ordered_fields(cls)]


def creation_split(cls: type, found: list[Field]) -> tuple[list[Field], list[Field]]:
    """The fields the rules make a character with (required or in `CREATION_ORDER`), and the rest."""
    first = set(getattr(cls, "CREATION_ORDER", ())) | {f.name for f in dataclasses.fields(cls) if required(f)}
    return [f for f in found if f.path[-1] in first], [f for f in found if f.path[-1] not in first]


def _field(f: dataclasses.Field, tp: Any, value: Any, path: Path) -> Field:
    doc = f.metadata.get("doc", "")
    out = Field(path, _label(f.name), doc, "yaml", value, allowed(f, tp), required=required(f),
                minimum=f.metadata.get("minimum"), maximum=f.metadata.get("maximum"))
    bare = _bare(tp)
    origin = typing.get_origin(bare)
    if out.value is None and not out.required and not dataclasses.is_dataclass(bare):
        start = default(f)
        out.value = None if isinstance(start, dict) else start
    if f.metadata.get("cast") and (_texty(bare) or (origin is list and _texty(typing.get_args(bare)[0]))):
        out.widget = "pick" if _texty(bare) else "picks"  # the choices: the cast's names (`offer`)
    elif bare is bool:
        out.widget = "checkbox"
    elif bare is int:
        out.widget = "number"
    elif _texty(bare):
        out.widget = "long" if f.name in LONG_TEXT or (isinstance(value, str) and "\n" in value) else "text"
    elif origin is Literal:
        out.widget, out.choices = "select", typing.get_args(bare)
    elif dataclasses.is_dataclass(bare):
        out.widget = "group"
        out.children = fields_of(bare, value if isinstance(value, dict) else None, path)
    elif _pairs(bare) and (isinstance(value, dict) or origin is dict or (not value and not _lines(bare))):
        out.widget = "pairs"  # a mapping of names to dice or numbers: `Strength: d6` per line
        out.numbers = typing.get_args(_pairs(bare))[1] is int
    elif origin is list or _lines(bare):
        bare = _lines(bare) or bare
        item = typing.get_args(bare)[0]
        items = value if isinstance(value, list) else []
        if str in _options(item) and any(dataclasses.is_dataclass(o) for o in _options(item)):
            # file names, or models written inline: a cast when the model is the game's
            # character (`offer` says), else the old way (one name a line, or the YAML view)
            out.widget = "cast"
            out.item = next(o for o in _options(item) if dataclasses.is_dataclass(o))
            out.numbers = all(isinstance(v, str) for v in items)  # kept for the fallback
        elif item is int or _texty(item) or (str in _options(item) and all(isinstance(v, str) for v in items)):
            out.widget, out.numbers = "lines", item is int
        elif _entry_model(item):
            model, short = _entry_model(item)
            out.widget, out.item = "entries", model
            out.children = [Field(path + (i,), f"{_label(f.name)} {i + 1}", "", "group", v, shorthand=short,
                                  blank=v == new_entry(model),
                                  children=fields_of(model, {short: v} if isinstance(v, str) and short else v,
                                                     path + (i,))) for i, v in enumerate(items)]
    return out


def _entry_model(item: Any) -> tuple[type, str] | None:
    """(model, shorthand field) when a list's entries are models, or models that may be
    written as one word of a fixed set: `Advancement | AdvancementType`, the word filling
    the field whose type is that set. None for any other list: a `str | Character` entry
    may be a file name, not a field of the model."""
    if dataclasses.is_dataclass(item):
        return item, ""
    options = [o for o in _options(item) if o is not type(None)]
    models = [o for o in options if dataclasses.is_dataclass(o)]
    if len(models) != 1 or len(options) != 2:
        return None
    other = next(o for o in options if o is not models[0])
    if typing.get_origin(other) is not Literal:
        return None
    short = next((name for name, tp in hints(models[0]).items() if _bare(tp) == other), None)
    return (models[0], short) if short else None


def _pairs(tp: Any) -> Any:
    """The `dict[str, text or int]` a type is or holds as an option, or None."""
    for option in _options(tp):
        if typing.get_origin(option) is dict:
            value = typing.get_args(option)[1]
            if value is int or _texty(value):
                return option
    return None


def _lines(tp: Any) -> Any:
    """The `list[…]` a union of a list and a mapping holds (aspects: names, or `{name: die}`)."""
    return next((o for o in _options(tp) if typing.get_origin(o) is list), None)


def walk(found: list[Field]):
    """Every field, nested ones included, depth first."""
    for f in found:
        yield f
        yield from walk(f.children)


def submitted(f: Field, form) -> tuple[bool, Any]:
    """(present, value) of a leaf field in the submitted form: the value as the file would
    hold it. Text that is not a number stays text, so the loader's own message explains it."""
    if f.widget == "checkbox":
        return True, form.get(f.name) is not None
    raw = form.get(f.name)
    if raw is None:
        return False, None
    raw = str(raw)
    if f.widget == "number":
        text = raw.strip()
        return True, int(text) if re.fullmatch(r"[+-]?\d{1,9}", text) else (text or None)
    if f.widget in ("select", "pick"):
        return True, raw or None
    if f.widget in ("cast", "picks"):
        return True, _ticked(f, [str(v) for v in form.getlist(f.name) if str(v)])
    if f.widget == "lines":
        entries = [line.strip() for line in raw.splitlines() if line.strip()]
        if f.numbers:
            entries = [int(e) if re.fullmatch(r"[+-]?\d{1,9}", e) else e for e in entries]
        return True, entries
    if f.widget == "pairs":
        pairs = {}
        for line in raw.splitlines():
            name, sep, value = line.rpartition(":")
            if not sep:
                name, value = value, ""
            value = value.strip()
            if f.numbers and re.fullmatch(r"[+-]?\d{1,9}", value):
                value = int(value)
            if name.strip():
                pairs[name.strip()] = value if value != "" else None
        return True, pairs
    if f.widget in ("text", "long"):
        return True, raw.replace("\r\n", "\n")
    return False, None


def _ticked(f: Field, ticked: list[str]) -> list:
    """The list a `cast` or `picks` control now holds: what stays keeps its place, new ticks
    follow in the order offered, and characters written inline are kept (the YAML view's)."""
    current = f.value if isinstance(f.value, list) else []
    kept = [v for v in current if isinstance(v, dict) or (isinstance(v, str) and v in ticked)]
    return kept + [t for t in ticked if t not in kept]


def offer(found: list[Field], character: type | None, files: list[tuple[str, str]], names: list[str]) -> None:
    """Give the cast controls their choices: `files` (file, character name) for a list of
    the game's `character` model (a setup's cast), `names` for every field naming one."""
    for f in walk(found):
        if f.widget == "cast" and f.item is not character:  # a deck's cards, not a cast
            f.widget, f.item, f.numbers = ("lines" if f.numbers else "yaml"), None, False
        elif f.widget == "cast":
            f.choices = tuple(files)
        elif f.widget in ("pick", "picks"):
            given = [f.value] if isinstance(f.value, str) else list(f.value or [])
            f.choices = tuple(dict.fromkeys([*names, *(g for g in given if g)]))


def changes(found: list[Field], form) -> list[tuple[Path, Any]]:
    """The (path, value) pairs the form changes: untouched optional fields are not added."""
    out = []
    for f in found:
        if f.shorthand and isinstance(f.value, str):
            out += _whole_entry(f, form)
            continue
        if f.widget in ("group", "entries", "yaml"):
            out += changes(f.children, form)
            continue
        present, new = submitted(f, form)
        if not present or new == f.value:
            continue
        if f.value in (None, [], {}) and new in ("", None, [], {}, False):
            continue
        out.append((f.path, new))
    return out


def _whole_entry(entry: Field, form) -> list[tuple[Path, Any]]:
    """A one-word entry changed in the form is written again whole: still one word while
    only that word is set, else the mapping of every field given."""
    values = {}
    for f in entry.children:
        present, new = submitted(f, form)
        if present and new not in ("", None, [], {}, False):
            values[f.path[-1]] = new
    new = values[entry.shorthand] if list(values) == [entry.shorthand] else values
    return [] if new == entry.value or not new else [(entry.path, new)]


def new_entry(item: type) -> dict:
    """A new entry of a list of models: its required fields, blank (the checks then say what to fill)."""
    entry: dict[str, Any] = {}
    for f in ordered_fields(item):
        if not required(f):
            continue
        tp = _bare(hints(item)[f.name])
        if tp is int:
            entry[f.name] = f.metadata.get("minimum") or 0
        elif typing.get_origin(tp) is list:
            entry[f.name] = []
        elif typing.get_origin(tp) is Literal:
            entry[f.name] = typing.get_args(tp)[0]
        else:
            entry[f.name] = ""
    return entry
