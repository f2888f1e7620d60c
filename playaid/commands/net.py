"""`playaid net`: paper Spiral dice (dodecahedron nets) and d6 (cube nets) to cut, fold and glue."""

from __future__ import annotations

from pathlib import Path

import click

from ..documents import Library
from ..outputs import Batch
from ..render.nets import D6, TooLarge, nets_pdf, nets_svgs, settings
from playaid.games.sapio.spiral_die import SpiralDie, default_die, die_of
from . import Finite, InputError, out_option, paper_option, print_problems, write_all

EDGE = settings()["edge"]


def load_faces(path: str) -> SpiralDie:
    """The Spiral die of a `kind: dice` file; InputError (after its problems) if it is not valid."""
    library = Library()
    doc = library.load(path)
    problems = library.problems()
    if any(p.is_error for p in problems):
        print_problems(problems)
        raise InputError(f"{path}: not a valid Spiral die face file; fix the problems above "
                         "(twelve faces, each a list of hit, spare and spiral)")
    if doc.system is None or doc.system.id != "sapio" or doc.kind != "dice":
        raise InputError(f"{path}: --faces takes a Spiral die file (`system: sapio`, `kind: dice`); "
                         f"this is a {doc.kind} file")
    print_problems(problems)  # warnings only
    return die_of(doc.model)


def file_stem(die: SpiralDie | D6) -> str:
    if isinstance(die, D6):
        return f"d6-{die.color}-nets" if die.color else "d6-nets"
    return "spiral-die-nets"


def render(die: SpiralDie | D6, paper: str, count: int | None, edge: float | None, fmt: str) -> dict[str, bytes]:
    """Every file of one run, by name, computed in memory; InputError if no net fits."""
    stem = file_stem(die)
    try:
        if fmt == "pdf":
            return {f"{stem}.pdf": nets_pdf(die, paper, count, edge)}
        svgs = nets_svgs(die, paper, count, edge)
    except TooLarge as exc:
        raise InputError(f"{exc}; use a smaller --edge or larger --paper") from None
    if len(svgs) == 1:
        return {f"{stem}.svg": svgs[0]}
    return {f"{stem}-{i}.svg": svg for i, svg in enumerate(svgs, 1)}


@click.command("net")
@click.option("--faces", "faces_file", type=click.Path(dir_okay=False),
              help="Spiral die face file (`kind: dice`); default: the project's Spiral die.")
@click.option("--die", type=click.Choice(["spiral", "d6"], case_sensitive=False), default="spiral",
              show_default=True, help="A twelve-sided Spiral die or a six-sided die.")
@click.option("--color", type=click.Choice(["red", "green"], case_sensitive=False),
              help="With --die d6: Isolation's red dice (odd faces marked) or green dice (even faces marked).")
@click.option("--edge", type=Finite(EDGE["min"], EDGE["max"]), metavar="MM",
              help=f"Edge of one face in mm, {EDGE['min']} to {EDGE['max']} "
                   f"(default {EDGE['default']['spiral']} for Spiral dice, {EDGE['default']['d6']} for d6).")
@click.option("--count", type=click.IntRange(1, 500), help="How many nets in all (default: one full page).")
@paper_option()
@click.option("--format", "fmt", type=click.Choice(["pdf", "svg"], case_sensitive=False), default="pdf",
              show_default=True, help="PDF to print, or SVG (one file per page, mm) for cutting machines.")
@out_option
def command(faces_file: str | None, die: str, color: str | None, edge: float | None, count: int | None,
            paper: str, fmt: str, out_dir: str) -> None:
    """Print paper dice: Spiral die dodecahedron nets, or d6 cube nets, to cut, fold and glue.

    Each face of a Spiral die shows its Hits, Spares and Spirals as drawn symbols, placed so
    opposite faces pair a strong face with a weak one and every symbol stands the same
    way up on the folded die. Cut solid lines, fold dashed ones, glue the grey tabs.

    Example: playaid net --count 6 --edge 20 --paper a4

    Example: playaid net --die d6 --color green --format svg
    """
    die, fmt = die.lower(), fmt.lower()
    if die == "d6" and faces_file:
        raise click.BadParameter("--faces is for the Spiral die; a d6 has pips", param_hint="--faces")
    if die == "spiral" and color:
        raise click.BadParameter("--color is for --die d6 (Isolation's red and green dice)", param_hint="--color")
    if die == "d6":
        chosen: SpiralDie | D6 = D6(color.lower() if color else None)
    else:
        chosen = load_faces(faces_file) if faces_file else default_die()
    files = render(chosen, paper, count, edge, fmt)
    write_all(out_dir, files)


def net_demo(out: Batch, paper: str) -> list[Path]:
    """`playaid demo`'s nets: one page of Spiral dice, one each of red and green d6."""
    files: dict[str, bytes] = {}
    for die in (default_die(), D6("red"), D6("green")):
        files.update(render(die, paper, None, None, "pdf"))
    return [out.write_bytes(name, data) for name, data in files.items()]
