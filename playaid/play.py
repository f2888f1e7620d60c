"""Resolving a scene file: load and check it, then hand it to its game's procedure."""

from __future__ import annotations

import random
from pathlib import Path

from .documents import Library
from .problems import Problem, error
from .systems.play import Resolution, RollRefused
from . import source as yaml_source


def resolve_scene(path: str | Path, seed: int | None) -> tuple[Resolution | None, list[Problem], int | None]:
    """The resolution of the scene at `path`, every problem met, and the seed used.

    The seed is None when nothing was drawn at random (the scene's listed dice were
    replayed, or the procedure needs no dice).
    """
    library = Library()
    doc = library.load(path)
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
    rng = _Watched(used_seed)
    try:
        result = system.play(doc.model, library.resolver(path, doc), rng)
    except RollRefused as exc:
        src, _ = yaml_source.read(Path(path), doc.name)
        problem = src.pin(exc.problem) if src else exc.problem.at(doc.name, 1, 1)
        return None, problems + [problem], None
    return result, problems, used_seed if rng.used and not result.replayed else None


class _Watched(random.Random):
    """Notes whether anything was drawn: a seed is worth printing only if it was."""

    used = False

    def random(self) -> float:
        self.used = True
        return super().random()

    def getrandbits(self, k: int) -> int:
        self.used = True
        return super().getrandbits(k)


def format_resolution(result: Resolution, seed: int | None) -> str:
    """The resolution as a table reads it: summary, numbered steps, sheet changes, outcome."""
    lines = [result.summary, ""]
    lines += [f"{i:>2}. {step.text}" for i, step in enumerate(result.steps, 1)]
    if result.changes:
        lines += ["", "On the sheets:"] + [f"  - {c.text}" for c in result.changes]
    lines += ["", f"outcome: {result.outcome}"]
    if seed is not None:
        lines.append(f"seed: {seed} (roll again the same way with --seed {seed})")
    elif result.replayed:
        lines.append("dice: as listed in the scene")
    return "\n".join(lines)
