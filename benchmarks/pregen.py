"""How long `playaid pregen` takes: 100 characters of every game, drawn and validated;
and a convention's ready tables with their packets.

Targets on the 2-core machine: a 100-character batch, validation included, in at most
1 s (our own, for a convention organiser's biggest table); 6 tables of 5 Isolation
characters, each with its setup and packet, in at most 20 s (issue 22). Prints seconds,
and the ratio against the target (below 1 is within it).
Run: python benchmarks/pregen.py
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from playaid.pregen import games, generate, player_range  # noqa: E402
from playaid.pregen.packets import packets  # noqa: E402
from playaid.pregen.tables import make_tables  # noqa: E402
from report import Run  # noqa: E402  (benchmarks/report.py, beside this file)

TARGET_SECONDS = 1.0
TABLES, CAST, TABLES_TARGET = 6, 5, 20.0
COUNT = 100
ROUNDS = 3


def batch_seconds(system: str) -> tuple[float, int]:
    """Best of a few runs of one batch (the least disturbed by other work on the machine)."""
    count = min(COUNT, player_range(system)[1]) if system == "fight-club" else COUNT
    players = [f"P{i}" for i in range(count)] if system == "fight-club" else None
    best = float("inf")
    for seed in range(ROUNDS):
        start = time.perf_counter()
        batch = generate(system, count, seed, players)
        best = min(best, time.perf_counter() - start)
        assert not batch.problems, batch.problems
    return best, count


def main() -> None:
    generate("dirt", 1, 0)  # load the rules core and the tables once, as a run would
    print(f"{'game':<13} {'chars':>5} {'s/batch':>8} {'ms/char':>8} {'ratio':>6}")
    for system in games():
        seconds, count = batch_seconds(system)
        print(f"{system:<13} {count:>5} {seconds:>8.3f} {1000 * seconds / count:>8.2f} "
              f"{seconds / TARGET_SECONDS:>6.2f}")
    print(f"target: {COUNT} characters (fight-club: its largest table) in {TARGET_SECONDS:.1f} s")
    load = os.getloadavg()[0]
    seconds, cpu = convention_seconds()
    print(f"{TABLES} Isolation tables of {CAST} with packets: {seconds:.1f} s wall, {cpu:.1f} s CPU "
          f"(both cores), ratio {seconds / TABLES_TARGET:.2f} (target {TABLES_TARGET:.0f} s); "
          f"load average {load:.1f} when it started: other work on the machine slows the wall time")


def convention_seconds() -> tuple[float, float]:
    """`pregen isolation --count 5 --tables 6 --packet` without the writing: draw, check, render.

    One run, timed from the start as a user would wait, and the CPU seconds it used in
    this process and its workers; every packet is checked to exist.
    """
    start, before = time.perf_counter(), os.times()
    made = make_tables("isolation", CAST, TABLES, 2026)
    assert not [p for t in made for p in t.problems]
    rendered = packets(made, "a4")
    seconds, after = time.perf_counter() - start, os.times()
    assert len(rendered) == TABLES and all(pdfs for pdfs, _ in rendered)
    cpu = sum(getattr(after, f) - getattr(before, f) for f in ("user", "system", "children_user", "children_system"))
    return seconds, cpu


if __name__ == "__main__":
    with Run("pregen"):
        main()
