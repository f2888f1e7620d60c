"""Events the GM declares without dice: what a game's `events` module lists.

An event (a death, the end of a combat, days of rest) is a scene type of its game, resolved
by the game's own `play` like any rolled scene: it returns a `Resolution` whose `changes`
say what the rules change. A game lists its events as `EVENTS`, a tuple of `Event`, so
`playaid event GAME WHAT [WHO] --setup FILE` can build the scene from a command line
without knowing any game: the event says which scene fields WHO, `--setup` and its options
fill.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Literal, Mapping

from .base import GameSystem, load

ParamKind = Literal["int", "text", "flag", "list"]


@dataclass(frozen=True)
class Param:
    """One option of an event on the command line (`--by 2`), and the scene field it fills."""

    option: str
    """The option's name without dashes: `by` is `--by`."""
    key: str
    """The scene field it fills; a dotted name fills a field inside a mapping (`rest.days`)."""
    help: str
    kind: ParamKind = "int"
    """`int` a whole number (a sign allowed), `text`, `flag` (true when given), `list`
    (comma-separated text)."""


@dataclass(frozen=True)
class Event:
    """One event of a game, as a scene type and as `playaid event GAME <name> …`."""

    name: str
    """What the GM types after the game id (`dies`)."""
    summary: str
    """One line for `--help`: what happens, in the rules' words."""
    scene: Mapping[str, Any]
    """The fixed fields of the scene (`{"type": "dies"}`)."""
    who: str | None = None
    """The scene field WHO fills (`who`, `character`, `ends`); None: the event takes no WHO."""
    who_help: str = "the character"
    setup: str | None = "setup"
    """The scene field `--setup` fills; None: the event names no setup."""
    setup_needed: bool = True
    params: tuple[Param, ...] = ()
    example: str = ""
    """The command line after `playaid event GAME`, e.g. `dies Elif --setup table.yaml`."""
    fill: Callable[[dict[str, Any]], dict[str, Any]] | None = None
    """Gives the scene its final shape from the fields set (say, an option that belongs in a
    list entry); None: the fields as set."""


def events_of(system: GameSystem) -> tuple[Event, ...]:
    """The events a game declares (none when it has no `events` module)."""
    if not system.events:
        return ()
    found = load(system.events)
    return tuple(getattr(found, "EVENTS", ()))


def scene_fields(event: Event, game: str, who: str | None, setup: str | None,
                 values: Mapping[str, Any]) -> dict[str, Any]:
    """The scene an event is, as a mapping ready to write as YAML: `system`, `kind`, the
    event's fixed fields, WHO, the setup and every option given (by its scene field)."""
    out: dict[str, Any] = {"system": game, "kind": "scene", **dict(event.scene)}
    if event.setup is not None and setup is not None:
        out[event.setup] = setup
    if event.who is not None and who is not None:
        out[event.who] = who
    for param in event.params:
        if param.option not in values:
            continue
        target, *inner = param.key.split(".")
        if inner:
            out.setdefault(target, {})
            out[target][inner[0]] = values[param.option]
        else:
            out[target] = values[param.option]
    return event.fill(out) if event.fill is not None else out
