"""What the command line says instead of click's own wording: click names what is wrong
in its terms (`'0' is not in the range 1<=x<=60`, `No such option '--against'`); a
person needs what to type instead."""

from __future__ import annotations

import difflib
import re

import click

from ..safe_text import shown

_CLICK_WORDING = (
    (r"'(.*)' is not a valid integer(?: range)?\.?$", r"`\1` is not a whole number: write it in digits, e.g. 3"),
    (r"'(.*)' is not a valid float(?: range)?\.?$",
     r"`\1` is not a number: write it in digits, e.g. 2.5 (a dot before decimals)"),
    (r"'(.*)' is not a valid boolean\.?$", r"`\1` is not yes or no: write true or false"),
    (r"'?(.*?)'? is not in the range (-?\d+(?:\.\d+)?)<=x<=(-?\d+(?:\.\d+)?)\.?$", r"`\1` is out of range: give \2 to \3"),
    (r"'?(.*?)'? is not in the range x>=(-?\d+(?:\.\d+)?)\.?$", r"`\1` is too small: give \2 or more"),
    (r"'?(.*?)'? is not in the range x<=(-?\d+(?:\.\d+)?)\.?$", r"`\1` is too large: give \2 or less"),
)
"""click's type errors, said as what to type: `'0' is not in the range 1<=x<=60` reads as code."""


def said_plainly(exc: click.ClickException) -> str:
    """A click error's whole message, a bad value's part in plain wording, as the command
    line prints it (for pages that show the same error)."""
    if isinstance(exc, click.BadParameter):
        exc.message = plain_wording(exc.message)
    return exc.format_message()


def plain_wording(message: str) -> str:
    """`message` with click's default type-error wording replaced by a plain one."""
    for pattern, plain in _CLICK_WORDING:
        message = re.sub(pattern, plain, message)
    return message


KIN = {"against": ("--vs", "--versus"), "opponent": ("--vs", "--versus"), "opposing": ("--vs", "--versus"),
       "player": ("--players",), "names": ("--players",), "size": ("--paper",), "output": ("--out",)}
"""Words a person types for an option that spelling alone does not lead to (`--against`
for `--vs`): difflib finds typos, these find the word."""


def no_such_option(exc: click.NoSuchOption) -> str:
    """`No such option '--against'` with the nearest options of that command, or all of them."""
    command = exc.ctx.command if exc.ctx is not None else None
    params = command.get_params(exc.ctx) if command is not None else []
    names = sorted({o for p in params for o in p.opts if o.startswith("--")} - {"--help"})
    typed = exc.option_name.lstrip("-").split("=")[0]
    kin = [o for o in KIN.get(typed.casefold(), ()) if o in names]
    close = kin or [f"--{c}" for c in difflib.get_close_matches(typed, [n[2:] for n in names], n=2, cutoff=0.6)]
    where = f"`playaid {exc.ctx.info_name}`" if exc.ctx is not None else "this command"
    if close:
        return f"No such option '{shown(exc.option_name)}': did you mean {' or '.join(close)}?"
    if not names:  # `playaid examples --out x`: what it takes is its arguments
        return f"No such option '{shown(exc.option_name)}'; {where} takes no options: {usage(exc.ctx)}"
    return f"No such option '{shown(exc.option_name)}'; {where} takes: {', '.join(names)}"


def extra_argument(exc: click.UsageError) -> str:
    """`Got unexpected extra argument (x)`, with why: a command that takes no arguments at all
    (`playaid demo x`) wants the word as an option's value; one that takes some had a value
    split by a space."""
    command = exc.ctx.command if exc.ctx is not None else None
    params = command.get_params(exc.ctx) if command is not None else []
    if command is not None and not any(isinstance(p, click.Argument) for p in params):
        where = f"`playaid {exc.ctx.info_name}`"
        folder = next((o for p in params for o in p.opts if o == "--out"), None)
        extra = re.fullmatch(r"Got unexpected extra argument \((\S+)\)", exc.message)
        hint = (f"; to write into that folder, give it with --out: playaid {exc.ctx.info_name} --out "
                f"{shown(extra.group(1)) if extra else 'FOLDER'}" if folder else f"; `{where[1:-1]} --help` lists its options")
        return f"{exc.message}: {where} takes no arguments{hint}"
    return (f"{exc.message}: a space ends a value, so each word became an argument of its own; "
            "give several values joined by commas (d8,d6) or in quotes (\"d8 d6\")")


def usage(ctx: click.Context | None) -> str:
    """How the command is typed, its arguments named (`playaid examples [FOLDER]`)."""
    if ctx is None:
        return "see its --help"
    pieces = " ".join(p.make_metavar(ctx) if hasattr(p, "make_metavar") else p.name.upper()
                      for p in ctx.command.get_params(ctx) if isinstance(p, click.Argument))
    return f"playaid {ctx.info_name} {pieces}".strip()
