"""Asking for a new file field by field, checking each answer as it is given.

The questions come from the same models `validate` builds (see `starter`): one per field,
in the model's creation order, the allowed values and limits said with the question, and
every answer built by the loader itself so a wrong one is refused with the loader's own
message before the next question.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from typing import Any, Callable, Literal, Union

import yaml

from .convert import Builder, Invalid, describe, hints
from .problems import Path
from .starter import allowed, default, ordered_fields, required

Ask = Callable[[str], str]
"""Shows a question, returns the answer typed (a blank line is "")."""
Say = Callable[[str], None]
STR_TAG = "tag:yaml.org,2002:str"
SKIP = object()
"""An optional field left at its default."""


def _options(tp: Any) -> tuple:
    return typing.get_args(tp) if typing.get_origin(tp) in (Union, types.UnionType) else (tp,)


def _is_list_of_models(tp: Any) -> bool:
    if typing.get_origin(tp) is not list:
        return False
    return all(dataclasses.is_dataclass(a) for a in _options(typing.get_args(tp)[0]))


def _node(tp: Any, text: str) -> yaml.Node:
    """The answer as the YAML a user would have written in the file."""
    kinds = {typing.get_origin(o) for o in _options(tp)}
    if tp is str:
        return yaml.ScalarNode(STR_TAG, text)  # verbatim: `No` stays a name
    if list in kinds and ("," in text or str not in _options(tp)):
        return yaml.compose("[" + text + "]", Loader=yaml.SafeLoader)
    if dict in kinds and ":" in text:
        return yaml.compose("{" + text + "}", Loader=yaml.SafeLoader)
    node = yaml.compose(text, Loader=yaml.SafeLoader)
    if str in _options(tp) and isinstance(node, yaml.ScalarNode):
        return yaml.ScalarNode(STR_TAG, text)
    return node


def _plain(value: Any) -> Any:
    """A built value as plain YAML data (models as mappings, custom types as their text)."""
    if dataclasses.is_dataclass(value):
        return {k: _plain(v) for k, v in dataclasses.asdict(value).items()}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if value is None or isinstance(value, (str, int, bool)):
        return value
    return str(value)


def _how(f: dataclasses.Field, tp: Any) -> str:
    words = allowed(f, tp)
    kinds = {typing.get_origin(o) for o in _options(tp)}
    if list in kinds:
        words += "; several: separate them with commas"
    if dict in kinds:
        words += "; as `name: value` pairs separated by commas"
    return words


class Interview:
    """Asks for one model's fields; `answers` keeps what was given, as plain YAML data."""

    def __init__(self, ask: Ask, say: Say, scene_type_field: str = "type"):
        """`scene_type_field`: the field whose choice decides which of a scene's fields apply."""
        self.ask, self.say = ask, say
        self.scene_type_field = scene_type_field

    def model(self, cls: type, path: Path = (), only: set[str] | None = None, every: bool = False) -> dict:
        """The answers for `cls` (`only` those fields; `every` field, optional ones too)."""
        answers: dict[str, Any] = {}
        types_ = self._scene_types(cls)
        chosen = None
        for f in ordered_fields(cls):
            if only is not None and f.name not in only:
                continue
            tp = hints(cls)[f.name]
            if not every and not self._asked(cls, f, types_, chosen):
                continue
            value = self.field(f, tp, path + (f.name,))
            if value is not SKIP:
                answers[f.name] = value
            if f.name == self.scene_type_field and types_:
                chosen = answers.get(f.name, default(f))
        return answers

    def _scene_types(self, cls: type) -> tuple[str, ...]:
        """The choices of a scene's `type`, or () for a model that has none."""
        tp = hints(cls).get(self.scene_type_field)
        options = [o for o in _options(tp) if typing.get_origin(o) is Literal] if tp is not None else []
        return typing.get_args(options[0]) if options else ()

    def _asked(self, cls: type, f: dataclasses.Field, types_: tuple[str, ...], chosen: str | None) -> bool:
        """Required fields, those of the model's creation order and optional ones left empty to
        be filled; in a scene its type, then the fields of that type (docs say `type: …`)."""
        if required(f) or f.name in getattr(cls, "CREATION_ORDER", ()):
            return True
        if types_:
            if f.name == self.scene_type_field:
                return True
            doc = f.metadata.get("doc", "")
            prefix = doc.split(":", 1)[0].split(",")[0].strip() if ":" in doc else ""
            return prefix == chosen if prefix in types_ else True
        if hasattr(cls, "CREATION_ORDER"):
            # the rest of a created model is play (pain statements, losses): only its texts
            return default(f) == "" and hints(cls)[f.name] is str
        return default(f) in ("", [], {})

    def field(self, f: dataclasses.Field, tp: Any, path: Path) -> Any:
        doc = f.metadata.get("doc", "")
        name = ".".join(str(p) for p in path)
        if dataclasses.is_dataclass(tp):
            self.say(f"{name}: {doc}")
            return self.model(tp, path, every=True)
        if _is_list_of_models(tp):
            return self._entries(f, tp, path)
        optional = "" if required(f) else "; Enter to leave it out"
        question = f"{name} — {doc} ({_how(f, tp)}{optional})"
        while True:
            text = self.ask(question).strip()
            if not text:
                if not required(f):
                    return SKIP
                self.say(f"  {name} is needed: {describe(tp)}")
                continue
            value, problem = self._build(f, tp, text, path)
            if problem is None:
                return _plain(value)
            self.say(f"  {problem}")

    def _entries(self, f: dataclasses.Field, tp: Any, path: Path) -> Any:
        item = typing.get_args(tp)[0]
        doc = f.metadata.get("doc", "")
        while True:
            text = self.ask(f"{'.'.join(map(str, path))} — {doc}: how many? (a whole number"
                            f"{'' if required(f) else ', Enter for none'})").strip()
            if not text and not required(f):
                return SKIP
            if text.isdigit() and (int(text) > 0 or not required(f)) and int(text) <= 20:
                break
            self.say("  give a whole number from " + ("1" if required(f) else "0") + " to 20")
        entries = []
        for i in range(int(text)):
            cls = item if dataclasses.is_dataclass(item) else _options(item)[0]
            entries.append(self.model(cls, path + (i,)))
        return entries or SKIP

    @staticmethod
    def _build(f: dataclasses.Field, tp: Any, text: str, path: Path) -> tuple[Any, str | None]:
        builder = Builder()
        try:
            value = builder.build(tp, _node(tp, text), path)
        except Invalid:
            p = builder.problems[0]
            return None, p.message + (f" — {p.hint}" if p.hint else "")
        except yaml.YAMLError:
            return None, f"cannot read `{text}`: write {describe(tp)}"
        lo, hi = f.metadata.get("minimum"), f.metadata.get("maximum")
        if isinstance(value, int) and not isinstance(value, bool):
            if (lo is not None and value < lo) or (hi is not None and value > hi):
                return None, f"{value} is out of range: {allowed(f, tp)}"
        return value, None
