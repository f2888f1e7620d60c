"""`playaid convention PLAN.yaml`: every table of a convention, its players seated once,
with each table's packet, a seating list and the GM's index page; all or nothing."""

from __future__ import annotations

from pathlib import Path

import click

from . import InputError, lang_option, out_option, paper_option, print_problems, progress, warn, write_all
from ..safe_text import path_shown


@click.command("convention")
@click.argument("plan", metavar="PLAN.yaml", type=click.Path())
@click.option("--new", "new", is_flag=True,
              help="Write a starter plan (PLAN/plan.yaml) and players file (PLAN/players.txt) to edit, then stop.")
@click.option("--column", metavar="HEADER",
              help="The column of names of the plan's .csv/.tsv players file, by its header (else the plan's "
                   "`column:`, else `name` or `player`).")
@click.option("--check", is_flag=True,
              help="Check the plan and draw every table, then stop: nothing is rendered or written.")
@paper_option()
@out_option
@lang_option
def command(plan: str, new: bool, column: str | None, check: bool, paper: str, out_dir: str,
            language: str | None) -> None:
    """Make every table of a convention's PLAN: one folder per table with its setup,
    characters and packet, `seating.txt` and `index.pdf` (each table with its game,
    players and packet, then everyone by name).

    The plan names the convention and lists its tables; the players (`players_file:`,
    one name a line, or a .csv/.tsv with a `name` or `player` column, or `players:`) are
    seated once each, in order, table by table.
    Everything is checked before anything is written; the same plan gives the same
    files. See docs/pregen.md for the plan's fields.

    \b
    name: SpielCon 2026
    players_file: signups.txt
    tables:
      - {game: dirt, count: 3, tables: 4}
      - {game: isolation, count: 4, tables: 2}

    PLAN may be a folder holding `plan.yaml`.

    Example: playaid convention --new spielcon

    Example: playaid convention spielcon --out spielcon/print
    """
    from ..convention import build
    from ..convention.plan import STARTER, load
    from ..pregen.seats import empty_seats

    if new:
        _starter(Path(plan), STARTER)
        return
    if Path(plan).is_dir():
        plan = str(Path(plan) / "plan.yaml")
    loaded, problems = load(Path(plan), column)
    if loaded is None:
        print_problems(problems)
        raise InputError(f"{plan}: fix the plan as shown above; nothing was drawn or written")
    for note in loaded.notes:
        warn(note)
    _unprintable(loaded.names)
    tables, problems = build.draw(loaded, f"playaid convention {Path(plan).name}")
    if problems:
        print_problems(problems)
        raise InputError(f"{plan}: the tables above cannot be made as planned; nothing was written")
    if note := empty_seats([t.folder for t in tables], [t.seats for t in tables], [t.names for t in tables]):
        warn(note)
    if check:
        click.echo(f"{path_shown(plan)}: {len(tables)} tables, {sum(len(t.names) for t in tables)} players seated; "
                   "every table passes its game's rules (nothing written: --check)")
        return
    source = click.get_current_context().get_parameter_source("paper")
    if loaded.paper and source in (click.core.ParameterSource.DEFAULT, click.core.ParameterSource.DEFAULT_MAP):
        paper = loaded.paper  # the plan is more particular than a default or playaid.toml
    write_all(out_dir, _files(loaded, tables, paper, language))


def _starter(folder: Path, files: dict[str, str]) -> None:
    """The starter files, never over a file already there (a plan being edited)."""
    taken = [str(folder / name) for name in files if (folder / name).exists()]
    if taken:
        raise InputError(f"{', '.join(taken)} already there; nothing was written. Name a new folder")
    write_all(str(folder), {name: text.encode("utf-8") for name, text in files.items()})
    click.echo(f"next: edit them, then playaid convention {path_shown(folder)} --check")


def _unprintable(names: list[str]) -> None:
    """Warn of a name no font here can print (bundled, installed or named with --font): the
    index and the packet's cover would show a stand-in, and the GM can still mend it."""
    from ..render.fonts import missing
    from ..render.script_fonts import advice

    for name in names:
        if gaps := missing(name):
            warn(f"`{name}`: no font here can draw {', '.join(gaps[:5])}, so it may print as a stand-in; "
                 f"{advice(gaps)}, or add a spelling in a script they print")


def _files(plan, tables, paper: str, lang: str | None = None) -> dict[str, bytes]:
    """Every file of the convention, rendered before any is written."""
    from ..convention import build
    from ..pregen.packets import packets

    files = {f"{t.folder}/{name}": text.encode("utf-8") for t in tables for name, text in t.table.files.items()}
    with progress(len(tables), "packets") as advance:
        rendered = packets([t.table for t in tables], paper, done=advance, lang=lang)
    names = []
    for t, (pdfs, notes) in zip(tables, rendered):
        files |= {f"{t.folder}/{name}": data for name, data in pdfs.items()}
        names.append([f"{t.folder}/{name}" for name in pdfs])
        for note in notes:
            warn(f"{t.folder}: {note}")
    files[build.SEATING] = build.seating_text(plan, tables).encode("utf-8")
    files[build.INDEX] = build.index_pdf(plan, tables, names, paper)
    return files
