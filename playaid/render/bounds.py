"""Bounds on the work one template render may do, for templates from `--template-dir`.

Jinja's sandbox keeps a template away from Python's internals but not from wasting
time or memory: two nested loops over 100,000 items run ten billion turns, and
`"x"|center(1500000000)` asks for gigabytes in one call. So a render gets a budget of
steps, and every value it builds a size limit:

- a step is one turn of any loop, one call (function, macro, method), one filter or
  test; a call, filter or test also costs a step per item of each list or mapping and
  per `TEXT_STEP` characters of each text it is handed, as its work grows with them;
- a text a template builds holds at most `MAX_TEXT` characters and a list `MAX_ITEMS`
  items, checked *before* the operations whose result size an argument decides (`*`,
  `+`, `%`, `center`, `indent`, `format`, `replace`, `join`, `lipsum` …) and after
  every other call;
- widths, paddings and precisions are at most `MAX_WIDTH`, exponents `MAX_POWER`.

Counting steps instead of seconds makes the limit the same on a slow machine and a fast
one, so the same template always passes or always fails. `layout_bounds` bounds what the
HTML then costs WeasyPrint.
"""

from __future__ import annotations

import inspect
import numbers
import re
from string import Formatter

MAX_STEPS = 2_000_000
"""The bundled templates take under 1,000 steps a render (`playaid demo`): room for any restyle."""

MAX_OUTPUT = 20_000_000
"""Characters of HTML one render may produce; the bundled templates write under 30,000 a page."""

MAX_TEXT = 1_000_000
"""Characters of one text a template builds (a repeat, a join, a macro's output …)."""

MAX_ITEMS = 1_000_000
"""Items of one list a template builds."""

MAX_WIDTH = 10_000
"""The widest width, padding or precision (`center`, `indent`, `"%10d"`, `"{:>10}"`): wider
than any line a page holds."""

MAX_POWER = 256
"""The largest exponent a template may use: `7 ** 100000000` would compute for minutes."""

TEXT_STEP = 100
"""Characters of a text handed to a call that cost one step."""

LIPSUM = {"n": 100, "min": 1_000, "max": 1_000}
"""`lipsum(n, html, min, max)`: at most 100 paragraphs of at most 1,000 words."""


class RenderTooBig(Exception):
    """A template went past a bound; the message says which and how to fix it."""


class Budget:
    """Steps left for the render in progress."""

    def __init__(self, steps: int = MAX_STEPS):
        self.left = steps

    def spend(self, steps: int = 1) -> None:
        self.left -= steps
        if self.left < 0:
            raise RenderTooBig(f"the template ran more than {MAX_STEPS:,} steps (calls, filters and loop turns); "
                               "look for nested loops over large lists or ranges, or a macro that calls itself")


def cost(value) -> int:
    """The steps it costs to hand `value` to a call, beyond the call's own step."""
    if isinstance(value, str):
        return len(value) // TEXT_STEP
    if isinstance(value, (list, tuple, dict, set, frozenset)):
        return len(value)
    return 0


