"""`playaid deck`: the frustration deck, or any deck a group writes, print-ready."""

from __future__ import annotations

import random
from typing import Iterable

import click

from playaid.commands import Finite, InputError, names_not_a_file, out_option, paper_option, print_problems, short_names, write_all
from .cards import settings
from playaid.safe_text import slug
from .cards.sheets import offset_words
from .cards.shop_files import per_card_files, shops_help


def _size(_ctx, _param, value: str):
    try:
        return settings.card_size(value)
    except settings.CardError as exc:
        raise click.BadParameter(str(exc)) from None


def _offset(_ctx, _param, value: str):
    most = settings.layout()["back_offset_max"]
    try:
        x, y = settings.mm_pair(value)
    except settings.CardError as exc:
        raise click.BadParameter(str(exc)) from None
    if abs(x) > most or abs(y) > most:
        raise click.BadParameter(f"{value}: each of X and Y is -{most} to {most} mm; "
                                 "print --calibrate to measure your printer's drift")
    return x, y


def _players(ctx, _param, value: str | None):
    """Checked as the command line is read (a count out of range is a malformed option);
    kept as written, since --tokens and --deal read it with different defaults."""
    from .cards.deal import player_names

    if value is not None:
        names_not_a_file(ctx, value)

    try:
        names = player_names(value, 0)
    except settings.CardError as exc:
        raise click.BadParameter(str(exc)) from None
    short_names(names)
    return value


_BLEED, _GAP = settings.layout()["bleed"]["max"], settings.layout()["gap"]["max"]


@click.command("deck")
@click.argument("cards", required=False, type=click.Path(dir_okay=False))
@click.option("--size", default="poker", show_default=True, callback=_size,
              help="poker (63.5×88.9), bridge (57.15×88.9), mini (44×67), tarot (70×120) or WxH in mm.")
@paper_option()
@click.option("--bleed", type=Finite(0, _BLEED), default=3.0, show_default=True,
              help=f"Art past the trim line, in mm (0 to {_BLEED}).")
@click.option("--gap", type=Finite(0, _GAP), default=None,
              help="Gutter between cards, in mm [default: twice --bleed, so every card keeps its whole bleed "
              "on all four sides]. A smaller gutter leaves each card half of it on every side. At 0 neighbours "
              "share a cut, the inner edges have no bleed and more cards may fit.")
@click.option("--duplex", type=click.Choice(["long", "short", "none"]), default="long", show_default=True,
              help="How the printer turns the sheet; none puts all backs at the end.")
@click.option("--back-offset", default="0,0", show_default=True, callback=_offset,
              help="X,Y in mm (+ right, + up) to move the backs by; measure it with --calibrate.")
@click.option("--no-backs", is_flag=True, help="Fronts only.")
@click.option("--calibrate", is_flag=True, help="Print only a one-sheet front/back alignment test.")
@click.option("--tokens", is_flag=True, help="Also print Frustration/Pain/Retirement counters and turn-summary cards.")
@click.option("--players", callback=_players, help="A number of players (for --tokens), or names Ann,Ben,Cat (for --deal).")
@click.option("--tts", is_flag=True, help="Also write Tabletop Simulator deck sheets (PNG), a back image and "
              "STEM-tts.json; prints the Width, Height and Number TTS's import dialog asks for.")
@click.option("--per-card", type=click.Choice(["pdf", "png"]),
              help="For print-on-demand card printers, instead of sheets: one trimmed card with its own bleed "
              "per page (pdf: front, then back, for each card, unless --shop asks otherwise) or per 300-dpi "
              "image (png: DECK-front-001.png … for the fronts, DECK-back.png for the backs); "
              "page = card + 2 × bleed.")
@click.option("--shop", type=click.Choice(sorted(settings.shops())), help=shops_help())
@click.option("--fold", is_flag=True, help="For printers without two-sided printing: fronts and their backs side "
              "by side on one side of the paper, mirrored about a fold line; fold, glue, then cut.")
