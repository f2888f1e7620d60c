"""`playaid packet`: one PDF for a table — cover, sheets, reference page, handouts."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from ..documents import Library
from ..problems import unique
from ..render.html import TemplateProblem
from ..render.paper import paper as paper_named
from ..packet_names import packet_names
from . import InputError, lang_option, out_option, paper_option, print_problems, warn, write_all


@click.command("packet")
@click.argument("setup", type=click.Path())
@paper_option()
@out_option
@lang_option
@click.option("--split", is_flag=True, help="Also write one PDF per character.")
@click.option("--template-dir", type=click.Path(file_okay=False, exists=True),
              help="Your own templates, used before the bundled ones (same names).")
def command(setup, paper, out_dir, language, split, template_dir):
    """A packet for a table: cover, a sheet per character, reference page and handouts, with bookmarks.

    Large casts are rendered in worker processes; a progress bar shows on a terminal.

    Example: playaid packet examples/isolation/farmhouse.yaml --paper letter --split
    """
    from ..packets import packet
    from ..render.packet import PacketError

    if Path(setup).is_dir():
        raise InputError(_for_a_folder(Path(setup)))
    library = Library()
    doc = library.load(setup)
    problems = unique(library.problems())
    if any(p.is_error for p in problems):
        print_problems(problems)
        raise InputError("nothing rendered: fix the problems above")
    if doc.kind != "setup":
        game = doc.system.id if doc.system else "SYSTEM"
        named = getattr(doc.model, "setup", None)
        if isinstance(named, str):  # a scene names the setup its packet is made from
            raise InputError(f"{setup}: a {doc.kind} file; its setup makes the packet:\n"
                             f"  playaid packet {Path(setup).parent / named}")
        raise InputError(f"{setup}: a {doc.kind} file; a packet is made from a setup file listing the cast.\n"
                         + _instead(game, [setup] if doc.kind == "character" else []))
    bar = _Bar() if sys.stdout.isatty() else None
    try:
        files, warnings = packet(Path(setup), paper_named(paper), split=split, lang=language,
                                 template_dir=Path(template_dir) if template_dir else None,
                                 progress=bar.update if bar else (lambda done, total: None))
    except (PacketError, TemplateProblem) as exc:
        raise InputError(str(exc)) from None
    finally:
        if bar:
            bar.close()
    for note in warnings:
        warn(note)
    write_all(out_dir, packet_names(Path(setup), Path(out_dir), files))


def _instead(game: str, characters: list[str]) -> str:
    """What to run instead of a packet of something that is not a setup."""
    loose = " ".join(characters) or "CHARACTER.yaml …"
    return (f"  to make a setup: playaid new {game} setup (then list the characters under `characters:`)\n"
            f"  for loose characters: playaid sheet {loose}\n"
            f"  for a ready table of pre-built characters and its packet: playaid pregen {game} --count N --packet")


def _for_a_folder(folder: Path) -> str:
    """`packet FOLDER`: name the folder's setups if it has any, else say what else to run."""
    library = Library()
    kinds: dict[str, list[str]] = {}
    games = set()
    for path in sorted(folder.glob("*.y*ml")):
        doc = library.load(path)
        if doc.kind:
            kinds.setdefault(doc.kind, []).append(str(path))
            games.add(doc.system.id if doc.system else "SYSTEM")
    if kinds.get("setup"):
        return (f"{folder}: a folder; a packet is made from one setup file. This folder's setups:\n"
                + "\n".join(f"  playaid packet {p}" for p in kinds["setup"]))
    game = games.pop() if len(games) == 1 else "SYSTEM"
    return f"{folder}: a folder with no setup file in it.\n" + _instead(game, kinds.get("character", [])[:6])


class _Bar:
    """A click progress bar fed with (done, total), opened at the first report."""

    def __init__(self) -> None:
        self.bar, self.done = None, 0

    def update(self, done: int, total: int) -> None:
        if self.bar is None:
            self.bar = click.progressbar(length=total, label="packet").__enter__()
        self.bar.update(done - self.done)
        self.done = done

    def close(self) -> None:
        if self.bar is not None:
            self.bar.__exit__(None, None, None)
