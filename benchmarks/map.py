"""How long a 12-character map worksheet takes (target: under 2 s, issue 8).

Run: PYTHONPATH=. .venv/bin/python benchmarks/map.py
Prints the time of a cold first run (fonts loaded, metrics measured), the best of the
following runs, for PDF and SVG, and the ratio to the target.
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from map_setups import setup  # noqa: E402

from playaid.games.isolation import maps  # noqa: E402
from report import Run  # noqa: E402  (benchmarks/report.py, beside this file)

TARGET = 2.0


def timed(make) -> float:
    start = time.perf_counter()
    make()
    return time.perf_counter() - start


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "twelve.yaml"
        path.write_text(setup(12, injured=0, dead=5), encoding="utf-8")
        cases = {
            "12 characters, PDF, A4": lambda: maps.map_pdf(path, "a4"),
            "12 characters, SVG, A4": lambda: maps.map_svgs(path, "a4"),
            "12 characters, PDF, A3": lambda: maps.map_pdf(path, "a3"),
            "blank for 12, PDF, A4": lambda: maps.map_pdf(maps.blank(12), "a4"),
        }
        for name, make in cases.items():
            cold = timed(make)
            warm = min(timed(make) for _ in range(3))
            print(f"{name:<26} first {cold:5.2f} s   then {warm:5.2f} s   "
                  f"target {TARGET:.1f} s: {warm / TARGET:4.0%} of it (first run {cold / TARGET:4.0%})")


if __name__ == "__main__":
    with Run("map"):
        main()
