"""`playaid journal`: the table's journal read back as a session log."""

from __future__ import annotations

import os
from pathlib import Path

import click

from . import InputError, json_text
from ..safe_text import terminal


@click.command()
@click.argument("folder", default=".", type=click.Path(exists=True, file_okay=False))
@click.option("--json", "as_json", is_flag=True, help="Print the entries as JSON (the journal's own lines, "
              "each with its status).")
def command(folder: str, as_json: bool) -> None:
    """Print what was applied at the table in FOLDER, oldest first, as a session log.

    Each entry: when, the command, the scene, every die and where it came from (a seed,
    --dice, --ask, the scene's `dice:`, the studio), the outcome, the rule steps and
    each file change, before → after, with the command that replays the roll. The
    journal is FOLDER/.playaid/journal.jsonl (or the nearest folder above that has
    one); docs/journal.md describes it line by line.

    Example: playaid journal examples/isolation
    """
    from ..campaign import CampaignError
    from ..campaign.log import entries, load, text

    try:
        store, state, said = load(Path(folder))
    except CampaignError as exc:
        raise InputError(str(exc)) from None
    for line in said:
        click.echo(f"journal: {line}", err=True)
    if as_json:
        click.echo(json_text({"journal": str(store.journal), "entries": entries(state)}))
        return
    try:  # the folder as the reader names it, so each replay command runs as printed
        base = Path(os.path.relpath(store.folder)).as_posix()
    except ValueError:  # another drive
        base = store.folder.as_posix()
    click.echo(terminal(text(state, base)) if state.entries else f"the journal of {store.folder} has no entries yet")
