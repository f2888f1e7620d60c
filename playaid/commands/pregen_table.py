"""`playaid pregen … --table / --packet / --tables K`: ready tables, written all or nothing."""

from __future__ import annotations

import click

from ..pregen import PregenError
from ..pregen.draw import CountError
from ..pregen.seats import across, empty_seats, seats_at
from ..pregen.tables import Table, make_tables, table_games
from . import InputError, print_problems, progress, warn, write_all


def command_line(system: str, count: int, tables: int, seed: int, packet: bool) -> str:
    """How the files were made, for their header comment: enough to make them again."""
    parts = [f"playaid pregen {system} --count {count} --seed {seed}", "--packet" if packet else "--table"]
    if tables > 1:
        parts.append(f"--tables {tables}")
    return " ".join(parts)


def write_tables(system: str, count: int, tables: int, seed: int, players: list[str] | None,
                 packet: bool, paper: str, out_dir: str, seat_once: bool = False, lang: str | None = None) -> None:
    """Draw, check, render (with `packet`) and only then write every table. With
    `seat_once` (names from a file) each player sits at one table, not at every one."""
    seating = seats = None
    try:
        if seat_once:
            seats = [seats_at(system, count)] * tables
            seating = across(players, seats)
        made = make_tables(system, count, tables, seed, players, command_line(system, count, tables, seed, packet),
                           seating)
    except CountError as exc:
        raise click.BadParameter(str(exc), param_hint="--count") from None
    except PregenError as exc:
        raise InputError(str(exc)) from None
    broken = [p for t in made for p in t.problems]
    if broken:
        print_problems(broken)
        raise InputError("the pre-built tables break the rules above, so nothing was written; "
                         "the tables they were drawn from need fixing")
    if seating is not None:
        if note := empty_seats([t.folder for t in made], seats, seating):
            warn(note)
    for t in made if seating is None else ():
        warn_empty_seats(t.files, players, f"{t.folder}/" if t.folder else "")
    files = {_inside(t, name): text.encode("utf-8") for t in made for name, text in t.files.items()}
    if packet:
        from ..pregen.packets import packets

        with progress(len(made), "packets") as advance:
            rendered = packets(made, paper, done=advance, lang=lang)
        for t, (pdfs, notes) in zip(made, rendered):
            files |= {_inside(t, name): data for name, data in pdfs.items()}
            for note in notes:
                warn(note)
    write_all(out_dir, files)


def warn_empty_seats(files: dict[str, str], players: list[str] | None, where: str = "") -> None:
    """Say which characters were left without a player when fewer players were named than
    characters made (a table of five seated with three names): they are dealt one each."""
    import yaml

    if not players:
        return
    empty = []
    for name, text in files.items():
        data = yaml.safe_load(text)
        if data.get("kind") == "character" and not data.get("player") and data.get("role") != "npc":
            empty.append(f"{where}{name} ({data.get('name', '?')})")
    if empty:
        shown = ", ".join(empty[:6]) + (f" and {len(empty) - 6} more" if len(empty) > 6 else "")
        warn(f"{len(players)} players named for {len(players) + len(empty)} characters: {len(empty)} seat"
             f"{'s have' if len(empty) != 1 else ' has'} no player: {shown}; name a player for each with "
             "--players, or write `player:` in those files")


def _inside(table: Table, name: str) -> str:
    return f"{table.folder}/{name}" if table.folder else name


def demo_outputs(seed: int, paper: str) -> dict[str, bytes]:
    """`playaid demo`: one ready table per game that makes them, with its packet, under
    `tables/<game>/`; each is the size its game's `DEMO_TABLE` gives, so the packets stay
    quick to render."""
    from ..pregen import module
    from ..pregen.packets import packets

    made = {}
    for system in table_games():
        count = module(system).DEMO_TABLE
        made[system] = make_tables(system, count, 1, seed, command=command_line(system, count, 1, seed, True))[0]
    files = {}
    for (system, t), (pdfs, _) in zip(made.items(), packets(list(made.values()), paper)):
        if t.problems:  # our own tables: a problem here is a bug, caught by the tests
            raise PregenError(f"the demo's {system} table fails validation: {t.problems[0]}")
        files |= {f"tables/{system}/{name}": text.encode("utf-8") for name, text in t.files.items()}
        files |= {f"tables/{system}/{name}": data for name, data in pdfs.items()}
    return files
