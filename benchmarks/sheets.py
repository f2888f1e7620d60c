"""Sheet and packet speed against the issue's targets; prints its figures.

Run: PYTHONPATH=. .venv/bin/python benchmarks/sheets.py [CHARACTERS]
Targets: one sheet ≤ 1.5 s including interpreter start; a 100-character packet ≤ 20 s.
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


def one_sheet() -> float:
    with tempfile.TemporaryDirectory() as out:
        start = time.perf_counter()
        subprocess.run([sys.executable, "-m", "generator", "sheet", str(ROOT / "assets/examples/dirt/moss.yaml"),
                        "--out", out], check=True, capture_output=True, cwd=ROOT)
        return time.perf_counter() - start


def packet(count: int) -> tuple[float, int]:
    from generator.render.packet import build_packet
    from generator.render.paper import paper

    with tempfile.TemporaryDirectory() as tmp:
        rows = "".join(f"  - {{name: Player {i}, stats: {{mental: 3, physical: 4, social: 3}}, job: Roofer, hobby: Skating}}\n"
                       for i in range(count))
        setup = Path(tmp) / "table.yaml"
        setup.write_text(f"system: dirt\nkind: setup\nname: Bench\ncharacters:\n{rows}", encoding="utf-8")
        start = time.perf_counter()
        files, _ = build_packet(setup, paper("a4"))
        return time.perf_counter() - start, len(files["bench-packet.pdf"])


if __name__ == "__main__":
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 100
    single = one_sheet()
    print(f"one sheet, interpreter start included: {single:.2f} s (target 1.5 s, ratio {single / 1.5:.2f})")
    seconds, size = packet(count)
    print(f"{count}-character packet: {seconds:.1f} s, {seconds / count:.3f} s per sheet, {size / 1e6:.2f} MB "
          f"(target 20 s for 100, ratio {seconds / 20 * 100 / count:.2f} scaled to 100)")
    worker_mb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    print(f"largest worker: {worker_mb:.0f} MB resident (target 300 MB, ratio {worker_mb / 300:.2f})")
