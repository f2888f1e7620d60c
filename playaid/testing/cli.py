"""Running playaid as a test does: the command line in-process, a game's example files."""

from __future__ import annotations

from pathlib import Path

from ..systems.base import GameSystem


def run(*args: str):
    """`playaid ARGS` in-process → click's `Result` (exit code, output); an exception that
    escapes is raised, not hidden in the result."""
    from click.testing import CliRunner

    from ..cli import cli

    return CliRunner().invoke(cli, [str(a) for a in args], catch_exceptions=False)


def example_files(game: GameSystem, kinds: bool = False) -> list:
    """The YAML files of a game's `examples/` folder, sorted; with `kinds`, (file, kind)
    pairs, the kind as the file states it (`character` when it states none)."""
    import yaml

    folder = Path(game.examples) if game.examples else None
    files = sorted(folder.rglob("*.yaml")) if folder is not None and folder.is_dir() else []
    if not kinds:
        return files
    found = []
    for f in files:
        top = yaml.safe_load(f.read_text(encoding="utf-8"))
        found.append((f, top.get("kind", "character") if isinstance(top, dict) else None))
    return found
