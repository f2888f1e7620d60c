"""Every table of a plan drawn and seated, the seating list and the GM's index page.

Tables are made by `pregen.tables.make_tables` and their packets by `pregen.packets`,
exactly as `playaid pregen --packet` makes them; this module only arranges them into
one folder per table (`dirt-1`, `dirt-2`, `isolation-1` …) and writes what the GM
needs at the desk: who sits where, by table and by name.
"""

from __future__ import annotations

from dataclasses import dataclass

import yaml

from ..pregen.draw import PregenError
from ..pregen.seats import across
from ..pregen.carried import players_pronouns
from ..pregen.tables import SETUP, Table, make_tables
from ..problems import Problem, error
from ..systems import REGISTRY
from .plan import RULE, Plan

SEATING = "seating.txt"
INDEX = "index.pdf"
OPEN = "(open seat)"


@dataclass(frozen=True)
class Seated:
    folder: str
    game: str
    table: Table
    names: list[str]
    """The plan's players seated here, in seat order."""
    seats: int

    @property
    def title(self) -> str:
        return str(yaml.safe_load(self.table.files[SETUP])["name"]).split(": ", 1)[-1]

    def cast(self) -> list[tuple[str, str]]:
        """(player or OPEN, character) for each seat; the characters past the seats (NPCs,
        an Isolation cast larger than its players) are the GM's."""
        rows = []
        for name, text in self.table.files.items():
            data = yaml.safe_load(text)
            if name == SETUP or data.get("role") == "npc":
                continue
            player = data.get("player", "")
            rows.append((player if player in self.names else OPEN, str(data["name"])))
        return rows[:self.seats]


def draw(plan: Plan, command: str) -> tuple[list[Seated], list[Problem]]:
    """Every table of the plan with its players, or the problems that stop it: a table a
    game cannot make is pinned to its plan entry, a rule broken to the file it is in."""
    seats = [e.seats for e in plan.entries for _ in range(e.tables)]
    seating = across(plan.names, seats)  # the plan's own check already refused too many names
    out, problems, start, numbers = [], [], 0, {}
    for i, e in enumerate(plan.entries):
        mine = seating[start:start + e.tables]
        start += e.tables
        try:
            with players_pronouns(plan.pronouns):
                made = make_tables(e.game, e.count, e.tables, e.seed, command=f"{command} (seed {e.seed})",
                                   seating=mine, first=numbers.get(e.game, 0) + 1)  # `Table 3`: the game's third
        except PregenError as exc:
            problems.append(plan.source.pin(error(RULE, str(exc), "change this table's `count`, `players` or game",
                                                  ("tables", i))))
            continue
        for t, names in zip(made, mine):
            numbers[e.game] = numbers.get(e.game, 0) + 1
            folder = f"{e.game}-{numbers[e.game]}"
            problems += [p.at(f"{folder}/{p.file.rsplit('/', 1)[-1]}", p.line, p.column) for p in t.problems]
            out.append(Seated(folder, e.game, t, names, e.seats))
    return out, problems


def _cells(text: str) -> int:
    """Columns `text` takes in a monospaced editor: CJK characters take two."""
    import unicodedata

    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def _pad(text: str, width: int) -> str:
    return text + " " * (width - _cells(text))


def seating_text(plan: Plan, tables: list[Seated]) -> str:
    """The seating list: each table with its players and characters, then every player by
    name (sorted as people look names up) with their table."""
    lines = [f"{plan.name}: seating", ""]
    width = max([_cells(p) for t in tables for p, _ in t.cast()] + [len(OPEN)])
    for t in tables:
        lines.append(f"{t.folder}  {REGISTRY[t.game].title} — {t.title}")
        lines += [f"    {_pad(player, width)}  {character}" for player, character in t.cast()]
        lines.append("")
    where = {n: t.folder for t in tables for n in t.names}
    if where:
        lines.append("Players by name")
        lines += [f"    {_pad(n, width)}  {where[n]}" for n in sorted(where, key=str.casefold)]
        lines.append("")
    return "\n".join(lines)


def index_pdf(plan: Plan, tables: list[Seated], packets: list[list[str]], paper_id: str) -> bytes:
    """The GM's index: the convention's name, each table (game, setting, players seated,
    packet files), then everyone by name with their table."""
    from ..render.html import Templates, page_context
    from ..render.paper import paper as paper_named

    paper = paper_named(paper_id)
    rows = [{"folder": t.folder, "game": REGISTRY[t.game].title, "title": t.title,
             "cast": t.cast(), "files": files} for t, files in zip(tables, packets)]
    where = {n: t.folder for t in tables for n in t.names}
    by_name = [(n, where[n]) for n in sorted(where, key=str.casefold)]
    seats = sum(len(t.cast()) for t in tables)
    return Templates().to_pdf("convention/index.html", name=plan.name, rows=rows, by_name=by_name,
                              seated=len(where), seats=seats,
                              **page_context(paper, f"{plan.name}: tables and seating", kind="convention index",
                                             game=", ".join(dict.fromkeys(r["game"] for r in rows))))
