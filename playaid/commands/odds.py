"""`playaid odds SYSTEM`: a game's odds tables, or the odds of one concrete situation."""

from __future__ import annotations

import json

import click

from ..systems import REGISTRY
from . import InputError, out_option, paper_option, print_problems, write_all

FORMATS = ("pdf", "json", "csv", "md")
QUERY_OPTIONS = {
    "fight-sphere": ("pool", "threshold", "versus"),
    "isolation": ("green", "gm", "hostile_red", "scene"),
    "sapio": ("pool", "tn", "faces"),
    "dirt": ("pool", "applies", "difficulty", "versus"),
    "contest": ("pool", "vs"),
    "fight-club": (),
}
"""Which query options each game takes; `faces` and `applies` also shape tables or refine a query."""
ASKING = {"pool", "threshold", "versus", "green", "gm", "hostile_red", "scene", "tn", "vs", "difficulty"}
"""Options that turn the command into a query of one situation."""


def count(value: str | None, what: str, low: int, high: int) -> int | None:
    """A whole number in [low, high], or a usage error (exit 2) saying the allowed range:
    checked by click's own range type, as the range depends on the game chosen."""
    if value is None:
        return None
    try:
        n = int(value)
    except ValueError:
        raise click.BadParameter(f"{value!r} is not a whole number", param_hint=f"--{what}") from None
    try:
        return click.IntRange(low, high).convert(n, None, None)
    except click.BadParameter as exc:
        raise click.BadParameter(exc.message, param_hint=f"--{what}") from None


def dice_list(value: str, what: str) -> list[int]:
    """`d8,d8,d6` as die sizes; each a die the table owns, at most the contest's pool size."""
    from ..odds.contest import ALLOWED, MAX_POOL

    parts = [p.strip() for p in value.split(",") if p.strip()]
    allowed = ", ".join(f"d{s}" for s in ALLOWED)
    sizes = []
    for p in parts:
        if not (p[:1] in "dD" and p[1:].isdigit()):
            raise click.BadParameter(f"{p!r} is not a die; write dice like d8,d8,d6", param_hint=f"--{what}")
        sizes.append(int(p[1:]))
    bad = [f"d{s}" for s in sizes if s not in ALLOWED]
    if bad:
        raise click.BadParameter(f"{', '.join(bad)} is not a contest die; allowed: {allowed}", param_hint=f"--{what}")
    if not 1 <= len(sizes) <= MAX_POOL:
        raise click.BadParameter(f"{len(sizes)} dice; a pool has 1 to {MAX_POOL} dice (the text's most, 'crazy risky')",
                                 param_hint=f"--{what}")
    return sizes


def load_faces(path: str):
    """The Spiral die of a `kind: dice` file, refused with its validation problems."""
    from ..documents import Library
    from ..systems.sapio.spiral_die import DieFile, die_of

    doc = Library().load(path)
    if not doc.valid or not isinstance(doc.model, DieFile):
        problems = doc.problems or []
        print_problems(problems)
        raise InputError(f"{path}: not a usable Spiral die file (system: sapio, kind: dice, twelve faces of "
                         "hit / spare / spiral); fix the problems above")
    return die_of(doc.model)


@click.command("odds")
@click.argument("system", type=click.Choice(list(REGISTRY), case_sensitive=False))
@click.option("--format", "fmt", type=click.Choice(FORMATS, case_sensitive=False), default="pdf", show_default=True,
              help="pdf writes the handout to --out; json, csv and md print the tables.")
@click.option("--pool", help="Your dice: a number, or for contest die sizes such as d8,d8,d6.")
@click.option("--threshold", help="fight-sphere: the GM's Threshold dice.")
@click.option("--versus", help="fight-sphere: the other Gladiator's dice; dirt: the opposing dice.")
@click.option("--green", help="isolation: pooled green dice.")
@click.option("--gm", help="isolation: the GM's red dice.")
@click.option("--hostile-red", "hostile_red", help="isolation: red dice of hostile characters.")
@click.option("--scene", type=click.Path(dir_okay=False), help="isolation: a scene file, rolled in the odds instead.")
@click.option("--tn", help="sapio: the Target Number.")
@click.option("--faces", type=click.Path(dir_okay=False), help="sapio: a `kind: dice` file with your die's faces.")
@click.option("--applies", type=click.Choice(["none", "hobby", "job"]), help="dirt: whether the job or hobby applies.")
@click.option("--difficulty", type=click.Choice(["simple", "average", "difficult", "hard", "nearly-impossible"]),
              help="dirt: the check's difficulty.")
@click.option("--vs", help="contest: the opposing dice, such as d10,d8,d6.")
@out_option
@paper_option()
def command(system: str, fmt: str, out_dir: str, paper: str, **given) -> None:
    """Exact odds of a game: its tables as a one-page handout, or one situation.

    Without query options, the default tables: --format pdf (the default) writes
    odds-SYSTEM.pdf to --out; json, csv and md print them. With query options the
    chances of that one roll print in words (or as JSON with --format json).
    Queries: fight-sphere --pool N (--threshold N | --versus N); isolation --green N
    --gm N [--hostile-red N] or --scene SCENE.yaml; sapio --pool N --tn N; dirt --pool N
    [--applies job|hobby] (--difficulty D | --versus N); contest --pool DICE --vs DICE.

    Example: playaid odds contest --pool d8,d8,d6 --vs d10,d8,d6
    """
    system, fmt = system.lower(), fmt.lower()
    set_options = {k for k, v in given.items() if v is not None}
    stray = set_options - set(QUERY_OPTIONS[system])
    if stray:
        names = ", ".join(f"--{k.replace('_', '-')}" for k in sorted(stray))
        allowed = ", ".join(f"--{k.replace('_', '-')}" for k in QUERY_OPTIONS[system]) or "none"
        raise click.UsageError(f"{names} is not an option of {system}; its options: {allowed}")
    die = load_faces(given["faces"]) if given.get("faces") else None
    if set_options & ASKING:
        from .odds_query import answer

        result = answer(system, given, die)
        if fmt == "json":
            click.echo(json.dumps(result.as_dict(), indent=2, ensure_ascii=False))
        else:
            click.echo("\n".join(result.lines))
        return
    from ..odds import TABLES, sapio
    from ..odds.formats import as_csv, as_json, as_markdown

    tables = sapio.tables(die) if system == "sapio" else TABLES[system]()
    if fmt == "pdf":
        from ..odds.handout import handout_pdf
        from ..render.paper import paper as paper_of

        write_all(out_dir, {f"odds-{system}.pdf": handout_pdf(system, paper_of(paper), tables)})
        return
    click.echo({"json": as_json, "csv": as_csv, "md": as_markdown}[fmt](system, tables), nl=False)
