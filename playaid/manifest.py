"""What made each printed file: the manifest an output folder keeps, and which prints are stale.

`.playaid-manifest.json` in an output folder lists each *job* that wrote there — the command's
arguments and the folder it ran in, every input file it read with the SHA-256 of its bytes,
and each file it wrote with the hash of those bytes. A job is stale when an input changed or
went, or a file it wrote is gone; `playaid reprint` runs the stale jobs again. Paths in the
manifest are relative to the output folder, so a table folder moved or copied whole keeps
working. docs/reprint.md describes the format.

Reading is recorded where every input file is read (`source.read` calls `note_read`), while
a `recording` is active: the command line starts one for the commands that print
(`REPRINTABLE`), the studio for its print buttons.
"""

from __future__ import annotations

import hashlib
import json
import os
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterator

MANIFEST = ".playaid-manifest.json"
VERSION = 1
REPRINTABLE = frozenset({"sheet", "packet", "map", "deck", "net", "odds"})
"""Commands whose files are drawn from their inputs alone, the same bytes each time: running
one again is a reprint. Commands that make inputs (`pregen`, `new`, `examples`) are not."""


@dataclass
class Reads:
    """The input files one command read, by absolute path → SHA-256."""

    args: list[str]
    cwd: Path
    sources: dict[str, str] = field(default_factory=dict)


_active: ContextVar[Reads | None] = ContextVar("playaid_manifest_reads", default=None)


def digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


@contextmanager
def recording(args: list[str], cwd: Path | None = None) -> Iterator[Reads]:
    """Note every input file read inside the block (see `note_read`), for `record`."""
    reads = Reads(list(args), Path(os.path.abspath(cwd or os.getcwd())))
    token = _active.set(reads)
    try:
        yield reads
    finally:
        _active.reset(token)


def note_read(path: os.PathLike | str, data: bytes) -> None:
    """`path` was read with these bytes; kept only while a `recording` is active."""
    reads = _active.get()
    if reads is not None:
        reads.sources[os.path.abspath(path)] = digest(data)


def active() -> Reads | None:
    return _active.get()


@dataclass
class Job:
    """One command's run as the manifest keeps it; paths absolute once read."""

    args: list[str]
    cwd: Path
    sources: dict[str, str]
    outputs: dict[str, str]
    """Output file name (relative to the output folder, `/`) → SHA-256 of the bytes written."""

    def reasons(self, folder: Path, base: Path | None = None) -> list[str]:
        """Why this job's files are stale, in words (inputs named relative to `base`, default
        the current folder); empty when they are current."""
        why = []
        for path, known in self.sources.items():
            shown = _shown(path, base)
            try:
                now = digest(Path(path).read_bytes())
            except OSError:
                why.append(f"{shown} is gone")
                continue
            if now != known:
                why.append(f"{shown} changed")
        why += [f"{name} is missing" for name in self.outputs if not (folder / name).is_file()]
        return why

    def command(self) -> str:
        import shlex

        return "playaid " + " ".join(shlex.quote(a) for a in self.args)


def _shown(path: str, base: Path | None = None) -> str:
    """A source as a GM knows it: relative to `base` (the current folder)."""
    try:
        return Path(os.path.relpath(path, base)).as_posix()
    except ValueError:  # another drive (Windows)
        return path


def read(folder: Path) -> list[Job]:
    """The jobs of the output folder's manifest (none when it has no manifest). A manifest
    that does not read as this module writes it counts as none: it only ever costs a reprint."""
    try:
        data = json.loads((folder / MANIFEST).read_text(encoding="utf-8"))
        return [_job(folder, j) for j in data["jobs"]] if data.get("version") == VERSION else []
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return []


def _job(folder: Path, j: dict) -> Job:
    here = lambda rel: os.path.normpath(folder / rel)  # noqa: E731
    return Job([str(a) for a in j["args"]], Path(here(j["cwd"])),
               {here(p): str(h) for p, h in j["sources"].items()}, {str(n): str(h) for n, h in j["outputs"].items()})


def _plain(folder: Path, job: Job) -> dict:
    there = lambda p: Path(os.path.relpath(p, folder)).as_posix()  # noqa: E731
    return {"args": job.args, "cwd": there(job.cwd), "sources": {there(p): h for p, h in sorted(job.sources.items())},
            "outputs": dict(sorted(job.outputs.items()))}


def _sum(data: bytes | Path) -> str:
    """The hash of bytes written, or of a file already on disk (one streamed as it was made)."""
    return digest(data) if isinstance(data, (bytes, bytearray)) else digest(Path(data).read_bytes())


def record(folder: Path, written: dict[str, bytes | Path], reads: Reads) -> list[str]:
    """Add the job `reads` describes, which wrote `written` (name → bytes, or the path of a
    file written as it was made) into `folder`, to its
    manifest. Its earlier run's files that this run did not write again (a renamed table's old
    packet) are removed, unless changed since; returns a sentence for each file removed or kept."""
    folder = Path(os.path.abspath(folder))
    jobs = read(folder)
    new = Job(reads.args, Path(os.path.abspath(reads.cwd)), dict(reads.sources), {_name(n): _sum(d) for n, d in written.items()})
    said = []
    for job in jobs:
        if (job.args, job.cwd) == (new.args, new.cwd):
            said += _remove_left(folder, job, new)
        for name in new.outputs:
            job.outputs.pop(name, None)  # now this run's file
    jobs = [j for j in jobs if j.outputs and (j.args, j.cwd) != (new.args, new.cwd)] + [new]
    _write(folder, jobs)
    return said


def _name(name: str) -> str:
    return Path(name).as_posix()


def _remove_left(folder: Path, old: Job, new: Job) -> list[str]:
    said = []
    for name, known in old.outputs.items():
        if name in new.outputs:
            continue
        path = folder / name
        try:
            same = digest(path.read_bytes()) == known
        except OSError:
            continue  # already gone
        if same:
            path.unlink()
            said.append(f"removed {path}: the earlier print of this command, replaced by this run's")
        else:
            said.append(f"kept {path}: an earlier print of this command, changed since it was made — "
                        "delete it if it is stale")
    return said


def _write(folder: Path, jobs: list[Job]) -> None:
    """The manifest replaced whole (temporary file, then rename), beside the prints but not
    one of them: it is not counted among what a command wrote."""
    import tempfile

    from .outputs import OutputError

    text = json.dumps({"version": VERSION, "jobs": [_plain(folder, j) for j in jobs]}, indent=1, ensure_ascii=False)
    try:
        fd, tmp = tempfile.mkstemp(dir=folder, prefix=f"{MANIFEST}.", suffix=".part")
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text + "\n")
        os.replace(tmp, folder / MANIFEST)
    except OSError as exc:
        raise OutputError(f"cannot write {folder / MANIFEST}: {exc.strerror or exc}") from None


def made_by_this_command(folder: Path, name: str) -> bool | None:
    """Whether the file `name` in `folder` was written by an earlier run of the command being
    recorded now (same arguments, same folder); None when the manifest does not know the file."""
    reads = _active.get()
    for job in read(Path(os.path.abspath(folder))):
        if _name(name) in job.outputs:
            return reads is not None and (job.args, job.cwd) == (reads.args, reads.cwd)
    return None


def stale(folder: Path, base: Path | None = None) -> tuple[list[tuple[Job, list[str]]], list[Job]]:
    """The output folder's jobs split into stale ones (each with its reasons) and current ones."""
    old, current = [], []
    for job in read(Path(os.path.abspath(folder))):
        why = job.reasons(Path(os.path.abspath(folder)), base)
        (old.append((job, why)) if why else current.append(job))
    return old, current
