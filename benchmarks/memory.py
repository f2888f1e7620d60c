"""Memory of a large packet, in every process: issue 41, goal 4 (≤ 300 MB each, the parent too).

Run: PYTHONPATH=. .venv/bin/python benchmarks/memory.py [--characters 1000 | --quick]

`playaid packet` runs as a child process on a Dirt table of 1,000 characters (`--quick`:
100, for a quicker look; the goal is the full size, which `make bench` runs).
While it runs, the high-water mark of its resident memory (VmHWM) and of each render
worker is sampled from /proc; after it ends, getrusage's largest child gives the
exact peak over all of them, the moment a sample may have missed included.
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

from report import PeakMemory, Run, Timed, goal, megabytes  # noqa: E402

TARGET_MB = 300


def write_setup(folder: Path, count: int) -> Path:
    """A Dirt table of `count` like characters, written into `folder`: the packet benchmarks' input."""
    rows = "".join(f"  - {{name: Player {i}, stats: {{mental: 3, physical: 4, social: 3}}, job: Roofer, hobby: Skating}}\n"
                   for i in range(count))
    setup = folder / "table.yaml"
    setup.write_text(f"system: dirt\nkind: setup\nname: Bench\ncharacters:\n{rows}", encoding="utf-8")
    return setup


def run_packet(count: int, pages: Path | None = None) -> tuple[Timed, PeakMemory, int]:
    """`playaid packet` on `count` characters in a fresh process: its time, its process tree's
    memory and the bytes of PDF it wrote. `pages` is the cache of game-level pages it uses
    (playaid/render/page_cache.py); by default a new one, so the run starts cold."""
    with tempfile.TemporaryDirectory() as tmp, Timed() as timed:
        setup = write_setup(Path(tmp), count)
        env = {**os.environ, "PLAYAID_CACHE": str(pages or Path(tmp) / "pages")}
        # the CLI a user runs, so the parent's figure is the command's own, not this script's
        run = subprocess.Popen([sys.executable, "-m", "playaid", "packet", str(setup), "--out", tmp],
                               cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
        with PeakMemory(run.pid) as peaks:
            _, errors = run.communicate()
        if run.returncode:
            sys.exit(f"playaid packet failed ({run.returncode}): {errors.decode()[-2000:]}")
        size = sum(f.stat().st_size for f in Path(tmp).rglob("*.pdf"))
    return timed, peaks, size


def main(count: int) -> None:
    timed, peaks, size = run_packet(count)
    every = megabytes(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
    workers = peaks.children
    print(f"{count}-character packet: {timed.wall:.1f} s wall, {timed.cpu:.1f} s CPU, {size / 1e6:.1f} MB of PDF; "
          f"{len(workers)} child process(es) seen (render workers and helpers), peaks "
          f"{', '.join(f'{w:.0f}' for w in workers) or 'none'} MB")
    scope = "" if count == 1000 else f" (at {count} characters; the goal is 1,000)"
    goal(f"4 memory, packet parent{scope}", peaks.parent, TARGET_MB, "MB")
    goal(f"4 memory, largest child (render worker){scope}", workers[0] if workers else 0.0, TARGET_MB, "MB")
    goal(f"4 memory, every process (getrusage){scope}", max(every, peaks.parent, *workers), TARGET_MB, "MB")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--characters", type=int, default=1000, help="characters in the packet (default 1000)")
    parser.add_argument("--quick", action="store_const", const=100, dest="characters",
                        help="100 characters: a quick look, not the goal's size")
    with Run("memory"):
        main(parser.parse_args().characters)
