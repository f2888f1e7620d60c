"""`playaid event GAME WHAT [WHO] --setup FILE [options]`: an event the GM declares, no dice.

The command builds the event's scene in memory (the YAML a GM could save as a file and
`playaid roll`), resolves it with the same code as `roll` (`play.resolve_scene`) and
prints the same resolution; `--apply` goes through the same apply path as `roll --apply`
(`apply_event`, the one place that names it). Each game lists its events in its own
`events` module (`systems.events`): nothing here names a game.
"""

from __future__ import annotations

import shlex
import tempfile
from dataclasses import replace
from pathlib import Path

import click
import yaml

from . import GameChoice, InputError, OutFolder, json_text, print_problems
from ..problems import Problem
from ..safe_text import path_shown, shown
from ..systems.events import Event, Param, events_of, scene_fields

SCENE_NAME = "event-{game}-{what}.yaml"
"""The name the built scene stands under, beside the setup (never written there)."""


def apply_event(scene_path: Path, scene_text: str, result, out_dir: str) -> list[tuple[Path, bool]]:
    """Copies of the files with the event's changes in `out_dir`, as `playaid roll --apply
    --out DIR` writes them (the originals untouched): the scene is written to a temporary
    folder with its file names made absolute, and handed over."""
    from ..apply import ApplyError, apply_copies
    from ..outputs import OutputError, OutputFolder

    data = yaml.safe_load(scene_text)
    for key, value in list(data.items()):
        if isinstance(value, str) and key != "system" and (scene_path.parent / value).is_file():
            data[key] = str((scene_path.parent / value).resolve())
    with tempfile.TemporaryDirectory() as folder:
        copy = Path(folder) / scene_path.name
        copy.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), encoding="utf-8")
        try:
            return apply_copies(copy, result.changes, OutputFolder(out_dir))
        except (ApplyError, OutputError) as exc:
            raise InputError(str(exc)) from None


def _events(game: str) -> tuple[Event, ...]:
    """A game's events; an add-on whose `events` module fails is set aside, not the command."""
    from ..systems import REGISTRY

    try:
        return events_of(REGISTRY[game])
    except Exception as exc:
        if REGISTRY.is_built_in(game):
            raise
        REGISTRY.disable(game, "events", f"its events module fails: {type(exc).__name__}: {exc}")
        return ()


def _usage(event: Event) -> str:
    who = f" {event.who_help.upper().replace(' ', '_')}" if event.who else ""
    setup = " --setup FILE" if event.setup else ""
    opts = "".join(f" [--{p.option}{'' if p.kind == 'flag' else ' ' + p.kind.upper()}]" for p in event.params)
    return f"{event.name}{who}{setup}{opts}"


def listing() -> str:
    """Every game's events with their options and an example, for `--help`."""
    from ..systems import REGISTRY

    lines = []
    for game in list(REGISTRY):
        found = _events(game)
        if not found:
            continue
        lines.append(f"{game}:")
        for e in found:
            lines.append(f"  {e.name} — {e.summary}")
            lines += [f"      --{p.option}: {p.help}" for p in e.params]
            if e.example:
                lines.append(f"      e.g. playaid event {game} {e.example}")
    return "\n".join(lines)


class EventCommand(click.Command):
    """`--help` lists the events of every game, read from the registry when asked."""

    def format_epilog(self, ctx, formatter) -> None:
        formatter.write_paragraph()
        formatter.write_text("Events by game:")
        with formatter.indentation():
            for line in listing().splitlines():
                formatter.write(" " * formatter.current_indent + line + "\n")


def _parse(event: Event, words: tuple[str, ...]) -> tuple[str | None, dict]:
    """WHO and the event's options from the words after WHAT (a usage error when they do not fit)."""
    by_name = {p.option: p for p in event.params}
    takes = ", ".join(f"--{p.option}" for p in event.params) or "no options"
    who, values, i = None, {}, 0
    while i < len(words):
        word = words[i]
        if word.startswith("--"):
            name, eq, given = word[2:].partition("=")
            param = by_name.get(name)
            if param is None:
                raise click.UsageError(f"`{event.name}` has no option --{shown(name)}; it takes {takes}")
            if param.kind == "flag":
                values[param.option] = True
            else:
                if not eq:
                    i += 1
                    if i >= len(words):
                        raise click.UsageError(f"--{name} needs a value: {param.help}")
                    given = words[i]
                values[param.option] = _value(param, given)
        elif who is None and event.who is not None:
            who = word
        else:
            raise click.UsageError(f"`{event.name}` takes {'one name' if event.who else 'no name'}; "
                                   f"`{shown(word)}` is one too many (put a name with spaces in quotes)")
        i += 1
    if event.who is not None and who is None:
        raise click.UsageError(f"`{event.name}` needs {event.who_help}: playaid event GAME {_usage(event)}")
    return who, values


def _value(param: Param, given: str):
    if param.kind == "int":
        try:
            return int(given.strip())
        except ValueError:
            raise click.UsageError(f"--{param.option} takes a whole number (3, -2), not `{shown(given)}`") from None
    if param.kind == "list":
        return [part.strip() for part in given.split(",") if part.strip()]
    return given


