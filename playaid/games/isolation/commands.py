"""`playaid map`: Isolation relationship-map worksheets from a setup, or blank ones."""

from __future__ import annotations

from pathlib import Path

import click

from .maps.worksheet import MAX_CAST, MIN_CAST
from playaid.safe_text import setup_stem
from playaid.commands import InputError, out_option, paper_option, print_problems, write_all

def outputs(setup: str | None, blank: int | None, paper: str, fmt: str) -> dict[str, bytes]:
    """Every file the command writes, by name, computed in memory; InputError when refused."""
    from .maps import (MAX_CAST, MIN_CAST, SetupRefused, blank as blank_sheet, document_title, load_table,
                               pages, writers)
    from .maps.worksheet import from_table

    if blank is not None:
        if not MIN_CAST <= blank <= MAX_CAST:  # the option's type refuses this; the function is public too
            raise InputError(f"--blank {blank}: a map holds {MIN_CAST} to {MAX_CAST} characters; "
                             f"give a number from {MIN_CAST} to {MAX_CAST}")
        sheet, stem = blank_sheet(blank), f"isolation-blank-{blank}"
    else:
        try:
            table, warnings = load_table(setup)
        except SetupRefused as exc:
            print_problems(exc.problems)
            raise InputError(str(exc)) from None
        print_problems(warnings)
        sheet, stem = from_table(table), setup_stem(setup)
    drawn = pages(sheet, paper)
    if fmt == "pdf":
        return {f"{stem}-map.pdf": writers.pdf(drawn, document_title(sheet))}
    return {f"{stem}-{name}.svg": writers.svg(page) for name, page in zip(page_names(drawn), drawn)}


def page_names(drawn: list) -> list[str]:
    """Each page's file name part, from its title: `map`, `map-key-2`, `map-counts`, `dice`,
    `session`, numbered from the second page of a kind that runs on."""
    kinds = {"Relationship map": "map", "Relationship map: key": "map-key",
             "Relationship map: counts per pair": "map-counts", "Dice table": "dice", "Session worksheet": "session"}
    names, seen = [], {}
    for page in drawn:
        kind = kinds[page.title]
        seen[kind] = seen.get(kind, 0) + 1
        if kind == "map-key":  # numbered by page, as the key pages always were
            names.append(f"map-key-{len(names)}")
        else:
            names.append(kind if seen[kind] == 1 else f"{kind}-{seen[kind]}")
    return names


DEMO_SETUP = Path(__file__).parent / "examples" / "farmhouse.yaml"


def demo_outputs(paper: str, setup: Path = DEMO_SETUP) -> dict[str, bytes]:
    """What `playaid demo` writes: the example setup's worksheets and a blank one for 5."""
    return {**outputs(str(setup), None, paper, "pdf"), **outputs(None, 5, paper, "pdf")}


@click.command("map")
@click.argument("setup", required=False, type=click.Path(dir_okay=False))
@click.option("--blank", type=click.IntRange(MIN_CAST, MAX_CAST), metavar="N",
              help=f"A blank worksheet for N characters ({MIN_CAST} to {MAX_CAST}).")
@paper_option("a4", "letter", "a3", "tabloid")
@click.option("--format", "fmt", type=click.Choice(["pdf", "svg"], case_sensitive=False), default="pdf",
              show_default=True, callback=lambda _c, _p, v: v.lower(),
              help="One PDF of every page, or one SVG per page.")
@out_option
def command(setup: str | None, blank: int | None, paper: str, fmt: str, out_dir: str) -> None:
    """Print an Isolation relationship map and the worksheets to run a session from it.

    Page 1 is the map: the characters on a circle, one connector per pair with its
    green (+, solid) and red (−, dashed) link counts, temporary ones in brackets, and
    the link labels beside it or in a numbered key. Page 2 is the dice table, page 3 the
    session worksheet. The setup is checked first, with the messages of
    `playaid validate`. A3 and tabloid print the map as a poster.

    Example: playaid map examples/isolation/farmhouse.yaml --paper a3
    """
    if (setup is None) == (blank is None):
        raise click.UsageError("give a SETUP file or --blank N, not both and not neither")
    files = outputs(setup, blank, paper, fmt)
    write_all(out_dir, files)


def demo_step(out, paper: str) -> list:
    """`playaid demo`'s worksheets, written into the output batch `out`."""
    return [out.write_bytes(name, data) for name, data in demo_outputs(paper).items()]


def map_files(path, paper: str) -> dict[str, bytes]:
    """The studio's "Relationship map": what `playaid map SETUP --paper PAPER` writes."""
    return outputs(str(path), None, paper, "pdf")


BLANK_CAST = 5
"""The studio's blank map is for this many characters (the demo's; `playaid map --blank N`)."""


def blank_map_files(path, paper: str, count: int | None = None) -> dict[str, bytes]:
    """The studio's "Blank relationship map": `playaid map --blank N --paper PAPER`, N the
    number asked for (`BLANK_CAST` when none)."""
    return outputs(None, BLANK_CAST if count is None else count, paper, "pdf")
