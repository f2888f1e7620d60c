"""`playaid undo`: put the table's files back as they were before the last applied entries."""

from __future__ import annotations

import shlex

import click

from . import InputError
from ..safe_text import shown


@click.command()
@click.argument("folder", default=".", type=click.Path(exists=True, file_okay=False))
@click.option("--steps", type=click.IntRange(1, 1000), default=1, show_default=True,
              help="How many entries to take back, newest first.")
@click.option("--redo", is_flag=True, help="Apply again the entries undone most recently (as many as --steps).")
@click.option("--force", is_flag=True, help="Put the journal's bytes back even over a file edited by hand since "
              "(the edited bytes stay in the journal).")
def command(folder: str, steps: int, redo: bool, force: bool) -> None:
    """Undo the last applied rolls or events of the table in FOLDER, byte for byte.

    Each file the entry changed gets back exactly the bytes it had before. A file edited
    by hand since is named and nothing is changed, unless --force. Undo is journalled
    too: --redo applies again what was undone most recently; applying a new roll after
    an undo starts afresh (what was undone can no longer be redone).

    Example: playaid undo examples/isolation --steps 2

    Example: playaid undo examples/isolation --redo
    """
    from pathlib import Path

    from ..campaign import CampaignError, undo

    words = ["playaid", "undo", folder] + (["--steps", str(steps)] if steps != 1 else []) + \
        (["--redo"] if redo else []) + (["--force"] if force else [])
    try:
        made = undo(Path(folder), steps=steps, redo=redo, force=force, command=shlex.join(words))
    except CampaignError as exc:
        raise InputError(str(exc)) from None
    for entry in made:
        target = entry.get("redoes", entry.get("undoes"))
        what = "redid" if redo else "undid"
        click.echo(f"{what} entry {target} ({shown(entry.get('scene', ''))}) as entry {entry['entry']}:")
        for f in entry["files"]:
            click.echo(f"  restored {shown(f['path'])}")
        if not entry["files"]:
            click.echo("  it changed no file: nothing to restore")
