"""Files by their names: a safe file name from what the GM typed, and rename, duplicate,
delete and restore from the Files page.

Nothing here ever unlinks a GM's file. A delete moves the file into `.trash/STAMP/` inside
the folder (a dot folder: never listed, served or watched), keeping its relative path so a
restore puts it back where it was (or beside it, when that name has been taken since).
Every path a request names goes through `files.confine`, the studio's one path check.
"""

from __future__ import annotations

import os
import re
import time
import unicodedata
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from .files import confine, free_name, write_atomic

TRASH = ".trash"
_STAMP = re.compile(r"^\d{8}-\d{6}-\d{6}$")
_RESERVED = {"con", "prn", "aux", "nul", *(f"com{i}" for i in range(10)), *(f"lpt{i}" for i in range(10))}
LONGEST = 60
"""Characters of a file name's stem: long names are cut (a GM's name can be a sentence)."""


def safe_stem(typed: str, fallback: str) -> str:
    """What the GM typed as an ASCII file stem: `Ines Varga` → `ines-varga`, `Zoë` → `zoe`.

    Accents are dropped, anything but letters and digits becomes one `-`; a name with no
    letter left (`???`, Cyrillic) or a Windows device name gives `fallback` instead.
    """
    ascii_text = unicodedata.normalize("NFKD", typed).encode("ascii", "ignore").decode("ascii")
    stem = re.sub(r"[^a-z0-9]+", "-", ascii_text.lower()).strip("-")[:LONGEST].strip("-")
    if not stem or stem in _RESERVED:
        return fallback
    return stem


def free_in(root: Path, folder: str, stem: str) -> str:
    """`folder/stem.yaml` (relative to `root`) or the first `stem-N.yaml` not taken there."""
    name = free_name(root / folder if folder else root, stem)
    return f"{folder}/{name}" if folder else name


def _folder_of(rel: str) -> str:
    parent = PurePosixPath(rel).parent.as_posix()
    return "" if parent == "." else parent


def rename(root: Path, rel: str, typed: str) -> str:
    """`rel` renamed after `typed` in its own folder; the new relative path. LookupError when
    the name gives no usable file name or is taken."""
    source = confine(root, rel)
    if not source.is_file():
        raise LookupError(f"{rel} is not there any more")
    stem = safe_stem(typed.removesuffix(".yaml").removesuffix(".yml"), "")
    if not stem:
        raise LookupError("type a name with at least one letter or digit")
    new = f"{_folder_of(rel)}/{stem}.yaml" if _folder_of(rel) else f"{stem}.yaml"
    target = confine(root, new)
    if target == source:
        return rel
    if target.exists():
        raise LookupError(f"{new} already exists: choose another name")
    os.rename(source, target)
    return new


def duplicate(root: Path, rel: str) -> str:
    """A copy of `rel` beside it (`alice-copy.yaml`, written atomically); its relative path."""
    source = confine(root, rel)
    data = source.read_bytes()
    new = free_in(root, _folder_of(rel), f"{PurePosixPath(rel).stem}-copy")
    write_atomic(confine(root, new), data)
    return new


def to_trash(root: Path, rel: str) -> str:
    """Move `rel` into the trash folder (never unlinked); the trash entry's name."""
    source = confine(root, rel)
    if not source.is_file():
        raise LookupError(f"{rel} is not there any more")
    if (root / TRASH).is_symlink():
        raise LookupError(f"{TRASH} in this folder is a link: the studio will not move files through it")
    stamp = time.strftime("%Y%m%d-%H%M%S", time.gmtime()) + f"-{time.time_ns() // 1000 % 1_000_000:06d}"
    target = root / TRASH / stamp / rel
    target.parent.mkdir(parents=True, exist_ok=True)
    os.rename(source, target)
    return f"{stamp}/{rel}"


@dataclass
class Trashed:
    entry: str
    """`STAMP/rel`: what a restore request names."""
    rel: str
    when: str


def trashed(root: Path) -> list[Trashed]:
    """The trash's files, newest first."""
    base = root / TRASH
    if not base.is_dir() or base.is_symlink():
        return []
    found = []
    for stamp in sorted((p.name for p in base.iterdir() if _STAMP.match(p.name)), reverse=True):
        folder = base / stamp
        for path in sorted(folder.rglob("*")):
            rel = path.relative_to(folder).as_posix()
            try:
                confine(folder.resolve(), rel)
            except LookupError:
                continue
            if path.is_file():
                when = f"{stamp[0:4]}-{stamp[4:6]}-{stamp[6:8]} {stamp[9:11]}:{stamp[11:13]} UTC"
                found.append(Trashed(f"{stamp}/{rel}", rel, when))
    return found


def restore(root: Path, entry: str) -> str:
    """Trash entry `STAMP/rel` back to `rel` (or `rel-2.yaml` … if taken); the path it got."""
    stamp, _, rel = entry.partition("/")
    if not _STAMP.match(stamp):
        raise LookupError("not an entry of the trash")
    folder = (root / TRASH / stamp).resolve()
    if not folder.is_relative_to(root / TRASH):
        raise LookupError("not an entry of the trash")
    source = confine(folder, rel)
    if not source.is_file():
        raise LookupError("this file is no longer in the trash")
    new = rel if not confine(root, rel).exists() else free_in(root, _folder_of(rel), PurePosixPath(rel).stem)
    target = confine(root, new)
    target.parent.mkdir(parents=True, exist_ok=True)
    os.rename(source, target)
    for empty in (source.parent, *source.parents):
        if empty == folder.parent:
            break
        try:
            empty.rmdir()  # only empty folders of the trash go; a file is never removed
        except OSError:
            break
    return new
