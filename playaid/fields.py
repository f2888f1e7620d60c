"""What a model field declares, and how a field's type reads to the user.

`spec` declares a field's documentation and allowed range; `describe` turns a type hint
into the words an error message or a schema shows. Split from `convert`, which builds
models from YAML with them.
"""

from __future__ import annotations

import dataclasses
import difflib
import types
import typing
from functools import cache
from typing import Any, Literal, Union

import yaml

from .problems import Problem, error


def spec(default: Any = dataclasses.MISSING, *, doc: str = "", minimum: int | None = None,
         maximum: int | None = None, rule: str = "input.range", hint: str = "",
         default_factory: Any = dataclasses.MISSING, cast: bool = False, played: bool = False) -> Any:
    """A model field with its documentation and, for numbers, its allowed range.

    `rule` is the stable id reported when the range is broken. `cast` marks a field whose
    value is the name of a character of the table (or a list of such names): the studio
    offers the cast's names to choose from instead of a box to type in. `played` marks a field
    that play writes (`roll --apply`, an event): `playaid new --ask` does not ask for it.
    """
    meta = {"doc": doc, "minimum": minimum, "maximum": maximum, "rule": rule, "hint": hint, "cast": cast,
            "played": played}
    if default_factory is not dataclasses.MISSING:
        return dataclasses.field(default_factory=default_factory, metadata=meta)
    return dataclasses.field(default=default, metadata=meta)


def did_you_mean(word: str, choices: typing.Iterable[str]) -> str:
    close = difflib.get_close_matches(word, list(choices), n=1, cutoff=0.6)
    return f"did you mean `{close[0]}`?" if close else ""


def nearest(word: str, choices: typing.Iterable[str], n: int = 3, cutoff: float = 0.5) -> list[str]:
    """The few `choices` nearest to `word`, nearest first, whatever their case and spacing.

    >>> nearest("Brillant", ["Brave", "Brilliant", "Resourceful"])
    ['Brilliant']
    """
    def key(text: str) -> str:
        return " ".join(text.split()).casefold()

    options = {key(c): c for c in choices}
    return [options[k] for k in difflib.get_close_matches(key(word), list(options), n=n, cutoff=cutoff)]


def _bare(node: yaml.Node) -> bool:
    """A plain (unquoted) scalar: libyaml marks plain style with "", the Python loader with None."""
    return isinstance(node, yaml.ScalarNode) and not node.style


def comma_cut(mapping: yaml.MappingNode, n: int, at: tuple = ()) -> Problem | None:
    """The problem of key `n` of a `{…}` mapping when it is really the tail of the text
    before it: in `{text: Never shakes, even under fire.}` the comma ends the text and
    `even under fire.` reads as a key with no value. None when the key is not that; `at`
    is the mapping's path."""
    pairs = mapping.value

    def tail_piece(i: int) -> bool:
        k, v = pairs[i]
        return _bare(k) and _bare(v) and v.value == "" and v.tag == "tag:yaml.org,2002:null"

    if not mapping.flow_style or not tail_piece(n):
        return None
    start, end = n, n
    while start > 0 and tail_piece(start - 1):
        start -= 1
    while end + 1 < len(pairs) and tail_piece(end + 1):
        end += 1
    if start == 0:
        return None
    key, value = pairs[start - 1]
    if not (_bare(key) and _bare(value) and value.tag == "tag:yaml.org,2002:str"):
        return None
    # `{text: a, b, c}` is one text cut twice: one problem for the run, quoting it whole
    tail = [pairs[i][0].value for i in range(start, end + 1)]
    return error("input.unquoted-comma",
                 f"`{key.value}` is cut at a comma: inside `{{…}}` a comma ends the value, "
                 f"so `{tail[0]}` was read as a key",
                 f'quote the text: {key.value}: "{", ".join([value.value, *tail])}"', (*at, key.value))


def describe(tp: Any) -> str:
    """A type in words a user reads: ``list[str]`` → "a list of text"."""
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if tp is str:
        return "text"
    if tp is int:
        return "a whole number"
    if tp is bool:
        return "true or false"
    if origin is Literal:
        return "one of " + ", ".join(f"`{a}`" for a in args)
    if origin is list:
        return f"a list of {plural(describe(args[0]))}"
    if origin is dict:
        return f"a mapping of names to {plural(describe(args[1]))}"
    if origin in (Union, types.UnionType):
        return " or ".join(describe(a) for a in args if a is not type(None))
    if dataclasses.is_dataclass(tp):
        needed = [f"`{f.name}`" for f in dataclasses.fields(tp) if required(f)]
        if not needed:  # every key optional: say which there are
            return "a mapping of " + ", ".join(f"`{f.name}`" for f in dataclasses.fields(tp))
        return "a mapping with " + ", ".join(needed)
    return getattr(tp, "DESCRIPTION", tp.__name__)


def plural(text: str) -> str:
    return {"a whole number": "whole numbers", "true or false": "true/false values"}.get(
        text, text[2:] if text.startswith("a ") else text)


def required(f: dataclasses.Field) -> bool:
    return f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING


@cache
def hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def field_names(cls: type) -> list[str]:
    return [f.name for f in dataclasses.fields(cls)]


def folded(text: str) -> str:
    """Choices match whatever the case and separators: `Nearly Impossible` is `nearly-impossible`."""
    return text.casefold().replace("_", "-").replace(" ", "-")


def soft_choice(f: dataclasses.Field, tp: Any, said: list) -> bool:
    """Whether a field's refused value was only a choice out of its `Literal` and the field
    has a default to stand in for it."""
    choices = typing.get_origin(tp) is Literal or any(typing.get_origin(a) is Literal for a in typing.get_args(tp))
    has_default = f.default is not dataclasses.MISSING or f.default_factory is not dataclasses.MISSING
    return choices and has_default and bool(said) and all(p.rule == "input.choice" for p in said)


def default_of(f: dataclasses.Field) -> Any:
    """The value a field takes when a file leaves it out."""
    return f.default if f.default is not dataclasses.MISSING else f.default_factory()
