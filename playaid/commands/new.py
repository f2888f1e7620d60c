"""`playaid new`: a new character, setup, scene … file, asked for or as a commented starter."""

from __future__ import annotations

import dataclasses
import re
import sys

import click

from ..documents import Library
from ..interview import Interview
from ..outputs import OutputError, OutputFolder
from ..safe_text import path_shown, slug
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


class NewCommand(click.Command):
    """`playaid new`, whose help lists the fixed words a list of each game's files takes (Sapio's
    advancement types): read from the registry's models, so a game added brings its own."""

    def format_epilog(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        from ..fields import hints
        from ..starter import listed_choices

        found = [f"{game} {kind} `{name}`: each one of {', '.join(words)}"
                 for game in REGISTRY for kind, cls in REGISTRY[game].models.items()
                 for name, tp in hints(cls).items() if (words := listed_choices(tp))]
        if found:
            formatter.write_paragraph()
            formatter.write_text("Lists of fixed words:")
            with formatter.indentation():  # \b: unwrapped, so no word is split at its hyphen
                formatter.write_text("\b\n" + "\n".join(found))


@click.command("new", cls=NewCommand)
@click.argument("system", type=GameChoice())
@click.argument("kind", default="character")
@click.option("--blank", is_flag=True,
              help="Write a commented starter with its blanks marked, asking nothing (the default in a pipe).")
@click.option("--ask", is_flag=True,
              help="Ask for every field, even when not on a terminal (answers one per line).")
@out_option
def command(system: str, kind: str, blank: bool, ask: bool, out_dir: str) -> None:
    """Start a new file of KIND (default character) for SYSTEM.

    On a terminal it asks for each field in the order the rules create it, says what is
    allowed and checks every answer as it is given, then checks the whole file against
    the game's rules. In a pipe, or with --blank, it writes a commented starter whose
    blanks are marked FILL IN: the file validates once they are filled. Every answer is
    kept in the file as it is given: an interview stopped half-way leaves a draft.

    Example: playaid new dirt character --blank --out my-table
    """
    if blank and ask:
        raise click.UsageError("--blank writes a starter without asking and --ask asks for every field: "
                               "give one of them")
    game = REGISTRY[system.lower()]
    if kind not in game.models:
        raise click.BadParameter(f"{game.id} files are: {', '.join(game.models)}", param_hint="KIND")
    asking = ask or (not blank and sys.stdin.isatty() and sys.stdout.isatty())
    folder = OutputFolder(out_dir)
    try:
        if not asking:
            path = folder.write_new(f"{game.id}-{kind}", ".yaml", starter_text(game, kind).encode("utf-8"))
            click.echo(f"wrote {path_shown(path)}")
            click.echo(f"next: fill in every FILL IN line, then run: playaid validate {path}")
            return
        _Draft(game, kind, folder).run()
    except OutputError as exc:
        raise InputError(str(exc)) from None


class _Draft:
    """The file being asked for, written out after every answer: what was given is on disk
    whatever stops the interview, and the rules check the file so far after each answer."""

    def __init__(self, game, kind: str, folder: OutputFolder):
        self.game, self.kind, self.folder = game, kind, folder
        self.cls = game.models[kind]
        self.name: str | None = None
        self.path = None
        self.interview = Interview(_prompt, click.echo, check=self.check)

    def write(self, answers: dict):
        if self.name is None:
            self.name = _free_name(self.folder, slug(str(answers.get("name", "")), fallback=f"{self.game.id}-{self.kind}"))
        self.path = self.folder.write_text(self.name, starter_text(self.game, self.kind, answers))
        return self.path

    def check(self, answers: dict) -> list:
        library = Library()
        library.load(self.write(answers))
        return library.problems()

    def run(self) -> None:
        click.echo(f"A new {self.game.title} {self.kind}. Enter leaves an optional field out; Ctrl-C stops "
                   "(the answers given so far are kept).")
        try:
            self._rounds()
        except (click.Abort, EOFError, KeyboardInterrupt):
            if not self.interview.given:
                raise click.Abort() from None
            path = self.write(self.interview.given)
            raise InputError(f"stopped: the answers given so far are in {path}; fill in the lines marked "
                             f"FILL IN, then run: playaid validate {path}") from None

    def _rounds(self) -> None:
        answers = self.interview.model(self.cls)
        for round_ in range(ROUNDS):
            problems = self.check(answers)
            errors = [p for p in problems if p.is_error]
            for p in problems:
                click.echo(format_problem(p))
            if not errors:
                click.echo(f"wrote {path_shown(self.path)}: valid")
                return
            again = _named(self.cls, errors)
            if not again or round_ == ROUNDS - 1:
                break
            click.echo(f"the rules refuse some answers: asked again for {', '.join(sorted(again))}")
            self.interview.model(self.cls, only=again)
        raise InputError(f"wrote {self.path}, but it does not validate yet: fix the problems above, "
                         f"then run: playaid validate {self.path}")
