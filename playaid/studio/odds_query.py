"""What the odds page asks beyond the game's options: unopposed or opposed, which files fit
a file option, and where a refused value's words go.

A game's odds module may declare `MODES` (see `playaid.odds`): the ways a roll is made
(against a difficulty, against another's dice), each with the options only it takes and
the values it opens with. The page shows one way at a time, so a query never holds both
(which the command line refuses). `FILE_KINDS` names the kind of file each file option
takes, so the page lists only the folder's files of that game and kind. Every message the
page shows names controls by their labels and files relative to the folder: never a
command-line flag, never a path of the server's disk.
"""

from __future__ import annotations

import io
import re
from contextlib import redirect_stdout
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

import click

from ..commands.wording import plain_wording
from ..documents import Library
from ..odds import module


@dataclass(frozen=True)
class Mode:
    name: str
    label: str
    options: dict[str, str]
    """The options only this way of rolling takes, with the values it opens with."""


def modes(system: str) -> list[Mode]:
    """The game's ways of rolling (none: every option always applies)."""
    return [Mode(name, label, dict(opening)) for name, label, opening in getattr(module(system), "MODES", ())]


def chosen_mode(system: str, values: dict[str, str], asked: str = "") -> str:
    """The way of rolling `asked` for, else the one whose options hold a value, else the first."""
    found = modes(system)
    names = [m.name for m in found]
    if asked in names:
        return asked
    return next((m.name for m in found if any(values.get(o) for o in m.options)), names[0] if names else "")


def in_mode(system: str, values: dict[str, str], mode: str) -> dict[str, str]:
    """`values` with the other ways' options blank, and this way's opening values where it has none."""
    out = dict(values)
    for m in modes(system):
        if m.name != mode:
            out.update({o: "" for o in m.options})
        elif not any(out.get(o) for o in m.options):
            out.update(m.options)
    return out


def option_modes(system: str) -> dict[str, str]:
    """Option name → the way of rolling it belongs to (options of every way are not listed)."""
    return {o: m.name for m in modes(system) for o in m.options}


def fitting(system: str, option: str, files: list[str], folder: Path) -> list[str]:
    """The files among `files` that the file option `option` takes: the game's own files of
    the kind it names (`FILE_KINDS`), or of any kind when it names none."""
    kind = getattr(module(system), "FILE_KINDS", {}).get(option)
    out = []
    for rel in files:
        doc = Library().load(folder / rel)
        if doc.system is not None and doc.system.id == system and (kind is None or doc.kind == kind):
            out.append(rel)
    return out


def answered(system: str, given: dict[str, Any], folder: Path) -> Any:
    """The game's answer to `given`; a refusal's words are made fit for the page (`refusal`).
    What the game prints of a file's problems (as its command does) is kept for the message."""
    printed = io.StringIO()
    try:
        with redirect_stdout(printed):
            return module(system).answer(given)
    except click.ClickException as exc:
        exc.studio_printed = printed.getvalue()  # the problems "above" the command line's message
        raise


def refusal(exc: click.ClickException, labels: dict[str, str], folder: Path,
            given: dict[str, Any] | None = None) -> tuple[str, str]:
    """(the control it is about or "", the message in the page's words) for a refused query:
    flags become the controls' labels, the folder's paths become relative ones. A refusal
    naming a file `given` is about that file's control."""
    flags = {f"--{name.replace('_', '-')}": label for name, label in labels.items()}
    about = ""
    if isinstance(exc, click.BadParameter) and exc.param_hint:
        hint = str(exc.param_hint).strip("'\"")
        about = next((n for n in labels if f"--{n.replace('_', '-')}" == hint), "")
        message = plain_wording(exc.message)
    else:
        message = exc.format_message()
        about = next((n for n, v in (given or {}).items() if n in labels and isinstance(v, str) and "/" in v
                      and v in message), "")
    printed = getattr(exc, "studio_printed", "").strip()
    if printed:
        message = message.replace("fix the problems above", "fix these problems") + "\n" + printed
    return about, _plain(message, flags, folder)


def _plain(message: str, flags: dict[str, str], folder: Path) -> str:
    for root in {str(folder), str(folder.resolve())}:
        message = message.replace(root + "/", "").replace(root, "the folder")
    message = re.sub(r"`([^`]*)`", r"“\1”", message)  # the terminal's quoting, in the page's
    return re.sub(r"--[a-z][a-z-]*", lambda m: f"“{flags[m.group(0)]}”" if m.group(0) in flags else m.group(0),
                  message)


def labelled(controls: list, name_of: Callable = lambda c: c.name) -> dict[str, str]:
    return {name_of(c): c.label for c in controls}
