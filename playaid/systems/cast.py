"""The cast of a setup or scene, shared by every game.

A setup lists its characters inline or as files relative to itself. Inline characters
are checked by the game's character rules right here (their problems point into the
setup); characters from files are checked when their file is loaded.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass
from typing import Any, Callable, Iterable

from ..problems import Path, Problem, error, format_path
from .base import Resolver


@dataclass(frozen=True)
class Member:
    model: Any
    path: Path
    """Where the setup names this character."""

    @property
    def name(self) -> str:
        return self.model.name


def resolve_cast(entries: Iterable[Any], resolver: Resolver,
                 check_character: Callable[[Any, Resolver], list[Problem]],
                 at: Path = ("characters",)) -> tuple[list[Member], list[Problem]]:
    """The characters a setup lists, each once, with the problems of the list itself."""
    members: list[Member] = []
    problems: list[Problem] = []
    seen: dict[str, Path] = {}
    for i, entry in enumerate(entries):
        here = at + (i,)
        if isinstance(entry, str):
            model = resolver.resolve(entry, "character", here)
        else:
            model = entry
            problems.extend(p.under(here) for p in check_character(entry, resolver))
        if model is None:
            continue
        key = model.name.casefold()
        if key in seen:
            problems.append(error(
                "setup.duplicate-character", f"{model.name} is in the cast twice",
                f"remove one of the two entries (the first is {format_path(seen[key])})", here))
            continue
        seen[key] = here
        members.append(Member(model, here))
    return members, problems


def find(members: Iterable[Member], name: str, at: Path, role: str = "character",
         rule: str = "scene.unknown-character") -> tuple[Member | None, list[Problem]]:
    """The member called `name`, or a problem (`rule`) naming who is in the cast."""
    by_name = {m.name.casefold(): m for m in members}
    if name.casefold() in by_name:
        return by_name[name.casefold()], []
    names = [m.name for m in members]
    close = difflib.get_close_matches(name, names, n=1, cutoff=0.6)
    hint = f"did you mean `{close[0]}`?" if close else (
        "the cast is: " + ", ".join(names) if names else "the setup has no characters")
    return None, [error(rule, f"{role} `{name}` is not in the cast", hint, at)]

