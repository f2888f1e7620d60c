"""Reading the query options a game's odds module declares: whole numbers in a range, and
the options a query cannot do without. Bad values exit 1 (out of range) or 2 (malformed)."""

from __future__ import annotations

import click

from ..commands import InputError

MAX_DICE = 60
"""More dice than any table rolls; a pool of 200 is a typo, not a question."""


def count(value: str | None, what: str, low: int, high: int) -> int | None:
    """A whole number in [low, high], or exit 1 saying the allowed range."""
    if value is None:
        return None
    try:
        n = int(value)
    except ValueError:
        raise click.BadParameter(f"{value!r} is not a whole number", param_hint=f"--{what}") from None
    if not low <= n <= high:
        raise InputError(f"--{what} {n} is out of range; allowed: {low} to {high}")
    return n


def need(given: dict, *names: str) -> None:
    """A usage error naming each of `names` the query lacks."""
    missing = [f"--{n.replace('_', '-')}" for n in names if given.get(n) is None]
    if missing:
        raise click.UsageError(f"this query also needs {', '.join(missing)}")

