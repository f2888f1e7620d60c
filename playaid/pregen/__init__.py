"""Pre-built characters for every game, drawn from the project's own tables.

`generate` returns the YAML text of every file (nothing is written here), each already
checked by the rules core: a batch with any problem is refused whole. One seed gives
the same bytes every time.

A game offers pre-built characters by naming a module in `GameSystem.pregen` with
`characters(drawer, count, players) -> [(Name, data)]` and, optionally,
`default_players(count)`, `setup(players, files)` (a setup to check them in),
`PLAYERS = (min, max)` (else the `players` entry of its table, `data/pregen.yaml` in
the game's folder: see `draw.table_files`) and `DEMO_PLAYERS` (the table `playaid demo`
deals for). Ready tables (`tables.py`) need
`ready_table(drawer, count, players) -> ([(Name, data)], setup fields)` and `DEMO_TABLE`,
optionally `NAMES_PER_CHARACTER` and `check_tables(tables)` (see docs/adding-a-game.md).
"""

from __future__ import annotations

from dataclasses import dataclass
from types import ModuleType

from ..problems import Problem
from ..systems import REGISTRY
from ..systems.base import load
from .check import problems_of
from ..safe_text import shown, slug
from .carried import with_pronouns
from .draw import Drawer, PregenError, dump, table

COUNT = (1, 100)
"""How many characters one run makes: a convention's worth, and a bound on the work."""


@dataclass(frozen=True)
class Batch:
    files: dict[str, str]
    """File name → YAML text, in the order made."""
    problems: list[Problem]
    """What the rules core found wrong with them; a batch with problems is not written."""


def games() -> list[str]:
    """The ids of the games that make pre-built characters, in the registry's order."""
    return [g for g in REGISTRY if REGISTRY[g].pregen]


def module(system: str) -> ModuleType:
    """The pre-built character module of game `system`; PregenError for a game without one."""
    if system not in REGISTRY or not REGISTRY[system].pregen:
        raise PregenError(f"unknown system `{system}`; use one of: {', '.join(games())}")
    return load(REGISTRY[system].pregen)


def player_range(system: str) -> tuple[int, int]:
    """How many players a table of `system` seats: the module's `PLAYERS`, else its table's
    `players` entry."""
    fixed = getattr(module(system), "PLAYERS", None)
    if fixed:
        return fixed
    seats = table(system)["players"]
    return seats["min"], seats["max"]


def _check_players(system: str, players: list[str], named: bool, names_file: str | None = None) -> None:
    low, high = player_range(system)
    if not low <= len(players) <= high:
        if names_file is not None:
            # the file's lines are not echoed: it may be any file (`--players-file /etc/passwd`)
            raise PregenError(f"{system} is played by {low} to {high} players; --players-file {shown(names_file)} "
                              f"names {len(players)}: give a file of {low} to {high} names, one a line")
        if named:
            raise PregenError(f"{system} is played by {low} to {high} players; --players names {len(players)} "
                              f"({', '.join(players)}): give {low} to {high} names separated by commas")
        raise PregenError(f"{system} is played by {low} to {high} players, and without --players each character "
                          f"is one player's: use --count {low} to {high}, or name the table with --players")
    from ..convention.names import identity

    folded = [identity(p) for p in players]
    twice = sorted({p for p, f in zip(players, folded) if folded.count(f) > 1})
    if twice:
        raise PregenError(f"--players names {', '.join(twice)} more than once; list each player once")


def generate(system: str, count: int, seed: int, players: list[str] | None = None,
             names_file: str | None = None) -> Batch:
    """`count` characters of `system`, drawn with `seed`, for the named `players` (read
    from `names_file`, when given: messages name that file, not `--players`).

    Raises `PregenError` when the request does not fit the game (count, players).
    """
    game = module(system)
    low, high = COUNT
    if not low <= count <= high:
        raise PregenError(f"--count is {count}; make {low} to {high} characters at a time")
    named = bool(players)
    players = list(players or [])
    if not named and hasattr(game, "default_players"):
        players = game.default_players(count)
    if players:
        _check_players(system, players, named, names_file if named else None)
    made = game.characters(Drawer(seed, system), count, players)
    files = {}
    for i, (name, data) in enumerate(made, 1):
        header = f"pre-built by playaid pregen {system} --seed {seed} (character {i} of {count})"
        files[f"{system}-{i:02d}-{slug(name.latin, fallback='character')}.yaml"] = dump(
            {"system": system, "kind": "character", **with_pronouns(data)}, header)
    setup = game.setup(players, list(files)) if hasattr(game, "setup") else None
    return Batch(files, problems_of(system, files, setup))
