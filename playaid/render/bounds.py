"""Bounds on the work one template render may do, for templates from `--template-dir`.

Jinja's sandbox keeps a template away from Python's internals but not from wasting
time: two nested `range(100000)` loops run ten billion turns. A render gets a budget
of steps, a step being one call (function, macro, method) or one turn of a loop over a
range, and a cap on the characters it produces; past either it stops with an error
naming the template. Counting steps instead of seconds makes the limit the same on a
slow machine and a fast one, so the same template always passes or always fails.
"""

from __future__ import annotations

import numbers

MAX_STEPS = 2_000_000
"""The bundled templates take under 200 steps a render (`playaid demo`): room for any restyle."""

MAX_OUTPUT = 20_000_000
"""Characters of HTML one render may produce; the bundled templates write under 30,000."""

MAX_POWER = 256
"""The largest exponent a template may use: `7 ** 100000000` would compute for minutes."""


class RenderTooBig(Exception):
    """A template went past a bound; the message says which and how to fix it."""


class Budget:
    """Steps left for the render in progress."""

    def __init__(self, steps: int = MAX_STEPS):
        self.left = steps

    def spend(self, steps: int = 1) -> None:
        self.left -= steps
        if self.left < 0:
            raise RenderTooBig(f"the template ran more than {MAX_STEPS:,} steps (calls and loop turns); "
                               "look for nested loops over large ranges or a macro that calls itself")


class BoundedRange:
    """A `range` whose every turn spends a step; reusable like the range it wraps."""

    def __init__(self, inner: range, budget: Budget):
        self._inner, self._budget = inner, budget

    def __iter__(self):
        for item in self._inner:
            self._budget.spend()
            yield item

    def __reversed__(self):
        return BoundedRange(self._inner[::-1], self._budget).__iter__()

    def __len__(self) -> int:
        return len(self._inner)

    def __getitem__(self, index):
        item = self._inner[index]
        return BoundedRange(item, self._budget) if isinstance(item, range) else item

    def __contains__(self, item) -> bool:
        return item in self._inner

    def __repr__(self) -> str:
        return repr(self._inner)


def check_binop(operator: str, left, right) -> None:
    """Refuse `*` and `**` whose result would be huge, before computing it."""
    if operator == "**" and isinstance(right, numbers.Real) and abs(right) > MAX_POWER:
        raise RenderTooBig(f"the template raises to the power {right}; at most {MAX_POWER} is allowed")
    if operator == "*":
        for seq, count in ((left, right), (right, left)):
            if isinstance(seq, (str, list, tuple)) and isinstance(count, int) and len(seq) * count > MAX_OUTPUT:
                raise RenderTooBig(f"the template repeats a text or list {count:,} times; the result would pass "
                                   f"{MAX_OUTPUT:,} items")


def joined(chunks, limit: int = MAX_OUTPUT) -> str:
    """The render's pieces joined, stopping once they pass `limit` characters."""
    out, size = [], 0
    for chunk in chunks:
        size += len(chunk)
        if size > limit:
            raise RenderTooBig(f"the template produced more than {limit:,} characters of HTML; "
                               "look for a loop that prints more than it should")
        out.append(chunk)
    return "".join(out)
