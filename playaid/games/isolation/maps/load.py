"""A setup file loaded and checked by the rules core before anything is drawn."""

from __future__ import annotations

from pathlib import Path

from playaid.documents import Library
from playaid.problems import Problem
from playaid.systems.cast import resolve_cast
from ..table import Table
from .worksheet import MAX_CAST, MIN_CAST


class SetupRefused(Exception):
    """The setup cannot be drawn: `problems` are the rules core's, `str()` says why."""

    def __init__(self, message: str, problems: list[Problem]):
        super().__init__(message)
        self.problems = problems


def load_table(path: str | Path) -> tuple[Table, list[Problem]]:
    """The setup at `path` with its cast, and its warnings; SetupRefused when invalid,
    not an Isolation setup, or with a cast the map cannot hold."""
    library = Library()
    doc = library.load(path)
    problems = library.problems()
    if any(p.is_error for p in problems):
        raise SetupRefused(f"{path}: invalid setup; fix the problems above", problems)
    if doc.system is None or doc.system.id != "isolation" or doc.kind != "setup":
        what = f"a {doc.system.id} {doc.kind} file" if doc.system else "not a playaid file"
        raise SetupRefused(f"{path}: {what}; `playaid map` takes an Isolation setup (system: isolation, "
                           "kind: setup)", problems)
    members, _ = resolve_cast(doc.model.characters, library.resolver(path, doc), lambda c, r: [])
    count = len(members)
    if not MIN_CAST <= count <= MAX_CAST:
        raise SetupRefused(f"{path}: the cast has {count} character{'s' * (count != 1)}; a map holds "
                           f"{MIN_CAST} to {MAX_CAST}; split a larger cast into tables of at most {MAX_CAST}",
                           problems)
    return Table(doc.model, tuple(m.model for m in members)), problems
