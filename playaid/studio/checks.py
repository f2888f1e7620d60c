"""A file of the folder checked by playaid's own loader and rules, as `playaid validate` does.

The same `Library` the command line uses reads the file (with its size cap, nesting limit
and refusals), builds the model and runs the game's checks, so a problem in the studio is
word for word the one the command line prints. Unsaved text from the editor stands for
the file (`Library.load(text=…)`), so the files it names resolve the same way.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from ..documents import Document, Library
from ..problems import Problem, format_path


@dataclass
class Checked:
    rel: str
    doc: Document
    problems: list[Problem] = field(default_factory=list)
    """Every problem, the files this one names included (as `playaid validate FILE`)."""

    @property
    def errors(self) -> int:
        return sum(p.is_error for p in self.problems)

    @property
    def warnings(self) -> int:
        return len(self.problems) - self.errors

    @property
    def state(self) -> str:
        """`valid`, `2 warnings`, `1 error, 1 warning` …: what the index shows."""
        if not self.problems:
            return "valid"
        parts = []
        if self.errors:
            parts.append(f"{self.errors} error{'s' * (self.errors != 1)}")
        if self.warnings:
            parts.append(f"{self.warnings} warning{'s' * (self.warnings != 1)}")
        return ", ".join(parts)

    def own(self) -> list[Problem]:
        """The problems in this file itself (those of files it names are listed apart)."""
        return [p for p in self.problems if p.file == self.rel]

    def elsewhere(self) -> list[Problem]:
        return [p for p in self.problems if p.file != self.rel]

    def by_field(self) -> dict[str, list[Problem]]:
        """This file's problems by the field they name (`stats.mental`, `links[3].label`; "" for the file)."""
        out: dict[str, list[Problem]] = {}
        for p in self.own():
            out.setdefault(format_path(p.path), []).append(p)
        return out


def check(path: Path, rel: str, text: str | None = None) -> Checked:
    """`path` (shown as `rel`) checked as saved, or as `text` when the editor has changed it."""
    library = Library()
    if text is None:
        doc = library.load(path, rel)
    else:
        # the text stands for the file: the loader's own limits, the names in it taken
        # relative to the file, and nothing written beside it (a read-only folder, or one
        # not made yet, is still checked)
        doc = library.load(path, rel, text=text)
    return Checked(rel, doc, library.problems())
