"""Sheet and packet speed against the issue's targets; prints its figures.

Run: PYTHONPATH=. .venv/bin/python benchmarks/sheets.py [CHARACTERS]
Targets: one sheet ≤ 1.5 s including interpreter start; a 100-character packet ≤ 10 s.
"""

from __future__ import annotations

import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from playaid.systems import REGISTRY  # noqa: E402


CHARACTERS = ("fight-sphere/dana", "isolation/alice", "sapio/wren", "fight-club/dale", "dirt/moss", "contest/harrow")
"""One bundled character per game: each `playaid sheet` imports only its own game."""


def _example(name: str) -> Path:
    """`dirt/moss` → that bundled example file, in its game's folder."""
    game, _, stem = name.partition("/")
    return Path(REGISTRY[game].examples) / f"{stem}.yaml"


def one_sheet(character: str, runs: int = 3) -> float:
    """Median wall time of `playaid sheet` on one character, in a fresh interpreter each run."""
    times = []
    for _ in range(runs):
        with tempfile.TemporaryDirectory() as out:
            start = time.perf_counter()
            subprocess.run([sys.executable, "-m", "playaid", "sheet", str(_example(character)),
                            "--out", out], check=True, capture_output=True, cwd=ROOT)
            times.append(time.perf_counter() - start)
    return sorted(times)[len(times) // 2]


def write_setup(folder: Path, count: int) -> Path:
    """A Dirt table of `count` like characters, written into `folder`: the packet benchmarks' input."""
    rows = "".join(f"  - {{name: Player {i}, stats: {{mental: 3, physical: 4, social: 3}}, job: Roofer, hobby: Skating}}\n"
                   for i in range(count))
    setup = folder / "table.yaml"
    setup.write_text(f"system: dirt\nkind: setup\nname: Bench\ncharacters:\n{rows}", encoding="utf-8")
    return setup


def packet(count: int) -> tuple[float, int]:
    from playaid.packets import packet as build_packet
    from playaid.render.paper import paper

    with tempfile.TemporaryDirectory() as tmp:
        setup = write_setup(Path(tmp), count)
        start = time.perf_counter()
        files, _ = build_packet(setup, paper("a4"))
        return time.perf_counter() - start, len(files["table-packet.pdf"])


if __name__ == "__main__":
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 100
    for character in CHARACTERS:
        single = one_sheet(character)
        print(f"one sheet ({character}), interpreter start included, median of 3: {single:.2f} s "
              f"(target 1.5 s, ratio {single / 1.5:.2f})")
    seconds, size = packet(count)
    print(f"{count}-character packet: {seconds:.1f} s, {seconds / count:.3f} s per sheet, {size / 1e6:.2f} MB "
          f"(target 10 s for 100, ratio {seconds / 10 * 100 / count:.2f} scaled to 100)")
    worker_mb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    print(f"largest worker: {worker_mb:.0f} MB resident (target 300 MB, ratio {worker_mb / 300:.2f})")
