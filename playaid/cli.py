"""The command line: parse, call the library, print, choose the exit code.

This is the only module that turns domain results into text and exit codes:
0 success, 1 invalid input, 2 a malformed command line (click's own usage errors).
"""

from __future__ import annotations

import difflib
import json
import os
import sys
from contextlib import nullcontext
from importlib import import_module
from pathlib import Path

import click

from . import __version__, defaults, manifest
from .documents import Library, expand
from .outputs import OutputError, OutputFolder
from .commands import (GameChoice, InputError, OutFolder, json_text, paper_label, print_problems, progress,
                       wrote_line)
from .commands import add_ons
from .commands.wording import extra_argument, no_such_option, plain_wording
from .problems import Problem, unique
from .safe_text import shown
from .systems import REGISTRY, NotInstalled

RENDERING = ("sheet", "packet", "pregen", "convention", "odds", "new", "examples", "watch", "studio", "net",
             "roll", "journal", "undo", "event", "reprint")
"""Commands living in `playaid/commands/<name>.py`, imported only when run or listed:
each pulls in its renderer, and `playaid sheet` alone should not pay for the others."""


def _game_commands() -> dict[str, tuple[str, str]]:
    """The games' own commands (`GameSystem.commands`): name → (game, "module:attr")."""
    return add_ons.game_commands({*cli.commands, *RENDERING})


