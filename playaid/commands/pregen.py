"""`playaid pregen`: pre-built characters for a table, as YAML files ready to validate,
print as sheets or bundle into a packet."""

from __future__ import annotations

import secrets

import click

from ..pregen import COUNT, PregenError, games, generate, module
from ..pregen.carried import players_pronouns
from ..pregen.draw import CountError, own_tables
from ..pregen.tables import TABLES
from ..spreadsheet import split_names
from . import (GameChoice, InputError, lang_option, names_not_a_file, out_option, paper_option, print_problems, short_names,
               warn, write_all)

SEED_MAX = 2**32 - 1


def _players(ctx, _param, value: str | None) -> list[str] | None:
    """`--players "Ann, Ben,Cat"` → ["Ann", "Ben", "Cat"]; an empty name is a usage error."""
    if value is None:
        return None
    names_not_a_file(ctx, value)
    try:
        names = split_names(value)
    except ValueError as exc:
        raise click.BadParameter(str(exc)) from None
    if not all(names):
        raise click.BadParameter("give player names separated by commas, none empty, e.g. Ann,Ben,Cat,Dan "
                                 "(quote a name holding a comma: '\"Smith, Jordan\",Ann')")
    return short_names(names)


@click.command("pregen")
@click.argument("system", metavar="SYSTEM", type=GameChoice("pregen"))
@click.option("--count", required=True, type=click.IntRange(*COUNT),
              help=f"How many characters to make ({COUNT[0]}–{COUNT[1]}).")
@click.option("--seed", type=click.IntRange(0, SEED_MAX),
              help="Seed for the draws; the same seed gives the same files. Printed when left out.")
@click.option("--players", callback=_players, metavar="A,B,C",
              help="The players at the table, comma-separated. Fight Club deals for them and "
                   "assigns Connections to the other players; elsewhere they fill `player:`.")
@click.option("--players-file", type=click.Path(dir_okay=False), metavar="FILE",
              help="The players, one name a line (# comments, any script), or a .csv/.tsv with a `name` or "
                   "`player` column: with --tables each is seated once, in file order, table by table.")
@click.option("--column", metavar="HEADER",
              help="The column of names of a .csv/.tsv --players-file, by its header (else `name` or `player`).")
@click.option("--table", "as_table", is_flag=True,
              help="Also write the setup (table.yaml) naming the cast, built as the game's text builds a table.")
@click.option("--packet", is_flag=True, help="Also render each table's packet, as playaid packet does (implies --table).")
@click.option("--tables", type=click.IntRange(*TABLES), default=1, show_default=True,
              help=f"Make this many tables ({TABLES[0]}–{TABLES[1]}), one folder each, no character at two (implies --table).")
@click.option("--tables-file", type=click.Path(dir_okay=False), metavar="FILE",
              help="Your own table entries, added to ours (see docs/pregen.md); checked before any drawing.")
@paper_option()
@out_option
@lang_option
def command(system: str, count: int, seed: int | None, players: list[str] | None, players_file: str | None,
            column: str | None, as_table: bool, packet: bool, tables: int, tables_file: str | None, paper: str, out_dir: str,
            language: str | None) -> None:
    """Make COUNT pre-built characters of SYSTEM, each checked by the game's rules.

    Names, professions, descriptors, qualities, jobs, assets … are drawn from the
    project's own tables (names in playaid/assets/data/pregen/, the rest in the game's
    data/ folder). Fight Club deals the frustration cards without replacement and gives
    each character's Connections to three different other players (4 to 20 players;
    without --players, one `Player N` per character). Fight Sphere gives each named
    player at least two Gladiators, one of them `role: pc`.
    Nothing is written unless every character passes validation.

    With --table (or --packet, --tables K) the characters come with the setup that seats
    them: see docs/pregen.md for what each game's table holds. --players-file seats a
    convention's sign-up list, each name once across the tables (see also playaid convention).

    Example: playaid pregen fight-club --count 4 --players Ann,Ben,Cat,Dan --seed 7

    Example: playaid pregen isolation --count 5 --tables 6 --packet --out convention/
    """
    system = system.lower()
    if players and players_file:
        raise click.UsageError("give the players with --players or with --players-file, not both")
    if column is not None and players_file is None:
        raise click.UsageError("--column names a column of a --players-file spreadsheet; give --players-file too")
    signups = load_players_file(players_file, column)
    names = signups.names if signups else None
    with own_tables(load_tables_file(tables_file)), players_pronouns(signups.pronouns if signups else {}):
        _make(system, count, seed, players or names, as_table, packet, tables, paper, out_dir,
              players_file if names else None, language)


def load_players_file(path: str | None, column: str | None = None):
    """The sign-ups of `--players-file` (names of its `column`, for a table, and their
    pronouns), or None; a file with problems stops the command here, and columns left
    unread are said once."""
    if path is None:
        return None
    from ..convention.names import read_signups

    signups = read_signups(path, column=column)
    if signups.problems:
        print_problems(signups.problems)
        raise InputError(f"{path}: fix the players file as shown above; nothing was drawn or written")
    for note in signups.notes:
        warn(note)
    return signups


def _make(system, count, seed, players, as_table, packet, tables, paper, out_dir, names_file=None, lang=None) -> None:
    chosen = seed is None
    if chosen:
        seed = secrets.randbelow(SEED_MAX + 1)
    if as_table or packet or tables > 1:
        from .pregen_table import write_tables

        if chosen:
            click.echo(f"seed {seed} (give --seed {seed} to make the same tables again)")
        write_tables(system, count, tables, seed, players, packet, paper, out_dir, names_file is not None, lang)
        return
    try:
        batch = generate(system, count, seed, players, names_file)
    except CountError as exc:
        raise click.BadParameter(str(exc), param_hint="--count") from None
    except PregenError as exc:
        raise InputError(str(exc)) from None
    if chosen:
        click.echo(f"seed {seed} (give --seed {seed} to make the same characters again)")
    if batch.problems:
        print_problems(batch.problems)
        raise InputError("the pre-built characters break the rules above, so nothing was written; "
                         "the tables in playaid/assets/data/pregen/ or the game's data/ folder need fixing")
    from .pregen_table import warn_empty_seats

    warn_empty_seats(batch.files, players)
    write_all(out_dir, {name: text.encode("utf-8") for name, text in batch.files.items()})


def load_tables_file(path: str | None) -> dict:
    """The group's own tables, or {}: a file with problems stops the command here."""
    if path is None:
        return {}
    from pathlib import Path

    from ..pregen.own_tables import load

    tables, problems = load(Path(path))
    if problems:
        print_problems(problems)
        raise InputError(f"{path}: fix the tables file as shown above; nothing was drawn or written")
    return tables


DEMO_COUNT = 4


def demo_outputs(out, seed: int) -> list:
    """`playaid demo`: four pre-built characters per game into `pregen/<game>/` of the
    output folder (an `OutputFolder`); returns the paths written."""
    files = {}
    for system in games():
        batch = generate(system, DEMO_COUNT, seed, getattr(module(system), "DEMO_PLAYERS", None))
        if batch.problems:  # the tables are ours: a problem here is a bug, caught by the tests
            raise PregenError(f"pre-built {system} characters fail validation: {batch.problems[0]}")
        files |= {f"pregen/{system}/{name}": text for name, text in batch.files.items()}
    return [out.write_text(name, text) for name, text in files.items()]
