"""Starter files: a game's model written out as commented YAML with its blanks marked.

The same models `validate` builds say which fields exist, what each holds and which are
required, so a starter cannot drift from the loader. A required field is left empty and
marked `FILL IN`: an empty value is an error until it is filled, so the file validates
once every marked blank holds a value the game allows.

A model may list its fields in the order its rule text creates them with a class
attribute `CREATION_ORDER` (names; the rest follow in declaration order), and name with
`CREATION_LEAVES` the fields (dotted, as `side_professions.specializations`) that
`playaid new` does not ask because the rules leave them empty at creation, and with
`CREATION_THEN` the optional ones it asks after the creation order all the same (Enter for
none: Sapio's advancements, whose types a newcomer would otherwise find nowhere).
"""

from __future__ import annotations

import dataclasses
import types
import typing
from typing import Any, Literal, Union

import yaml

from .convert import describe, hints
from .systems.base import GameSystem

MARK = "FILL IN"


def ordered_fields(cls: type) -> list[dataclasses.Field]:
    """The model's fields in its creation order."""
    fields = {f.name: f for f in dataclasses.fields(cls)}
    order = [n for n in getattr(cls, "CREATION_ORDER", ()) if n in fields]
    return [fields[n] for n in order] + [f for n, f in fields.items() if n not in order]


def required(f: dataclasses.Field) -> bool:
    return f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING


def default(f: dataclasses.Field) -> Any:
    return f.default_factory() if f.default_factory is not dataclasses.MISSING else f.default


def allowed(f: dataclasses.Field, tp: Any) -> str:
    """What a field takes, in the words problems use, with its range."""
    inner = model_in(tp)
    words = describe(tp)
    if inner is not None and typing.get_origin(tp) is not list:
        words = f"a mapping of {', '.join(f.name for f in ordered_fields(inner))}"
    lo, hi = f.metadata.get("minimum"), f.metadata.get("maximum")
    if lo is not None and hi is not None:
        words += f" from {lo} to {hi}"
    elif lo is not None:
        words += f", at least {lo}"
    elif hi is not None:
        words += f", at most {hi}"
    return words


def listed_choices(tp: Any) -> tuple[str, ...]:
    """The fixed words each entry of a list field may be (Sapio's advancement types), or ()."""
    if typing.get_origin(tp) is not list:
        return ()
    item = typing.get_args(tp)[0]
    found = [a for a in (typing.get_args(item) if typing.get_origin(item) in (Union, types.UnionType) else (item,))
             if typing.get_origin(a) is Literal]
    return tuple(w for a in found for w in typing.get_args(a))


def model_in(tp: Any) -> type | None:
    """The model a field holds directly, in a list or as one option of a union, if any."""
    if dataclasses.is_dataclass(tp):
        return tp
    origin = typing.get_origin(tp)
    if origin is list or origin in (Union, types.UnionType):
        for arg in typing.get_args(tp):
            found = model_in(arg)
            if found is not None:
                return found
    return None


def flow(value: Any) -> str:
    """A value as one line of YAML: `""`, `3`, `[a, b]`, `{mental: 0}`."""
    if dataclasses.is_dataclass(value):
        value = dataclasses.asdict(value)
    text = yaml.safe_dump(value, default_flow_style=True, allow_unicode=True, width=10**6, sort_keys=False)
    return text.strip().removesuffix("...").strip()


def _is_literal(tp: Any) -> bool:
    return typing.get_origin(tp) is Literal


def model_lines(cls: type, indent: int = 0, answers: dict | None = None) -> list[str]:
    """The fields of `cls` as commented YAML lines (`answers` fill some of them)."""
    pad = " " * indent
    answers = answers or {}
    lines: list[str] = []
    for f in ordered_fields(cls):
        tp = hints(cls)[f.name]
        doc = f.metadata.get("doc", "")
        if f.name in answers:
            lines += [f"{pad}# {doc}" if doc else "", f"{pad}{f.name}: {flow(answers[f.name])}"]
            continue
        if not required(f) and f.name in getattr(cls, "CREATION_ORDER", ()):
            # optional to the loader, but made at creation (a drive, a job): a blank to fill
            shown = flow(default(f)) if default(f) is not None else ""
            lines += [f"{pad}# {doc}" if doc else "", f"{pad}{f.name}: {shown}   # {MARK}: {allowed(f, tp)}"]
        elif required(f):
            lines.append(f"{pad}# {doc}" if doc else f"{pad}# {f.name}")
            inner = model_in(tp)
            if dataclasses.is_dataclass(tp):
                lines.append(f"{pad}{f.name}:")
                lines += model_lines(tp, indent + 2)
            elif typing.get_origin(tp) is list:
                what = describe(typing.get_args(tp)[0])
                lines += [f"{pad}{f.name}:", f"{pad}  -   # {MARK}: {what}; one line starting with `- ` each"]
                if inner is not None:
                    lines.append(f"{pad}  # an inline entry holds: {', '.join(x.name for x in ordered_fields(inner))}")
            else:
                lines.append(f"{pad}{f.name}:   # {MARK}: {allowed(f, tp)}")
        else:
            value = default(f)
            note = f"optional: {doc}" if doc else "optional"
            if (value in ("", [], {}) or indent) and not isinstance(value, bool) and value is not None:
                # an empty text or list is there to be filled; inside a model, every default shows;
                # a list of fixed words says them, or a newcomer has nowhere to find them
                words = f" ({allowed(f, tp)})" if listed_choices(tp) else ""
                lines.append(f"{pad}{f.name}: {flow(value)}   # {note}{words}")
            else:
                lines.append(f"{pad}# {f.name}: {flow(value) if value is not None else ''}   # {note} ({allowed(f, tp)})")
    return [line for line in lines if line]


def starter_text(system: GameSystem, kind: str, answers: dict | None = None) -> str:
    """A whole starter file of `kind` for `system`, blanks marked unless `answers` fill them."""
    cls = system.models[kind]
    blanks = any(required(f) and f.name not in (answers or {}) for f in dataclasses.fields(cls))
    head = [f"# {system.title}: a {kind} file, started by `playaid new`."]
    if blanks:
        head.append(f"# Fill in every line marked {MARK} (delete the marker comment), then check it:")
    else:
        head.append("# Check it after every change:")
    head += ["#   playaid validate THIS-FILE", "# Lines starting with `# name:` are optional: remove the `# ` to use them.",
             f"system: {system.id}", f"kind: {kind}"]
    return "\n".join(head + model_lines(cls, 0, answers)) + "\n"
