"""JSON Schema for the input files, derived from the same models that `validate` builds.

An editor with a YAML language server checks a character while it is typed; the
schema cannot drift from the loader because both read the models' type hints.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from typing import Any, Literal, Union

from .convert import hints
from .systems.base import GameSystem

DIALECT = "https://json-schema.org/draft/2020-12/schema"


def type_schema(tp: Any, defs: dict[str, Any]) -> dict[str, Any]:
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if tp is str:
        return {"type": "string"}
    if tp is int:
        return {"type": "integer"}
    if tp is bool:
        return {"type": "boolean"}
    if tp is Any:
        return {}
    if origin is Literal:
        return {"enum": list(args)}
    if origin is list:
        return {"type": "array", "items": type_schema(args[0], defs)}
    if origin is dict:
        return {"type": "object", "additionalProperties": type_schema(args[1], defs)}
    if origin in (Union, types.UnionType):
        options = [type_schema(a, defs) if a is not type(None) else {"type": "null"} for a in args]
        return {"anyOf": options}
    if dataclasses.is_dataclass(tp):
        return _model_ref(tp, defs)
    custom = getattr(tp, "json_schema", None)
    if custom is None:  # pragma: no cover - a model declared with an unsupported type
        raise TypeError(f"no schema for {tp!r}")
    return custom()


def _model_ref(cls: type, defs: dict[str, Any]) -> dict[str, Any]:
    # the full module path: two games may both call a model `Character`
    name = f"{cls.__module__.removeprefix('playaid.systems.')}.{cls.__name__}"
    if name not in defs:
        defs[name] = {}  # placeholder first: models may refer to themselves
        defs[name] = model_schema(cls, defs)
    return {"$ref": f"#/$defs/{name}"}


def model_schema(cls: type, defs: dict[str, Any], extra: dict[str, Any] | None = None) -> dict[str, Any]:
    props: dict[str, Any] = dict(extra or {})
    required = []
    for f in dataclasses.fields(cls):
        s = type_schema(hints(cls)[f.name], defs)
        meta = f.metadata
        if meta.get("doc"):
            s = {**s, "description": meta["doc"]}
        if meta.get("minimum") is not None:
            s["minimum"] = meta["minimum"]
        if meta.get("maximum") is not None:
            s["maximum"] = meta["maximum"]
        props[f.name] = s
        if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
            required.append(f.name)
    out: dict[str, Any] = {"type": "object", "properties": props, "additionalProperties": False}
    if cls.__doc__ and not cls.__doc__.startswith(cls.__name__ + "("):
        out["description"] = cls.__doc__.strip().splitlines()[0]
    if required:
        out["required"] = required
    return out


def document_schema(systems: list[GameSystem]) -> dict[str, Any]:
    """One schema accepting any file of the given games, told apart by `system` and `kind`.

    Each model applies through `if`/`then` on `system` and `kind` rather than a `oneOf`
    of all models: with `oneOf`, a validator (and so an editor) can only say that no
    model fits the whole file, while `if`/`then` checks the one model the file names and
    reports the field that breaks it.
    """
    defs: dict[str, Any] = {}
    branches: list[dict[str, Any]] = []
    for system in systems:
        named = {"system": {"const": system.id}}
        branches.append({"if": {"properties": named, "required": ["system"]},
                         "then": {"properties": {"kind": {"enum": list(system.models)}}}})
        for kind, cls in system.models.items():
            extra = {"system": {"const": system.id, "description": system.title},
                     "kind": {"const": kind}}
            body = model_schema(cls, defs, extra)
            body["title"] = f"{system.title}: {kind}"
            # `kind` may be left out of a character file: a missing `kind` matches "character" here
            branches.append({"if": {"properties": {**named, "kind": {"const": kind}},
                                    "required": ["system"] + ([] if kind == "character" else ["kind"])},
                             "then": body})
    title = systems[0].title if len(systems) == 1 else "playaid input file"
    return {"$schema": DIALECT, "title": title, "type": "object", "required": ["system"],
            "properties": {"system": {"enum": [s.id for s in systems], "description": "the game this file belongs to"},
                           "kind": {"description": "what the file is (default character); its game says which kinds exist"}},
            "allOf": branches, "$defs": defs}
