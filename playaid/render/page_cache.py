"""Game-level pages drawn once and kept: a content-addressed cache of their PDFs.

A packet's reference page, odds handout and paper dice are the same for every table of a
game on one paper, yet each took 0.6–2.7 s of CPU to lay out; a convention drew them at
every table and every run. They are kept in the user's cache folder (`$PLAYAID_CACHE`,
else `$XDG_CACHE_HOME/playaid/pages`, else `~/.cache/playaid/pages`), not in the output
folder: a `.playaid/` folder there would make it look like a campaign's table folder.

The key is a hash of everything that can change the bytes, gathered whole rather than
picked: the page's name and game, every field of the paper and of the templates (a user's
template folder by its files' contents), every `playaid_*` context variable holding a
plain value (the language in use, when there is one), the code, templates and assets of
playaid and of the game's package by content, the versions of the libraries that draw.
Files a page read through `source.read` are kept with their hashes: a changed one misses,
and a hit notes them in the manifest as a drawing would. An entry carries its own hash, so a
torn or altered one is drawn again; entries are written to a temporary file and renamed,
so two runs side by side never see half of one. The oldest entries go past `LIMIT_BYTES`.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import os
import sys
import tempfile
from contextvars import copy_context
from functools import cache
from importlib import import_module
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import Callable

from .. import manifest

FORMAT = 1
"""Bumped when an entry's layout changes, so old entries are never read as new ones."""
LIMIT_BYTES = 200 * 1000 * 1000
ENV = "PLAYAID_CACHE"
"""A folder to keep pages in, or `off` to draw every page every time."""
SUFFIX = ".page"
LIBRARIES = ("playaid", "weasyprint", "pydyf", "pikepdf", "reportlab", "fonttools", "jinja2", "pillow")
PLAIN = (str, int, float, bool, type(None))


def game_level(make: Callable) -> Callable:
    """Mark a packet page's maker (setup, paper, templates) → PDF as not reading the setup,
    so its page is kept per game, paper and language (see `GameSystem.packet`)."""
    make.game_level = True
    return make


def folder() -> Path | None:
    """Where pages are kept, or None when the cache is off."""
    chosen = os.environ.get(ENV, "").strip()
    if chosen.lower() in ("off", "0", "no"):
        return None
    if chosen:
        return Path(chosen)
    base = os.environ.get("XDG_CACHE_HOME", "").strip() or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "playaid" / "pages"


def kept(name: str, game: str, paper, templates, make: Callable[[], bytes]) -> bytes:
    """The page `name` of `game` from the cache, else `make()`, kept for next time."""
    where = folder()
    if where is None:
        return make()
    key = _key(name, game, paper, templates)
    entry = where / f"{key}{SUFFIX}"
    found = _read(entry)
    if found is not None:
        data, meta = found
        _replay(meta, templates)
        return data
    before = len(templates.warnings)
    with manifest.recording([]) as reads:
        data = make()
    outer = manifest.active()
    if outer is not None:
        outer.sources.update(reads.sources)
    _write(where, entry, data, {"reads": reads.sources, "warnings": templates.warnings[before:]})
    return data


def warm() -> None:
    """Hash playaid's own files now: workers forked after this inherit the figure."""
    _own(str(Path(__file__).resolve().parents[1]))


def _key(name: str, game: str, paper, templates) -> str:
    from ..language import current
    from ..systems import REGISTRY

    ambient = {var.name: value for var, value in copy_context().items()
               if var.name.startswith("playaid") and isinstance(value, PLAIN)}
    parts = {"format": FORMAT, "page": name, "game": game, "origin": REGISTRY.origin(game),
             "paper": dataclasses.asdict(paper), "templates": _fields(templates), "context": ambient,
             "language": current(),  # said outright: a context variable left at its default is not listed
             "code": [_own(str(Path(__file__).resolve().parents[1])), *(_own(p) for p in _game_folders(game))],
             "libraries": _versions(), "python": sys.version_info[:2]}
    return hashlib.sha256(json.dumps(parts, sort_keys=True, default=str).encode()).hexdigest()


