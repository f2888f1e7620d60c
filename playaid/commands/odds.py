"""`playaid odds SYSTEM`: a game's odds tables, or the odds of one concrete situation.

The query options are the games' own (`OPTIONS` of each odds module, see `playaid.odds`),
gathered when the command runs: a game added to the registry brings its options along,
and an option another game owns is refused with the list of the ones this game takes.
"""

from __future__ import annotations

import copy

import click
from click.core import ParameterSource

from . import GameChoice, disabled, out_option, paper_option, write_all

FORMATS = ("pdf", "json", "csv", "md")
DEFAULT = ParameterSource.DEFAULT


def _odds_modules() -> list[tuple[str, object]]:
    """(game, odds module) of every game with odds; an add-on whose module fails to import
    is set aside instead of taking `playaid odds` down for every game."""
    from ..odds import games, module
    from ..systems import REGISTRY

    found = []
    for game in games():
        try:
            found.append((game, module(game)))
        except Exception as exc:
            if REGISTRY.is_built_in(game):
                raise
            REGISTRY.disable(game, "odds", f"its odds module fails to import: {type(exc).__name__}: {exc}")
    return found


def _shape(option: click.Option) -> tuple:
    """What an option takes, which two games sharing its name must agree on."""
    return option.is_flag, option.multiple, option.nargs, option.type.to_info_dict()


