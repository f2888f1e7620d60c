"""The Jinja environment every template runs in: the immutable sandbox, bounded (`bounds`).

The sandbox already routes every call and the binary operators we name through methods
we override. Loops and `~` are not routed anywhere, so the parsed template is rewritten
before compiling: `{% for x in it %}` becomes `{% for x in each(it) %}` and `a ~ b`
becomes `sized(a ~ b)`, two calls the sandbox intercepts (a template cannot name them:
they are imported by the compiled code, not looked up in the context). Filters and tests
are wrapped once, when the environment is made.
"""

from __future__ import annotations

import functools
import io
import os
import types

from jinja2 import nodes
from jinja2.runtime import LoopContext
from jinja2.sandbox import ImmutableSandboxedEnvironment
from jinja2.utils import generate_lorem_ipsum
from jinja2.visitor import NodeTransformer

from . import bounds
from .arguments import check_binop, check_call, check_filter, check_lipsum
from .bounds import Budget, check_size, cost, counted


class Sandbox(ImmutableSandboxedEnvironment):
    """Jinja's sandbox, also closed to files and modules a context might carry by mistake,
    and bounded in the work one render does and the size of what it builds."""

    intercepted_binops = frozenset({"*", "**", "+", "%"})
    concat = staticmethod(bounds.concat)

    def __init__(self, **options):
        super().__init__(**options)
        self.budget = Budget()
        self.filters = {name: self._guarded(name, f) for name, f in self.filters.items()}
        self.tests = {name: self._guarded(name, f) for name, f in self.tests.items()}
        self.globals["lipsum"] = _lipsum

    def _guarded(self, name: str, func):
        """`func` (a filter or test) spending its steps and checked for size before and after."""
        passes = getattr(func, "jinja_pass_arg", None) is not None

        @functools.wraps(func)
        def guarded(*args, **kwargs):
            given = args[1:] if passes else args
            extra = check_filter(name, func, given, kwargs)
            self.budget.spend(1 + extra + sum(map(cost, given)) + sum(map(cost, kwargs.values())))
            result = check_size(func(*args, **kwargs), f"the filter `{name}`")
            return counted(result, self.budget) if isinstance(result, types.GeneratorType) else result

        return guarded

    def is_safe_attribute(self, obj, attr, value) -> bool:
        if isinstance(obj, (os.PathLike, types.ModuleType, io.IOBase)):
            return False
        return super().is_safe_attribute(obj, attr, value)

    def call(__self, __context, __obj, *args, **kwargs):  # noqa: N805 - Jinja's own signature
        if __obj is bounds.each:
            return counted(args[0], __self.budget)
        if __obj is bounds.sized:
            return check_size(args[0], "`~`")
        if isinstance(__obj, LoopContext) and args:  # a recursive loop's `loop(children)`
            args = (counted(args[0], __self.budget), *args[1:])
        check_call(__obj, args, kwargs)
        __self.budget.spend(1 + cost(getattr(__obj, "__self__", None)) + sum(map(cost, args))
                            + sum(map(cost, kwargs.values())))
        result = super().call(__context, __obj, *args, **kwargs)
        return counted(result, __self.budget) if isinstance(result, range) else check_size(result, "a call")

    def call_binop(self, context, operator, left, right):
        check_binop(operator, left, right)
        return super().call_binop(context, operator, left, right)

    def _parse(self, source, name, filename):
        return _bounded_tree(super()._parse(source, name, filename))


def _wrapped(node: nodes.Expr, func) -> nodes.Call:
    """`func(node)`, a call of one of `bounds`' markers, on the line of `node`."""
    marker = nodes.ImportedName(f"{func.__module__}.{func.__name__}", lineno=node.lineno)
    return nodes.Call(marker, [node], [], None, None, lineno=node.lineno)


class _Bounding(NodeTransformer):
    """Every loop's iterable and every `~` routed through the sandbox's `call`."""

    def visit_For(self, node: nodes.For) -> nodes.For:
        node = self.generic_visit(node)
        node.iter = _wrapped(node.iter, bounds.each)
        return node

    def visit_Concat(self, node: nodes.Concat) -> nodes.Call:
        return _wrapped(self.generic_visit(node), bounds.sized)


def _bounded_tree(tree: nodes.Template) -> nodes.Template:
    return _Bounding().visit(tree)


def _lipsum(n=5, html=True, min=20, max=100):  # noqa: A002 - Jinja's own argument names
    """Jinja's `lipsum`, its arguments bounded first."""
    check_lipsum(n, html, min, max)
    return generate_lorem_ipsum(n, html, min, max)
