"""Sheets and packets against issue 41's goals 2 and 3, each beside WeasyPrint alone on the same HTML.

Run: PYTHONPATH=. .venv/bin/python benchmarks/sheets.py [CHARACTERS]   (default 100)

Goal 3, one sheet cold ≤ 0.8 s: `playaid sheet` on one bundled character per game, a
fresh process each time (median of 3); the slowest game is the figure. Beside it, the
floors no sheet goes under: an empty interpreter, `playaid --version`, the imports of
`playaid sheet` (`-X importtime`); and the reference: a fresh interpreter that imports
WeasyPrint and writes the very HTML playaid lays out, with the same PDF options.

Goal 2, a 100-character packet ≤ 6 s: `playaid packet` as a fresh process (benchmarks/
memory.py's run), against WeasyPrint alone writing those 100 sheets' HTML in one process.
It runs twice on one new cache of game-level pages: cold (the reference page, odds handout
and paper dice drawn and kept) and warm (found), as a GM's second packet of a game runs;
the goal is read on the warm run, the cold one printed beside it.
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from memory import run_packet, write_setup  # noqa: E402
from report import Run, Timed, goal  # noqa: E402

from playaid.documents import Library  # noqa: E402
from playaid.render.html import Templates  # noqa: E402
from playaid.render.paper import paper  # noqa: E402
from playaid.render.sheets import cast_of, pdf as sheet_pdf, render_sheets, sheet_for  # noqa: E402
from playaid.systems import REGISTRY  # noqa: E402

CHARACTERS = ("fight-sphere/dana", "isolation/alice", "sapio/wren", "fight-club/dale", "dirt/moss", "contest/harrow")
"""One bundled character per game: each `playaid sheet` imports only its own game."""
SHEET_TARGET, PACKET_TARGET = 0.8, 6.0

WEASYPRINT_ALONE = """import sys, weasyprint
html, base, out = sys.argv[1:]
weasyprint.HTML(filename=html, base_url=base).write_pdf(out, pdf_forms=True, pdf_tags=True)
"""
"""The reference: no playaid code at all, the same options as playaid's `pdf_bytes`."""


def _example(name: str) -> Path:
    """`dirt/moss` → that bundled example file, in its game's folder."""
    game, _, stem = name.partition("/")
    return Path(REGISTRY[game].examples) / f"{stem}.yaml"


class _Captured(Exception):
    """Raised in place of the layout: the HTML is all that is wanted, not playaid's own render."""


def sheets_html(path: Path) -> tuple[str, str]:
    """(HTML, base URL) that playaid lays out for the sheets of the file at `path`."""
    def capture(html: str, roots):
        raise _Captured(html, roots[0].resolve().as_uri() + "/")

    library = Library()
    doc = library.load(path)
    cast = cast_of(library, path, doc)
    sheets = [sheet_for(cast.system, model, setup=setup, prefix=f"c{i:03d}") for i, (model, setup) in enumerate(cast.members)]
    real, sheet_pdf.layout = sheet_pdf.layout, capture
    try:
        render_sheets(Templates(), paper("a4"), sheets, doc.model.name)
    except _Captured as captured:
        return captured.args
    finally:
        sheet_pdf.layout = real
    raise RuntimeError("the sheets were never laid out")


def median_wall(args: list[str], runs: int = 3) -> float:
    """Median wall seconds of `args` as a fresh process."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(args, check=True, capture_output=True, cwd=ROOT)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def import_seconds(args: list[str]) -> float:
    """Seconds the process spends importing, by `-X importtime`: the top-level imports' cumulative times."""
    err = subprocess.run([sys.executable, "-X", "importtime", *args], check=True, capture_output=True,
                         text=True, cwd=ROOT).stderr
    rows = [line.split("|") for line in err.splitlines() if line.startswith("import time:") and "[us]" not in line]
    return sum(int(r[1]) for r in rows if not r[2].startswith("  ")) / 1e6


def one_sheet() -> None:
    python = sys.executable
    print(f"floors: empty interpreter {median_wall([python, '-c', 'pass']):.2f} s, "
          f"`playaid --version` {median_wall([python, '-m', 'playaid', '--version']):.2f} s, "
          f"`import weasyprint` {median_wall([python, '-c', 'import weasyprint']):.2f} s (medians of 3)")
    slowest = (0.0, 0.0, "")
    with tempfile.TemporaryDirectory() as out:
        for character in CHARACTERS:
            example = _example(character)
            ours = median_wall([python, "-m", "playaid", "sheet", str(example), "--out", out])
            html, base = sheets_html(example)
            (Path(out) / "sheet.html").write_text(html, encoding="utf-8")
            alone = median_wall([python, "-c", WEASYPRINT_ALONE, str(Path(out) / "sheet.html"), base,
                                 str(Path(out) / "alone.pdf")])
            imports = import_seconds(["-m", "playaid", "sheet", str(example), "--out", out])
            print(f"one sheet cold ({character}): {ours:.2f} s, of which imports {imports:.2f} s; "
                  f"WeasyPrint alone on its HTML {alone:.2f} s ({ours / alone:.2f}×)")
            slowest = max(slowest, (ours, alone, character))
    ours, alone, character = slowest
    goal(f"3 one sheet cold, whole process (slowest game: {character})", ours, SHEET_TARGET, "s",
         reference=("WeasyPrint alone, cold, same HTML", alone))


def packet(count: int) -> None:
    with tempfile.TemporaryDirectory() as pages:
        cold, _, _ = run_packet(count, Path(pages))
        timed, peaks, size = run_packet(count, Path(pages))
    with tempfile.TemporaryDirectory() as tmp:
        html, base = sheets_html(write_setup(Path(tmp), count))
        (Path(tmp) / "sheets.html").write_text(html, encoding="utf-8")
        with Timed() as alone:
            subprocess.run([sys.executable, "-c", WEASYPRINT_ALONE, str(Path(tmp) / "sheets.html"), base,
                            str(Path(tmp) / "alone.pdf")], check=True, capture_output=True, cwd=ROOT)
    print(f"{count}-character packet, cold cache of pages: {cold.wall:.1f} s wall, {cold.cpu:.1f} s CPU; warm: "
          f"{timed.wall:.1f} s wall, {timed.cpu:.1f} s CPU, {size / 1e6:.2f} MB; "
          f"parent's peak {peaks.parent:.0f} MB, largest child {max(peaks.children, default=0):.0f} MB; "
          f"WeasyPrint alone on its sheets' HTML (one process, no cover or handouts): "
          f"{alone.wall:.1f} s wall, {alone.cpu:.1f} s CPU")
    scope = "" if count == 100 else f" (at {count} characters; the goal is 100)"
    goal(f"2 packet of 100 characters, whole process, warm cache of pages{scope}", timed.wall, PACKET_TARGET, "s",
         reference=("WeasyPrint alone, same sheets' HTML", alone.wall))


if __name__ == "__main__":
    with Run("sheets"):
        one_sheet()
        packet(int(sys.argv[1]) if len(sys.argv) > 1 else 100)
