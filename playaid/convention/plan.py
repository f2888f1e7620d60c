"""A convention's plan file: which tables of which games, and who sits at them.

    name: Dirt and Isolation at SpielCon
    paper: a4                  # optional: a4 or letter
    seed: 7                    # optional: every table's draws follow from it
    players_file: signups.txt  # optional, relative to the plan (or `players: [Ann, …]`)
    column: Full name          # optional: the column of names of a .csv/.tsv players file
    tables:
      - {game: dirt, count: 3, tables: 4}
      - {game: isolation, count: 4, players: 3, tables: 2, seed: 12}

A plan is not a game file (it has no `system:`): it is checked here, completely, and
every problem is pinned to its line before anything is drawn or written.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import yaml

from ..fields import did_you_mean
from ..limits import NAME
from ..problems import Path as At, Problem, error
from ..source import Source, read
from .names import identity, read_signups, unfit

RULE = "convention.plan"
TOP = ("name", "paper", "seed", "players_file", "column", "players", "tables")
ENTRY = ("game", "count", "tables", "players", "seed")
SEED_MAX = 2**32 - 1
PAPERS = ("a4", "letter")

STARTER = {
    "plan.yaml": "# A convention plan: edit it, then run playaid convention on its folder (see docs/pregen.md).\n"
                 "name: My convention\npaper: a4\nseed: 1\nplayers_file: players.txt\ntables:\n"
                 "  - {game: dirt, count: 3, tables: 2}      # count: characters a table; tables: how many\n"
                 "  - {game: isolation, count: 4, players: 3}  # players: seats (the rest are the GM's)\n",
    "players.txt": "# One player a line, in the order they signed up; # starts a comment.\n"
                   "Ann\nБорис\n李雷\nSøren\nΕλένη\nKofi\nYuki\n",
}
"""What `playaid convention --new FOLDER` writes: a plan that runs as it is."""


@dataclass(frozen=True)
class Entry:
    game: str
    count: int
    """Characters at each of its tables."""
    tables: int
    seats: int
    """Players at each of its tables."""
    seed: int


@dataclass(frozen=True)
class Plan:
    name: str
    paper: str | None
    entries: list[Entry]
    names: list[str]
    """The players to seat across all tables, in order; may be empty."""
    source: Source
    """For pinning a later problem (a table the game cannot make) to its entry."""
    notes: tuple[str, ...] = ()
    """Columns of the players file left unread, said once by the command."""
    pronouns: dict[str, str] = field(default_factory=dict)
    """Player name → pronouns, from the players file's `pronouns` column."""


class _Checker:
    def __init__(self, source: Source) -> None:
        self.source, self.problems, self.notes, self.pronouns = source, [], [], {}

    def fail(self, at: At, message: str, hint: str, key: bool = False) -> None:
        self.problems.append(self.source.pin(error(RULE, message, hint, at), key=key))

    def whole(self, value, at: At, low: int, high: int, what: str) -> int | None:
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            self.fail(at, f"`{'.'.join(map(str, at))}` is {value!r}; {what} is a whole number from {low} to {high}",
                      f"write {what} as a number from {low} to {high}")
            return None
        return value

    def keys(self, data: dict, allowed: tuple[str, ...], at: At) -> None:
        for key in data:
            if key not in allowed:
                near = did_you_mean(str(key), allowed)
                self.fail(at + (key,), f"`{key}` is not a field of a convention plan{' here' if at else ''}",
                          near or f"use: {', '.join(allowed)}", key=True)


def load(path: Path, column: str | None = None) -> tuple[Plan | None, list[Problem]]:
    """The checked plan of `path`, or None and every problem found in it; `column` (the
    command's --column) comes before the plan's `column:`."""
    source, problems = read(path, str(path))
    if source is None:
        return None, problems
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8-sig"))
    except yaml.YAMLError as exc:
        return None, [source.pin(error(RULE, f"a value cannot be read: {exc}", "write plain texts and numbers"))]
    check = _Checker(source)
    if not isinstance(data, dict) or "system" in data:
        check.fail((), "a convention plan is a mapping with `name:` and `tables:` (not a game file)",
                   "start with `name: My convention`, then `tables:` listing `- {game: dirt, count: 3}`")
        return None, check.problems
    check.keys(data, TOP, ())
    name = data.get("name")
    if not isinstance(name, str) or not name.strip() or len(name) > NAME:
        check.fail(("name",), "the plan needs a `name:` of one line (the index page's title)",
                   f"e.g. name: SpielCon 2026 (at most {NAME} characters)")
    elif (why := unfit(name.strip())) and "U+" in why[0]:
        # printed as the index page's title and into seating.txt: nothing that moves a cursor or text
        check.fail(("name",), f"the plan's `name:` {why[0].removeprefix('the name ')}",
                   "remove it; the name is one line of plain text, e.g. name: SpielCon 2026")
    paper = data.get("paper")
    if paper is not None and str(paper).lower() not in PAPERS:
        check.fail(("paper",), f"`paper` is {paper!r}", f"use one of: {', '.join(PAPERS)}")
    seed = check.whole(data.get("seed", 0), ("seed",), 0, SEED_MAX, "a seed")
    entries = _entries(check, data.get("tables"), seed or 0)
    names = _names(check, data, path.parent, column)
    seats = sum(e.seats * e.tables for e in entries)
    every = isinstance(data.get("tables"), list) and len(entries) == len(data["tables"])
    if names and every and len(names) > seats:  # with a broken entry the seats are not known
        check.fail(("players_file" if "players_file" in data else "players",),
                   f"{len(names)} players and {seats} seats at the plan's tables",
                   "add tables (or `players:` per table), or list fewer names")
    if check.problems:
        return None, check.problems
    return Plan(name.strip(), paper and str(paper).lower(), entries, names, source, tuple(check.notes),
                check.pronouns), []


