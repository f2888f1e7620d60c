"""A game's pieces found by convention in its folder, so its `GameSystem` declares only
what differs (Django's apps, Sphinx's extensions: one shape, whoever wrote it).

In the package `P` that holds a game's `SYSTEM`:

| piece | module or folder | `GameSystem` field it fills |
|---|---|---|
| the sheet's data | `P.sheet` | `sheet` |
| the odds | `P.odds` | `odds` |
| pre-built characters | `P.pregen` | `pregen` |
| events declared without dice | `P.events` | `events` |
| templates (`sheets/<id>.html`, `reference/<id>.html`, `sheets/motifs/<id>.svg`) | `P/templates/` | `templates` |
| bundled examples | `P/examples/` | `examples` |
| data tables | `P/data/` | `GameSystem.data` |

A field the game sets itself wins; a piece that is not there leaves its field empty. An
add-on written before this convention, naming folders by path (`examples=`, `templates=`),
still works; a `DeprecationWarning` says so, which Python shows under `-W` and in tests only.
"""

from __future__ import annotations

import warnings
from dataclasses import replace
from importlib.util import find_spec
from pathlib import Path

from .base import GameSystem, folder_of

MODULES = ("sheet", "odds", "pregen", "events")
FOLDERS = ("templates", "examples")


def _module(package: str, name: str) -> str | None:
    dotted = f"{package}.{name}"
    try:
        return dotted if find_spec(dotted) is not None else None
    except ModuleNotFoundError:  # a game registered under a package that cannot be imported itself
        return None


def by_convention(system: GameSystem, package: str | None) -> GameSystem:
    """`system` with every piece it left empty taken from its package's folder."""
    if not package:
        return system
    folder = folder_of(package)
    for name in FOLDERS:
        given = getattr(system, name)
        if given is not None and (folder is None or Path(given) != folder / name):
            warnings.warn(f"game {system.id!r} names its {name} folder (`{name}=`): put it in `{name}/` in the "
                          "game's package and leave the field out", DeprecationWarning, stacklevel=2)
    found: dict[str, object] = {"package": package}
    for name in MODULES:
        if getattr(system, name) is None:
            found[name] = _module(package, name)
    for name in FOLDERS:
        if getattr(system, name) is None and folder is not None and (folder / name).is_dir():
            found[name] = str(folder / name)
    return replace(system, **found)
