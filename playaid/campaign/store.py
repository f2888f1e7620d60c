"""The table's hidden folder `.playaid/`: the journal file and the bytes it names.

`journal.jsonl` holds one JSON object a line, only ever appended to (docs/journal.md says
what each line means). `objects/<sha256>` holds every version of a GM's file the journal
names, under the hash of its bytes, so undo and recovery restore it byte for byte. Each
write here is flushed to the disk (`fsync`) before the next step relies on it.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from pathlib import Path
from typing import Any, Iterator

HIDDEN = ".playaid"
_decode = json.JSONDecoder().decode
JOURNAL = "journal.jsonl"


class CampaignError(Exception):
    """The table's files cannot be changed as asked; the message says which file and why."""


def digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def table_folder(start: Path) -> Path:
    """The folder whose journal `start` belongs to: the nearest folder, from `start` up, that
    already has a `.playaid/` folder; else `start` itself (a first applied roll starts one there)."""
    start = Path(os.path.abspath(start))
    for folder in (start, *start.parents):
        if (folder / HIDDEN / JOURNAL).is_file():
            return folder
    return start


def sync_folder(folder: Path) -> None:
    """Make a rename or a new file in `folder` survive a power cut (where the system allows)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass  # some file systems cannot sync a folder; the file itself is synced
    finally:
        os.close(fd)


def write_atomic(target: Path, data: bytes) -> None:
    """`target` holds `data` or what it held before, never a mix: a synced temporary file in
    the same folder, renamed over it. The file keeps its permissions; a symbolic link stays
    a link, and the file it points to is the one replaced."""
    target = Path(os.path.realpath(target))
    try:
        mode = os.stat(target).st_mode & 0o7777
    except FileNotFoundError:
        mode = None
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".part", dir=target.parent)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        if mode is not None:
            os.chmod(tmp, mode)
        os.replace(tmp, target)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    sync_folder(target.parent)


class Store:
    """The `.playaid/` folder of one table."""

    def __init__(self, folder: Path):
        self.folder = Path(folder)
        self.hidden = self.folder / HIDDEN
        self.journal = self.hidden / JOURNAL
        self.objects = self.hidden / "objects"

    def ensure(self) -> None:
        if not self.objects.is_dir():
            self.objects.mkdir(parents=True, exist_ok=True)
            sync_folder(self.hidden)
            sync_folder(self.folder)

    def put(self, data: bytes) -> str:
        """Keep `data` under its hash (once) and return the hash."""
        key = digest(data)
        target = self.objects / key
        if not target.exists():
            write_atomic(target, data)
        return key

    def get(self, key: str) -> bytes:
        try:
            data = (self.objects / key).read_bytes()
        except OSError:
            raise CampaignError(f"{self.objects / key} is missing: the journal's copy of that file is gone") from None
        if digest(data) != key:
            raise CampaignError(f"{self.objects / key} does not hold what the journal wrote (damaged)")
        return data

    def relative(self, path: Path) -> str:
        """How the journal names a GM's file: relative to the table folder, with `/`."""
        return Path(os.path.relpath(os.path.abspath(path), self.folder)).as_posix()

    def path(self, name: str) -> Path:
        return self.folder / name

    def append(self, record: dict[str, Any]) -> None:
        """One line added to the journal, synced before this returns (the write-ahead rule)."""
        self.ensure()
        line = json.dumps(record, ensure_ascii=False, sort_keys=False, separators=(", ", ": ")) + "\n"
        new = not self.journal.exists()
        with open(self.journal, "ab") as f:
            f.write(line.encode("utf-8"))
            f.flush()
            os.fsync(f.fileno())
        if new:
            sync_folder(self.hidden)

    def mend_tail(self) -> bool:
        """Cut a last line a kill left half-written (it was never acted on: the files change only
        after their entry's line is whole and synced). True when something was cut."""
        try:
            with open(self.journal, "rb+") as f:
                size = f.seek(0, os.SEEK_END)
                if size == 0:
                    return False
                f.seek(max(0, size - 1))
                if f.read(1) == b"\n":
                    return False
                f.seek(0)
                data = f.read()
                f.truncate(data.rfind(b"\n") + 1)
                f.flush()
                os.fsync(f.fileno())
                return True
        except FileNotFoundError:
            return False

    def records(self) -> Iterator[tuple[int, dict[str, Any]]]:
        """Every whole line of the journal with its line number, in order; a half-written last
        line is skipped."""
        try:
            data = self.journal.read_bytes()
        except FileNotFoundError:
            return
        lines = data.decode("utf-8", errors="replace").split("\n")
        for number, raw in enumerate(lines[:-1], 1):  # the text after the last newline is not whole
            if not raw.strip():
                continue
            try:
                record = _decode(raw)
            except ValueError:
                raise CampaignError(f"{self.journal}:{number}: this line is not JSON; the journal was "
                                    "edited by hand — put the line back as it was") from None
            if not isinstance(record, dict):
                raise CampaignError(f"{self.journal}:{number}: each line must be a JSON object")
            yield number, record
