"""The rules core: one module per game, all registered here by their ids.

Nothing below this package imports the command line or a renderer.

The registry is the one list of games. Built-in games are the lines of `_MODULES`;
a game packaged on its own joins through the entry-point group `playaid.games`
(`[project.entry-points."playaid.games"] zombies = "playaid_zombies:SYSTEM"`), read only
when a command needs every game or meets an id it does not know. See
docs/adding-a-game.md.
"""

from __future__ import annotations

import os
import warnings
from collections.abc import Iterator, Mapping
from importlib import import_module

from .base import GameSystem

# Order is the order `playaid systems` lists them in (that of the product brief).
_MODULES = {"fight-sphere": "fight_sphere", "isolation": "isolation", "sapio": "sapio",
            "fight-club": "fight_club", "dirt": "dirt", "contest": "contest"}
GROUP = "playaid.games"
"""The entry-point group add-on games are published under."""
NO_ADD_ONS = "PLAYAID_NO_PLUGINS"
"""Set in the environment to ignore installed add-on games (the test suite does)."""


def entry_points(group: str) -> list:
    """The installed entry points of `group`; importlib.metadata is imported only when a
    command needs every game, as it costs a sheet's start-up several modules."""
    from importlib.metadata import entry_points as installed

    return list(installed(group=group))


class Registry(Mapping[str, GameSystem]):
    """The games by id, each built-in imported on first use: rendering one Dirt sheet should
    not pay for loading five other games (a quarter of a second at interpreter start)."""

    def __init__(self, modules: Mapping[str, str], group: str = GROUP) -> None:
        self._modules = dict(modules)
        self._loaded: dict[str, GameSystem] = {}
        self._group = group
        self._discovered = False

    def package_name(self, game: str) -> str | None:
        """The module name of a built-in game's package under `playaid.systems` (None for others)."""
        return self._modules.get(game)

    def add(self, system: GameSystem, source: str = "") -> None:
        """Register a game object; an id already taken is an error naming where it came from."""
        if system.id in self:
            raise ValueError(f"game {system.id!r}{f' from {source}' if source else ''} is already registered")
        self._loaded[system.id] = system

    def remove(self, game: str) -> None:
        """Forget a game added with `add` (a test's throwaway game); built-ins stay."""
        if game in self._modules:
            raise ValueError(f"{game!r} is a built-in game")
        self._loaded.pop(game, None)

    def _discover(self) -> None:
        """Load the add-on games of the entry-point group, once: a broken or clashing add-on
        is skipped with a warning, so it never stops the command line."""
        if self._discovered:
            return
        self._discovered = True
        if os.environ.get(NO_ADD_ONS):
            return
        for ep in sorted(entry_points(group=self._group), key=lambda e: e.name):
            try:
                system = ep.load()
                if not isinstance(system, GameSystem):
                    raise TypeError(f"{ep.value} is not a GameSystem")
                self.add(system, ep.value)
            except Exception as exc:  # an add-on's failure is its own, whatever it is
                warnings.warn(f"game add-on {ep.name!r} skipped: {exc}", stacklevel=2)

    def __getitem__(self, game: str) -> GameSystem:
        if game not in self._loaded:
            if game not in self._modules:
                self._discover()
                if game not in self._loaded:
                    raise KeyError(game)
                return self._loaded[game]
            system = import_module(f"{__name__}.{self._modules[game]}").SYSTEM
            assert system.id == game, f"{self._modules[game]} declares {system.id}, registered as {game}"
            self._loaded[game] = system
        return self._loaded[game]

    def _ids(self) -> list[str]:
        self._discover()
        return [*self._modules, *(g for g in self._loaded if g not in self._modules)]

    def __iter__(self) -> Iterator[str]:
        return iter(self._ids())

    def __len__(self) -> int:
        return len(self._ids())

    def __contains__(self, game: object) -> bool:
        if not isinstance(game, str):
            return False
        if game in self._modules or game in self._loaded:
            return True
        self._discover()
        return game in self._loaded


REGISTRY = Registry(_MODULES)

__all__ = ["REGISTRY", "GameSystem", "Registry"]
