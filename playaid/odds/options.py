"""Reading the query options a game's odds module declares: whole numbers in a range, and
the options a query cannot do without. Bad values are usage errors (exit 2)."""

from __future__ import annotations

import click


MAX_DICE = 60
"""More dice than any table rolls; a pool of 200 is a typo, not a question."""


def count(value: str | None, what: str, low: int, high: int) -> int | None:
    """A whole number in [low, high], or a usage error (exit 2) saying the allowed range."""
    if value is None:
        return None
    try:
        n = int(value)
    except ValueError:
        raise click.BadParameter(f"{value!r} is not a whole number", param_hint=f"--{what}") from None
    try:
        # a malformed command line (exit 2), like click's own range checks
        return click.IntRange(low, high).convert(n, None, None)
    except click.BadParameter as exc:
        raise click.BadParameter(exc.message, param_hint=f"--{what}") from None


def need(given: dict, *names: str) -> None:
    """A usage error naming each of `names` the query lacks."""
    missing = [f"--{n.replace('_', '-')}" for n in names if given.get(n) is None]
    if missing:
        raise click.UsageError(f"this query also needs {', '.join(missing)}")