def _entries(check: _Checker, tables, seed: int) -> list[Entry]:
    from ..pregen.tables import TABLES, table_games

    if not isinstance(tables, list) or not tables:
        check.fail(("tables",), "the plan needs `tables:`, a list of the games to run",
                   "e.g. tables: [{game: dirt, count: 3, tables: 4}]")
        return []
    games, out, total = table_games(), [], 0
    for i, item in enumerate(tables):
        at = ("tables", i)
        if not isinstance(item, dict):
            check.fail(at, f"table entry {i + 1} is not a mapping", "write `- {game: dirt, count: 3}`")
            continue
        check.keys(item, ENTRY, at)
        game = str(item.get("game", "")).lower()
        if game not in games:
            near = did_you_mean(game, games)
            check.fail(at + ("game",), f"`game` is {item.get('game')!r}: no game of that id makes ready tables",
                       f"{near + ' ' if near else ''}use one of: {', '.join(games)}")
        count = check.whole(item.get("count"), at + ("count",), 1, 100, "`count` (characters per table)")
        many = check.whole(item.get("tables", 1), at + ("tables",), *TABLES, "`tables` (how many such tables)")
        own = check.whole(item.get("seed", seed + i), at + ("seed",), 0, SEED_MAX, "a seed")
        if None in (count, many, own) or game not in games:
            continue
        seats = _seats(check, item, at, game, count)
        total += many
        if seats is not None:
            out.append(Entry(game, count, many, seats, own))
    if total > TABLES[1]:
        check.fail(("tables",), f"the plan holds {total} tables; one run makes at most {TABLES[1]}",
                   "split the convention into two plans")
    return out


def _seats(check: _Checker, item: dict, at: At, game: str, count: int) -> int | None:
    from ..pregen.seats import seats_at

    most = seats_at(game, count)
    if "players" not in item:
        return most
    return check.whole(item["players"], at + ("players",), 1, most,
                       f"`players` at a {game} table of {count} characters")


def _names(check: _Checker, data: dict, folder: Path, column: str | None) -> list[str]:
    if "players_file" in data and "players" in data:
        check.fail(("players",), "the plan gives both `players` and `players_file`", "keep one of them")
        return []
    if "players" in data:
        names = data["players"]
        if not isinstance(names, list) or not all(isinstance(n, str) and n.strip() for n in names):
            check.fail(("players",), "`players` is a list of names", "e.g. players: [Ann, Борис, 李雷]")
            return []
        folded = [identity(n.strip()) for n in names]
        for i, n in enumerate(folded):
            if why := unfit(names[i].strip()):
                check.fail(("players", i), f"`players` item {i + 1}: {why[0]}", why[1])
            elif n in folded[:i]:
                check.fail(("players", i), f"`{names[i].strip()}` is listed twice", "list each player once")
        return [n.strip() for n in names]
    given = data.get("players_file")
    column = data.get("column") if column is None else column
    if column is not None and (not isinstance(column, str) or not column.strip() or given is None):
        check.fail(("column",), "`column` (or --column) is the header of the column of names in the "
                   "`players_file` table", "e.g. players_file: signups.csv and column: Full name")
        return []
    if given is None:
        return []
    if not isinstance(given, str) or not (folder / given).is_file():
        check.fail(("players_file",), f"the players file {given!r} is not there (looked in {folder})",
                   "name a text file of names, one a line, or a .csv/.tsv with a `name` column, relative to the plan")
        return []
    signups = read_signups(folder / given, column=column)
    check.problems += signups.problems
    check.notes += signups.notes
    check.pronouns = signups.pronouns
    return signups.names
