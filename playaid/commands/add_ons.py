"""Add-on games kept apart from the rest: one that fails (its commands, its sheet, its demo
step …) is set aside with one line saying why, and the command goes on without it.

A built-in that fails is playaid's own bug and stays loud: only code an add-on brought (a
module of its package, a template in its folder) is blamed on the add-on.
"""

from __future__ import annotations

import click

from ..safe_text import shown
from ..systems import REGISTRY
from ..systems.base import load

QUIET = (click.exceptions.ClickException, click.exceptions.Exit, click.exceptions.Abort, SystemExit,
         KeyboardInterrupt)
"""What a command raises on purpose: its exit code and message are already chosen."""


def game_commands(taken: set[str]) -> dict[str, tuple[str, str]]:
    """The games' own commands (`GameSystem.commands`): name → (game, "module:attr"). An
    add-on naming one of playaid's commands (`taken`) or another game's is set aside."""
    found: dict[str, tuple[str, str]] = {}
    for game in list(REGISTRY):
        if game not in REGISTRY:  # set aside while this loop ran
            continue
        commands = REGISTRY[game].commands
        clash = sorted(n for n in commands if n in taken or n in found)
        if clash and not REGISTRY.is_built_in(game):
            REGISTRY.disable(game, "commands", f"its command {clash[0]!r} is already playaid's or another game's; "
                             "rename it in the add-on's GameSystem.commands")
            continue
        found.update((name, (game, dotted)) for name, dotted in commands.items())
    return found


def load_command(game: str, dotted: str) -> click.Command | None:
    """A game's own command, or None once an add-on whose command fails to load is set aside."""
    try:
        command = load(dotted)
        if not isinstance(command, click.Command):
            raise TypeError(f"{dotted} is a {type(command).__name__}, not a click command")
        return command
    except Exception as exc:
        if REGISTRY.is_built_in(game):
            raise
        REGISTRY.disable(game, "commands", f"{type(exc).__name__}: {exc}")
        return None


def guarded(invoke, ctx: click.Context, step: str):
    """`invoke(ctx)`, run once more without an add-on whose code failed in it (the demo goes
    on for every other game; a file of that game then meets "installed but disabled"); each
    add-on set aside is said once on stderr."""
    saved = (list(ctx._protected_args), list(ctx.args))
    try:
        while True:  # ends: each round sets one loaded add-on aside, or returns, or raises
            try:
                return invoke(ctx)
            except QUIET:
                raise
            except Exception as exc:
                game = REGISTRY.culprit(exc)
                if game is None:
                    raise
                inner = REGISTRY.step(exc)  # where within the command, when the work said so
                REGISTRY.disable(game, step if inner in (None, step) else f"{step} ({inner})",
                                 f"{type(exc).__name__}: {exc}")
                ctx._protected_args, ctx.args = list(saved[0]), list(saved[1])
    finally:
        tell()


def tell() -> None:
    """Say, on stderr, each add-on set aside that was not said yet."""
    for broken in REGISTRY.unreported():
        click.echo(f"warning: {shown(broken.line())}", err=True)


def listing() -> list[str]:
    """`playaid systems`: each game with where it comes from, then the add-ons set aside."""
    ids = list(REGISTRY)
    width = max(len(g) for g in ids)
    lines = []
    for game in ids:
        s = REGISTRY[game]
        origin = "" if REGISTRY.is_built_in(game) else f"  [add-on: {REGISTRY.origin(game)}]"
        lines.append(f"{s.id:<{width}}  {s.title}{origin}")
        if s.summary:
            lines.append(f"{'':<{width}}  {s.summary}")
        lines.append(f"{'':<{width}}  files: {', '.join(s.models)}")
    for broken in REGISTRY.broken.values():
        lines.append(f"{broken.name:<{width}}  disabled add-on ({broken.source}), at {broken.step}: {broken.reason}")
    return lines
