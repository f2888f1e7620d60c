"""`playaid pregen … --table / --packet / --tables K`: ready tables, written all or nothing."""

from __future__ import annotations

from ..pregen import PregenError
from ..pregen.tables import Table, make_tables
from . import InputError, print_problems, warn, write_all


def command_line(system: str, count: int, tables: int, seed: int, packet: bool) -> str:
    """How the files were made, for their header comment: enough to make them again."""
    parts = [f"playaid pregen {system} --count {count} --seed {seed}", "--packet" if packet else "--table"]
    if tables > 1:
        parts.append(f"--tables {tables}")
    return " ".join(parts)


def write_tables(system: str, count: int, tables: int, seed: int, players: list[str] | None,
                 packet: bool, paper: str, out_dir: str) -> None:
    """Draw, check, render (with `packet`) and only then write every table."""
    try:
        made = make_tables(system, count, tables, seed, players, command_line(system, count, tables, seed, packet))
    except PregenError as exc:
        raise InputError(str(exc)) from None
    broken = [p for t in made for p in t.problems]
    if broken:
        print_problems(broken)
        raise InputError("the pre-built tables break the rules above, so nothing was written; "
                         "the tables they were drawn from need fixing")
    files = {_inside(t, name): text.encode("utf-8") for t in made for name, text in t.files.items()}
    if packet:
        from ..pregen.packets import packets

        for t, (pdfs, notes) in zip(made, packets(made, paper)):
            files |= {_inside(t, name): data for name, data in pdfs.items()}
            for note in notes:
                warn(note)
    write_all(out_dir, files)


def _inside(table: Table, name: str) -> str:
    return f"{table.folder}/{name}" if table.folder else name
