"""`playaid new`: a new character, setup, scene … file, asked for or as a commented starter."""

from __future__ import annotations

import dataclasses
import re
import sys

import click

from ..documents import Library
from ..interview import Interview
from ..outputs import OutputError, OutputFolder
from ..safe_text import slug
from ..starter import starter_text
from ..systems import REGISTRY
from . import GameChoice, InputError, format_problem, out_option

ROUNDS = 3
"""Times the whole file is checked and the broken answers asked again before it is kept as it is."""


def _free_name(folder: OutputFolder, stem: str) -> str:
    name, n = f"{stem}.yaml", 1
    while folder.path(name).exists():
        n += 1
        name = f"{stem}-{n}.yaml"
    return name


def _named(cls: type, problems: list) -> set[str]:
    """The fields of `cls` that problems point at or name in `backticks` (a rule such as
    "every character has a job" reports at the file, naming the field in its fix)."""
    fields = {f.name for f in dataclasses.fields(cls)}
    named = set()
    for p in problems:
        if p.path and str(p.path[0]) in fields:
            named.add(str(p.path[0]))
        named |= fields & {w.rstrip(":") for w in re.findall(r"`([^`]+)`", f"{p.message} {p.hint}")}
    return named


def _prompt(question: str) -> str:
    return click.prompt(question, default="", show_default=False, prompt_suffix="\n> ")


@click.command("new")
@click.argument("system", type=GameChoice())
@click.argument("kind", default="character")
@click.option("--blank", "mode", flag_value="blank",
              help="Write a commented starter with its blanks marked, asking nothing (the default in a pipe).")
@click.option("--ask", "mode", flag_value="ask",
              help="Ask for every field, even when not on a terminal (answers one per line).")
@out_option
def command(system: str, kind: str, mode: str | None, out_dir: str) -> None:
    """Start a new file of KIND (default character) for SYSTEM.

    On a terminal it asks for each field in the order the rules create it, says what is
    allowed and checks every answer as it is given, then checks the whole file against
    the game's rules. In a pipe, or with --blank, it writes a commented starter whose
    blanks are marked FILL IN: the file validates once they are filled.

    Example: playaid new dirt character --blank --out my-table
    """
    game = REGISTRY[system.lower()]
    if kind not in game.models:
        raise click.BadParameter(f"{game.id} files are: {', '.join(game.models)}", param_hint="KIND")
    asking = mode == "ask" or (mode is None and sys.stdin.isatty() and sys.stdout.isatty())
    folder = OutputFolder(out_dir)
    try:
        if not asking:
            path = folder.write_new(f"{game.id}-{kind}", ".yaml", starter_text(game, kind).encode("utf-8"))
            click.echo(f"wrote {path}")
            click.echo(f"next: fill in every FILL IN line, then run: playaid validate {path}")
            return
        _interview(game, kind, folder)
    except OutputError as exc:
        raise InputError(str(exc)) from None


def _interview(game, kind: str, folder: OutputFolder) -> None:
    cls = game.models[kind]
    interview = Interview(_prompt, click.echo)
    click.echo(f"A new {game.title} {kind}. Enter leaves an optional field out; Ctrl-C stops.")
    answers = interview.model(cls)
    name = _free_name(folder, slug(str(answers.get("name", "")), fallback=f"{game.id}-{kind}"))
    for round_ in range(ROUNDS):
        path = folder.write_text(name, starter_text(game, kind, answers))
        library = Library()
        library.load(path)
        problems = library.problems()
        errors = [p for p in problems if p.is_error]
        for p in problems:
            click.echo(format_problem(p))
        if not errors:
            click.echo(f"wrote {path}: valid")
            return
        again = _named(cls, errors)
        if not again or round_ == ROUNDS - 1:
            break
        click.echo(f"the rules refuse some answers: asked again for {', '.join(sorted(again))}")
        answers.update(interview.model(cls, only=again))
    raise InputError(f"wrote {path}, but it does not validate yet: fix the problems above, "
                     f"then run: playaid validate {path}")
