"""`playaid net`: paper dice to cut, fold and glue: a game's own die (its `GameSystem.paper_dice`,
a dodecahedron or a cube) or the d6 every d6 game shares, plain or red and green."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

import click

from ..documents import Library
from ..outputs import Batch
from ..render.nets import D6, PaperDie, TooLarge, faces_of, nets_pdf, nets_svgs, settings
from ..render.nets.dice import coloured_by
from ..systems import REGISTRY
from ..systems.base import GameSystem, load
from . import Finite, InputError, out_option, paper_option, print_problems, write_all

EDGE = settings()["edge"]
COLORS = settings()["d6"]["colors"]
D6_NAME = "d6"


def offered() -> dict[str, tuple[GameSystem, str]]:
    """The games' own paper dice, in registry order: name → (game, "module:function"); the
    first game to name a die keeps it, and no game's die takes the d6's name."""
    out: dict[str, tuple[GameSystem, str]] = {}
    for game in REGISTRY.values():
        for name, dotted in game.paper_dice.items():
            if name != D6_NAME:
                out.setdefault(name, (game, dotted))
    return out


OFFERED = offered()


def maker(name: str) -> Callable[[Any], PaperDie | None]:
    """The function giving die `name`'s `PaperDie` (None: its game's own die; or a face file's model)."""
    return load(OFFERED[name][1])


def load_faces(path: str, name: str) -> PaperDie:
    """The die of a `kind: dice` file for die `name`; InputError (after its problems) if it is not valid."""
    game, make = OFFERED[name][0], maker(name)
    own = make(None)  # the game's own die, for the words
    library = Library()
    doc = library.load(path)
    problems = library.problems()
    if any(p.is_error for p in problems):
        print_problems(problems)
        hint = getattr(own, "faces_hint", "")
        raise InputError(f"{path}: not a valid {own.title} face file; fix the problems above"
                         + (f" ({hint})" if hint else ""))
    if doc.system is None or doc.system.id != game.id or doc.kind != "dice":
        raise InputError(f"{path}: --faces takes a {own.title} file (`system: {game.id}`, `kind: dice`); "
                         f"this is a {doc.kind} file")
    print_problems(problems)  # warnings only
    made = make(doc.model)
    if made is None:
        raise InputError(f"{path}: {game.short_title} does not print this file's die; give a {own.title} file")
    return made


def render(die: Any, paper: str, count: int | None, edge: float | None, fmt: str) -> dict[str, bytes]:
    """Every file of one run, by name, computed in memory; InputError if no net fits."""
    faces = faces_of(die)
    stem = f"{faces.stem}-nets"
    try:
        if fmt == "pdf":
            return {f"{stem}.pdf": nets_pdf(faces, paper, count, edge)}
        svgs = nets_svgs(faces, paper, count, edge)
    except TooLarge as exc:
        raise InputError(f"{exc}; use a smaller --edge or larger --paper") from None
    if len(svgs) == 1:
        return {f"{stem}.svg": svgs[0]}
    return {f"{stem}-{i}.svg": svg for i, svg in enumerate(svgs, 1)}


def _games_dice() -> str:
    own = " or ".join(f"{name} ({game.short_title})" for name, (game, _) in OFFERED.items())
    return f"A game's own die, {own}, or a six-sided die." if own else "A six-sided die."


def _colors() -> str:
    owners = " and ".join(g.short_title for g in coloured_by())
    colors = " or ".join(f"{c} dice ({look['marks']} faces marked)" for c, look in COLORS.items())
    return f"{colors}, as {owners} rolls them" if owners else colors


def _edges() -> str:
    own = "".join(f"{maker(name)(None).default_edge:g} for --die {name}, " for name in OFFERED)
    return f"default {own}{EDGE['default']['d6']} for d6"


def _colored_dice() -> str:
    """Whose the coloured d6 are, for a refused --color: "Isolation's red and green dice"."""
    owners = " and ".join(g.short_title for g in coloured_by())
    return f"{owners + chr(39) + 's ' if owners else ''}{' and '.join(COLORS)} dice"


@click.command("net")
@click.option("--faces", "faces_file", type=click.Path(dir_okay=False),
              help="Face file (`kind: dice`) of a game's own die; default: the die as its game prints it.")
@click.option("--die", type=click.Choice([*OFFERED, D6_NAME], case_sensitive=False),
              default=next(iter(OFFERED), D6_NAME), show_default=True, help=_games_dice())
@click.option("--color", type=click.Choice(list(COLORS), case_sensitive=False),
              help=f"With --die d6: {_colors()}.")
@click.option("--edge", type=Finite(EDGE["min"], EDGE["max"]), metavar="MM",
              help=f"Edge of one face in mm, {EDGE['min']} to {EDGE['max']} ({_edges()}).")
@click.option("--count", type=click.IntRange(1, 500), help="How many nets in all (default: one full page).")
@paper_option()
@click.option("--format", "fmt", type=click.Choice(["pdf", "svg"], case_sensitive=False), default="pdf",
              show_default=True, help="PDF to print, or SVG (one file per page, mm) for cutting machines.")
@out_option
def command(faces_file: str | None, die: str, color: str | None, edge: float | None, count: int | None,
            paper: str, fmt: str, out_dir: str) -> None:
    """Print paper dice: nets of a game's own die, or of a d6, to cut, fold and glue.

    Each face shows what the die shows as drawn art (a game's symbols, or pips), placed
    so opposite faces balance (strong with weak; on a d6 they add up to 7) and every
    symbol stands the same way up on the folded die. Cut solid lines, fold dashed ones,
    glue the grey tabs.

    Example: playaid net --count 6 --edge 20 --paper a4

    Example: playaid net --die d6 --color green --format svg
    """
    die, fmt = die.lower(), fmt.lower()
    if die == D6_NAME and faces_file:
        owners = " or ".join(f"the {maker(name)(None).title}" for name in OFFERED) or "a game's own die"
        raise click.BadParameter(f"--faces is for {owners}; a d6 has pips", param_hint="--faces")
    if die != D6_NAME and color:
        raise click.BadParameter(f"--color is for --die d6 ({_colored_dice()})", param_hint="--color")
    if die == D6_NAME:
        chosen: Any = D6(color.lower() if color else None)
    else:
        chosen = load_faces(faces_file, die) if faces_file else maker(die)(None)
    files = render(chosen, paper, count, edge, fmt)
    write_all(out_dir, files)


def net_demo(out: Batch, paper: str) -> list[Path]:
    """`playaid demo`'s nets: one page of each game's own die, one of each coloured d6."""
    files: dict[str, bytes] = {}
    for die in (*(maker(name)(None) for name in OFFERED), *(D6(c) for c in COLORS)):
        files.update(render(die, paper, None, None, "pdf"))
    return [out.write_bytes(name, data) for name, data in files.items()]
