"""A game's data tables: the YAML files of `data/` in its folder (`GameSystem.data`).

Generic code (the pregen framework, the packet cover, the odds handout) reads a game's
data only through here, by game id, so an add-on's `data/` folder is read exactly like a
built-in game's.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

import yaml

from .systems import REGISTRY


def data_file(game: str, name: str) -> Path | None:
    """The file `name` of game `game`'s `data/` folder; None when there is no such game or file."""
    if game not in REGISTRY:
        return None
    folder = REGISTRY[game].data
    path = folder / name if folder is not None else None
    return path if path is not None and path.is_file() else None


def shown(game: str, name: str) -> str:
    """Where a reader finds a game's data file, as a path inside its package
    (`playaid/games/isolation/data/pregen-map.yaml`): never a path of this machine."""
    package = REGISTRY[game].package or game
    return f"{package.replace('.', '/')}/data/{name}"


def read(game: str, name: str) -> Any | None:
    """The data of `name` in game `game`'s `data/` folder, read once; None without the file."""
    path = data_file(game, name)
    return _load(path) if path is not None else None


@cache
def _load(path: Path) -> Any:
    # keyed by the file, not the game id: a game added at run time (a test's) under an id
    # used before still reads its own folder
    return yaml.safe_load(path.read_text(encoding="utf-8"))
