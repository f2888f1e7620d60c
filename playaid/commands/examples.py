"""`playaid examples [DIR]`: the bundled example files, copied where a user can try them.

An installed playaid keeps its examples inside the package, at a path nobody types.
Every example in `--help` and the README names `examples/<game>/<file>`, so after this
command they work as written from the folder that holds `examples/`.
"""

from __future__ import annotations

from pathlib import Path

import click

from . import InputError, OutFolder, write_all
from ..safe_text import path_shown

SHOWN_CONFLICTS = 5
"""Files named when several already exist with other content; the rest are counted."""


def bundled() -> dict[str, bytes]:
    """Every game's example files (built-ins and add-ons alike), by their path in the copy:
    a folder per game id (`dirt/moss.yaml`)."""
    from ..systems import REGISTRY

    found = {}
    for game in sorted(REGISTRY):
        root = REGISTRY[game].examples
        if root:
            found |= {f"{game}/{p.relative_to(root).as_posix()}": p.read_bytes()
                      for p in sorted(Path(root).rglob("*")) if p.is_file() and "__pycache__" not in p.parts}
    return found


def to_copy(folder: Path, files: dict[str, bytes]) -> dict[str, bytes]:
    """The files `folder` still lacks. One already there with the same content is left
    alone, so running the command twice is harmless; one with other content (an edited
    example, say) is never overwritten: InputError, and nothing is copied."""
    missing, differ = {}, []
    for name, data in files.items():
        target = folder / name
        try:
            same = target.is_file() and target.read_bytes() == data
            taken = same or target.exists() or target.is_symlink()
        except OSError as exc:
            # a name too long, a folder we may not enter: nothing is there to keep, and
            # nothing can be written either; say why instead of "already exists"
            raise InputError(f"cannot copy into {folder}: {exc.strerror or exc} ({target.name}); "
                             "nothing was copied. Name a shorter folder, one you may write into") from None
        if not taken:
            missing[name] = data
        elif not same:
            differ.append(str(target))
    if differ:
        shown = ", ".join(differ[:SHOWN_CONFLICTS]) + (f" and {len(differ) - SHOWN_CONFLICTS} more"
                                                        if len(differ) > SHOWN_CONFLICTS else "")
        raise InputError(f"{shown} already exist{'s' * (len(differ) == 1)} with other content; nothing was copied. "
                         f"Move {'it' if len(differ) == 1 else 'them'} away, or name another folder")
    return missing


@click.command("examples")
@click.argument("folder", default="examples", type=OutFolder())
def command(folder: str) -> None:
    """Copy the bundled example files into FOLDER (default: examples), a folder per game.

    The examples in every command's --help and in the README name files there
    (examples/isolation/farmhouse.yaml …), so they work from the folder holding it.
    A file already there is never overwritten: one with the same content is kept,
    one with other content stops the copy before anything is written.

    Example: playaid examples && playaid validate examples --strict
    """
    files = bundled()
    missing = to_copy(Path(folder), files)
    if missing:
        write_all(folder, missing)
    kept = len(files) - len(missing)
    if kept:
        click.echo(f"{kept} of the {len(files)} examples were already in {path_shown(folder)}, unchanged")
    click.echo(f"try: playaid validate {path_shown(folder)}")
