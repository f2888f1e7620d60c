"""Resolving a scene file: load and check it, then hand it to its game's procedure."""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path
from typing import Callable, Sequence

from .documents import Library
from .problems import Problem, error
from .systems.play import Resolution, Rolled, Roller, RollRefused
from . import source as yaml_source


def resolve_scene(path: str | Path, seed: int | None, typed: Sequence[int] | None = None,
                  ask: Callable[[int, Rolled], int] | None = None,
                  text: str | None = None) -> tuple[Resolution | None, list[Problem], int | None]:
    """The resolution of the scene at `path`, every problem met, and the seed used.

    `typed` (the dice rolled at the table, in the order the steps take them) or `ask`
    (asked for each die) replace random dice and the scene's listed ones. The seed is
    None when nothing was drawn at random (dice given or replayed, or none needed).
    `text`, when given, is the scene itself (built in memory by `playaid event`), read as
    if it were the file at `path`.
    """
    library = Library()
    doc = library.load(path, text=text)
    problems = library.problems()
    if any(p.is_error for p in problems):
        return None, problems, None
    if doc.kind != "scene":
        return None, problems + [error(
            "roll.not-a-scene", f"this is a {doc.kind} file, not a scene",
            "`playaid roll` takes a file with `kind: scene`").at(doc.name, 1, 1)], None
    system = doc.system
    if system is None or system.play is None:
        title = system.title if system else "this game"
        return None, problems + [error(
            "roll.not-playable", f"{title} scenes cannot be resolved yet", "").at(doc.name, 1, 1)], None
    used_seed = seed if seed is not None else random.SystemRandom().randrange(2**31)
    rng = Roller(used_seed, typed, ask)
    try:
        result = system.play(doc.model, library.resolver(path, doc), rng)
        rng.check_used_up()
    except RollRefused as exc:
        if not exc.problem.path and rng.at_table:  # about the dice given, not a line of the file
            return None, problems + [exc.problem.at(doc.name, 0, 0)], None
        src, _ = yaml_source.read(Path(path), doc.name) if text is None else yaml_source.compose(text, doc.name)
        problem = src.pin(exc.problem) if src else exc.problem.at(doc.name, 1, 1)
        return None, problems + [problem], None
    result = replace(result, rolled=tuple(rng.rolled))
    return result, problems, used_seed if rng.used and not result.replayed else None


def format_resolution(result: Resolution, seed: int | None, at_table: bool = False) -> str:
    """The resolution as a table reads it: summary, numbered steps, sheet changes, outcome."""
    lines = [result.summary, ""]
    lines += [f"{i:>2}. {step.text}" for i, step in enumerate(result.steps, 1)]
    if result.changes:
        lines += ["", "On the sheets:"] + [f"  - {c.text}" for c in result.changes]
    lines += ["", f"outcome: {result.outcome}"]
    faces = ",".join(str(r.value) for r in result.rolled)
    if seed is not None:
        lines.append(f"seed: {seed} (roll again the same way with --seed {seed})")
    if at_table:
        lines.append(f"dice: as rolled at the table ({faces or 'none needed'})")
    elif result.replayed:
        lines.append("dice: as listed in the scene")
    elif faces:
        lines.append(f"dice in the order taken: {faces} (type dice rolled at the table the same way: --dice)")
    return "\n".join(lines)
