"""`playaid demo`: everything the project can make, from the bundled examples."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Callable

from .demo_guide import guide
from .documents import Library, expand
from .outputs import Batch, OutputFolder
from .problems import format_path, unique
from .systems import REGISTRY
from .systems.base import load

def example_files() -> list[Path]:
    """The bundled examples, every game's folder: all valid."""
    from .packets import example_folders

    files, _ = expand(str(p) for p in example_folders().values())
    return files


def shown_name(f: Path) -> str:
    """An example as the reports name it: `<game id>/<file>`, as `playaid examples` copies it."""
    from .packets import example_folders

    for game, folder in example_folders().items():
        if f.is_relative_to(folder):
            return f"{game}/{f.relative_to(folder).as_posix()}"
    return str(f)


def validation_report(files: list[Path]) -> tuple[str, list[dict]]:
    """A readable report and its data: each example, its game and kind, its problems."""
    library = Library()
    lines = ["playaid validation report: bundled examples", ""]
    rows = []
    for f in files:
        name = shown_name(f)
        doc = library.load(f, name)
        problems = unique(doc.problems)
        state = "valid" if doc.valid else "INVALID"
        game = doc.system.id if doc.system else "?"
        lines.append(f"{state:<8} {game:<13} {doc.kind or '?':<10} {name}")
        for p in problems:
            lines.append(f"         {p.severity} [{p.rule}] {format_path(p.path)}: {p.message}")
        rows.append({"file": name, "system": game, "kind": doc.kind, "valid": doc.valid,
                     "problems": [p.as_dict() for p in problems]})
    valid = sum(r["valid"] for r in rows)
    lines += ["", f"{valid} of {len(rows)} examples valid"]
    return "\n".join(lines) + "\n", rows


DEMO_SEED = 2026
"""Scenes without listed dice are rolled with this seed, so the demo is the same every run."""


def roll_transcripts(scenes: list[Path]) -> str:
    """Every example scene resolved step by step, as a table would read it."""
    from .play import format_resolution, resolve_scene

    parts = []
    for f in scenes:
        result, problems, seed = resolve_scene(f, DEMO_SEED)
        title = f"== {shown_name(f)} =="
        if result is None:
            parts.append(title + "\n" + "\n".join(f"{p.severity} [{p.rule}] {p.message}" for p in unique(problems)))
            continue
        parts.append(title + "\n" + format_resolution(result, seed))
    return "\n\n".join(parts) + "\n"


def _pregens(out: Batch, paper: str) -> list[Path]:
    from .commands.pregen import demo_outputs

    return demo_outputs(out, DEMO_SEED)


def _tables(out: Batch, paper: str) -> list[Path]:
    from .commands.pregen_table import demo_outputs

    return _write(out, demo_outputs(DEMO_SEED, paper))


def _odds(out: Batch, paper: str) -> list[Path]:
    from .odds.handout import demo_handouts
    from .render.paper import paper as paper_named

    return _write(out, demo_handouts(paper_named(paper)))


def _sheets(out: Batch, paper: str) -> list[Path]:
    from .packets import demo_outputs
    from .render.paper import paper as paper_named

    return _write(out, demo_outputs(paper_named(paper)))


def _write(out: Batch, files: dict[str, bytes]) -> list[Path]:
    return [out.write_bytes(name, data) for name, data in files.items()]


def _paper_dice(out: Batch, paper: str) -> list[Path]:
    """Each game's own paper die and the coloured d6, as `playaid net` prints them."""
    from .commands.net import net_demo

    return net_demo(out, paper)


STEPS = (
    ("sheets, blank sheets and packets", _sheets),
    ("odds handouts", _odds),
    ("pre-built characters", _pregens),
    ("ready tables with their packets, one per game", _tables),
    ("paper dice", _paper_dice),
)
"""What the demo makes for every game after the validation report and the example rolls."""


def _game_step(game: str, label: str, dotted: str) -> Callable[[Batch, str], list[Path]]:
    def step(out: Batch, paper: str) -> list[Path]:
        with REGISTRY.working_for(game, label):
            return load(dotted)(out, paper)

    return step


def steps() -> list[tuple[str, Callable[[Batch, str], list[Path]]]]:
    """Every step of the demo, in order: `STEPS`, then what each game adds (`GameSystem.demo`)."""
    return [*STEPS, *((label, _game_step(g.id, label, dotted)) for g in REGISTRY.values() for label, dotted in g.demo)]


def run_demo(out: OutputFolder, paper: str, progress: Callable[[str], None] = lambda _: None) -> list[Path]:
    """Write every demo output into `out`, all or nothing; `progress` hears each step's name as it starts."""
    files = example_files()
    progress("validation report and example rolls")
    text, rows = validation_report(files)
    with out.batch() as batch:
        written = [
            batch.write_text("validation-report.txt", text),
            batch.write_text("validation-report.json", json.dumps(rows, indent=2, ensure_ascii=False) + "\n"),
            batch.write_text("example-rolls.txt",
                             roll_transcripts([f for f, r in zip(files, rows) if r["kind"] == "scene"])),
        ]
        for label, step in steps():
            progress(label)
            written += step(batch, paper)
        written.append(batch.write_text("README.txt", guide(out.root, written)))
    return written
