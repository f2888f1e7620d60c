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

    if fmt in answer_formats.FORMATS:
        click.echo(answer_formats.FORMATS[fmt](answer), nl=False)
        return
    click.echo("\n".join(answer.lines))
    if kinds:
        drawn = chart_files.files(answer, stem, kinds)
        if not drawn:
            raise InputError("this answer has no single distribution to draw, so no chart is written; "
                             "ask one roll (the query each line names) with --svg or --png")
        write_all(out_dir, drawn)
