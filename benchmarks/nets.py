"""How long one page of die nets takes to draw; the target (issue 7) is under 0.5 s.

Run: python benchmarks/nets.py  (from the project folder, with the project importable)
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

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
    from generator.render.nets import D6, nets_pdf, nets_svgs, per_page
    from generator.systems.sapio import default_die

    die = default_die()
    cases = [
        (f"Spiral die PDF, A4 page of {per_page(die, 'a4')} at 20 mm", lambda: nets_pdf(die, "a4")),
        (f"Spiral die PDF, A4 page of {per_page(die, 'a4', 12)} at 12 mm", lambda: nets_pdf(die, "a4", edge=12)),
        ("Spiral die SVG, A4 page at 20 mm", lambda: nets_svgs(die, "a4")),
        (f"green d6 PDF, A4 page of {per_page(D6('green'), 'a4')} at 25 mm", lambda: nets_pdf(D6("green"), "a4")),
    ]
    print(f"target: one page under {TARGET} s")
    for name, make in cases:
        first, median = timed(make)
        print(f"{name:<42} first {first:6.3f} s  then {median:6.3f} s  "
              f"ratio to target {max(first, median) / TARGET:5.2f}")


if __name__ == "__main__":
    main()
