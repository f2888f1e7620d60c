"""Writing output files: only inside the output folder, never half-written, all or nothing.

Every file goes to a temporary name in its final folder first. A batch renames its
temporary files over their final names only once every one of them is complete, so a
failed run (a full disk, say) leaves the previous files, or nothing, and no stray parts.
"""

from __future__ import annotations

import errno
import os
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


class Batch:
    """Temporary files waiting for their rename; made by `OutputFolder.batch`."""

    def __init__(self, folder: OutputFolder):
        self.folder = folder
        self.pending: list[tuple[str, Path]] = []
        self.made_dirs: list[Path] = []

    def path(self, name: str) -> Path:
        return self.folder.path(name)

    def write_bytes(self, name: str, data: bytes) -> Path:
        """Write `data` to a temporary file beside `name`; the path `name` will have."""
        target = self.folder.path(name)
        self._mkdir(target.parent)
        try:
            fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".part")
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
