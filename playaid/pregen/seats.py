"""Who plays which pre-built character: the checks every game shares."""

from __future__ import annotations

from .draw import PregenError


def one_each(count: int, players: list[str]) -> list[str]:
    """Character i goes to player i; characters past the last player have none yet.

    >>> one_each(3, ["Ann", "Ben"])
    ['Ann', 'Ben', '']
    """
    if len(players) > count:
        raise PregenError(f"{len(players)} players need at least {len(players)} characters, one each; "
                          f"use --count {len(players)} or more, or name fewer players")
    return players + [""] * (count - len(players))


def seated(system: str, count: int, title: str) -> None:
    """A ready table of `count` characters, one per player, fits game `system`'s seats."""
    from . import player_range  # the game's own seat count (Dirt's lives in its models)
    from .draw import fits_table

    low, high = player_range(system)
    fits_table(count, {"min": low, "max": high}, f"a {title} table seats {{low}} to {{high}} characters, one per player")
