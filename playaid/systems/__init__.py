"""What every game plugs into, and the registry: the one list of games, by id.

Nothing below this package imports the command line or a renderer.

Every game — the six that ship with playaid and any installed add-on — is an entry point of
the group `playaid.games` pointing at its `GameSystem` (`[project.entry-points."playaid.games"]
zombies = "playaid_zombies:SYSTEM"`); playaid's own `pyproject.toml` lists its built-ins the
same way. A game is imported only when a command asks for it, and its package is its folder:
the registry fills in what the game leaves to convention (`conventions.py`). An add-on that
fails to load is set aside with the reason, never stopping the others. See
docs/adding-a-game.md.
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Iterator, Mapping
from contextlib import AbstractContextManager
from dataclasses import dataclass

from .base import GameSystem
from .blame import exits_as_errors, marked, working_for
from .conventions import by_convention

GROUP = "playaid.games"
"""The entry-point group every game is published under."""
BUILT_IN = "playaid.games."
"""Where the built-in games live: an entry point into this package is playaid's own."""
RUN_TIME = "added at run time"
"""Where a game added with `REGISTRY.add` comes from (no package to name)."""
NO_ADD_ONS = "PLAYAID_NO_PLUGINS"
"""Set in the environment to ignore installed add-on games (the built-ins stay)."""


def entry_points(group: str) -> list:
    """The installed entry points of `group`, in the order their packages list them."""
    from importlib.metadata import entry_points as installed

    return list(installed(group=group))


@dataclass(frozen=True)
class Broken:
    """An add-on that could not be used: which, from which package, at which step, and why."""

    name: str
    source: str
    step: str
    reason: str

    def line(self) -> str:
        """One line for a terminal: which add-on, from where, at which step, why, and what to do."""
        package = self.source.split()[0] if self.source != RUN_TIME else ""
        fix = f" — update or uninstall {package}" if package and ":" not in package else ""
        return f"game add-on {self.name!r} ({self.source}) disabled at {self.step}: {self.reason}{fix}"


def _origin(ep) -> str:
    """`package version` of the distribution that published an entry point, when known."""
    dist = getattr(ep, "dist", None)
    return f"{dist.name} {dist.version}" if dist is not None else ep.value


class NotInstalled(RuntimeError):
    """playaid's own entry points are not found: its package metadata is missing or stale."""


