"""Writing output files: only inside the output folder, never half-written, all or nothing.

Every file goes to a temporary name in its final folder first. A batch renames its
temporary files over their final names only once every one of them is complete, so a
failed run (a full disk, say) leaves the previous files, or nothing, and no stray parts.
"""

from __future__ import annotations

import errno
import os
import re
import socket
import tempfile
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


class OutputError(Exception):
    """A file could not be written where it was asked for."""


def _failure(target: Path, exc: OSError) -> OutputError:
    if exc.errno == errno.ENOSPC:
        return OutputError(f"disk full while writing {target}; nothing was written")
    return OutputError(f"cannot write {target}: {exc.strerror or exc}; nothing was written")


def _host() -> str:
    return re.sub(r"[^A-Za-z0-9-]", "-", socket.gethostname())[:40] or "host"


def _owner() -> str:
    """Written into every temporary name, so a later run knows whose part it is (see
    `clear_stale_parts`)."""
    return f"{_host()}-{os.getpid()}"

_PART = re.compile(r"\.(?P<name>.+)\.(?P<host>[A-Za-z0-9-]+)-(?P<pid>[0-9]+)\.[A-Za-z0-9_]{8}\.part")


def clear_stale_parts(folder: Path) -> list[Path]:
    """Remove the temporary `.part` files a run killed outright (SIGKILL, a power cut) left in
    `folder`; return them. Only ours, and only dead ones: a part named with this machine's
    name and the id of a process that no longer runs. Another machine's parts (a shared
    folder) and parts of a live process are never touched."""
    removed = []
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return removed
    host = _host()
    for entry in entries:
        found = _PART.fullmatch(entry.name)
        if not found or found["host"] != host or not entry.is_file(follow_symlinks=False):
            continue
        pid = int(found["pid"])
        if pid == os.getpid() or _alive(pid):
            continue
        try:
            os.unlink(entry.path)
            removed.append(Path(entry.path))
        except OSError:
            pass
    return removed


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError, OSError):
        return True  # someone else's process, or a number we cannot ask about: leave it
    return True


_LOGS: list[list[Path]] = []


@contextmanager
def recorded() -> Iterator[list[Path]]:
    """The files every batch commits while the block runs, in order: for a caller that must
    know what a command wrote (`watch` removes what an earlier render of a file wrote and
    the next one did not)."""
    log: list[Path] = []
    _LOGS.append(log)
    try:
        yield log
    finally:
        _LOGS.remove(log)


def _note(target: Path) -> None:
    for log in _LOGS:
        log.append(target)


class OutputFolder:
    def __init__(self, root: str | Path):
        self.root = Path(root)

    def path(self, name: str) -> Path:
        """The full path for `name`, refused if it would land outside the folder."""
        try:
            target = (self.root / name).resolve()
            base = self.root.resolve()
        except OSError as exc:
            raise _failure(self.root / name, exc) from None
        if target != base and base not in target.parents:
            raise OutputError(f"{name!r} would be written outside the output folder {self.root}")
        return target

    @contextmanager
    def batch(self) -> Iterator["Batch"]:
        """Files written through the batch appear together when the block ends without error.

        >>> with OutputFolder("output").batch() as out:      # doctest: +SKIP
        ...     out.write_bytes("a.pdf", a); out.write_bytes("b.pdf", b)
        """
        batch = Batch(self)
        try:
            yield batch
        except BaseException:
            batch.discard()
            raise
        batch.commit()

    def write_bytes(self, name: str, data: bytes) -> Path:
        with self.batch() as batch:
            return batch.write_bytes(name, data)

    def write_text(self, name: str, text: str) -> Path:
        return self.write_bytes(name, text.encode("utf-8"))

    def write_new(self, stem: str, suffix: str, data: bytes) -> Path:
        """Write `data` under the first free name of `stem.suffix`, `stem-2.suffix` …, never over
        a file: the complete file is linked to the name, which fails if the name is taken,
        so runs writing into one folder at once each keep their own file."""
        with self.batch() as batch:
            batch.write_bytes(f"{stem}{suffix}", data)
            ((tmp, _),) = batch.pending
            for n in range(1, NEW_NAMES + 1):
                name = f"{stem}{suffix}" if n == 1 else f"{stem}-{n}{suffix}"
                target = self.path(name)
                try:
                    _claim(tmp, target)
                except FileExistsError:
                    continue
                except OSError as exc:
                    raise _failure(target, exc) from None
                batch.discard()  # the temporary name; the file stays under its own
                _note(target)
                return self.root / name
        raise OutputError(f"{stem}{suffix} and {NEW_NAMES - 1} numbered copies are already in {self.root}; "
                          "move some away or name another --out folder")


