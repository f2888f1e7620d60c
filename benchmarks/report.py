"""What every benchmark prints around its figures, so that no figure is read without its context.

A figure taken on a shared machine means little alone: two cores busy with other work
double a wall time. So each benchmark runs inside `Run`, which prints the machine (CPU
model, cores) and the load average first, and at the end the load again, the wall and
CPU seconds (this process and every child it waited for) and the peak memory of this
process and of its largest child. Each of issue 41's goals is printed by `goal` as one
line starting `goal`, with its figure, the load at that moment and PASS or FAIL, so
`make bench` can gather them.

Not run by itself: `python benchmarks/X.py` imports it from its own folder.
"""

from __future__ import annotations

import os
import platform
import resource
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path


def machine() -> str:
    """'Intel(R) Xeon(R) Processor, 2 cores': the CPU model as the kernel names it."""
    model = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass  # not Linux: platform's guess is the best there is
    return f"{model}, {os.cpu_count()} cores"


def load() -> str:
    """The load averages over 1, 5 and 15 minutes: '3.1 2.9 2.7'."""
    return " ".join(f"{x:.1f}" for x in os.getloadavg())


def cpu_seconds() -> float:
    """User and system seconds of this process and of every child it has waited for."""
    own, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime


def megabytes(kib: int) -> float:
    """Linux gives resident sizes in KiB; the targets are in (decimal) MB."""
    return kib * 1024 / 1e6


@dataclass
class Timed:
    """Wall and CPU seconds of one block; CPU counts children only once they are waited for,
    so a pool must be shut down inside the block."""

    wall: float = 0.0
    cpu: float = 0.0
    _started: tuple[float, float] = (0.0, 0.0)

    def __enter__(self) -> Timed:
        self._started = (time.perf_counter(), cpu_seconds())
        return self

    def __exit__(self, *_) -> None:
        self.wall = time.perf_counter() - self._started[0]
        self.cpu = cpu_seconds() - self._started[1]


class Run:
    """`with Run("sheets"):` around a whole benchmark: the context before, the totals after."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.timed = Timed()

    def __enter__(self) -> Run:
        print(f"[{self.name}] machine: {machine()}; load average before: {load()} (1, 5, 15 min)", flush=True)
        self.timed.__enter__()
        return self

    def __exit__(self, *_) -> None:
        self.timed.__exit__()
        own = megabytes(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
        kid = megabytes(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
        print(f"[{self.name}] load average after: {load()}; {self.timed.wall:.1f} s wall, "
              f"{self.timed.cpu:.1f} s CPU (this process and its children); peak memory: "
              f"this process {own:.0f} MB, largest child {kid:.0f} MB", flush=True)


def goal(label: str, figure: float, target: float, unit: str, *, reference: tuple[str, float] | None = None,
         at_least: bool = False) -> bool:
    """Print one goal's line and say whether it is met.

    `target` is a ceiling (a time, a size) unless `at_least` (a speed-up). `reference` is
    (what, its figure in the same unit), measured in the same run: the line also gives
    our figure as a multiple of it.
    """
    met = figure >= target if at_least else figure <= target
    sign = "≥" if at_least else "≤"
    line = f"goal {label}: {figure:.2f} {unit} (target {sign} {target:g} {unit}, {figure / target:.2f} of it"
    if reference is not None:
        what, value = reference
        line += f"; {what} {value:.2f} {unit}, ours {figure / value:.2f}× that"
    print(f"{line}; load {load()}) {'PASS' if met else 'FAIL'}", flush=True)
    return met


@dataclass
class PeakMemory:
    """Peak resident memory (VmHWM) of a process tree, sampled from /proc while it runs.

    The kernel keeps each process's high-water mark, so a sample only has to come after
    the peak, not at it; what a worker reaches in its last moments before it exits
    (less than `every` seconds) can be missed, and `largest_child` from getrusage after
    the run covers that. Linux only: elsewhere nothing is sampled.
    """

    root: int
    every: float = 0.05
    peaks: dict[int, int] = field(default_factory=dict)
    _stop: threading.Event = field(default_factory=threading.Event)

    def __enter__(self) -> PeakMemory:
        self._thread = threading.Thread(target=self._watch, daemon=True)
        self._thread.start()
        return self

    def __exit__(self, *_) -> None:
        self._stop.set()
        self._thread.join()

    def _watch(self) -> None:
        while not self._stop.is_set():
            for pid in self._tree():
                kib = _high_water(pid)
                if kib:
                    self.peaks[pid] = max(kib, self.peaks.get(pid, 0))
            self._stop.wait(self.every)

    def _tree(self) -> list[int]:
        found, todo = [], [self.root]
        while todo:
            pid = todo.pop()
            found.append(pid)
            try:
                for task in Path(f"/proc/{pid}/task").iterdir():
                    todo += [int(c) for c in (task / "children").read_text().split()]
            except OSError:
                pass  # gone between two looks
        return found

    @property
    def parent(self) -> float:
        return megabytes(self.peaks.get(self.root, 0))

    @property
    def children(self) -> list[float]:
        return sorted((megabytes(k) for p, k in self.peaks.items() if p != self.root), reverse=True)


def _high_water(pid: int) -> int:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0
