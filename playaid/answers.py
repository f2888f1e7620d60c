"""One typed answer of `playaid new` read as the YAML a user would have written in the file.

An answer is one line. Before it reaches the YAML reader it is screened: bounded by the
field's text limit (`limits`), free of control characters, and nested no deeper than a
form field ever needs, so that neither a pasted megabyte, a terminal escape sequence nor
a thousand `[` gets further than a one-line refusal.
"""

from __future__ import annotations

import dataclasses
import re
import types
import typing
from typing import Any, Literal, Union

import yaml

from .fields import describe
from .limits import RENDER_LIMIT, limit_of
from .problems import Path
from .safe_text import terminal

STR_TAG = "tag:yaml.org,2002:str"
MOST_BRACKETS = 8
"""Brackets one answer may open: a list of lists of mappings needs three; a thousand `[`
would reach the YAML reader's recursion."""
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")


def options(tp: Any) -> tuple:
    """The members of a union type, or the type alone."""
    return typing.get_args(tp) if typing.get_origin(tp) in (Union, types.UnionType) else (tp,)


def kinds(tp: Any) -> set:
    return {typing.get_origin(o) for o in options(tp)}


def grouped(tp: Any) -> bool:
    """A list of lists (Episodes, truces): groups are separated by `;`, members by commas."""
    return any(typing.get_origin(o) is list and list in kinds(typing.get_args(o)[0]) for o in options(tp))


def how(tp: Any) -> str:
    """How several values are typed on one line, said after what the field holds."""
    if grouped(tp):
        return ("; one group after another separated by `;`, the names in a group by commas, "
                "e.g. `a, b; c, d` (nothing between two `;` is an empty group)")
    if list in kinds(tp):
        return '; several: separate them with commas, and quote one holding a comma: "Smith, John"'
    if dict in kinds(tp):
        listed = any(typing.get_origin(o) is dict and list in kinds(typing.get_args(o)[1]) for o in options(tp))
        example = ", e.g. `Ana: [1, 4], GM: [6]`" if listed else ""
        return f"; as `name: value` pairs separated by commas{example}"
    return ""


def choices(tp: Any) -> list[str]:
    """The named values a field offers (a Literal's, or a text type's `enum`), in order."""
    found: list[str] = []
    for o in options(tp):
        if typing.get_origin(o) is Literal:
            found += [str(a) for a in typing.get_args(o) if isinstance(a, str)]
        elif hasattr(o, "json_schema"):
            found += [str(a) for a in o.json_schema().get("enum", [])]
    return found


def numbered(tp: Any) -> str | None:
    """The choices with their numbers, as the question shows them, or None for a field
    without named choices (or one that also takes a number)."""
    named = choices(tp)
    if len(named) < 2 or int in options(tp):
        return None
    return "one of " + ", ".join(f"{i} `{c}`" for i, c in enumerate(named, 1)) + ": the name or its number"


def by_number(tp: Any, text: str) -> str:
    """A choice typed as its number (`2` for the second) as its name; other text unchanged.
    A field that also takes a whole number (a difficulty of 1–6) keeps the number."""
    named = choices(tp)
    if numbered(tp) and text.isascii() and text.isdigit() and 1 <= int(text) <= len(named):
        return named[int(text) - 1]
    return text


def screened(text: str, tp: Any, path: Path) -> str | None:
    """Why `text` cannot be an answer for the field at `path`, or None when it may be read."""
    name = ".".join(str(p) for p in path)
    limit, kind = limit_of(path) if tp is str else (RENDER_LIMIT, "one answer")
    if len(text) > limit:
        return (f"this answer is {len(text)} characters; `{name}` ({kind}) holds at most {limit}: "
                f"type a shorter one")
    if numbered(tp) and text.isascii() and text.isdigit():
        return f"`{text}` is not one of the numbers shown: type 1 to {len(choices(tp))}, or the name"
    bad = _CONTROL.search(text)
    if bad is not None:
        return (f"the answer holds the control character U+{ord(bad[0]):04X} "
                f"(`{terminal(bad[0], lines=False)}`): type printable characters only")
    if tp is not str and text.count("[") + text.count("{") > MOST_BRACKETS:
        return f"the answer opens more than {MOST_BRACKETS} brackets: write {describe(tp)}"
    if tp is str and limit_of(path)[1] == "a name" and not any(c.isalpha() for c in text):
        return f"`{text}` has no letters: `{name}` is a name (did the answer belong to another question?)"
    return None


def node(tp: Any, text: str) -> yaml.Node:
    """The answer as the YAML a user would have written in the file (raises `yaml.YAMLError`)."""
    found = kinds(tp)
    if tp is str:
        return yaml.ScalarNode(STR_TAG, text)  # verbatim: `No` stays a name
    if grouped(tp) and "[" not in text:
        # an empty group is kept (a blank face of a die): `; hit` is two groups, the first empty
        groups = ", ".join("[" + g + "]" for g in text.split(";"))
        return _compose("[" + groups + "]")
    mapping = dict in found or any(dataclasses.is_dataclass(o) for o in options(tp))
    if mapping and ":" in text and not text.lstrip().startswith(("{", "[")):
        return _compose("{" + text + "}")  # `Stubborn: d8` is the mapping form of a list-or-mapping
    if list in found and ("," in text or str not in options(tp)):
        return _compose("[" + text + "]")
    composed = _compose(text)
    if str in options(tp) and isinstance(composed, yaml.ScalarNode):
        return yaml.ScalarNode(STR_TAG, text)
    return composed


def _compose(text: str) -> yaml.Node:
    try:
        composed = yaml.compose(text, Loader=yaml.SafeLoader)
    except RecursionError:  # screened above; this guards a type the screen did not foresee
        raise yaml.YAMLError("nested too deeply") from None
    if composed is None:
        raise yaml.YAMLError("empty")
    return composed
