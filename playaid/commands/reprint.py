"""`playaid reprint`: make again exactly the printed files whose inputs changed since."""

from __future__ import annotations

import os
from pathlib import Path

import click

from . import InputError
from ..safe_text import shown


def _manifest_folder(folder: str) -> Path:
    """The output folder FOLDER names: itself when it holds a manifest, else its `output/`."""
    from ..manifest import MANIFEST

    for candidate in (Path(folder), Path(folder) / "output"):
        if (candidate / MANIFEST).is_file():
            return candidate
    raise InputError(f"{shown(folder)} holds no record of printed files ({MANIFEST}), nor does "
                     f"{shown(str(Path(folder) / 'output'))}; print once with `playaid sheet`, `packet`, `map`, "
                     "`deck`, `net` or `odds` (each keeps one), then reprint")


@click.command()
@click.argument("folder", default=".", type=click.Path(exists=True, file_okay=False))
@click.option("--check", is_flag=True, help="Only say what is out of date (exit 1 if anything is); print nothing.")
def command(folder: str, check: bool) -> None:
    """Print again the files in FOLDER whose input files changed since they were made.

    Every `playaid sheet`, `packet`, `map`, `deck`, `net` and `odds` run notes in its output
    folder what it read (`.playaid-manifest.json`). Reprint runs again, as it was typed and
    from the folder it was typed in, each of those commands whose inputs changed or whose
    files are gone, says why, and leaves the rest alone. FOLDER is the output folder, or a
    table folder with an `output/` folder (default: the current folder).

    Example: playaid reprint output

    Example: playaid reprint --check
    """
    from .. import manifest

    where = _manifest_folder(folder)
    old, current = manifest.stale(where)
    if not old:
        click.echo(f"every print in {shown(str(where))} is up to date ({_count(current)})")
        return
    for job, why in old:
        click.echo(f"{'out of date' if check else 'reprinting'}: {shown(job.command())} — {shown('; '.join(why))}")
        if not check:
            _run(job)
    if check:
        raise click.exceptions.Exit(1)
    click.echo(f"reprinted {len(old)} command{'s' * (len(old) != 1)}; {_count(current)} already up to date")


def _count(jobs) -> str:
    files = sum(len(j.outputs) for j in jobs)
    return f"{files} file{'s' * (files != 1)}"


def _run(job) -> None:
    """Run `job`'s command again, in its own folder, in this process (imports are warm)."""
    from ..cli import cli

    here = os.getcwd()
    try:
        os.chdir(job.cwd)
    except OSError as exc:
        raise InputError(f"cannot go back to {shown(str(job.cwd))}, where `{shown(job.command())}` ran: "
                         f"{exc.strerror}; run it yourself from the right folder") from None
    try:
        cli.main(args=list(job.args), prog_name="playaid", standalone_mode=False)
    except click.ClickException as exc:
        raise InputError(f"`{job.command()}` failed: {exc.format_message()}") from None
    finally:
        os.chdir(here)