def _for_command(p: Problem, name: str, event: Event) -> Problem:
    """A problem with the built scene said in the command line's words (WHO, --by)."""
    if p.file != name:
        return p  # in the setup or a character file: its own line
    first = p.path[0] if p.path else None
    label = ("WHO" if first == event.who else "--setup" if first == event.setup else
             next((f"--{q.option}" for q in event.params if q.key.split(".")[0] == first), None))
    message = f"{label}: {p.message}" if label else p.message
    hint = p.hint
    if not label and event.params:  # the hint speaks of scene fields: say the options that set them
        hint += "; on the command line: " + ", ".join(f"--{q.option}" for q in event.params)
    return replace(p, file="playaid event", line=0, column=0, message=message, hint=hint, path=())


@click.command(cls=EventCommand, context_settings={"ignore_unknown_options": True})
@click.argument("game", type=GameChoice())
@click.argument("what")
@click.argument("words", nargs=-1, type=click.UNPROCESSED, metavar="[WHO] [EVENT OPTIONS]...")
@click.option("--setup", "setup", type=click.Path(dir_okay=False), help="The table's setup file.")
@click.option("--json", "as_json", is_flag=True, help="Print the resolution as JSON.")
@click.option("--apply", "apply", is_flag=True, help="Write the changes into the table's files in place, journalled, "
              "exactly as `playaid roll --apply` does (`playaid undo` takes it back).")
@click.option("--out", "out_dir", default=None, type=OutFolder(),
              help="With --apply: write copies into this folder instead, leaving the files as they are.")
@click.option("--scene", "show_scene", is_flag=True,
              help="Print the scene file this event is (to keep, or roll later) instead of resolving it.")
@click.pass_context
def command(ctx: click.Context, game: str, what: str, words: tuple[str, ...], setup: str | None, as_json: bool,
            apply: bool, out_dir: str | None, show_scene: bool) -> None:
    """Declare an event of the rules that needs no dice: a death, Stress raised, rest.

    WHAT is one of the game's events (below); WHO the character it happens to, as the
    setup names them; each event's options follow. The event is the scene a GM could write
    (`--scene` prints it) and is resolved by the game's rules exactly as `playaid roll`
    resolves that scene; --apply writes it as `roll --apply` does.

    Example: playaid event isolation dies "Eve Lindqvist" --setup examples/isolation/farmhouse.yaml --by 2
    """
    from ..play import format_resolution

    game = game.lower()
    found = _events(game)
    event = next((e for e in found if e.name == what.lower()), None)
    if event is None:
        names = ", ".join(e.name for e in found) or "none yet"
        raise click.UsageError(f"{game} has no event `{shown(what)}`; its events: {names}")
    who, values = _parse(event, words)
    if event.setup is None and setup is not None:
        raise click.UsageError(f"`{event.name}` names no setup: leave out --setup")
    if event.setup is not None and event.setup_needed and setup is None:
        raise click.UsageError(f"`{event.name}` needs --setup FILE: the table's setup")
    base = Path(setup).parent if setup else Path(".")
    text = yaml.safe_dump(scene_fields(event, game, who, Path(setup).name if setup else None, values),
                          sort_keys=False, allow_unicode=True)
    if show_scene:
        click.echo(text, nl=False)
        return
    path = base / SCENE_NAME.format(game=game, what=event.name)
    copies = apply and out_dir is not None and \
        ctx.get_parameter_source("out_dir") == click.core.ParameterSource.COMMANDLINE
    changed, written = [], []
    if apply and not copies:
        line = shlex.join(["playaid", "event", game, event.name, *words, *(["--setup", setup] if setup else []),
                           "--apply"])
        result, problems, changed = _in_place(path, text, event, game, line)
    else:
        result, problems = _resolved(path, text, event, game)
        written = apply_event(path, text, result, out_dir) if apply else []
    if as_json:
        data = {**result.as_dict(), "seed": None, "written": [str(p) for p, _ in written]}
        if apply and not copies:
            data["changed"] = [{"file": str(c.file), "field": c.field, "before": c.before, "after": c.after}
                               for c in changed]
        click.echo(json_text(data))
        return
    print_problems([p for p in problems if not p.is_error])
    click.echo(format_resolution(result, None))
    for written_path, replaced in written:
        click.echo(f"wrote {path_shown(written_path)}" + (" (replaced the copy that was there)" if replaced else ""))
    if copies and not written:
        click.echo("nothing changed on the sheets: no copy written")
    if apply and not copies:
        from .roll import say_changed

        say_changed(str(path), changed)


def _resolved(path: Path, text: str, event: Event, game: str):
    from ..play import resolve_scene

    result, problems, _ = resolve_scene(path, None, text=text)
    problems = [_for_command(p, str(path), event) for p in problems]
    if result is None:
        print_problems(problems)
        raise InputError(f"playaid event {game} {event.name}: cannot carry out this event; fix the problems above")
    return result, problems


def _in_place(path: Path, text: str, event: Event, game: str, line: str):
    """Resolve and write the event into the table's files holding the table's lock, as one
    journalled step (`playaid journal` shows it, `playaid undo` takes it back)."""
    from ..campaign import CampaignError, apply_result, at_table

    try:
        with at_table(path, line):
            result, problems = _resolved(path, text, event, game)
            changed = apply_result(path, result, command=line, dice_from="none", seed=None, scene_text=text)
    except CampaignError as exc:
        raise InputError(str(exc)) from None
    return result, problems, changed
