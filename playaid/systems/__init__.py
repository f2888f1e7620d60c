"""The rules core: one module per game, all registered here by their ids.

Nothing below this package imports the command line or a renderer.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from importlib import import_module

from .base import GameSystem

# Order is the order `playaid systems` lists them in (that of the product brief).
_MODULES = {"fight-sphere": "fight_sphere", "isolation": "isolation", "sapio": "sapio",
            "fight-club": "fight_club", "dirt": "dirt", "contest": "contest"}


class Registry(Mapping[str, GameSystem]):
    """The games by id, each imported on first use: rendering one Dirt sheet should not
    pay for loading five other games (a quarter of a second at interpreter start)."""

    def __init__(self, modules: Mapping[str, str]) -> None:
        self._modules = dict(modules)
        self._loaded: dict[str, GameSystem] = {}

    def __getitem__(self, game: str) -> GameSystem:
        if game not in self._loaded:
            system = import_module(f"{__name__}.{self._modules[game]}").SYSTEM
            assert system.id == game, f"{self._modules[game]} declares {system.id}, registered as {game}"
            self._loaded[game] = system
        return self._loaded[game]

    def __iter__(self) -> Iterator[str]:
        return iter(self._modules)

    def __len__(self) -> int:
        return len(self._modules)

    def __contains__(self, game: object) -> bool:
        return isinstance(game, str) and game in self._modules


REGISTRY = Registry(_MODULES)

__all__ = ["REGISTRY", "GameSystem", "Registry"]