@click.option("--deal", type=click.IntRange(1, 100), help="Deal this many cards to each of --players instead.")
@click.option("--seed", type=int, help="Seed for --deal; the same seed deals the same hands.")
@out_option
def command(cards, size, paper, bleed, gap, duplex, back_offset, no_backs, calibrate, tokens, players, tts,
            per_card, shop, fold, deal, seed, out_dir) -> None:
    """Render a deck of cards as a print-ready PDF: fronts, backs behind them, crop marks.

    CARDS is a deck file (`kind: deck`), a CSV or TSV with a `name` column (and optional
    `copies`; a workbook is exported as CSV first), or a text file with one card per line; without it, the frustration
    deck of the Fight Club rule text. As many cards as fit go on each sheet; each
    front page is followed by its backs, mirrored for the duplex mode.

    Example: playaid deck --size bridge --paper letter --tts

    For a card printer: playaid deck --per-card pdf --shop drivethrucards

    Without two-sided printing: playaid deck --fold
    """
    from .cards import deal as dealing
    from .cards import sources
    from .cards.calibrate import calibration_pdf
    from .cards.deck import Options, faces, render_deck
    from playaid.render.paper import paper as paper_named

    if per_card and (deal is not None or calibrate):
        raise click.UsageError(f"--per-card cannot be used with {'--deal' if deal is not None else '--calibrate'}")
    _check_layout_options(click.get_current_context(), per_card, shop, fold)
    if shop:
        size, bleed = settings.shops()[shop].size, settings.shops()[shop].bleed
    options = Options(paper_named(paper), size, bleed, gap, duplex, back_offset)
    files: dict[str, bytes] = {}
    streamed: Iterable[tuple[str, bytes]] = ()
    said: list[str] = []
    size_of = None
    try:
        options.checked()
        if calibrate:
            write_all(out_dir, {"calibration.pdf": calibration_pdf(options.sheet(), duplex, back_offset)})
            click.echo(how_to_print(duplex))
            click.echo(offset_words(back_offset))
            return
        deck = sources.standard()
        if cards:
            deck, problems = sources.load(cards)
            print_problems(problems)
            if deck is None:
                raise InputError(f"{cards}: cannot print this deck; fix the problems above")
        stem = slug(deck.name, 40, "deck")
        sheet = options.sheet()
        if deal is not None:
            names = dealing.player_names(players, 0)
            if not names:
                raise InputError("--deal needs --players: names (Ann,Ben,Cat) or a number")
            used = seed if seed is not None else random.SystemRandom().randrange(1, 10**6)
            hands = dealing.deal(deck, names, deal, used)
            files[f"{stem}-hands.pdf"] = dealing.hands_pdf(deck, hands, sheet, used)
            files[f"{stem}-hands.yaml"] = dealing.hands_yaml(deck, hands, used).encode("utf-8")
            if seed is None:
                click.echo(f"dealt with seed {used} (pass --seed {used} to deal the same hands)")
        elif per_card:
            streamed, said, size_of = per_card_files(deck, options, per_card, stem, not no_backs, shop)
        elif fold:
            from .cards.fold import render_folded

            files[f"{stem}-fold.pdf"] = render_folded(deck, options, backs=not no_backs)
        else:
            files[f"{stem}-deck.pdf"] = render_deck(deck, options, backs=not no_backs)
        if tokens:
            from .cards.tokens import tokens_pdf

            count = len(dealing.player_names(players, settings.layout()["tokens"]["default_players"]))
            files["fight-club-tokens.pdf"] = tokens_pdf(options.paper, sheet, count)
        if tts:
            from .cards.tts import tts_images, tts_import, tts_summary

            cards_in = faces(deck)
            files.update(tts_images(cards_in, size, deck.name, stem))
            summary = tts_summary(tts_import(len(cards_in), size, stem))
        write_all(out_dir, files, streamed, size_of)  # each streamed PNG is written as it is drawn
    except settings.CardError as exc:
        raise InputError(str(exc)) from None
    if fold:
        click.echo("To print: one-sided at 100 % (no fit-to-page); fold each sheet on its dashed line, fronts "
                   "out, glue the halves together, then cut on the crop marks.")
    elif deal is None and not per_card and not no_backs:
        click.echo(how_to_print(duplex))
        click.echo(offset_words(back_offset))
    for line in said:
        click.echo(line)
    if tokens:
        click.echo("fight-club-tokens.pdf: print one-sided at 100 % (no fit-to-page).")
    if tts:
        for line in summary:
            click.echo(line)


def how_to_print(duplex: str) -> str:
    """What to tell the printer for sheets whose backs are laid out for `duplex`."""
    if duplex == "none":
        return ("To print: the backs are on the last pages, each in its front's place; print them on their own "
                "sheets at 100 % (no fit-to-page) and glue them behind the fronts.")
    other = "short" if duplex == "long" else "long"
    return (f"To print: double-sided, flip on the {duplex} edge, at 100 % (no fit-to-page); the backs are laid "
            f"out for that. A printer that flips on the {other} edge: --duplex {other}; backs that drift: "
            "--calibrate.")


