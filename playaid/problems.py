"""Problems found in input files: values, never exceptions.

Validation everywhere returns lists of `Problem`; only the CLI turns them into text
and exit codes. A problem is first made by the rules core with a `path` into the
document (``("links", 3, "label")``); the loader then pins it to a file, line and
column by looking that path up in the YAML it read.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Iterable, Literal

from .safe_text import clip

Severity = Literal["error", "warning"]
Path = tuple[str | int, ...]


@dataclass(frozen=True)
class Problem:
    severity: Severity
    rule: str
    message: str
    hint: str = ""
    path: Path = ()
    file: str = ""
    line: int = 0
    column: int = 0

    @property
    def is_error(self) -> bool:
        return self.severity == "error"

    def at(self, file: str, line: int, column: int) -> "Problem":
        return replace(self, file=file, line=line, column=column)

    def under(self, prefix: Path) -> "Problem":
        """The same problem, its path moved below `prefix` (a model nested in another)."""
        return replace(self, path=prefix + self.path)

    def as_dict(self) -> dict:
        return {
            "file": self.file,
            "line": self.line,
            "column": self.column,
            "severity": self.severity,
            "rule": self.rule,
            "path": format_path(self.path),
            "message": clip(self.message),
            "hint": clip(self.hint),
        }

    def sort_key(self) -> tuple:
        return (self.file, self.line, self.column, self.rule, self.message)


def error(rule: str, message: str, hint: str = "", path: Path = ()) -> Problem:
    return Problem("error", rule, message, hint, tuple(path))


def warning(rule: str, message: str, hint: str = "", path: Path = ()) -> Problem:
    return Problem("warning", rule, message, hint, tuple(path))


class Needs:
    """`need(ok, message, hint, path)` records an error of `rule` at `path` unless `ok`: how a
    check states a run of requirements, one line each, into its list of `problems`."""

    def __init__(self, problems: list[Problem], rule: str):
        self.problems, self.rule = problems, rule

    def __call__(self, ok: bool, message: str, hint: str = "", path: Path = ()) -> None:
        if not ok:
            self.problems.append(error(self.rule, message, hint, path))


def format_path(path: Path) -> str:
    """``("links", 3, "label")`` → ``links[3].label``."""
    out = ""
    for part in path:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += f".{part}" if out else str(part)
    return out


def has_errors(problems: Iterable[Problem]) -> bool:
    return any(p.is_error for p in problems)


def unique(problems: Iterable[Problem]) -> list[Problem]:
    """Sorted and without repeats: a character file checked on its own and again as
    part of a setup reports each of its problems once."""
    seen: dict[tuple, Problem] = {}
    for p in problems:
        seen.setdefault((p.file, p.line, p.column, p.severity, p.rule, p.message), p)
    return sorted(seen.values(), key=Problem.sort_key)
