"""How long `playaid pregen` takes: 100 characters of every game, drawn and validated.

Target (our own, for a convention organiser's biggest table): a 100-character batch,
validation included, in at most 1 s on the 2-core machine. Prints seconds per batch,
milliseconds per character and the ratio against the target (below 1 is within it).
Run: python benchmarks/pregen.py
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from playaid.pregen import games, generate, player_range  # noqa: E402

TARGET_SECONDS = 1.0
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


if __name__ == "__main__":
    main()