def _game_options() -> dict[str, tuple[click.Option, dict[str, list[str]]]]:
    """Every game's query options by name: the first declaration, and which games give
    which help text. An add-on's option that would change what another game's takes (a
    flag where a built-in takes a value, the name of a common option) sets the add-on aside."""
    from ..systems import REGISTRY

    common = {p.name for p in command.params}
    found: dict[str, tuple[click.Option, dict[str, list[str]]]] = {}
    for game, odds in _odds_modules():
        built_in = REGISTRY.is_built_in(game)
        try:
            options = list(getattr(odds, "OPTIONS", ()))
            for option in options:
                if not isinstance(option, click.Option):
                    raise TypeError(f"OPTIONS holds a {type(option).__name__}, not a click.Option")
                if option.name in common:
                    raise ValueError(f"its option --{option.name} is one of `playaid odds`'s own; rename it")
                # built-ins sharing a name are kept in step by their tests; an add-on is not
                if not built_in and option.name in found and _shape(found[option.name][0]) != _shape(option):
                    raise ValueError(f"its option --{option.name} takes other values than the same option of "
                                     f"{', '.join(next(iter(found[option.name][1].values())))}; rename it")
        except Exception as exc:
            if built_in:
                raise
            REGISTRY.disable(game, "odds options", str(exc) if isinstance(exc, ValueError)
                             else f"{type(exc).__name__}: {exc}")
            continue
        for option in options:
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

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        # a disabled add-on's options went with it: say why the game is gone, not "no such option"
        typed = list(args)  # click's parser consumes the list it is given
        try:
            return super().parse_args(ctx, args)
        except click.NoSuchOption:
            named = next((a for a in typed if disabled(a)), None)
            if named is None:
                raise
            raise click.BadParameter(disabled(named), ctx, self.params[0]) from None

    def get_params(self, ctx: click.Context) -> list[click.Parameter]:
        games = [_scene_help(_merged(o, helps)) for o, helps in _game_options().values()]
        common = super().get_params(ctx)
        return common[:2] + games + common[2:]

    def format_help_text(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        super().format_help_text(ctx, formatter)
        usages = [f"{g} {odds.USAGE}" for g, odds in _odds_modules() if getattr(odds, "USAGE", "")]
        with formatter.indentation():
            formatter.write_paragraph()
            formatter.write_text("Queries: " + "; ".join(usages) + ".")


@click.command("odds", cls=OddsCommand)
@click.argument("system", type=GameChoice("odds"))
@click.option("--format", "fmt", type=click.Choice(FORMATS, case_sensitive=False), default="pdf", show_default=True,
              help="pdf writes the handout to --out; json, csv and md print the tables.")
@out_option
@paper_option()
@click.option("--svg", "svg", is_flag=True, help="With a query: also write its chart (the studio's) as an SVG file to --out.")
@click.option("--png", "png", is_flag=True, help="With a query: also write its chart (the studio's) as a PNG file to --out.")
@click.option("--character", "character", type=click.Path(dir_okay=False),
              help="A character file of the game: the chances of that character's own checks.")
def command(system: str, fmt: str, out_dir: str, paper: str, svg: bool, png: bool, character: str | None,
            **given) -> None:
    """Exact odds of a game: its tables as a one-page handout, or one situation.

    Without query options, the default tables: --format pdf (the default) writes
    odds-SYSTEM.pdf to --out; json, csv and md print them. With query options the
    chances of that one roll print in words, or with --format json, csv or md (exact
    fractions beside the floats in json and csv); --svg and --png write its chart to --out.
    --character FILE gives that character's chances for the checks it makes best.

    Example: playaid odds contest --pool d8,d8,d6 --vs d10,d8,d6 --svg
    """
    from ..systems import REGISTRY

    system = system.lower()
    kinds = tuple(k for k, wanted in (("svg", svg), ("png", png)) if wanted)
    with REGISTRY.working_for(system, "odds"):  # an add-on's odds are its own, and bounded in time
        _odds(system, fmt.lower(), out_dir, paper, kinds, character, given)


def _odds(system: str, fmt: str, out_dir: str, paper: str, kinds: tuple[str, ...], character: str | None,
          given: dict) -> None:
    from ..odds import module, tables_of
    from ..odds.chart_files import stem
    from .odds_answer import character_answer, check_choices, show

    game = module(system)
    own = [o.name for o in getattr(game, "OPTIONS", ())] + (["scene"] if hasattr(game, "from_scene") else [])
    # a flag another game declares is False when not given: only what the user set counts
    ctx = click.get_current_context()
    set_options = {k for k, v in given.items() if v is not None and ctx.get_parameter_source(k) != DEFAULT}
    stray = set_options - set(own)
    if stray:
        names = ", ".join(f"--{k.replace('_', '-')}" for k in sorted(stray))
        allowed = ", ".join(f"--{k.replace('_', '-')}" for k in own) or "none"
        raise click.UsageError(f"{names} is not an option of {system}; its options: {allowed}")
    asked = {k: given[k] for k in sorted(set_options)}
    fmt_given = ctx.get_parameter_source("fmt") != DEFAULT
    if character is not None:
        if set_options:
            raise click.UsageError(f"--character asks for that character's own checks: leave out "
                                   f"{', '.join('--' + k.replace('_', '-') for k in sorted(set_options))}")
        check_choices(fmt, fmt_given, kinds)
        show(character_answer(system, game, character), fmt, kinds, out_dir, stem(system, {"character": character}))
        return
    if given.get("scene") and hasattr(game, "from_scene"):
        check_choices(fmt, fmt_given, kinds)
        result = _scene_answer(game, given["scene"], set_options - {"scene"})
        show(result, fmt, kinds, out_dir, stem(system, asked))
        return
    if set_options & getattr(game, "ASKING", set()):
        check_choices(fmt, fmt_given, kinds)
        show(game.answer(given), fmt, kinds, out_dir, stem(system, asked))
        return
    if kinds:
        usage = getattr(game, "USAGE", "")
        raise click.UsageError(f"--{kinds[0]} draws the chart of one query: ask one"
                               + (f", e.g. `playaid odds {system} {usage} --{kinds[0]}`" if usage else
                                  f"; {system} has no query to draw"))
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
    tables = tables_of(game, given)
    click.echo({"json": as_json, "csv": as_csv, "md": as_markdown}[fmt](system, tables), nl=False)
