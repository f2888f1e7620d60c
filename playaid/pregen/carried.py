"""What a players spreadsheet says of a player besides the name, carried onto the
characters they are seated with: today their pronouns (`pronouns:` beside `player:`)."""

from __future__ import annotations

from contextlib import contextmanager
from contextvars import ContextVar

_PRONOUNS: ContextVar[dict[str, str]] = ContextVar("pregen_pronouns", default={})
"""Player name → pronouns, in force while characters are drawn and written."""


@contextmanager
def players_pronouns(pronouns: dict[str, str]):
    """Give each drawn character of a player in `pronouns` that player's pronouns, inside the block."""
    token = _PRONOUNS.set(dict(pronouns))
    try:
        yield
    finally:
        _PRONOUNS.reset(token)


def with_pronouns(data: dict) -> dict:
    """A drawn character's `data` with its player's pronouns right after `player`, when known.

    >>> with players_pronouns({"Ann": "she/her"}):
    ...     with_pronouns({"name": "Moss", "player": "Ann", "job": "Roofer"})
    {'name': 'Moss', 'player': 'Ann', 'pronouns': 'she/her', 'job': 'Roofer'}
    """
    said = _PRONOUNS.get().get(data.get("player", ""))
    if not said or "pronouns" in data:
        return data
    out = {}
    for key, value in data.items():
        out[key] = value
        if key == "player":
            out["pronouns"] = said
    return out
