"""Ready tables: a cast and the setup naming it, for one table or several at a convention.

`make_tables` returns the YAML text of every file, each table checked whole by the rules
core (characters and setup together, warnings included) before anything is written.
All tables of a run draw from one seeded source, so no name, and so no character, is
used at two tables, and one seed gives the same bytes every time.
"""

from __future__ import annotations

from dataclasses import dataclass
from types import ModuleType
from typing import Callable

from ..problems import Problem
from . import games, module
from .check import problems_in
from ..safe_text import slug
from .carried import with_pronouns
from .draw import Drawer, Name, PregenError, count_names, dump

SETUP = "table.yaml"
TABLES = (1, 20)
"""How many tables one run makes: a convention's worth, and a bound on the work."""

Builder = Callable[[Drawer, int, list[str]], tuple[list[tuple[Name, dict]], dict]]
"""A game's `ready_table(drawer, count, players)`: the characters (name, data) and the
setup's fields but `characters`."""
SETUP_WIDTH = 200
"""Wide enough for one relationship-map link a line."""
LAST = ("links", "episodes", "notes")
"""Setup fields written after the cast, the long ones."""


@dataclass(frozen=True)
class Table:
    folder: str
    """Where its files go inside the output folder: "" for a single table, else `table-NN`."""
    files: dict[str, str]
    """File name → YAML text: the characters, then the setup (`table.yaml`)."""
    problems: list[Problem]


def folder_of(index: int, tables: int) -> str:
    return "" if tables == 1 else f"table-{index + 1:02d}"


def table_games() -> list[str]:
    """The ids of the games that make ready tables: their pregen module has `ready_table`."""
    return [g for g in games() if hasattr(module(g), "ready_table")]


def _module(system: str) -> ModuleType:
    """Game `system`'s pregen module, which makes ready tables; PregenError otherwise."""
    game = module(system)  # an unknown game is refused here, with the games there are
    if not hasattr(game, "ready_table"):
        raise PregenError(f"{system} has no ready tables (--table, --packet, --tables); "
                          f"leave those out to make its characters, or use one of: {', '.join(table_games())}")
    return game


def check_request(system: str, count: int, tables: int) -> None:
    """Refuse what no drawing can fill: an unknown game, a count its tables do not seat
    (whether or not its `ready_table` checks it), too many tables, too few names."""
    from .seats import seated

    game = _module(system)
    seated(system, count)
    low, high = TABLES
    if not low <= tables <= high:
        raise PregenError(f"--tables is {tables}; make {low} to {high} tables at a time")
    needed = count * tables * getattr(game, "NAMES_PER_CHARACTER", 1)
    held = count_names(needed)
    if needed > held:
        raise PregenError(f"{tables} tables of {count} characters need {needed} different names, and the "
                          f"names table holds {held}: make fewer tables or characters, or add names")


def make_tables(system: str, count: int, tables: int, seed: int, players: list[str] | None = None,
                command: str = "", seating: list[list[str]] | None = None, first: int | None = None) -> list[Table]:
    """`tables` tables of `count` characters of `system`, drawn with `seed`: `players` at
    every table, or `seating[k]` at table k (each name once, from `seats.across`). With
    `first`, the setups are titled `Table first`, `Table first + 1` … (a plan's later tables).

    Raises `PregenError` when the request does not fit the game or the tables.
    """
    check_request(system, count, tables)
    if seating is not None:
        from .seats import padded

        seating = [padded(system, count, names) for names in seating]
    elif players:
        from . import _check_players  # the same player checks as a batch of characters

        _check_players(system, players, True)
    build: Builder = _module(system).ready_table
    draw = Drawer(seed, system)
    out = []
    for k in range(tables):
        made, fields = build(draw, count, list(seating[k] if seating is not None else players or []))
        where = f"table {k + 1} of {tables}, " if tables > 1 else ""
        files = {}
        for i, (name, data) in enumerate(made, 1):
            header = f"pre-built by {command or 'playaid pregen ' + system} ({where}character {i} of {count})"
            files[f"{system}-{i:02d}-{slug(name.latin, fallback='character')}.yaml"] = dump(
                {"system": system, "kind": "character", **with_pronouns(data)}, header)
        title = fields["name"] if tables == 1 and first is None else f"Table {(first or 1) + k}: {fields['name']}"
        setup = {"system": system, "kind": "setup", "name": title,
                 **{key: v for key, v in fields.items() if key != "name" and key not in LAST},
                 "characters": list(files), **{key: fields[key] for key in LAST if key in fields}}
        files[SETUP] = dump(setup, f"the table, pre-built by {command or 'playaid pregen ' + system}; "
                                   "edit it and re-render with playaid packet", width=SETUP_WIDTH)
        out.append(Table(folder_of(k, tables), files, problems_in(files, folder_of(k, tables))))
    return out