def _fields(templates) -> dict:
    """Every field of the templates, a folder given by its files' contents."""
    out = {}
    for f in dataclasses.fields(templates):
        value = getattr(templates, f.name)
        if f.name == "warnings":
            continue  # what this run has said so far, not an input
        out[f.name] = _tree(str(value)) if isinstance(value, Path) else value
    return out


def _game_folders(game: str) -> list[str]:
    """The package folder of an add-on game (a built-in's is inside playaid's own)."""
    from ..systems import REGISTRY

    system = REGISTRY[game]
    named = [system.sheet, system.odds, *(dotted for _, dotted in system.packet)]
    tops = {d.split(":")[0].split(".")[0] for d in named if d} - {"playaid"}
    found = []
    for top in sorted(tops):
        where = getattr(import_module(top), "__file__", None)
        if where:
            found.append(str(Path(where).resolve().parent))
    if system.templates:
        found.append(str(Path(system.templates).resolve()))
    return found


@cache
def _own(root: str) -> str:
    """`_tree` of code that does not change while the process runs (playaid's, a game's)."""
    return _tree(root)


def _tree(root: str) -> str:
    """A hash of every file under `root` (compiled bytecode aside), by relative name and bytes."""
    digest = hashlib.sha256()
    base = Path(root)
    if base.is_file():
        return hashlib.sha256(base.read_bytes()).hexdigest()
    for path in sorted(p for p in base.rglob("*") if p.is_file() and "__pycache__" not in p.parts):
        digest.update(path.relative_to(base).as_posix().encode() + b"\0")
        digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()


@cache
def _versions() -> dict[str, str]:
    found = {}
    for name in LIBRARIES:
        try:
            found[name] = version(name)
        except PackageNotFoundError:
            found[name] = ""
    return found


def _read(entry: Path) -> tuple[bytes, dict] | None:
    """The page and its notes, or None when absent, torn, altered or its inputs moved on."""
    try:
        raw = entry.read_bytes()
        head, _, data = raw.partition(b"\n")
        meta = json.loads(head)
        if meta.get("sha256") != hashlib.sha256(data).hexdigest() or not data.startswith(b"%PDF-"):
            return None
        for path, known in meta["reads"].items():
            if manifest.digest(Path(path).read_bytes()) != known:
                return None
        os.utime(entry)  # recently used: the last to go when the cache is trimmed
        return data, meta
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return None


def _replay(meta: dict, templates) -> None:
    """What drawing the page would have left behind: its warnings, the files it read."""
    templates.warnings += [w for w in meta["warnings"] if w not in templates.warnings]
    reads = manifest.active()
    if reads is not None:
        reads.sources.update(meta["reads"])


def _write(where: Path, entry: Path, data: bytes, meta: dict) -> None:
    """Keep the page (a cache that cannot be written only costs the next run a drawing)."""
    head = json.dumps({**meta, "sha256": hashlib.sha256(data).hexdigest()}, sort_keys=True).encode()
    try:
        where.mkdir(parents=True, exist_ok=True)
        fd, temp = tempfile.mkstemp(dir=where, prefix=".new-")
        try:
            with os.fdopen(fd, "wb") as fh:
                fh.write(head + b"\n" + data)
            os.replace(temp, entry)
        except BaseException:
            Path(temp).unlink(missing_ok=True)
            raise
        _trim(where)
    except OSError:
        pass


def _trim(where: Path) -> None:
    """Remove the least recently used entries until the folder holds at most LIMIT_BYTES."""
    entries = []
    for path in where.glob(f"*{SUFFIX}"):
        try:
            stat = path.stat()
        except OSError:
            continue  # another run trimmed it meanwhile
        entries.append((stat.st_mtime, stat.st_size, path))
    total = sum(size for _, size, _ in entries)
    for _, size, path in sorted(entries):
        if total <= LIMIT_BYTES:
            break
        path.unlink(missing_ok=True)
        total -= size
