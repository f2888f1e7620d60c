"""How fast the studio's odds explorer and "at the table" answer, server side.

The odds explorer asks the engine once per control change (debounced 150 ms in the page);
the table resolves the scene once per die pressed. Both should stay far below the
studio's 100 ms budget for an answer after the debounce. Measured in-process (no HTTP):
the exact work a request does, medians and maxima over a sweep of queries.

Run: python benchmarks/studio_pages.py
"""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from types import SimpleNamespace

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from playaid.commands.examples import bundled  # noqa: E402
from playaid.studio.odds_page import answer_context  # noqa: E402
from playaid.studio.table_page import play  # noqa: E402
from report import Run  # noqa: E402  (benchmarks/report.py, beside this file)


def _ms(work) -> float:
    start = time.perf_counter()
    work()
    return (time.perf_counter() - start) * 1000


def report(name: str, times: list[float]) -> None:
    print(f"{name}: median {statistics.median(times):.1f} ms, max {max(times):.1f} ms ({len(times)} runs)")


def main() -> None:
    folder = Path(tempfile.mkdtemp())
    for name, data in bundled().items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_bytes(data)
    studio = SimpleNamespace(folder=folder, resolve=lambda rel: folder / rel)
    queries = [("sapio", {"pool": str(p), "tn": str(t)}) for p in range(1, 7) for t in range(1, 6)]
    queries += [("fight-sphere", {"pool": str(p), "versus": str(p + 3)}) for p in range(10, 40)]
    queries += [("dirt", {"pool": str(p), "versus": str(p)}) for p in range(1, 30)]
    report("odds answer and chart, first time asked", [_ms(lambda q=q: answer_context(*q, studio)) for q in queries])
    scene = folder / "isolation" / "scene-board-up.yaml"
    rolled = json.loads(subprocess.run([sys.executable, "-m", "playaid", "roll", str(scene), "--seed", "3", "--json"],
                                       check=True, capture_output=True, text=True).stdout)["rolled"]
    report(f"table: one die pressed ({len(rolled)} dice of {scene.name})",
           [_ms(lambda n=n: play(scene, rolled[:n])) for n in range(len(rolled) + 1)])


if __name__ == "__main__":
    with Run("studio_pages"):
        main()
