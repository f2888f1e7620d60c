"""`playaid odds SYSTEM`: a game's odds tables, or the odds of one concrete situation.

The query options are the games' own (`OPTIONS` of each odds module, see `playaid.odds`),
gathered when the command runs: a game added to the registry brings its options along,
and an option another game owns is refused with the list of the ones this game takes.
"""

from __future__ import annotations

import copy
import json

import click

from . import GameChoice, out_option, paper_option, write_all

FORMATS = ("pdf", "json", "csv", "md")


def _game_options() -> dict[str, tuple[click.Option, dict[str, list[str]]]]:
    """Every game's query options by name: the first declaration, and which games give
    which help text."""
    from ..odds import games, module

    found: dict[str, tuple[click.Option, dict[str, list[str]]]] = {}
    for game in games():
        for option in getattr(module(game), "OPTIONS", ()):
            _, helps = found.setdefault(option.name, (option, {}))
            helps.setdefault(option.help or "", []).append(game)
    return found


def _merged(option: click.Option, helps: dict[str, list[str]]) -> click.Option:
    """One option for every game declaring it, its help saying what it is in each."""
    merged = copy.copy(option)
    merged.help = "; ".join(f"{', '.join(games)}: {text[:1].lower()}{text[1:]}" for text, games in helps.items())
    return merged


def _scene_answer(game, path: str, others: set[str]):
    """The odds of a scene's roll (`odds_scene`), refused with the scene's problems."""
    from ..odds.scene_roll import NoOdds, SceneRefused, scene_odds
    from . import InputError, print_problems

    if others:
        names = ", ".join(f"--{o.replace('_', '-')}" for o in sorted(others))
        raise click.UsageError(f"--scene gives the whole roll: leave out {names}")
    try:
        answer = scene_odds(game, path)
    except SceneRefused as exc:
        print_problems(exc.problems)
        raise InputError(f"{path}: cannot compute the odds of this scene; fix the problems above") from None
    except NoOdds as exc:
        raise InputError(f"{path}: {exc}") from None
    return answer


def _scene_help(option: click.Option) -> click.Option:
    """`--scene` is Isolation's option and every game's with `from_scene`: one help for all."""
    if option.name == "scene":
        option.help = "a scene file: the odds of its roll, its pools built as `playaid roll` builds them"
    return option


class OddsCommand(click.Command):
    """The odds command, its query options read from the registry's games when it runs."""

    def get_params(self, ctx: click.Context) -> list[click.Parameter]:
        games = [_scene_help(_merged(o, helps)) for o, helps in _game_options().values()]
        common = super().get_params(ctx)
        return common[:2] + games + common[2:]

    def format_help_text(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        from ..odds import games, module

        super().format_help_text(ctx, formatter)
        usages = [f"{g} {module(g).USAGE}" for g in games() if getattr(module(g), "USAGE", "")]
        with formatter.indentation():
            formatter.write_paragraph()
            formatter.write_text("Queries: " + "; ".join(usages) + ".")


@click.command("odds", cls=OddsCommand)
@click.argument("system", type=GameChoice("odds"))
@click.option("--format", "fmt", type=click.Choice(FORMATS, case_sensitive=False), default="pdf", show_default=True,
              help="pdf writes the handout to --out; json, csv and md print the tables.")
@out_option
@paper_option()
def command(system: str, fmt: str, out_dir: str, paper: str, **given) -> None:
    """Exact odds of a game: its tables as a one-page handout, or one situation.

    Without query options, the default tables: --format pdf (the default) writes
    odds-SYSTEM.pdf to --out; json, csv and md print them. With query options the
    chances of that one roll print in words (or as JSON with --format json).

    Example: playaid odds contest --pool d8,d8,d6 --vs d10,d8,d6
    """
    from ..odds import module

    system, fmt = system.lower(), fmt.lower()
    game = module(system)
    own = [o.name for o in getattr(game, "OPTIONS", ())] + (["scene"] if hasattr(game, "from_scene") else [])
    set_options = {k for k, v in given.items() if v is not None}
    stray = set_options - set(own)
    if stray:
        names = ", ".join(f"--{k.replace('_', '-')}" for k in sorted(stray))
        allowed = ", ".join(f"--{k.replace('_', '-')}" for k in own) or "none"
        raise click.UsageError(f"{names} is not an option of {system}; its options: {allowed}")
    if given.get("scene") and hasattr(game, "from_scene"):
        result = _scene_answer(game, given["scene"], set_options - {"scene"})
        click.echo(json.dumps(result.as_dict(), indent=2, ensure_ascii=False) if fmt == "json"
                   else "\n".join(result.lines))
        return
    if set_options & getattr(game, "ASKING", set()):
        result = game.answer(given)
        if fmt == "json":
            click.echo(json.dumps(result.as_dict(), indent=2, ensure_ascii=False))
        else:
            click.echo("\n".join(result.lines))
        return
    from ..odds.formats import as_csv, as_json, as_markdown

    if fmt == "pdf":
        from ..odds.handout import handout_for
        from ..render.paper import paper as paper_of

        pdf = handout_for(system, paper_of(paper), given)
        if pdf is None:
            from ..systems import REGISTRY

            click.echo(game.NO_DICE.format(title=REGISTRY[system].title))  # no file: nothing to compute
            return
        write_all(out_dir, {f"odds-{system}.pdf": pdf})
        return
    tables = game.tables_for(given) if hasattr(game, "tables_for") else game.tables()
    click.echo({"json": as_json, "csv": as_csv, "md": as_markdown}[fmt](system, tables), nl=False)