class Counted:
    """An iterable whose every item spends a step (and the cost of a long text it yields)."""

    def __init__(self, inner, budget: Budget):
        self._inner, self._budget = inner, budget

    def __iter__(self):
        for item in self._inner:
            self._budget.spend(1 + (len(item) // TEXT_STEP if isinstance(item, str) else 0))
            yield item

    def __len__(self) -> int:
        return len(self._inner)  # a TypeError for a generator, as for the generator itself


class BoundedRange(Counted):
    """A `range` whose every turn spends a step; reusable, indexable and sized like the range it wraps."""

    def __reversed__(self):
        return BoundedRange(self._inner[::-1], self._budget).__iter__()

    def __getitem__(self, index):
        item = self._inner[index]
        return BoundedRange(item, self._budget) if isinstance(item, range) else item

    def __contains__(self, item) -> bool:
        return item in self._inner

    def __repr__(self) -> str:
        return repr(self._inner)


def counted(value, budget: Budget):
    """`value` made to spend a step a turn when iterated: what every `{% for %}` loops over."""
    if isinstance(value, Counted):
        return value
    if isinstance(value, range):
        return BoundedRange(value, budget)
    return Counted(value, budget)


def each(iterable):
    """What the sandbox compiles `{% for x in it %}` into (`each(it)`); it intercepts the call."""
    return iterable


def sized(value):
    """What the sandbox compiles `a ~ b` into (`sized(a ~ b)`); it intercepts the call."""
    return value


def check_size(value, what: str = "a value"):
    """`value`, unless it is a text or list past the bounds."""
    if isinstance(value, str) and len(value) > MAX_TEXT:
        raise RenderTooBig(f"{what} made a text of {len(value):,} characters; at most {MAX_TEXT:,} are allowed")
    if isinstance(value, (list, tuple, dict)) and len(value) > MAX_ITEMS:
        raise RenderTooBig(f"{what} made a list of {len(value):,} items; at most {MAX_ITEMS:,} are allowed")
    return value


def _room(size: int, what: str, items: bool = False) -> None:
    most = MAX_ITEMS if items else MAX_TEXT
    if size > most:
        raise RenderTooBig(f"{what} would make {'a list of' if items else 'a text of'} {size:,} "
                           f"{'items' if items else 'characters'}; at most {most:,} are allowed")


def _width(value, what: str) -> None:
    if isinstance(value, numbers.Real) and not isinstance(value, bool) and abs(value) > MAX_WIDTH:
        raise RenderTooBig(f"{what} asks for a width of {value:,}; at most {MAX_WIDTH:,} is allowed")


def check_binop(operator: str, left, right) -> None:
    """Refuse `*`, `**`, `+` and `%` whose result would be huge, before computing it."""
    if operator == "**" and isinstance(right, numbers.Real) and abs(right) > MAX_POWER:
        raise RenderTooBig(f"the template raises to the power {right}; at most {MAX_POWER} is allowed")
    if operator == "*":
        for seq, count in ((left, right), (right, left)):
            if isinstance(seq, (str, list, tuple)) and isinstance(count, int):
                _room(len(seq) * count, f"repeating a text or list {count:,} times", not isinstance(seq, str))
    if operator == "+" and isinstance(left, (str, list, tuple)) and isinstance(right, (str, list, tuple)):
        _room(len(left) + len(right), "`+`", not isinstance(left, str))
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
                _width(int(number), "a `%` format")


def check_format(text: str) -> None:
    """A `str.format` pattern whose specs hold widths and precisions of at most `MAX_WIDTH`."""
    for _, field, spec, _ in Formatter().parse(text):
        if field is not None and spec:
            if "{" in spec:
                raise RenderTooBig("a format spec takes its width from an argument (`{:{}}`); write the width")
            for number in re.findall(r"\d+", spec):
                _width(int(number), "a format spec")


_STR_WIDTH = {"center": 0, "ljust": 0, "rjust": 0, "zfill": 0, "expandtabs": 0}


def check_call(obj, args: tuple, kwargs: dict) -> None:
    """Refuse a method call on a text whose result an argument makes huge, before it runs."""
    inner = getattr(obj, "__wrapped__", obj)  # the sandbox wraps `str.format` at attribute access
    text = getattr(inner, "__self__", None)
    if not isinstance(text, str):
        return
    name = getattr(inner, "__name__", "")
    if name in _STR_WIDTH and args:
        _width(args[0], f"`.{name}()`")
        if name == "expandtabs":
            _room(len(text) + text.count("\t") * args[0], "`.expandtabs()`")
    elif name in ("format", "format_map"):
        check_format(text)
        _room(len(text) + sum(map(_length, args)) + sum(map(_length, kwargs.values())), "`.format()`")
    elif name == "replace" and len(args) >= 2:
        _room(_replaced(text, *args[:3]), "`.replace()`")
    elif name == "join" and args:
        _room(_joined(args[0], text), "`.join()`")


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
    _width(a["width"], "`center`")


def _indent(a) -> int:
    text, width = str(a["s"]), a["width"]
    lines = text.count("\n") + 1
    _width(width, "`indent`")
    _room(len(text) + lines * (len(width) if isinstance(width, str) else int(width)), "`indent`")
    return lines


def _wordwrap(a) -> int:
    text, width, between = str(a["s"]), a["width"], a["wrapstring"] or "\n"
    _width(width, "`wordwrap`")
    _width(len(between), "`wordwrap`'s wrapstring")
    lines = len(text) // max(1, int(width)) + text.count("\n") + 1
    _room(len(text) + lines * len(between), "`wordwrap`")
    return len(text) ** 2 // (max(1, int(width)) * 1_000)  # textwrap copies the rest of a word per line


def _format(a) -> None:
    check_printf(str(a["value"]))
    _room(len(str(a["value"])) + sum(map(_length, a["args"])) + sum(map(_length, a["kwargs"].values())), "`format`")


def _replace(a) -> None:
    _room(_replaced(str(a["s"]), str(a["old"]), str(a["new"]), a["count"] if a["count"] is not None else -1),
          "`replace`")


def _join(a) -> None:
    _room(_joined(a["value"], str(a["d"])), "`join`")


def _batch(a) -> None:
    _room(int(a["linecount"]), "`batch`", items=True)


def _slice(a) -> None:
    _room(int(a["slices"]), "`slice`", items=True)


def _tojson(a) -> None:
    if isinstance(a["indent"], int):
        _width(a["indent"], "`tojson`")


_FILTER_CHECKS = {"center": _center, "indent": _indent, "wordwrap": _wordwrap, "format": _format,
                  "replace": _replace, "join": _join, "batch": _batch, "slice": _slice, "tojson": _tojson}


def check_lipsum(n=5, html=True, min=20, max=100) -> None:  # noqa: A002 - Jinja's own argument names
    """`lipsum`'s arguments within `LIPSUM`, before any word is made."""
    for key, value in (("n", n), ("min", min), ("max", max)):
        if isinstance(value, numbers.Real) and value > LIPSUM[key]:
            raise RenderTooBig(f"lipsum({key}={value:,}) is more than the {LIPSUM[key]:,} allowed")


def joined(chunks, limit: int = MAX_OUTPUT, what: str = "the template") -> str:
    """The render's pieces joined, stopping once they pass `limit` characters."""
    out, size = [], 0
    for chunk in chunks:
        size += len(chunk)
        if size > limit:
            raise RenderTooBig(f"{what} produced more than {limit:,} characters of HTML; "
                               "look for a loop that prints more than it should")
        out.append(chunk)
    return "".join(out)


def concat(chunks) -> str:
    """A macro's, block's or `{% set %}` block's output joined, within `MAX_TEXT`: a block
    set that prints itself twice in a loop would double each turn."""
    return joined(chunks, MAX_TEXT, "a macro, block or `{% set %}` block")