NEW_NAMES = 1000
"""Numbered names `write_new` tries before it gives up."""


def _claim(tmp: str, target: Path) -> None:
    """Give the finished file `tmp` the name `target` unless that name exists (FileExistsError)."""
    try:
        os.link(tmp, target)
    except OSError as exc:
        if exc.errno not in (errno.EPERM, errno.ENOTSUP, errno.EXDEV, errno.EMLINK):
            raise
        # no hard links here (FAT, some network shares): claim the name, then fill it
        os.close(os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666))
        os.replace(tmp, target)


class Batch:
    """Temporary files waiting for their rename; made by `OutputFolder.batch`."""

    def __init__(self, folder: OutputFolder):
        self.folder = folder
        self.pending: list[tuple[str, Path]] = []
        self.made_dirs: list[Path] = []
        self.swept: set[Path] = set()

    def path(self, name: str) -> Path:
        return self.folder.path(name)

    def write_bytes(self, name: str, data: bytes) -> Path:
        """Write `data` to a temporary file beside `name`; the path `name` will have."""
        target = self.folder.path(name)
        self._mkdir(target.parent)
        try:
            fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.{_owner()}.", suffix=".part")
        except OSError as exc:
            raise _failure(target, exc) from None
        self.pending.append((tmp, target))
        try:
            with os.fdopen(fd, "wb") as fh:
                fh.write(data)
            # mkstemp creates the file private (0600); an output is an ordinary file.
            os.chmod(tmp, 0o666 & ~_umask())
        except OSError as exc:
            raise _failure(target, exc) from None
        return self.folder.root / name

    def write_text(self, name: str, text: str) -> Path:
        return self.write_bytes(name, text.encode("utf-8"))

    def _mkdir(self, folder: Path) -> None:
        if folder not in self.swept:
            self.swept.add(folder)
            clear_stale_parts(folder)
        try:
            missing = [p for p in (folder, *folder.parents) if not p.exists()]
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            if exc.errno in (errno.EEXIST, errno.ENOTDIR):
                raise OutputError(f"cannot write to {folder}: it, or a folder above it, is not a folder; "
                                  "name a folder (it is made if missing); nothing was written") from None
            raise OutputError(f"cannot write to {folder}: {exc.strerror}; nothing was written") from None
        self.made_dirs += [p for p in missing if p not in self.made_dirs]

    def commit(self) -> None:
        # Renames within one folder need no room on the disk: once every file is complete,
        # this last step does not fail for want of space.
        for done, (tmp, target) in enumerate(self.pending):
            try:
                os.replace(tmp, target)
                _note(target)
            except OSError as exc:
                del self.pending[:done + 1]
                self.discard()
                os.unlink(tmp)
                raise OutputError(f"cannot write {target}: {exc.strerror or exc}; "
                                  f"{done} of the files before it were written") from None
        self.pending.clear()

    def discard(self) -> None:
        """Remove every temporary file, and the folders made for them if now empty."""
        for tmp, _ in self.pending:
            try:
                os.unlink(tmp)
            except OSError:
                pass
        self.pending.clear()
        for folder in sorted(self.made_dirs, key=lambda p: len(p.parts), reverse=True):
            try:
                folder.rmdir()
            except OSError:
                pass
