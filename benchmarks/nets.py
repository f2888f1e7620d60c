"""How long one page of die nets takes to draw; the target (issue 7) is under 0.5 s.

Run: python benchmarks/nets.py  (from the project folder, with the project importable)
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

from report import Run  # noqa: E402  (benchmarks/report.py, beside this file)

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

TARGET = 0.5


def timed(make, repeat: int = 7) -> tuple[float, float]:
    """(first run, median of the following runs) in seconds."""
    start = time.perf_counter()
    make()
    first = time.perf_counter() - start
    runs = []
    for _ in range(repeat):
        start = time.perf_counter()
        make()
        runs.append(time.perf_counter() - start)
    return first, statistics.median(runs)


def main() -> None:
    from playaid.render.nets import D6, nets_pdf, nets_svgs, per_page
    from playaid.games.sapio import default_die

    die = default_die()
    # (what, die, paper, edge, draw); the first case runs cold: fonts, geometry, packing
    cases = [
        ("Spiral die PDF, A4 at 20 mm", die, "a4", 20, nets_pdf),
        ("Spiral die PDF, A4 at 12 mm", die, "a4", 12, nets_pdf),
        ("Spiral die PDF, Letter at 15 mm", die, "letter", 15, nets_pdf),
        ("Spiral die SVG, A4 at 20 mm", die, "a4", 20, nets_svgs),
        ("green d6 PDF, A4 at 25 mm", D6("green"), "a4", 25, nets_pdf),
    ]
    print(f"target: one page under {TARGET} s; 'first' is the first such page in this process")
    for name, chosen, paper, edge, draw in cases:
        first, median = timed(lambda: draw(chosen, paper, None, edge))
        fits = per_page(chosen, paper, edge)
        print(f"{name:<33} {fits:2} nets  first {first:6.3f} s  then {median:6.3f} s  "
              f"ratio to target {max(first, median) / TARGET:5.2f}")


if __name__ == "__main__":
    with Run("nets"):
        main()