def _check_layout_options(ctx, per_card, shop, fold) -> None:
    """UsageError for layout options that cannot go together."""
    if shop and not per_card:
        raise click.UsageError("--shop needs --per-card pdf or --per-card png")
    if shop and per_card not in settings.shops()[shop].formats:
        takes = " or ".join(f"--per-card {k}" for k in settings.shops()[shop].formats)
        raise click.UsageError(f"{settings.shops()[shop].label} takes {takes}, not --per-card {per_card}")
    given = [f"--{name}" for name in ("size", "bleed")
             if ctx.get_parameter_source(name) is not click.core.ParameterSource.DEFAULT]
    if shop and given:
        raise click.UsageError(f"--shop sets the size and bleed; leave out {' and '.join(given)}")
    if fold and (per_card or ctx.params.get("calibrate") or ctx.params.get("deal") is not None):
        raise click.UsageError("--fold makes sheets to fold; it cannot be used with --per-card, --calibrate or --deal")


def demo_outputs(paper: str) -> dict[str, bytes]:
    """For `playaid demo`: the default deck with backs, its fold-over sheets, the tokens,
    and the TTS sheets."""
    from .cards import deck_pdf, sources
    from .cards.deck import Options, faces
    from .cards.fold import render_folded
    from .cards.imposition import standard_sheet
    from .cards.tokens import tokens_pdf
    from .cards.tts import tts_images
    from playaid.render.paper import paper as paper_named

    deck = sources.standard()
    size = settings.card_size(settings.layout()["default_size"])
    sheet = standard_sheet(paper_named(paper), size)
    files = {"frustrations-deck.pdf": deck_pdf(paper),
             "frustrations-fold.pdf": render_folded(deck, Options(paper_named(paper), size)),
             "fight-club-tokens.pdf": tokens_pdf(paper_named(paper), sheet,
                                                 settings.layout()["tokens"]["default_players"])}
    files.update(tts_images(faces(deck), size, deck.name, "frustrations"))
    return files


def demo_step(out, paper: str) -> list:
    """`playaid demo`'s deck, tokens and TTS sheets, written into the output batch `out`."""
    return [out.write_bytes(name, data) for name, data in demo_outputs(paper).items()]


def _options(paper: str):
    """The options `playaid deck` runs with when given only --paper."""
    from .cards.deck import Options
    from playaid.render.paper import paper as paper_named

    return Options(paper_named(paper), settings.card_size("poker"), 3.0, None, "long", settings.mm_pair("0,0"))


def deck_files(path, paper: str) -> dict[str, bytes]:
    """The studio's "Card deck": what `playaid deck [DECK] --paper PAPER` writes, from the
    deck file `path` (or the deck a setup `path` names), or the frustration deck when None;
    InputError for a deck that breaks its rules."""
    from .cards import sources
    from .cards.deck import render_deck

    deck = sources.standard()
    if path is not None and not str(path).lower().endswith(sources.NOT_YAML):
        from playaid.documents import Library

        doc = Library().load(path)
        if doc.kind == "setup":  # the table's own deck, when it names one
            named = getattr(doc.model, "deck", None)
            path = path.parent / named if named else None
    if path is not None:
        deck, problems = sources.load(path)
        if deck is None:
            first = next(p for p in problems if p.is_error)
            raise InputError(f"cannot print this deck: {first.message}; fix it in the form and print again")
    options = _options(paper)
    try:
        options.checked()
        return {f"{slug(deck.name, 40, 'deck')}-deck.pdf": render_deck(deck, options, backs=True)}
    except settings.CardError as exc:
        raise InputError(str(exc)) from None


def tokens_files(path, paper: str, count: int | None = None) -> dict[str, bytes]:
    """The studio's "Tokens": the counters and turn-summary cards `playaid deck --tokens
    --players N` writes, N the setup `path`'s cast, else `count` (the deck's default table
    when None)."""
    from .cards.tokens import tokens_pdf

    count = settings.layout()["tokens"]["default_players"] if count is None else count
    if path is not None:
        from playaid.documents import Library
        from playaid.render.sheets import cast_of

        library = Library()
        count = len(cast_of(library, path, library.load(path)).members)
    options = _options(paper)
    return {"fight-club-tokens.pdf": tokens_pdf(options.paper, options.sheet(), count)}
