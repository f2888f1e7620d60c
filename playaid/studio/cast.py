"""A setup's cast, chosen from the folder by name.

A setup's `characters:` holds file names (relative to the setup) or inline characters. The
form shows it as a tick box per character file of the same game in the folder, labelled by
the character's name; ticking writes the file name in, unticking takes it out, and inline
characters stay as they are. Every field declared as holding characters' names
(`spec(names=2)`: a link's two ends) becomes selects of the cast's names.

Reading the folder on every keystroke would be slow with many files, so each file's
`system`, `kind` and `name` are kept per path until its size or time changes.
"""

from __future__ import annotations

import os
from pathlib import Path, PurePosixPath

import yaml

from .files import yaml_files

# The fields here are `form.Field`s; form.py asks this module what a submitted cast holds, so
# this module does not import form back (no import circle).

_SEEN: dict[Path, tuple[tuple[int, int], tuple]] = {}
BIGGEST = 256 * 1024
"""Files past this size are not read for their name (the loader refuses them anyway)."""


def _head(path: Path) -> tuple:
    """(system, kind, name) of a file, read once per change; blanks when it does not say."""
    try:
        info = path.stat()
    except OSError:
        return ("", "", "")
    key = (info.st_mtime_ns, info.st_size)
    seen = _SEEN.get(path)
    if seen and seen[0] == key:
        return seen[1]
    head: tuple = ("", "", "")
    if info.st_size <= BIGGEST:
        try:
            data = yaml.safe_load(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, yaml.YAMLError, RecursionError):
            data = None
        if isinstance(data, dict):
            # a file without `kind:` is a character, as the loader reads it
            head = (str(data.get("system") or "").strip(), str(data.get("kind") or "character").strip(),
                    str(data.get("name") or "").strip())
    _SEEN[path] = (key, head)
    return head


def characters(root: Path, rel: str, system, model: type) -> list[tuple[str, str]]:
    """(file as the setup names it, character's name) for each file of `system` whose kind is
    `model`, by name; the setup's own folder gives the relative file names."""
    kinds = {kind for kind, cls in system.models.items() if cls is model}
    here = PurePosixPath(rel).parent
    found = []
    for other in yaml_files(root):
        sys_id, kind, name = _head(root / other)
        if sys_id == system.id and kind in kinds:
            ref = PurePosixPath(os.path.relpath(other, here)).as_posix() if str(here) != "." else other
            found.append((ref, name or PurePosixPath(other).stem))
    return sorted(found, key=lambda pair: (pair[1].casefold(), pair[0]))


def offer(fields: list, root: Path, rel: str, system) -> None:
    """Turn a setup's cast list into tick boxes and its name fields into selects of the cast."""
    if system is None:
        return
    cast = next((f for f in fields if f.member is not None and f.member in system.models.values()), None)
    if cast is None:
        return
    cast.widget = "cast"
    cast.options = characters(root, rel, system, cast.member)
    names = dict(cast.options)
    chosen = []
    for entry in cast.value if isinstance(cast.value, list) else []:
        if isinstance(entry, str):
            chosen.append(names.get(entry) or _name_of(root, rel, entry))
        elif isinstance(entry, dict) and entry.get("name"):
            chosen.append(str(entry["name"]))
    chosen = [c for c in chosen if c]
    for f in _every(fields):
        if f.names and f.widget in ("lines", "text", "yaml"):
            f.widget, f.options = "names", chosen


def _every(fields):
    for f in fields:
        yield f
        yield from _every(f.children)


def _name_of(root: Path, rel: str, ref: str) -> str:
    """The name in a file the cast lists that is not one of the folder's character files."""
    target = (root / PurePosixPath(rel).parent / ref).resolve()
    if not target.is_relative_to(root):
        return ""
    return _head(target)[2]


def inline(f) -> list:
    """The cast's inline characters (kept as they are): what the form lists under the boxes."""
    return [e for e in (f.value or []) if isinstance(e, dict)]


def slots(f) -> list[tuple[str, list[str]]]:
    """For a names field: per name it holds, (the name now, the names to choose from). A name
    not in the cast stays a choice, so showing the form never changes the file."""
    now = f.value if isinstance(f.value, list) else ([f.value] if f.value else [])
    out = []
    for i in range(max(f.names, len(now))):
        current = str(now[i]) if i < len(now) and now[i] is not None else ""
        match = next((o for o in f.options if o.casefold() == current.casefold()), current)
        choices = list(f.options) + ([match] if match and match not in f.options else [])
        out.append((match, choices))
    return out


def picked(f, form) -> tuple[bool, object]:
    """(present, value) of a cast or names field in the submitted form."""
    got = [str(v) for v in form.getlist(f.name)] if hasattr(form, "getlist") else []
    if not got:
        return False, None  # each of these widgets sends a blank marker: nothing means not shown
    chosen = [v for v in got if v]
    if f.widget == "names":
        if f.names == 1 and not isinstance(f.value, list):
            return True, (chosen[0] if chosen else None)
        return True, chosen
    before = f.value if isinstance(f.value, list) else []
    # inline characters stay; a blank line of the starter (`- `) goes once the GM ticks
    kept = [e for e in before if isinstance(e, dict) or (isinstance(e, str) and e in chosen)]
    known = {e for e in before if isinstance(e, str)}
    return True, kept + [c for c in chosen if c not in known]
