"""How `playaid odds` gives one answer: words, JSON, CSV or Markdown, and its chart as files.

A query, a scene and a character are all answered here, so each honours `--format` and
`--svg`/`--png` alike; the game's tables (no query) stay with `odds`.
"""

from __future__ import annotations

import click

from . import InputError, write_all


def check_choices(fmt: str, fmt_given: bool, kinds: tuple[str, ...]) -> None:
    """A usage error for what one answer cannot do: a PDF (that is the tables' handout), or
    numbers printed and a chart written in one go (the "wrote" line would break the numbers)."""
    if fmt_given and fmt == "pdf":
        raise click.UsageError("--format pdf writes the game's tables as a handout; one query prints words, "
                               "or --format json, csv or md; its chart: --svg or --png")
    if kinds and fmt_given:
        raise click.UsageError(f"--format {fmt} prints the numbers and --{kinds[0]} writes the chart: "
                               "ask for one at a time")


def show(answer, fmt: str, kinds: tuple[str, ...], out_dir: str, stem: str) -> None:
    """Print `answer` in `fmt` (words for "pdf", the default); write its chart for each of `kinds`."""
    from ..odds import answer_formats, chart_files

    if kinds and answer.spread is None:
        raise InputError("this answer holds no single roll's distribution, so there is no chart to write; "
                         "ask one roll with its dice (`playaid odds GAME --help`) and --svg or --png")
    if fmt in answer_formats.FORMATS:
        click.echo(answer_formats.FORMATS[fmt](answer), nl=False)
        return
    click.echo("\n".join(answer.lines))
    if kinds:
        write_all(out_dir, chart_files.files(answer, stem, kinds))


def character_answer(system: str, game, path: str):
    """`--character FILE`: the game's answer for that character's own actions, or why not."""
    from ..documents import Library
    from ..systems import REGISTRY
    from . import print_problems

    title = REGISTRY[system].title
    if not hasattr(game, "for_character"):
        why = getattr(game, "NO_CHARACTER", "") or f"it has no checks a character makes alone; " \
            f"`playaid odds {system} --help` lists the situations it answers"
        raise InputError(f"--character: {title} has no chances of a character's own: {why}")
    doc = Library().load(path)
    if doc.system is not None and (doc.system.id != system or doc.kind != "character"):
        raise InputError(f"{path}: a {doc.system.id} {doc.kind or 'file'}, not a {system} character; "
                         f"give a file with `system: {system}` holding a character")
    if not doc.valid:
        print_problems(doc.problems)
        raise InputError(f"{path}: cannot compute this character's chances; fix the problems above")
    return game.for_character(doc.model)
