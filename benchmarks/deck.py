"""How fast `playaid deck` renders, against the targets of issue 6.

Targets: the default deck with backs on A4 in under 1 s (median of 5, the whole process
minus interpreter start), and 1,000 cards in under 5 s. Each run is a fresh process,
so imports, font loading and writing the file are counted; an empty interpreter's start
(`python -c pass`, median of 5) is subtracted.

Run: python benchmarks/deck.py
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from report import Run  # noqa: E402  (benchmarks/report.py, beside this file)

ROOT = Path(__file__).resolve().parent.parent


def median_seconds(args: list[str], runs: int = 5) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(args, check=True, cwd=ROOT, capture_output=True)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    python = sys.executable
    bare = median_seconds([python, "-c", "pass"])
    with tempfile.TemporaryDirectory() as tmp:
        cli = [python, "-c", "from playaid.cli import main; main()", "deck", "--out", tmp]
        default = median_seconds(cli) - bare
        big = Path(tmp) / "big.csv"
        big.write_text("name,copies\n" + "".join(f"Frustration number {i},10\n" for i in range(100)), encoding="utf-8")
        thousand = median_seconds(cli + [str(big)]) - bare
    print(f"interpreter start (subtracted): {bare:.3f} s")
    print(f"default deck (62 cards) + backs, A4: {default:.3f} s  target 1 s  ratio {default / 1.0:.2f}")
    print(f"1,000 cards + backs, A4:            {thousand:.3f} s  target 5 s  ratio {thousand / 5.0:.2f}")


if __name__ == "__main__":
    with Run("deck"):
        main()
