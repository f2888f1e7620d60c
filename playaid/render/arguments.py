"""The arguments that decide how large a template's result gets, checked before the call.

`"x"|center(1500000000)` or `"%1500000000d" % 1` would build gigabytes before any size
check after the call could object, so the operators, methods and filters whose result
size an argument decides are looked at first (the limits are `bounds`'). Every other
call's result is checked after it returns (`bounds.check_size`).
"""

from __future__ import annotations

import inspect
import numbers
import re
from string import Formatter

from .bounds import LIPSUM, MAX_POWER, RenderTooBig, room, within_width


def check_binop(operator: str, left, right) -> None:
    """Refuse `*`, `**`, `+` and `%` whose result would be huge, before computing it."""
    if operator == "**" and isinstance(right, numbers.Real) and abs(right) > MAX_POWER:
        raise RenderTooBig(f"the template raises to the power {right}; at most {MAX_POWER} is allowed")
    if operator == "*":
        for seq, count in ((left, right), (right, left)):
            if isinstance(seq, (str, list, tuple)) and isinstance(count, int):
                room(len(seq) * count, f"repeating a text or list {count:,} times", not isinstance(seq, str))
    if operator == "+" and isinstance(left, (str, list, tuple)) and isinstance(right, (str, list, tuple)):
        room(len(left) + len(right), "`+`", not isinstance(left, str))
    if operator == "%" and isinstance(left, str):
        check_printf(left)


_PRINTF = re.compile(r"%(?:\([^)]*\))?[-#0 +]*(\*|\d*)(?:\.(\*|\d*))?")


def check_printf(text: str) -> None:
    """A `%` format (`"%5d" % n`, the `format` filter) with widths and precisions of at most `MAX_WIDTH`."""
    for width, precision in _PRINTF.findall(text):
        for number in (width, precision):
            if number == "*":
                raise RenderTooBig("a `%` format takes its width from an argument (`*`); write the width")
            if number:
                within_width(int(number), "a `%` format")


def check_format(text: str) -> None:
    """A `str.format` pattern whose specs hold widths and precisions of at most `MAX_WIDTH`."""
    for _, field, spec, _ in Formatter().parse(text):
        if field is not None and spec:
            if "{" in spec:
                raise RenderTooBig("a format spec takes its width from an argument (`{:{}}`); write the width")
            for number in re.findall(r"\d+", spec):
                within_width(int(number), "a format spec")


_STR_WIDTH = {"center": 0, "ljust": 0, "rjust": 0, "zfill": 0, "expandtabs": 0}


def check_call(obj, args: tuple, kwargs: dict) -> None:
    """Refuse a method call on a text whose result an argument makes huge, before it runs."""
    inner = getattr(obj, "__wrapped__", obj)  # the sandbox wraps `str.format` at attribute access
    text = getattr(inner, "__self__", None)
    if not isinstance(text, str):
        return
    name = getattr(inner, "__name__", "")
    if name in _STR_WIDTH and args:
        within_width(args[0], f"`.{name}()`")
        if name == "expandtabs":
            room(len(text) + text.count("\t") * args[0], "`.expandtabs()`")
    elif name in ("format", "format_map"):
        check_format(text)
        room(len(text) + sum(map(_length, args)) + sum(map(_length, kwargs.values())), "`.format()`")
    elif name == "replace" and len(args) >= 2:
        room(_replaced(text, *args[:3]), "`.replace()`")
    elif name == "join" and args:
        room(_joined(args[0], text), "`.join()`")


def _length(value) -> int:
    return len(value) if isinstance(value, str) else len(str(value)) if isinstance(value, numbers.Number) else 0


def _replaced(text: str, old, new, count=-1) -> int:
    if not (isinstance(old, str) and isinstance(new, str)):
        return len(text)
    found = len(text) + 1 if old == "" else text.count(old)
    if isinstance(count, int) and count >= 0:
        found = min(found, count)
    return len(text) + found * max(0, len(new) - len(old))


def _joined(items, between: str) -> int:
    if not isinstance(items, (list, tuple)):
        return 0  # an iterator: its items are counted as it runs and the result checked after
    return sum(map(_length, items)) + max(0, len(items) - 1) * len(between)


def check_filter(name: str, func, given: tuple, kwargs: dict) -> int:
    """Refuse a filter call whose result an argument makes huge, before it runs; the steps
    it costs beyond one per item of what it is handed (`wordwrap` is quadratic)."""
    if name not in _FILTER_CHECKS or not given:
        return 0
    try:
        signature = inspect.signature(func)
        params = list(signature.parameters.values())
        if params and params[0].name in ("eval_ctx", "environment", "context"):  # what Jinja passes first
            signature = signature.replace(parameters=params[1:])
        bound = signature.bind(*given, **kwargs)
        bound.apply_defaults()
        return _FILTER_CHECKS[name](bound.arguments) or 0
    except (TypeError, ValueError):
        return 0  # wrong arguments: Jinja's own call reports them


def _center(a) -> None:
    within_width(a["width"], "`center`")


def _indent(a) -> int:
    text, width = str(a["s"]), a["width"]
    lines = text.count("\n") + 1
    within_width(width, "`indent`")
    room(len(text) + lines * (len(width) if isinstance(width, str) else int(width)), "`indent`")
    return lines


def _wordwrap(a) -> int:
    text, width, between = str(a["s"]), a["width"], a["wrapstring"] or "\n"
    within_width(width, "`wordwrap`")
    within_width(len(between), "`wordwrap`'s wrapstring")
    lines = len(text) // max(1, int(width)) + text.count("\n") + 1
    room(len(text) + lines * len(between), "`wordwrap`")
    return len(text) ** 2 // (max(1, int(width)) * 1_000)  # textwrap copies the rest of a word per line


def _format(a) -> None:
    check_printf(str(a["value"]))
    room(len(str(a["value"])) + sum(map(_length, a["args"])) + sum(map(_length, a["kwargs"].values())), "`format`")


def _replace(a) -> None:
    room(_replaced(str(a["s"]), str(a["old"]), str(a["new"]), a["count"] if a["count"] is not None else -1),
          "`replace`")


def _join(a) -> None:
    room(_joined(a["value"], str(a["d"])), "`join`")


def _batch(a) -> None:
    room(int(a["linecount"]), "`batch`", items=True)


def _slice(a) -> None:
    room(int(a["slices"]), "`slice`", items=True)


def _tojson(a) -> None:
    if isinstance(a["indent"], int):
        within_width(a["indent"], "`tojson`")


_FILTER_CHECKS = {"center": _center, "indent": _indent, "wordwrap": _wordwrap, "format": _format,
                  "replace": _replace, "join": _join, "batch": _batch, "slice": _slice, "tojson": _tojson}


def check_lipsum(n=5, html=True, min=20, max=100) -> None:  # noqa: A002 - Jinja's own argument names
    """`lipsum`'s arguments within `LIPSUM`, before any word is made."""
    for key, value in (("n", n), ("min", min), ("max", max)):
        if isinstance(value, numbers.Real) and value > LIPSUM[key]:
            raise RenderTooBig(f"lipsum({key}={value:,}) is more than the {LIPSUM[key]:,} allowed")
