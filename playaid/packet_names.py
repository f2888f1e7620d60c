"""The names a table's packet files take in an output folder: never another table's.

A packet is named after its setup file (`farmhouse-packet.pdf`). Two tables whose setups share
a name — every `pregen --tables` folder holds a `table.yaml` — would overwrite each other, so
the packet takes its folder's name as a prefix where that could happen. `playaid packet` and
the studio's Print button name their files here, so both write the same names.
"""

from __future__ import annotations

from pathlib import Path

from .safe_text import setup_stem


def packet_names(setup: Path, out: Path, files: dict[str, bytes]) -> dict[str, bytes]:
    """`files` (as `packets.packet` made them) under the names they take in the folder `out`."""
    prefix = _prefix(setup, out, files)
    return {prefix + name: data for name, data in files.items()} if prefix else files


GENERIC_STEMS = {"table", "setup", "packet", "game", "session", "index", "main"}
"""Setup file names many folders share (`pregen --tables` writes a `table.yaml` into each)."""


def _prefix(setup: Path, out: Path, files: dict[str, bytes]) -> str:
    """"" or the setup's folder name and a hyphen, so two tables' packets never share a file:
    when the setup's name is one many folders share (`con/dirt-2/table.yaml` makes
    `dirt-2-table-packet.pdf`), or when the packet of that name in --out is another table's
    (its title differs), which would otherwise be overwritten."""
    from .safe_text import slug

    folder = slug(setup.resolve().parent.name, fallback="")
    main = next(name for name in files if name.endswith("-packet.pdf"))
    if not folder or not (setup_stem(setup) in GENERIC_STEMS or _another_table(out / main, files[main])):
        return ""
    return f"{folder}-"


def _another_table(existing: Path, new: bytes) -> bool:
    """Whether `existing` is a file that is not an earlier packet of the same table."""
    import io

    import pikepdf

    from .manifest import made_by_this_command

    if not existing.exists():
        return False
    ours = made_by_this_command(existing.parent, existing.name)
    if ours is not None:  # the manifest knows: an earlier print of this same command is replaced
        return not ours
    try:
        with pikepdf.open(existing) as old, pikepdf.open(io.BytesIO(new)) as made:
            return str(old.docinfo.get("/Title", "")) != str(made.docinfo.get("/Title", ""))
    except (pikepdf.PdfError, OSError, ValueError):
        return True  # not a PDF we can read: certainly not this table's packet
