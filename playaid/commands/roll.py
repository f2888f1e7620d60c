"""`playaid roll`: resolve one conflict of a scene; with --apply, write it into the files."""

from __future__ import annotations

import shlex
from pathlib import Path

import click

from . import InputError, OutFolder, json_text, print_problems
from ..safe_text import path_shown, shown


def _command_line(scene: str, seed: int | None, typed: str | None, ask: bool, out_dir: str | None) -> str:
    """The command as the GM gave it, for the journal (options in a fixed order)."""
    words = ["playaid", "roll", scene, "--apply"]
    words += ["--seed", str(seed)] if seed is not None else []
    words += ["--dice", typed] if typed is not None else []
    words += ["--ask"] if ask else []
    words += ["--out", out_dir] if out_dir else []
    return shlex.join(words)


def _dice_from(result, used_seed: int | None, typed: str | None, ask: bool) -> str:
    if ask:
        return "ask"
    if typed is not None:
        return "dice"
    if used_seed is not None:
        return "seed"
    return "scene" if result.replayed else "none"


@click.command()
@click.argument("scene", type=click.Path(dir_okay=False))
@click.option("--seed", type=int, help="Seed for the dice; the same seed gives the same roll.")
@click.option("--dice", "typed", metavar="6,3,5,…", help="The dice rolled at the table, in the order the steps "
              "ask for them (extra open-ended dice included); they replace the scene's `dice:`.")
@click.option("--ask", is_flag=True, help="Ask for each die as the procedure needs it (dice rolled at the table).")
@click.option("--json", "as_json", is_flag=True, help="Print the resolution as JSON (`rolled`: every die, in order).")
@click.option("--apply", "apply", is_flag=True,
              help="Write the consequences into the scene's own files (its setup, characters, the scene), "
                   "journalled in the folder's .playaid/ so `playaid undo` can take it back.")
@click.option("--out", "out_dir", default=None, type=OutFolder(),
              help="With --apply: write copies into this folder instead, leaving the files as they are "
                   "(given on the command line; a default --out from settings does not turn copies on).")
@click.pass_context
def command(ctx: click.Context, scene: str, seed: int | None, typed: str | None, ask: bool, as_json: bool,
            apply: bool, out_dir: str | None) -> None:
    """Resolve one conflict of a scene file step by step.

    With `dice:` in the scene, exactly those dice are replayed (in the order rolled,
    extra open-ended dice included); otherwise the dice are rolled, and the seed is
    printed so the same roll can be made again. With real dice, give them with
    --dice in the order the steps take them, or let --ask ask for each one.

    --apply writes the consequences into the files the scene names, in place: its
    setup, the character files (which stay files), the scene itself where the game
    writes the next turn into it. Comments and key order are kept, every change is
    listed and journalled (`playaid journal`), and `playaid undo` takes it back.
    With --out DIR, --apply writes copies into DIR instead and changes nothing else.

    Example: playaid roll examples/isolation/scene-board-up.yaml --seed 7

    Example: playaid roll examples/dirt/scene-scuffle.yaml --dice 2,5,5,2,3,5,4,6,5,1
    """
    from .table_dice import AskEnded, Asker, parse_dice
    from ..play import format_resolution

    if sum(x is not None and x is not False for x in (seed, typed, ask or None)) > 1:
        raise click.UsageError("give one of --seed, --dice and --ask: each says where the dice come from")
    dice = parse_dice(typed) if typed is not None else None
    copies = apply and out_dir is not None and \
        ctx.get_parameter_source("out_dir") == click.core.ParameterSource.COMMANDLINE
    asker = Asker() if ask else None
    try:
        if apply and not copies:
            result, problems, used_seed, changed, said = _in_place(scene, seed, typed, dice, asker)
            written = []
        else:
            result, problems, used_seed = _resolve(scene, seed, dice, asker)
            written, changed, said = (_copies(scene, result, used_seed, out_dir) if apply else []), [], []
    except AskEnded as ended:
        flags = ["--json"] * as_json + ["--apply"] * apply + (["--out", out_dir] if copies else [])
        _ask_ended(scene, ended, flags)
    for line in said:
        click.echo(f"journal: {line}", err=True)
    if as_json:
        files = [str(p) for p, _ in written] or list(dict.fromkeys(str(c.file) for c in changed))
        data = {**result.as_dict(), "seed": used_seed, "written": files}
        if apply and not copies:
            data["changed"] = [{"file": str(c.file), "field": c.field, "before": c.before, "after": c.after}
                               for c in changed]
        click.echo(json_text(data))
        return
    print_problems([p for p in problems if not p.is_error])
    click.echo(format_resolution(result, used_seed, at_table=dice is not None or ask))
    if ask and result.rolled:
        faces = ",".join(str(r.value) for r in result.rolled)
        click.echo(f"the same roll again: playaid roll {shlex.quote(shown(scene))} --dice {faces}")
    for path, replaced in written:
        click.echo(f"wrote {path_shown(path)}" + (" (replaced the copy that was there)" if replaced else ""))
    if copies and not written:
        click.echo("nothing changed on the sheets: no copy written")
    if apply and not copies:
        say_changed(scene, changed)