class Registry(Mapping[str, GameSystem]):
    """The games by id, each imported on first use: rendering one Dirt sheet should not pay
    for loading five other games (a quarter of a second at interpreter start)."""

    def __init__(self, group: str = GROUP) -> None:
        self._group = group
        self._points: dict[str, object] | None = None
        self._loaded: dict[str, GameSystem] = {}
        self._added: list[str] = []
        self.broken: dict[str, Broken] = {}
        """Add-ons set aside, by entry-point name (`playaid systems` lists them with why)."""
        self._told: set[str] = set()

    def _entry_points(self) -> dict[str, object]:
        """The games' entry points by name: the built-ins first, then add-ons (unless turned
        off), each by name; a name taken twice keeps its first holder."""
        if self._points is None:
            found = entry_points(group=self._group)
            found = sorted(found, key=lambda ep: ep.name)
            own = [ep for ep in found if ep.value.startswith(BUILT_IN)]
            if not own:
                raise NotInstalled("playaid's own games are not registered: its install is missing or out "
                                   "of date (a stale playaid.egg-info in this folder, say); reinstall with "
                                   "`make demo` or `pip install -e .` in the project folder")
            others = [] if os.environ.get(NO_ADD_ONS) else [ep for ep in found if not ep.value.startswith(BUILT_IN)]
            self._points = {}
            for ep in [*own, *others]:
                if ep.name in self._points:
                    self._set_aside(ep, "registration", f"the id {ep.name!r} is already taken")
                else:
                    self._points[ep.name] = ep
        return self._points

    def _set_aside(self, ep, step: str, reason: str) -> None:
        self.broken[ep.name] = Broken(ep.name, _origin(ep), step, reason)

    def is_built_in(self, game: str) -> bool:
        ep = self._entry_points().get(game)
        return ep is not None and ep.value.startswith(BUILT_IN)

    def origin(self, game: str) -> str:
        """Where a game comes from: `playaid` for a built-in, else its package and version."""
        ep = self._entry_points().get(game)
        if ep is None:
            return RUN_TIME
        return "playaid" if self.is_built_in(game) else _origin(ep)

    def _load(self, game: str) -> GameSystem | None:
        ep = self._entry_points()[game]
        package = ep.value.partition(":")[0]
        if self.is_built_in(game):  # ours fail loudly: that is a bug to see, not to hide
            return by_convention(ep.load(), package)
        try:
            with exits_as_errors(package):
                system = ep.load()
            if not isinstance(system, GameSystem):
                raise TypeError(f"{ep.value} is a {type(system).__name__}, not a GameSystem")
            if system.id != game:
                raise ValueError(f"it declares the id {system.id!r} under the entry-point name {game!r}")
            # what every command reads of every game (`schema`, `new`) is checked here, once
            for kind, model in system.models.items():
                if not (isinstance(model, type) and dataclasses.is_dataclass(model)):
                    raise TypeError(f"its model {kind!r} is a {type(model).__name__}, not a dataclass")
            return by_convention(system, package)
        except Exception as exc:  # an add-on's failure is its own, whatever it is
            self.disable(game, "loading", f"{type(exc).__name__}: {exc}")
            return None

    def disable(self, game: str, step: str, reason: str) -> None:
        """Set an add-on aside after it failed at `step` (its odds options, its commands …):
        the other games go on. A built-in is never set aside."""
        if self.is_built_in(game):
            raise RuntimeError(f"built-in game {game!r} failed at {step}: {reason}")
        ep = self._entry_points().get(game)
        self.broken[game] = Broken(game, _origin(ep) if ep is not None else RUN_TIME, step, reason)
        self._loaded.pop(game, None)
        if ep is not None:
            del self._points[game]
        if game in self._added:
            self._added.remove(game)

    def unreported(self) -> list[Broken]:
        """The add-ons set aside since the last call: the command line says each once."""
        fresh = [b for name, b in self.broken.items() if name not in self._told]
        self._told.update(b.name for b in fresh)
        return fresh

    def culprit(self, exc: BaseException) -> str | None:
        """The loaded add-on whose code (a module of its package, or a template in its folder)
        an exception (or the one it was raised from) passed through, the innermost frame of the
        first cause looked at first; None when only playaid's own code did. Work done on an
        add-on's behalf (`working_for`) is the add-on's too, whoever's code failed in it."""
        blamed = marked(exc)
        if blamed is not None and not self.is_built_in(blamed[0]):
            return blamed[0]
        roots = {g: _roots(self._loaded[g]) for g in self._loaded if not self.is_built_in(g)}
        if not roots:
            return None
        for frame in reversed(_frames(exc)):
            module = frame.f_globals.get("__name__", "")
            filename = frame.f_code.co_filename
            for game, (modules, folder) in roots.items():
                if any(module == m or module.startswith(m + ".") for m in modules):
                    return game
                if folder is not None and filename.startswith(str(folder) + os.sep):
                    return game
        return None

    def working_for(self, game: str, step: str) -> AbstractContextManager[None]:
        """A block of work on game `game`'s behalf: for an add-on, a failure in it is blamed
        on the add-on at `step`, and it is stopped once it runs over its time (`blame`)."""
        return working_for(game, step, self.is_built_in(game))

    def step(self, exc: BaseException) -> str | None:
        """The step a `working_for` block names for an exception that escaped it, if any."""
        blamed = marked(exc)
        return blamed[1] if blamed else None

    def add(self, system: GameSystem, source: str = "") -> None:
        """Register a game object at run time (a test's throwaway game); an id already taken
        is an error naming where it came from."""
        if system.id in self:
            raise ValueError(f"game {system.id!r}{f' from {source}' if source else ''} is already registered")
        self._loaded[system.id] = by_convention(system, system.package)
        self._added.append(system.id)

    def remove(self, game: str) -> None:
        """Forget a game added with `add`; installed games stay."""
        if game not in self._added:
            raise ValueError(f"{game!r} was not added at run time")
        self._added.remove(game)
        self._loaded.pop(game, None)

    def __getitem__(self, game: str) -> GameSystem:
        if game not in self._loaded:
            if game not in self._entry_points():
                raise KeyError(game)
            system = self._load(game)
            if system is None:
                raise KeyError(game)
            self._loaded[game] = system
        return self._loaded[game]

    def _ids(self) -> list[str]:
        ids = [*self._entry_points(), *self._added]
        # an add-on that fails on loading drops out of the list rather than out of a command
        return [g for g in ids if g in self._loaded or g in self._added or self.is_built_in(g) or self._try(g)]

    def _try(self, game: str) -> bool:
        try:
            self[game]
        except KeyError:
            return False
        return True

    def __iter__(self) -> Iterator[str]:
        return iter(self._ids())

    def __len__(self) -> int:
        return len(self._ids())

    def __contains__(self, game: object) -> bool:
        if not isinstance(game, str):
            return False
        if game in self._loaded or self.is_built_in(game):
            return True
        return game in self._entry_points() and self._try(game)


def _frames(exc: BaseException) -> list:
    """The frames an exception passed through, outermost first, then those of the exception
    it was raised from, and so on."""
    frames, seen = [], set()
    while exc is not None and id(exc) not in seen:
        seen.add(id(exc))
        tb = exc.__traceback__
        while tb is not None:
            frames.append(tb.tb_frame)
            tb = tb.tb_next
        exc = exc.__cause__ or exc.__context__
    return frames


def _roots(system: GameSystem) -> tuple[set[str], object]:
    """The modules a game's code lives in (its package and every module it names) and its folder."""
    named = [system.sheet, system.odds, system.pregen, system.events, system.reference, system.table_dice,
             *(d for _, d in system.packet), *(d for _, d in system.demo), *system.commands.values()]
    modules = {system.package, *(d.partition(":")[0] for d in named if d)} - {None}
    # an add-on may name playaid's own renderers: a failure there is not the add-on's code
    return {m for m in modules if m.split(".")[0] != "playaid"}, system.folder


REGISTRY = Registry()

__all__ = ["REGISTRY", "GameSystem", "Registry", "Broken"]
