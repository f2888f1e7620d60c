"""Who can sit at a table: the characters of a game in the studio's folder, by name.

The setup editor offers them as boxes to tick (a file reference each, written relative to
the setup), and every field that names a character (`spec(cast=True)`: an Isolation
link's two ends …) offers the names of the setup's cast. Files are read through the
project's own loader (its size and nesting limits), and only their top lines (`system`,
`kind`, `name`) are looked at; what was read is kept until the file changes.
"""

from __future__ import annotations

import os
from pathlib import Path, PurePosixPath
from typing import Any

import yaml

from .. import source as yaml_source
from .files import yaml_files

_seen: dict[Path, tuple[tuple[int, int], dict[str, str]]] = {}
MOST_KEPT = 2000


def heading(path: Path) -> dict[str, str]:
    """The top-level `system`, `kind` and `name` of the file at `path`, as written ({} when unreadable)."""
    try:
        st = path.stat()
    except OSError:
        return {}
    stamp = (st.st_mtime_ns, st.st_size)
    kept = _seen.get(path)
    if kept and kept[0] == stamp:
        return kept[1]
    src, _ = yaml_source.read(path)
    top: dict[str, str] = {}
    if src is not None and isinstance(src.root, yaml.MappingNode):
        for k, v in src.root.value:
            if isinstance(k, yaml.ScalarNode) and isinstance(v, yaml.ScalarNode) and k.value in ("system", "kind", "name"):
                top[k.value] = v.value.strip()
    if len(_seen) >= MOST_KEPT:
        _seen.clear()
    _seen[path] = (stamp, top)
    return top


def characters(folder: Path, game: str, beside: Path) -> list[tuple[str, str]]:
    """(file as the file `beside` would name it, character's name) of every character of
    `game` in `folder`, by name."""
    found = []
    for rel in yaml_files(folder):
        top = heading(folder / rel)
        if top.get("system") == game and top.get("kind", "character") == "character":
            ref = PurePosixPath(os.path.relpath(folder / rel, beside.parent)).as_posix()
            found.append((ref, top.get("name") or rel))
    return sorted(found, key=lambda pair: (pair[1].casefold(), pair[0]))


def names(entries: Any, beside: Path, folder: Path) -> list[str]:
    """The names of a setup's `characters:` entries: inline ones by their `name`, files (in
    `folder`: the studio reads nothing outside it) by theirs."""
    out = []
    inside = folder.resolve()
    for entry in entries if isinstance(entries, list) else []:
        if isinstance(entry, dict) and entry.get("name"):
            out.append(str(entry["name"]))
        elif isinstance(entry, str) and entry.strip():
            target = (beside.parent / entry.strip()).resolve()
            name = heading(target).get("name") if target.is_relative_to(inside) else None
            if name:
                out.append(name)
    return out
