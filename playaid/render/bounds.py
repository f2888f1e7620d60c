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
one, so the same template always passes or always fails. `arguments` holds the checks
made before a call; `layout_bounds` bounds what the HTML then costs WeasyPrint.
"""

from __future__ import annotations

import numbers

MAX_STEPS = 2_000_000
"""The bundled templates take under 600 steps a render (533 at most in `playaid demo`): room for any restyle."""

MAX_OUTPUT = 5_000_000
"""Characters of HTML one render may produce: ten times what a layout's bounds let through
(`layout_bounds`); 25 bundled sheets write under 140,000."""

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


def room(size: int, what: str, items: bool = False) -> None:
    most = MAX_ITEMS if items else MAX_TEXT
    if size > most:
        raise RenderTooBig(f"{what} would make {'a list of' if items else 'a text of'} {size:,} "
                           f"{'items' if items else 'characters'}; at most {most:,} are allowed")


def within_width(value, what: str) -> None:
    if isinstance(value, numbers.Real) and not isinstance(value, bool) and abs(value) > MAX_WIDTH:
        raise RenderTooBig(f"{what} asks for a width of {value:,}; at most {MAX_WIDTH:,} is allowed")


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
