"""Writing output files: only inside the output folder, and never half-written.

Every file goes to a temporary name in the same folder first and is renamed over its
final name only when complete, so a failed run leaves the previous file (or nothing).
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


class OutputError(Exception):
    """A file could not be written where it was asked for."""


class OutputFolder:
    def __init__(self, root: str | Path):
        self.root = Path(root)

    def path(self, name: str) -> Path:
        """The full path for `name`, refused if it would land outside the folder."""
        target = (self.root / name).resolve()
        base = self.root.resolve()
        if target != base and base not in target.parents:
            raise OutputError(f"{name!r} would be written outside the output folder {self.root}")
        return target

    def write_bytes(self, name: str, data: bytes) -> Path:
        target = self.path(name)
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".part")
        except OSError as exc:
            raise OutputError(f"cannot write to {target.parent}: {exc.strerror}") from None
        try:
            with os.fdopen(fd, "wb") as fh:
                fh.write(data)
            # mkstemp creates the file private (0600); an output is an ordinary file.
            os.chmod(tmp, 0o666 & ~_umask())
            os.replace(tmp, target)
        except BaseException:
            try:
                os.unlink(tmp)
            except OSError:
                pass
            raise
        return self.root / name

    def write_text(self, name: str, text: str) -> Path:
        return self.write_bytes(name, text.encode("utf-8"))