def _ask_ended(scene: str, ended, flags: list[str]) -> None:
    """The input ended mid-roll: what was still needed, and the command that replays what was typed."""
    typed = ",".join(map(str, ended.faces))
    click.echo(f"\nThe input ended at die {ended.number}, {ended.wanted.describe()}: "
               "nothing was resolved, nothing written.", err=True)  # after the unanswered prompt
    click.echo(f"Still needed: die {ended.number} and every die the steps take after it.", err=True)
    if ended.faces:
        line = shlex.join(["playaid", "roll", shown(scene), "--dice", typed, *flags])
        click.echo(f"Typed so far: {typed}. To replay them, add the faces from die {ended.number} on "
                   f"after them:\n  {line}", err=True)
    else:
        line = shlex.join(["playaid", "roll", shown(scene), "--ask", *flags])
        click.echo(f"No die was typed. To start again:\n  {line}", err=True)
    raise InputError(f"--ask: the input ended before the roll did (die {ended.number} was still needed)")


def _resolve(scene: str, seed, dice, ask):
    from ..play import resolve_scene

    result, problems, used_seed = resolve_scene(scene, seed, dice, ask)
    if result is None:
        print_problems(problems)
        raise InputError(f"{scene}: cannot resolve this scene; fix the problems above")
    return result, problems, used_seed


def _warn_random(used_seed: int | None) -> None:
    if used_seed is not None:  # a GM who meant to type dice hears it before the files change
        click.echo(f"rolling at random (seed {used_seed}): no --dice or --ask given and the scene lists "
                   "no dice", err=True)


def _in_place(scene: str, seed, typed, dice, ask):
    """Resolve and apply holding the table's lock, so no other run changes the files between
    the reading and the writing."""
    from ..campaign import CampaignError, apply_result, at_table

    line = _command_line(scene, seed, typed, bool(ask), None)
    try:
        with at_table(Path(scene), line) as said:
            result, problems, used_seed = _resolve(scene, seed, dice, ask)
            _warn_random(used_seed)
            changed = apply_result(Path(scene), result, command=line, seed=used_seed,
                                   dice_from=_dice_from(result, used_seed, typed, bool(ask)))
    except CampaignError as exc:
        raise InputError(str(exc)) from None
    return result, problems, used_seed, changed, said


def _copies(scene: str, result, used_seed: int | None, out_dir: str):
    from ..apply import ApplyError, apply_copies
    from ..outputs import OutputError, OutputFolder

    _warn_random(used_seed)
    try:
        return apply_copies(Path(scene), result.changes, OutputFolder(out_dir))
    except (ApplyError, OutputError) as exc:
        raise InputError(str(exc)) from None


def say_changed(scene: str, changed) -> None:
    """Every value the step changed, and where its journal is (roll and event print the same)."""
    from ..campaign import table_folder

    folder = table_folder(Path(scene).parent)
    if not changed:
        click.echo("nothing changed on the sheets (the roll is journalled)")
    else:
        click.echo("\nChanged in place:")
        for c in changed:
            click.echo(f"  {shown(c.line(_near(c.file)))}")
    click.echo(f"journalled in {shown(str(Path(_near(folder)) / '.playaid' / 'journal.jsonl'))}; "
               f"take it back with: playaid undo {shlex.quote(shown(_near(folder)))}")


def _near(path: Path) -> str:
    """`path` relative to the current folder when it is below it."""
    try:
        return str(Path(path).resolve().relative_to(Path.cwd().resolve())) or "."
    except ValueError:
        return str(path)
