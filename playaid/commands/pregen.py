"""`playaid pregen`: pre-built characters for a table, as YAML files ready to validate,
print as sheets or bundle into a packet."""

from __future__ import annotations

import secrets

import click

from ..pregen import COUNT, PregenError, games, generate, module
from . import GameChoice, InputError, out_option, print_problems, write_all

SEED_MAX = 2**32 - 1


def _players(_ctx, _param, value: str | None) -> list[str] | None:
    """`--players "Ann, Ben,Cat"` → ["Ann", "Ben", "Cat"]; an empty name is a usage error."""
    if value is None:
        return None
    names = [p.strip() for p in value.split(",")]
    if not all(names):
        raise click.BadParameter("give player names separated by commas, none empty, e.g. Ann,Ben,Cat,Dan")
    return names


@click.command("pregen")
@click.argument("system", metavar="SYSTEM", type=GameChoice("pregen"))
@click.option("--count", required=True, type=click.IntRange(*COUNT),
              help=f"How many characters to make ({COUNT[0]}–{COUNT[1]}).")
@click.option("--seed", type=click.IntRange(0, SEED_MAX),
              help="Seed for the draws; the same seed gives the same files. Printed when left out.")
@click.option("--players", callback=_players, metavar="A,B,C",
              help="The players at the table, comma-separated. Fight Club deals for them and "
                   "assigns Connections to the other players; elsewhere they fill `player:`.")
@out_option
def command(system: str, count: int, seed: int | None, players: list[str] | None, out_dir: str) -> None:
    """Make COUNT pre-built characters of SYSTEM, each checked by the game's rules.

    Names, professions, descriptors, qualities, jobs, assets … are drawn from the
    project's own tables (playaid/assets/data/pregen/). Fight Club deals the frustration cards
    without replacement and gives each character's Connections to three different other
    players (4 to 20 players; without --players, one `Player N` per character). Fight
    Sphere gives each named player at least two Gladiators, one of them `role: pc`.
    Nothing is written unless every character passes validation.

    Example: playaid pregen fight-club --count 4 --players Ann,Ben,Cat,Dan --seed 7
    """
    system = system.lower()
    chosen = seed is None
    if chosen:
        seed = secrets.randbelow(SEED_MAX + 1)
    try:
        batch = generate(system, count, seed, players)
    except PregenError as exc:
        raise InputError(str(exc)) from None
    if chosen:
        click.echo(f"seed {seed} (give --seed {seed} to make the same characters again)")
    if batch.problems:
        print_problems(batch.problems)
        raise InputError("the pre-built characters break the rules above, so nothing was written; "
                         "the tables in playaid/assets/data/pregen/ need fixing")
    write_all(out_dir, {name: text.encode("utf-8") for name, text in batch.files.items()})


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
