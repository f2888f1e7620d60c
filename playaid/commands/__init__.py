"""What every command shares: the bad-input exception, problem printing, common options.

Each rendering command lives in a module of its own here, exposing `command` (the click
command that `playaid.cli` registers).
"""

from __future__ import annotations

import json
import math
import os
import sys
from contextlib import contextmanager
from pathlib import Path
from typing import Callable, Iterable

import click

from ..outputs import OutputError, OutputFolder
from ..problems import Problem, format_path
from ..safe_text import clip, json_safe, path_shown, shown, terminal


class InputError(click.ClickException):
    """Bad input: printed as a message, exit code 1."""

    exit_code = 1

    def format_message(self) -> str:
        return terminal(clip(self.message))


class Finite(click.FloatRange):
    """A float option that refuses `nan` and `inf` (Python's float() takes both), with
    bounds (give them: `--help` shows the range, and an open end would read "x<=None"):
    every float option of every command uses it."""

    def __init__(self, min: float, max: float):
        super().__init__(min, max)

    def convert(self, value, param, ctx):
        number = click.FLOAT.convert(value, param, ctx)
        if not math.isfinite(number):
            self.fail(f"{value!r} is not a finite number", param, ctx)
        return super().convert(number, param, ctx)


def disabled(name: str) -> str:
    """Why game `name` is an add-on installed but set aside; "" when it is not one."""
    from ..systems import REGISTRY

    asked = name.lower()
    if asked not in REGISTRY.broken or asked in REGISTRY:
        return ""
    broken = REGISTRY.broken[asked]
    return (f"the add-on {asked} is installed but disabled: {broken.reason}; update or reinstall "
            f"{broken.source}, or name another game (`playaid systems` lists them)")


class GameChoice(click.Choice):
    """A game id, case-insensitive, from the games registered when the command runs (not when
    it was defined). With `having` (a capability such as `odds`), only the chosen game is
    loaded to check it has it: listing the ids loads no game."""

    def __init__(self, having: str | None = None):
        self.having = having
        super().__init__((), case_sensitive=False)

    @property
    def choices(self) -> tuple[str, ...]:
        from ..systems import REGISTRY

        return tuple(REGISTRY)

    @choices.setter
    def choices(self, _value) -> None:
        pass  # click's constructor sets a fixed list; the registry is the list

    def convert(self, value, param, ctx):
        from ..systems import REGISTRY

        why = disabled(str(value))
        if why:  # installed, but set aside: say why
            self.fail(why, param, ctx)
        game = super().convert(value, param, ctx)
        if self.having and not getattr(REGISTRY[game.lower()], self.having):
            able = ", ".join(g for g in REGISTRY if getattr(REGISTRY[g], self.having))
            self.fail(f"{game} has no {self.having}; games with one: {able}", param, ctx)
        return game


def format_problem(p: Problem) -> str:
    """`FILE:LINE:COL: severity [rule] message` and its fix, safe to print: each part on one
    line, control characters escaped, long quoted values shortened."""
    where = f"{shown(p.file)}:{p.line}:{p.column}" if p.line else shown(p.file)
    field = format_path(p.path)
    text = f"{where}: {p.severity} [{p.rule}] {shown(p.message)}"
    if field and f"`{field}" not in p.message:
        text += f" (at `{shown(field)}`)"
    if p.hint:
        text += f"\n    fix: {shown(p.hint)}"
    return text


def print_problems(problems: list[Problem]) -> None:
    for p in problems:
        click.echo(format_problem(p))


def warn(note: str) -> None:
    """A warning that does not stop the command, on stderr, safe to print like a problem."""
    click.echo(f"warning: {shown(note)}", err=True)


def json_text(data) -> str:
    """JSON for a terminal or a pipe: non-ASCII kept readable, C1 controls escaped too."""
    return json_safe(json.dumps(data, indent=2, ensure_ascii=False))


class OutFolder(click.Path):
    """A folder to write into, made if missing: not empty text (which would mean the
    current folder, unasked) and not something that exists and is no folder."""

    name = "folder"

    def __init__(self) -> None:
        super().__init__(file_okay=False)

    def convert(self, value, param, ctx):
        if not str(value).strip():
            self.fail("an empty folder name; name a folder, e.g. output (use . for the current folder)", param, ctx)
        # the shell expands `~` only where it stands unquoted; a variable or a quoted name keeps it
        value = os.path.expanduser(value) if isinstance(value, str) else value
        try:
            exists_as_other = os.path.exists(value) and not os.path.isdir(value)
        except (OSError, ValueError):
            exists_as_other = False  # too long, say: writing will say why, with exit 1
        if exists_as_other:
            self.fail(f"{shown(str(value))} is not a folder; name a folder (it is made if missing)", param, ctx)
        return super().convert(value, param, ctx)


