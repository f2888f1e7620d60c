"""The served folder: which paths a request may name, and how a file is written there.

Every path a request names is relative to the folder and must stay inside it, read or
write: no absolute paths or drive letters, no `..`, no dotfiles (our own temporary files
are dotfiles), only YAML files, no symlink that leads out, no file with a second hard link
(its other name could be anywhere). Writes go to a temporary dotfile beside the target
and are renamed over it, so no reader ever sees half a file.
"""

from __future__ import annotations

import hashlib
import os
import re
import stat
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path, PurePosixPath
from typing import Iterator

SUFFIXES = (".yaml", ".yml")
OUTPUT = "output"
"""Where printed files go, inside the folder; never listed, never watched."""
MOST_FILES = 2000
"""Files the index lists; a folder holding more is not a table's folder (a home folder, say)."""
_DRIVE = re.compile(r"^[A-Za-z]:")


def digest(data: bytes) -> str:
    """The hash a page keeps of the text it started from (a save checks it is still current)."""
    return hashlib.sha256(data).hexdigest()[:20]


def confine(root: Path, rel: str) -> Path:
    """The real path of `rel` inside `root`; LookupError with the reason for anything else.

    >>> confine(Path("/tmp"), "../etc/passwd.yaml")   # doctest: +SKIP
    LookupError: `..` is not allowed in a path
    """
    if not rel or "\x00" in rel or "\\" in rel:
        raise LookupError("give a path inside the folder, with / between folders")
    if rel.startswith("/") or _DRIVE.match(rel):
        raise LookupError("an absolute path is not allowed: name a file inside the folder")
    parts = PurePosixPath(rel).parts
    if any(p == ".." for p in parts):
        raise LookupError("`..` is not allowed in a path")
    if any(p.startswith(".") for p in parts):
        raise LookupError("hidden files and folders (starting with .) are not served")
    if parts and parts[0] == OUTPUT:
        raise LookupError(f"{OUTPUT}/ holds printed files, not inputs")
    if PurePosixPath(rel).suffix.lower() not in SUFFIXES:
        raise LookupError("only .yaml files are served")
    target = (root / rel).resolve()
    if not target.is_relative_to(root) or target == root:
        raise LookupError("this path leads out of the folder (a symbolic link?)")
    if target != root / rel:
        # a symbolic link inside the folder: where it leads must pass the same checks
        real = target.relative_to(root)
        if (any(p.startswith(".") for p in real.parts) or real.parts[0] == OUTPUT
                or real.suffix.lower() not in SUFFIXES):
            raise LookupError("this link leads to a file the studio does not serve (hidden, not .yaml, or output/)")
    try:
        info = os.stat(target)
    except FileNotFoundError:
        return target
    except OSError as exc:
        raise LookupError(f"cannot look at it: {exc.strerror}") from None
    if not stat.S_ISREG(info.st_mode):
        raise LookupError("not a regular file")
    if info.st_nlink > 1:
        raise LookupError("this file has another name (a hard link) that may be outside the folder")
    return target


def read_only(target: Path) -> bool:
    """True when `target` exists without its owner's write permission (chmod 444): the GM
    has locked it, and the studio does not overwrite it (even when run as root)."""
    try:
        return not os.stat(target).st_mode & stat.S_IWUSR
    except OSError:
        return False


STALE_PART = 60.0
"""Seconds after which a temporary file of ours (`.NAME.XXXXXXXX.part`, `.STEM.draft-XXXXXXXX.yaml`)
is left over from a killed studio, never one being written: they live a few milliseconds."""
_OURS = re.compile(r"^\..+\.(?:[a-z0-9_]{8}\.part|draft-[a-z0-9_]{8}\.yaml)$")


def sweep(root: Path) -> list[str]:
    """Remove the temporary files a killed studio left in the folder (a kill -9 mid-save);
    only our own names, older than `STALE_PART`. Returns what was removed (relative)."""
    removed, now, seen = [], time.time(), 0
    for folder, dirs, files in os.walk(root, followlinks=False):
        here = Path(folder)
        dirs[:] = [d for d in dirs if not d.startswith(".") and not (here == root and d == OUTPUT)]
        seen += len(files)
        if seen > 50 * MOST_FILES:  # not a table's folder (a home folder): the start is not held up
            break
        for name in files:
            path = here / name
            try:
                info = os.lstat(path)
                if _OURS.match(name) and stat.S_ISREG(info.st_mode) and now - info.st_mtime > STALE_PART:
                    os.unlink(path)
                    removed.append(path.relative_to(root).as_posix())
            except OSError:
                continue
    return removed


def write_atomic(target: Path, data: bytes) -> None:
    """`data` into `target` via a synced temporary dotfile renamed over it (the old mode kept)."""
    target.parent.mkdir(parents=True, exist_ok=True)
    try:
        mode = stat.S_IMODE(os.stat(target).st_mode)
    except FileNotFoundError:
        mode = None
    fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".part")
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.chmod(tmp, mode if mode is not None else 0o644)
        for attempt in range(5):
            try:
                os.replace(tmp, target)
                break
            except PermissionError:  # an editor holding the file open (Windows): try again shortly
                if attempt == 4:
                    raise
                time.sleep(0.05)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


@contextmanager
def draft(target: Path, text: str) -> Iterator[Path]:
    """`text` as a temporary dotfile beside `target` while the block runs: loaded from there,
    the files it names resolve as the saved file's would. The index and the watcher skip it."""
    fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.stem}.draft-", suffix=".yaml")
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(text.encode("utf-8"))
        yield Path(tmp)
    finally:
        try:
            os.unlink(tmp)
        except OSError:
            pass


def yaml_files(root: Path) -> list[str]:
    """Every input file under `root` as a relative path: no dot folders, not `output/`,
    symlinked folders not entered, at most `MOST_FILES`."""
    found: list[str] = []
    for folder, dirs, files in os.walk(root, followlinks=False):
        here = Path(folder)
        dirs[:] = sorted(d for d in dirs if not d.startswith(".") and not (here == root and d == OUTPUT))
        for name in sorted(files):
            if name.startswith(".") or Path(name).suffix.lower() not in SUFFIXES:
                continue
            rel = (here / name).relative_to(root).as_posix()
            try:
                confine(root, rel)
            except LookupError:
                continue
            found.append(rel)
            if len(found) >= MOST_FILES:
                return found
    return found


def free_name(root: Path, stem: str) -> str:
    """`stem.yaml`, or `stem-2.yaml` … the first name not taken in `root`."""
    name, n = f"{stem}.yaml", 1
    while (root / name).exists():
        n += 1
        name = f"{stem}-{n}.yaml"
    return name