class Commands(click.Group):
    """The group that finds the rendering commands, and the games' own, on demand."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*super().list_commands(ctx), *RENDERING, *_game_commands()})

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        if name not in self.commands:
            if name in RENDERING:
                self.add_command(import_module(f"{__package__}.commands.{name}").command, name)
            elif name in (games := _game_commands()) and (found := add_ons.load_command(*games[name])):
                self.add_command(found, name)
        command = super().get_command(ctx, name)
        if command is not None:
            root = ctx.find_root().default_map
            defaults.annotate(command, name, root if isinstance(root, defaults.Settings) else defaults.NONE)
        return command

    def resolve_command(self, ctx: click.Context, args: list[str]):
        name = args[0] if args else ""
        if name and not name.startswith("-") and self.get_command(ctx, name) is None:
            close = difflib.get_close_matches(name, self.list_commands(ctx), n=2, cutoff=0.6)
            said = f"did you mean {' or '.join(f'`playaid {c}`' for c in close)}? " if close else ""
            raise click.UsageError(f"No such command '{shown(name)}'; {said}`playaid --help` lists the commands",
                                   ctx)
        return super().resolve_command(ctx, args)

    def invoke(self, ctx: click.Context):
        # click's own wording says what is wrong, not what to type instead: said again here,
        # the one place every command's command-line errors pass
        try:
            step = ctx._protected_args[0] if ctx._protected_args else "start"
            args = [*ctx._protected_args, *ctx.args]
            # a print remembers what it read, so `playaid reprint` knows when it is stale
            with manifest.recording(args) if step in manifest.REPRINTABLE else nullcontext():
                return add_ons.guarded(super().invoke, ctx, step)
        except click.NoSuchOption as exc:
            raise click.UsageError(no_such_option(exc), exc.ctx) from None
        except click.BadParameter as exc:
            exc.message = plain_wording(exc.message)
            raise
        except click.UsageError as exc:
            if exc.message.startswith("Got unexpected extra argument"):
                raise click.UsageError(extra_argument(exc), exc.ctx) from None
            raise


def validate_paths(paths: tuple[str, ...]) -> tuple[int, list[Problem]]:
    """How many files were checked and every problem found in them and what they name."""
    files, problems = expand(paths)
    library = Library()
    for f in files:
        library.load(f)
    return len(library.documents), unique(problems + library.problems())


def _counts(problems: list[Problem]) -> str:
    errors = sum(p.is_error for p in problems)
    warnings = len(problems) - errors
    return f"{errors} error{'s' * (errors != 1)}, {warnings} warning{'s' * (warnings != 1)}"


@click.group(cls=Commands, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="playaid")
@click.option("--font", metavar="FILE", type=click.Path(dir_okay=False), envvar="PLAYAID_FONT",
              help="A TrueType font (.ttf) for names in a script the bundled and installed fonts lack; "
                   "tried right after Noto Sans.")
def cli(font: str | None) -> None:
    """Print-and-play aids for six small indie role-playing games.

    Checks characters and setups against each game's rules and renders what a table
    prints before a session. `playaid systems` lists the games.

    Example: playaid --font ~/fonts/NotoSansThai-Regular.ttf sheet ann.yaml
    """
    _use_font(font)


def _use_font(font: str | None) -> None:
    """Check the font the user named and hand it on (through the environment: render
    workers are other processes); InputError saying what is wrong with it."""
    from .render import script_fonts

    if font:
        os.environ[script_fonts.USER_FONTS] = font
    try:
        script_fonts.user_fonts()
    except script_fonts.FontProblem as exc:
        raise InputError(str(exc)) from None


@cli.command()
@click.argument("paths", nargs=-1, required=True, type=click.Path())
@click.option("--json", "as_json", is_flag=True, help="Print the problems as a JSON list.")
@click.option("--strict", is_flag=True, help="Fail on warnings too.")
def validate(paths: tuple[str, ...], as_json: bool, strict: bool) -> None:
    """Check characters, setups and scenes against their game's rules.

    PATHS are YAML files or folders (walked for *.yaml). Every problem of a file is
    reported at once as FILE:LINE:COL: error|warning [rule-id] message, with a fix.
    Exit code 0 when valid, 1 when not (with --strict, warnings count too).

    Example: playaid validate examples/dirt examples/isolation/farmhouse.yaml --strict
    """
    count, problems = validate_paths(paths)
    failed = any(p.is_error or strict for p in problems)
    if as_json:
        click.echo(json_text([p.as_dict() for p in problems]))
    else:
        print_problems(problems)
        verdict = "invalid" if failed else "valid"
        click.echo(f"checked {count} file{'s' * (count != 1)}: {_counts(problems)} — {verdict}")
    sys.exit(1 if failed else 0)


@cli.command()
@click.argument("system", required=False, type=GameChoice())
def schema(system: str | None) -> None:
    """Print a JSON Schema for input files, for editors that check YAML as you type.

    Without SYSTEM the schema covers every game's files.

    Example: playaid schema isolation > isolation.schema.json
    """
    from .schema import document_schema

    systems = [REGISTRY[system.lower()]] if system else list(REGISTRY.values())
    click.echo(json.dumps(document_schema(systems), indent=2, ensure_ascii=False))


@cli.command()
def systems() -> None:
    """List the games playaid knows, with the kinds of file each accepts.

    An add-on game shows its package and version; one set aside shows why.

    Example: playaid systems
    """
    for line in add_ons.listing():
        click.echo(line)


@cli.command()
@click.option("--out", "out_dir", default="output", show_default=True, type=OutFolder(),
              help="Folder to write into.")
@click.option("--paper", type=click.Choice(["a4", "letter"], case_sensitive=False), default="a4",
              show_default=True, help="Paper size of printed outputs.")
def demo(out_dir: str, paper: str) -> None:
    """Produce everything playaid can make from its bundled examples.

    Prints each file it wrote.

    Example: playaid demo --out output --paper letter
    """
    from .demo import run_demo, steps

    try:
        with progress(len(steps()) + 1, "demo") as advance:
            written = run_demo(OutputFolder(out_dir), paper.lower(), progress=advance)
    except OutputError as exc:
        raise InputError(str(exc)) from None
    label = paper_label(paper)
    for path in written:
        click.echo(wrote_line(path, label))


def settings(folder: Path) -> defaults.Settings:
    """The defaults the `playaid.toml` that applies in `folder` sets (found there or in a
    folder above), checked against every command's options."""
    path = defaults.find(folder)
    if path is None:
        return defaults.NONE  # nothing to check: listing every command would load every game
    ctx = click.Context(cli)
    found = defaults.load(path, cli.list_commands(ctx))
    return defaults.resolve(found, {name: cli.get_command(ctx, name) for name in cli.list_commands(ctx)}, folder)


def main() -> None:
    from .stopping import install

    install()
    try:
        found = settings(Path.cwd())
    except FileNotFoundError:
        found = defaults.NONE  # the current folder was removed under us: no settings to find
    except defaults.Untrusted as exc:
        click.echo(shown(str(exc)), err=True)  # as git does: say it once, run without it
        found = defaults.NONE
    except defaults.SettingsError as exc:
        for line in str(exc).splitlines():
            click.echo(f"Error: {shown(line)}", err=True)
        if defaults.SKIP not in str(exc):
            click.echo(f"(set {defaults.SKIP}=1 to run without settings until it is fixed)", err=True)
        sys.exit(1)
    if found.source is not None:
        click.echo(f"settings from {shown(str(found.source))}", err=True)
    if found.font and not os.environ.get("PLAYAID_FONT"):  # below --font and the variable, as every setting
        os.environ["PLAYAID_FONT"] = found.font
    try:
        cli(prog_name="playaid", default_map=found, auto_envvar_prefix=defaults.PREFIX)
    except NotInstalled as exc:  # the install, not the input: say how to mend it
        click.echo(f"Error: {exc}", err=True)
        sys.exit(1)
