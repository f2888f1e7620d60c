"""Typed models from YAML nodes: one declaration gives the model, its checks and its schema.

Models are frozen dataclasses whose type hints say what each field holds (`str`,
`int`, `bool`, `Literal[...]`, `list[X]`, `dict[str, X]`, `X | None`, another model,
or a text type with a `parse` classmethod such as a die size). `build` walks the YAML
nodes against those hints and collects every problem instead of stopping at the first:

- a wrong type or a missing required field is *hard*: the model cannot be built;
- an unknown key, a number out of range or a choice outside a `Literal` with a default is
  *soft*: reported, the model still built (the choice at its default) for the game's rules.

Text fields take the text exactly as written (`name: No` stays "No"). Aliases are followed
under a budget of nodes, which bounds the work a "billion laughs" file can cause.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from typing import Any, Literal, Union

import yaml

# the games' models and checks import `spec` and `did_you_mean` from here
from .fields import comma_cut, default_of, describe, did_you_mean, field_names, folded, hints, required, soft_choice, spec  # noqa: F401,E501
from .limits import control_character, too_long
from .problems import Path, Problem, error, format_path

NODE_BUDGET = 50_000
MAX_DEPTH = 40

_INT_TAG, _BOOL_TAG = "tag:yaml.org,2002:int", "tag:yaml.org,2002:bool"
_NULL_TAG, _FLOAT_TAG = "tag:yaml.org,2002:null", "tag:yaml.org,2002:float"


class Invalid(Exception):
    """Raised inside `build` when a value cannot become its declared type."""


class BudgetExceeded(Exception):
    pass


class Builder:
    """Builds one model from one node tree, collecting problems as it goes."""

    def __init__(self, budget: int = NODE_BUDGET):
        self.problems: list[Problem] = []
        self.budget = budget
        self._scalars = yaml.SafeLoader("")

    # -- entry point -------------------------------------------------------------------
    def build(self, tp: Any, node: yaml.Node, path: Path = (), skip: frozenset[str] = frozenset()) -> Any:
        """The value of type `tp` for `node`, or raise `Invalid` (problems recorded)."""
        try:
            return self._value(tp, node, path, 0, skip)
        except BudgetExceeded:
            self.problems.append(error(
                "yaml.too-many-values",
                f"the file expands to more than {NODE_BUDGET} values",
                "anchors and aliases (&name / *name) multiply the data; write the values out",
                path))
            raise Invalid from None

    def _fail(self, message: str, hint: str, path: Path, rule: str = "input.type") -> typing.NoReturn:
        self.problems.append(error(rule, message, hint, path))
        raise Invalid

    def _tick(self, depth: int, path: Path) -> None:
        self.budget -= 1
        if self.budget < 0:
            raise BudgetExceeded
        if depth > MAX_DEPTH:
            self._fail("the data is nested too deeply", "flatten the structure", path, "yaml.too-deep")

    # -- dispatch ----------------------------------------------------------------------
    def _value(self, tp: Any, node: yaml.Node, path: Path, depth: int, skip: frozenset[str] = frozenset()) -> Any:
        self._tick(depth, path)
        origin = typing.get_origin(tp)
        if origin in (Union, types.UnionType):
            return self._union(tp, node, path, depth)
        if _is_null(node):
            self._fail(f"`{_name(path)}` is empty", f"write {describe(tp)}", path, "input.required")
        if dataclasses.is_dataclass(tp):
            return self._model(tp, node, path, depth, skip)
        if origin is list:
            return self._list(typing.get_args(tp)[0], node, path, depth)
        if origin is dict:
            return self._dict(typing.get_args(tp)[1], node, path, depth)
        if origin is Literal:
            return self._choice(typing.get_args(tp), node, path)
        if tp is Any:
            return self._scalars.construct_object(node, deep=True)
        return self._scalar(tp, node, path)

    def _union(self, tp: Any, node: yaml.Node, path: Path, depth: int) -> Any:
        options = [a for a in typing.get_args(tp) if a is not type(None)]
        if _is_null(node):
            if type(None) in typing.get_args(tp):
                return None
            self._fail(f"`{_name(path)}` is empty", f"write {describe(tp)}", path, "input.required")
        for option in options:
            if _fits(option, node):
                return self._value(option, node, path, depth + 1)
        self._fail(f"`{_name(path)}` must be {describe(tp)}, not {_shape(node)}", "", path)

    def _model(self, cls: type, node: yaml.Node, path: Path, depth: int, skip: frozenset[str]) -> Any:
        if not isinstance(node, yaml.MappingNode):
            where = f"`{_name(path)}`" if path else "the file"
            self._fail(f"{where} must be a mapping of `key: value` lines, not {_shape(node)}",
                       f"expected keys: {', '.join(field_names(cls))}", path)
        types_ = hints(cls)
        fields = {f.name: f for f in dataclasses.fields(cls)}
        values: dict[str, Any] = {}
        broken = False
        for n, (key_node, value_node) in enumerate(node.value):
            self._tick(depth, path)
            key = key_node.value if isinstance(key_node, yaml.ScalarNode) else None
            if key in skip:
                continue
            if key is None or key not in fields:
                shown = key if key is not None else _shape(key_node)
                suggestion = did_you_mean(str(shown), fields)
                cut = None if suggestion else comma_cut(node, n, path)  # a near key is a typo, not a cut text
                self.problems += [] if cut in self.problems else [cut or error(  # one cut text, one problem
                    "input.unknown-key", f"unknown key `{shown}`" + (f" in `{_name(path)}`" if path else ""),
                    suggestion or f"allowed keys: {', '.join(fields)}", path + (str(shown),))]
                continue
            if key in values:
                self.problems.append(error("input.duplicate-key", f"`{key}` is given twice",
                                           "keep one of the two lines", path + (key,)))
                continue
            said = len(self.problems)
            try:
                values[key] = self._value(types_[key], value_node, path + (key,), depth + 1)
            except Invalid:
                if soft_choice(fields[key], types_[key], self.problems[said:]):  # reported; the rules still run
                    values[key] = default_of(fields[key])
                    continue
                broken = True
                values[key] = None
                continue
            self._check_range(fields[key], values[key], path + (key,))
            if key == "name" and values[key] == "" and required(fields[key]):
                # a blank name names nobody: sheets, casts and file names all need one
                self.problems.append(error("input.required", f"`{_name(path + (key,))}` is empty",
                                           "write the name between the quotes", path + (key,)))
        for name, f in fields.items():
            if name not in values and required(f) and name not in skip:
                broken = True
                self.problems.append(error(
                    "input.required", f"`{name}` is missing" + (f" from `{_name(path)}`" if path else ""),
                    f"add `{name}:` with {describe(types_[name])}" + (f" ({f.metadata['doc']})" if f.metadata.get("doc") else ""),
                    path))
        if broken:
            raise Invalid
        return cls(**{k: v for k, v in values.items() if k in fields})

    def _check_range(self, f: dataclasses.Field, value: Any, path: Path) -> None:
        lo, hi = f.metadata.get("minimum"), f.metadata.get("maximum")
        if not isinstance(value, int) or isinstance(value, bool) or (lo is None and hi is None):
            return
        if (lo is not None and value < lo) or (hi is not None and value > hi):
            allowed = (f"from {lo} to {hi}" if lo is not None and hi is not None
                       else f"at least {lo}" if lo is not None else f"at most {hi}")
            self.problems.append(error(
                f.metadata.get("rule") or "input.range", f"`{_name(path)}` is {value}; it must be {allowed}",
                f.metadata.get("hint") or f"use a number {allowed}", path))

    def _list(self, item: Any, node: yaml.Node, path: Path, depth: int) -> list:
        if not isinstance(node, yaml.SequenceNode):
            self._fail(f"`{_name(path)}` must be {describe(list[item])}, not {_shape(node)}",
                       "write it as `[a, b]` or as lines starting with `- `", path)
        out, broken = [], False
        for i, child in enumerate(node.value):
            try:
                out.append(self._value(item, child, path + (i,), depth + 1))
            except Invalid:
                broken = True
        if broken:
            raise Invalid
        return out

    def _dict(self, item: Any, node: yaml.Node, path: Path, depth: int) -> dict:
        if not isinstance(node, yaml.MappingNode):
            self._fail(f"`{_name(path)}` must be {describe(dict[str, item])}, not {_shape(node)}",
                       "write it as `{Name: value}` or as `Name: value` lines", path)
        out, broken = {}, False
        for key_node, child in node.value:
            self._tick(depth, path)
            if not isinstance(key_node, yaml.ScalarNode) or _is_null(key_node):
                self.problems.append(error("input.type", f"a key in `{_name(path)}` is not a name",
                                           "keys are plain names", path))
                broken = True
                continue
            key = key_node.value.strip()
            if not self._printable(key_node.value, path + (key,), raising=False):
                broken = True
                continue
            self.problems += too_long(key, path + (key,), key=True)
            if key in out:
                self.problems.append(error("input.duplicate-key", f"`{key}` is given twice in `{_name(path)}`",
                                           "keep one of the two", path + (key,)))
                continue
            try:
                out[key] = self._value(item, child, path + (key,), depth + 1)
            except Invalid:
                broken = True
        if broken:
            raise Invalid
        return out

    def _choice(self, choices: tuple, node: yaml.Node, path: Path) -> str:
        if not isinstance(node, yaml.ScalarNode):
            self._fail(f"`{_name(path)}` must be one of {', '.join(map(str, choices))}, not {_shape(node)}", "", path)
        text = node.value.strip()
        for c in choices:
            if folded(text) == folded(str(c)):
                return c
        hint = did_you_mean(text, [str(c) for c in choices])
        self._fail(f"`{_name(path)}` is `{text}`; allowed: {', '.join(f'`{c}`' for c in choices)}",
                   hint or "use one of the allowed values", path, "input.choice")

    def _printable(self, text: str, path: Path, raising: bool = True) -> bool:
        """Refuse control characters (a NUL, an ESC, C1 codes; tab and newline are fine):
        written as YAML escapes they would reach sheets, file names and terminals."""
        problem = control_character(text, path)
        if problem is None:
            return True
        self.problems.append(problem)
        if raising:
            raise Invalid
        return False

    def _scalar(self, tp: Any, node: yaml.Node, path: Path) -> Any:
        if not isinstance(node, yaml.ScalarNode):
            self._fail(f"`{_name(path)}` must be {describe(tp)}, not {_shape(node)}", "", path)
        text = node.value
        if tp is str:
            self._printable(text, path)
            self.problems += too_long(text.strip(), path)  # soft: the rules still run
            return text.strip()
        if tp is int:
            if node.tag == _INT_TAG:
                try:
                    value = self._scalars.construct_object(node)
                except (ValueError, yaml.YAMLError):
                    value = None
                if isinstance(value, int) and abs(value) < 10**9:
                    return value
            self._fail(f"`{_name(path)}` must be a whole number, not `{text}`", "write digits, e.g. 3", path)
        if tp is bool:
            if node.tag == _BOOL_TAG:
                return self._scalars.construct_object(node)
            self._fail(f"`{_name(path)}` must be true or false, not `{text}`", "write true or false", path)
        parse = getattr(tp, "parse", None)
        if parse is None:  # pragma: no cover - a model declared with an unsupported type
            raise TypeError(f"unsupported field type {tp!r}")
        try:
            return parse(text.strip())
        except ValueError as exc:
            self._fail(f"`{_name(path)}`: {exc}", getattr(tp, "HINT", ""), path, getattr(tp, "RULE", "input.type"))


def _is_null(node: yaml.Node) -> bool:
    return isinstance(node, yaml.ScalarNode) and node.tag == _NULL_TAG


def _fits(tp: Any, node: yaml.Node) -> bool:
    """Whether `node` has the shape of `tp`: unions are told apart by shape alone."""
    origin = typing.get_origin(tp)
    if dataclasses.is_dataclass(tp) or origin is dict:
        return isinstance(node, yaml.MappingNode)
    if origin is list:
        return isinstance(node, yaml.SequenceNode)
    if tp is int:
        return isinstance(node, yaml.ScalarNode) and node.tag == _INT_TAG
    if tp is bool:
        return isinstance(node, yaml.ScalarNode) and node.tag == _BOOL_TAG
    return isinstance(node, yaml.ScalarNode)


def _shape(node: yaml.Node) -> str:
    if isinstance(node, yaml.MappingNode):
        return "a mapping"
    if isinstance(node, yaml.SequenceNode):
        return "a list"
    if node.tag == _NULL_TAG:
        return "empty"
    if node.tag in (_INT_TAG, _FLOAT_TAG):
        return f"the number `{node.value}`"
    if node.tag == _BOOL_TAG:
        return f"`{node.value}`"
    return f"the text `{node.value[:40]}`"


def _name(path: Path) -> str:
    return format_path(path) or "the file"
