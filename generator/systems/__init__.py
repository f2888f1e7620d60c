"""The rules core: one module per game, all registered here by their ids.

Nothing below this package imports the command line or a renderer.
"""

from __future__ import annotations

from importlib import import_module

from .base import GameSystem

# Order is the order `playaid systems` lists them in (that of the product brief).
_MODULES = ("fight_sphere", "isolation", "sapio", "fight_club", "dirt", "contest")

REGISTRY: dict[str, GameSystem] = {}
for _name in _MODULES:
    _system = import_module(f"{__name__}.{_name}").SYSTEM
    REGISTRY[_system.id] = _system

__all__ = ["REGISTRY", "GameSystem"]
