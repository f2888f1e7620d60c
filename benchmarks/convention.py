"""A whole convention, as its organiser runs it: issue 41, goal 1 (6 tables ≤ 8 s wall on 2 idle cores).

Run: PYTHONPATH=. .venv/bin/python benchmarks/convention.py [--runs 1]

Writes a plan of six tables across four games (Dirt, Isolation, Sapio, Contest; 24
players seated), then times `playaid convention PLAN --out FOLDER` as a fresh process,
interpreter start included: what the organiser waits for. The goal says idle cores; the
line carries the load it ran at, so a figure taken on a busy machine reads as such.

The game-level pages are kept in a cache of pages (`playaid/render/page_cache.py`), here a
new folder: the first run starts cold (each game's pages drawn once, shared by its tables),
later runs find them (the organiser's second run, or any run after a packet of the game on
that paper). The goal is read on the warm runs; the cold figure is printed beside it, and
the packets of a cold and a warm run are checked to be the same bytes.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

from report import Run, Timed, goal  # noqa: E402

TARGET_SECONDS = 8.0
PLAN = """name: Bench convention
seed: 41
players_file: players.txt
tables:
  - {game: dirt, count: 4, tables: 2}
  - {game: isolation, count: 5, players: 4, tables: 2}
  - {game: sapio, count: 4}
  - {game: contest, count: 4}
"""
PLAYERS = 24


def once(folder: Path) -> tuple[Timed, list[bytes]]:
    """One run of the command into a new output folder: its time and every table's packet."""
    out = Path(tempfile.mkdtemp(dir=folder))
    env = {**os.environ, "PLAYAID_CACHE": str(folder / "cache")}
    with Timed() as timed:
        subprocess.run([sys.executable, "-m", "playaid", "convention", str(folder / "plan.yaml"), "--out", str(out)],
                       check=True, capture_output=True, cwd=ROOT, env=env)
    packets = sorted(out.rglob("table-packet.pdf"))
    assert len(packets) == 6, f"expected 6 tables' packets, found {len(packets)}"
    return timed, [p.read_bytes() for p in packets]


def main(runs: int) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        (folder / "plan.yaml").write_text(PLAN, encoding="utf-8")
        (folder / "players.txt").write_text("".join(f"Player {i}\n" for i in range(PLAYERS)), encoding="utf-8")
        cold, first = once(folder)
        warm = [once(folder) for _ in range(runs)]
    assert all(made == first for _, made in warm), "a warm cache changed a packet's bytes"
    best = min((t for t, _ in warm), key=lambda t: t.wall)
    print(f"playaid convention, 6 tables (Dirt ×2, Isolation ×2, Sapio, Contest): cold cache of pages "
          f"{cold.wall:.1f} s wall, {cold.cpu:.1f} s CPU; warm, best of {runs}: {best.wall:.1f} s wall, "
          f"{best.cpu:.1f} s CPU over the command and its workers; same bytes cold and warm")
    # what a loaded machine cannot show: on idle cores a run takes at least its CPU time shared among them
    cores = os.cpu_count() or 1
    print(f"warm: at least {best.cpu / cores:.1f} s wall on {cores} idle cores (its CPU seconds over the cores)")
    goal("1 convention of 6 tables, warm cache of pages, wall", best.wall, TARGET_SECONDS, "s")
    goal("1 convention of 6 tables, cold cache of pages, wall (not the goal's figure)", cold.wall, TARGET_SECONDS, "s")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=1, help="runs; the best is kept (default 1)")
    with Run("convention"):
        main(parser.parse_args().runs)
