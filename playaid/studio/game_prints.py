"""What the studio prints for a game from no file, and a game's own printables.

The blank sheet, reference page, odds handout and a ready table are made by the library
calls of `playaid sheet --blank / --reference`, `odds` and `pregen --packet`; a game's own
outputs (`GameSystem.printables`) by the function it names or, with none, by running the
command line it declares, so either way the files are the ones the command line writes.
Everything here runs in a render worker and names no game.
"""

from __future__ import annotations

from pathlib import Path

from ..systems import REGISTRY
from ..systems.base import load


def for_game(output: str, system: str | None, paper_id: str, count: int | None = None) -> dict:
    """`{"files": …}` (or `"error"`) of an output made for game `system` from no file."""
    from ..render.html import Templates
    from ..render.paper import paper
    from ..render.sheets import reference_pdf, render_sheets, sheet_for

    if system is None or system not in REGISTRY:
        return {"error": "the file does not say which game it is for (`system:`)", "files": {}}
    sheet_paper = paper(paper_id)
    if output == "blank":
        return {"files": {f"blank-{system}.pdf": render_sheets(
            Templates(), sheet_paper, [sheet_for(system, None)], f"blank {system} sheet")}}
    if output == "reference":
        return {"files": {f"reference-{system}.pdf": reference_pdf(Templates(), sheet_paper, system)}}
    if output == "odds":
        from ..odds.handout import handout_pdf

        return {"files": {f"odds-{system}.pdf": handout_pdf(system, sheet_paper)}}
    if output == "table":
        return ready_table(system, paper_id, count)
    if output.startswith("game-") and output[5:].isdigit() and int(output[5:]) < len(REGISTRY[system].printables):
        printable = REGISTRY[system].printables[int(output[5:])]
        counted = REGISTRY[system].printable_counts.get(printable[0]) if "game" in printable[1].split() else None
        if counted is None:
            return {"files": declared_files(printable, None, paper_id)}
        word, low, high, opening = counted
        if count is not None and not low <= count <= high:
            return {"error": f"{word}: {low} to {high} (not {count}); change the number beside the button", "files": {}}
        count = opening if count is None else count
        return {"files": declared_files(printable, None, paper_id, count),
                "command": printable[3].replace("{count}", str(count))}
    return {"error": f"no output `{output}` for {REGISTRY[system].title}", "files": {}}


def declared_files(printable: tuple[str, str, str, str], path: Path | None, paper_id: str,
                   count: int | None = None) -> dict[str, bytes]:
    """The files of a game's printable made from `path` (None: for the game), PDFs first;
    `count`: the number a printable that takes one is made for (`GameSystem.printable_counts`).
    What its function or command says on the terminal (`wrote …`, the file's warnings) is
    the page's to say, so it is kept off the studio's terminal."""
    import io
    from contextlib import redirect_stderr, redirect_stdout

    _, _, function, command = printable
    with redirect_stdout(io.StringIO()), redirect_stderr(io.StringIO()):
        if function:
            files = load(function)(path, paper_id) if count is None else load(function)(path, paper_id, count=count)
        else:
            files = command_files(command.replace("{count}", str(count)), path, paper_id)
    checked(files, function or command)
    return dict(sorted(files.items(), key=lambda item: not item[0].endswith(".pdf")))


def checked(files, source: str) -> None:
    """A printable gives `{file name: bytes}`, at least one file, none of them empty: an
    empty file would be written and said "written", a blank page for whoever prints it."""
    if not isinstance(files, dict) or not all(isinstance(k, str) and isinstance(v, bytes) for k, v in files.items()):
        raise ValueError(f"{source} gave {type(files).__name__}, not {{file name: bytes}}")
    if not files:
        raise ValueError(f"{source} made no file")
    empty = [name for name, data in files.items() if not data]
    if empty:
        raise ValueError(f"{source} made {', '.join(empty)} with nothing in {'it' if len(empty) == 1 else 'them'} "
                         "(0 bytes)")


def command_files(command: str, path: Path | None, paper_id: str) -> dict[str, bytes]:
    """The files `command` (`playaid net --die d6`, `{file}` standing for `path`) writes
    with `--paper` and `--out` added, run in this process into a private folder: the very
    command, without the settings a `playaid.toml` of the current folder would add."""
    import shlex
    import tempfile

    from ..cli import cli

    args = [str(path) if word == "{file}" else word for word in shlex.split(command)[1:]]
    with tempfile.TemporaryDirectory(prefix="playaid-print-") as tmp:
        cli.main([*args, "--paper", paper_id, "--out", tmp], prog_name="playaid", standalone_mode=False)
        return {p.relative_to(tmp).as_posix(): p.read_bytes() for p in sorted(Path(tmp).rglob("*")) if p.is_file()}


def ready_table(system: str, paper_id: str, count: int | None) -> dict:
    """`playaid pregen SYSTEM --count N --seed S --packet`: pre-built characters, the setup
    seating them and its packet, in a folder of their own; the seed is drawn here and said,
    so the command line makes the same table again."""
    import secrets

    from ..commands.pregen import SEED_MAX
    from ..commands.pregen_table import command_line
    from ..pregen import COUNT, PregenError, module
    from ..pregen.draw import CountError
    from ..pregen.packets import packets
    from ..pregen.tables import make_tables

    count = count if count is not None and COUNT[0] <= count <= COUNT[1] else module(system).DEMO_TABLE
    seed = secrets.randbelow(SEED_MAX + 1)
    command = command_line(system, count, 1, seed, True)
    try:
        table = make_tables(system, count, 1, seed, command=command)[0]
    except (PregenError, CountError) as exc:  # a count the game's tables cannot seat
        return {"error": f"{exc} (here: the Characters box beside the button); change the number of characters",
                "files": {}}
    if table.problems:  # our own drawing: a problem here is a bug, said rather than printed
        return {"error": f"the drawn table breaks a rule: {table.problems[0].message}", "files": {}}
    (pdfs, _), = packets([table], paper_id)
    folder = f"{system}-table-{seed}"
    files = {f"{folder}/{name}": data for name, data in pdfs.items()}
    files |= {f"{folder}/{name}": text.encode("utf-8") for name, text in table.files.items()}
    return {"files": files, "command": command,
            "note": f"To edit this table here, move output/{folder} out of output/ (the studio lists no printed files)."}