def short_names(names: list[str]) -> list[str]:
    """`names` from the command line (`--players`), or a usage error if one could not stand
    in a players file: longer than `limits.NAME`, or unfit (`convention.names.unfit`)."""
    from ..limits import NAME

    from ..convention.names import unfit

    if any(len(n) > NAME for n in names):
        raise click.BadParameter(f"a player's name holds at most {NAME} characters, like a name in a file")
    for name in names:
        if why := unfit(name):  # the checks of a players file: no control, override or letterless name
            raise click.BadParameter(f"`{terminal(name, lines=False)}`: {why[0]}; {why[1]}")
    return names


NAME_LIST_FILES = (".txt", ".csv", ".tsv", ".list", ".yaml", ".yml")


def names_not_a_file(ctx: click.Context, value: str) -> None:
    """Refuse a file name given where names are: `--players seats.txt` would seat one
    player called `seats.txt` (and then say "--players names 1")."""
    text = value.strip()
    if "," in text or not (text.lower().endswith(NAME_LIST_FILES) or os.path.isfile(text)):
        return
    with_file = any("--players-file" in p.opts for p in ctx.command.get_params(ctx))
    instead = f"; for a file of names (one a line, or a .csv table), use --players-file {text}" if with_file else ""
    raise click.BadParameter(f"`{shown(text)}` is a file name: --players takes the names themselves, separated by "
                             f"commas, e.g. --players Ann,Ben,Cat{instead}")


def out_option(func):
    """`--out DIR`, default `output`."""
    return click.option("--out", "out_dir", default="output", show_default=True,
                        type=OutFolder(), help="Folder to write into.")(func)


def paper_option(*choices: str, default: str = "a4"):
    """`--paper` limited to `choices` (default a4, letter)."""
    names = list(choices or ("a4", "letter"))

    def decorate(func):
        return click.option("--paper", type=click.Choice(names, case_sensitive=False), default=default,
                            show_default=True, callback=lambda _c, _p, v: v.lower(),
                            help="Paper size.")(func)

    return decorate


def write_all(out_dir: str, files: dict[str, bytes], streamed: Iterable[tuple[str, bytes]] = (),
              size_of: Callable[[str], str | None] | None = None) -> list:
    """Write every `name → bytes` into the output folder, all or nothing; print each path.

    All content is computed before this is called, so a refused input writes nothing;
    `streamed` files are made while they are written (each to its temporary file as it
    comes, so a large batch never waits whole in memory), and an error making one leaves none.
    `size_of(name)` names the page size of a file not printed on the command's paper (a
    print shop's one-card pages); None keeps the paper.
    """
    from .. import manifest

    try:
        with OutputFolder(out_dir).batch() as batch:
            written = [batch.write_bytes(name, data) for name, data in files.items()]
            came = {name: batch.write_bytes(name, data) for name, data in streamed}
            written += list(came.values())
    except OutputError as exc:
        raise InputError(str(exc)) from None
    reads, said = manifest.active(), []
    try:
        said = manifest.record(out_dir, {**files, **came}, reads) if reads is not None else []
    except OutputError as exc:  # the prints are written: only `reprint` loses track of them
        warn(f"{manifest.MANIFEST} not updated ({exc}); `playaid reprint` will not know these files")
    paper = paper_label()
    for path in written:
        size = size_of(Path(path).name) if size_of else None
        click.echo(f"wrote {path_shown(path)} ({size})" if size else wrote_line(path, paper))
    for line in said:
        click.echo(shown(line))
    return written


def paper_label(paper: str | None = None) -> str | None:
    """The paper a command prints on, as people call it ("Letter"): given, or the running
    command's --paper; None for a command without one."""
    if paper is None:
        ctx = click.get_current_context(silent=True)
        paper = ctx.params.get("paper") if ctx is not None else None
    if not isinstance(paper, str):
        return None
    from ..render.paper import papers

    known = papers().get(paper.lower())
    return known.label if known else paper


def wrote_line(path, paper: str | None) -> str:
    """`wrote PATH`, naming the paper of a PDF: a setting found in a folder above, or not
    found, shows here before anything is printed."""
    return f"wrote {path_shown(path)}" + (f" ({paper})" if paper and str(path).endswith(".pdf") else "")


@contextmanager
def progress(total: int, label: str):
    """A progress bar on a terminal, silence in a pipe; yields `advance(text)`.

    Call `advance` as each of the `total` steps starts, with a word on what it does.
    """
    if not sys.stdout.isatty():
        yield lambda text="": None
        return
    with click.progressbar(length=total, label=label, item_show_func=lambda t: t or "",
                           file=sys.stdout) as bar:
        yield lambda text="": bar.update(1, text)
