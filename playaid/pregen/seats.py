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


def seated(system: str, count: int, title: str | None = None) -> None:
    """A ready table of `count` characters, one per player, fits game `system`'s seats
    (`PLAYERS`, else its table's `players`): `CountError` naming --count otherwise. playaid
    asks it of every ready table (`tables.check_request`); a game seating otherwise (two
    Gladiators a player) declares `table_players(count)` and checks its own count."""
    from . import module, player_range  # the game's own seat count (Dirt's lives in its models)
    from .draw import fits_table

    if hasattr(module(system), "table_players"):
        return
    low, high = player_range(system)
    title = title or _title(system)
    article = "an" if title[:1].casefold() in "aeiou" else "a"
    fits_table(count, {"min": low, "max": high},
               f"{article} {title} table seats {{low}} to {{high}} characters, one per player")


def _title(system: str) -> str:
    from ..systems import REGISTRY

    return REGISTRY[system].short_title


def seats_at(system: str, count: int) -> int:
    """How many players one ready table of `count` characters of `system` seats: one each,
    or what the game's `table_players(count)` gives (Fight Sphere: two Gladiators each)."""
    from . import module, player_range

    game = module(system)
    if hasattr(game, "table_players"):
        return len(game.table_players(count))
    return min(count, player_range(system)[1])


def across(names: list[str], seats: list[int]) -> list[list[str]]:
    """`names` seated once each, in order, table by table (`seats[k]` at table k); tables
    left over get fewer names or none. More names than seats is refused.

    >>> across(["Ann", "Ben", "Cat"], [2, 2])
    [['Ann', 'Ben'], ['Cat']]
    """
    if len(names) > sum(seats):
        raise PregenError(f"{len(names)} players and {sum(seats)} seats ({' + '.join(map(str, seats))} at "
                          f"{len(seats)} table{'s' * (len(seats) != 1)}): add tables or players per table, "
                          "or list fewer names")
    out, start = [], 0
    for n in seats:
        out.append(names[start:start + n])
        start += n
    return out


def empty_seats(folders: list[str], seats: list[int], seating: list[list[str]]) -> str:
    """Which seats stay without a player, in words; "" when every seat is taken."""
    left = [(f or "the table", n - len(s), n) for f, n, s in zip(folders, seats, seating) if len(s) < n]
    if not left:
        return ""
    where = "; ".join(f"{f}: {k} of {n}" for f, k, n in left)
    total = sum(k for _, k, _ in left)
    return f"{total} seat{'s stay' if total != 1 else ' stays'} without a player ({where}): walk-ins take them"


def padded(system: str, count: int, names: list[str]) -> list[str]:
    """A table's names, completed with the game's own seat names (`Player 3` …) where its
    every seat must have a player (Fight Club deals Connections to players, Fight Sphere
    gives each player Gladiators); other games leave an empty seat's character unplayed."""
    from . import module

    game = module(system)
    default = getattr(game, "default_players", None) or getattr(game, "table_players", None)
    if default is None or not names:
        return names  # no names: the game seats its own defaults
    taken = {n.casefold() for n in names}
    given = default(count)  # seat k keeps its own name (`Player 3`) unless a player is called so
    spare = [d for d in given[len(names):] + given[:len(names)] if d.casefold() not in taken]
    return names + spare[:seats_at(system, count) - len(names)]
