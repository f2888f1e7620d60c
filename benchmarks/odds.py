"""Benchmark: playaid's exact odds against icepool on the same workloads, side by side.

Run:  python benchmarks/odds.py      (icepool is a benchmark-only extra)

For each workload both libraries compute the same chances; the answers are checked to
agree (exactly where finite, within 1e-12 where open-ended: icepool cuts explosions at a
depth, we drop a tail of known mass) and the best of three timings is compared. The
target is playaid at least 10× faster on each. playaid's caches are cleared before every
timed run; icepool keeps its own caches, which only favours it.
"""

from __future__ import annotations

import sys
import time
from fractions import Fraction
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import icepool  # noqa: E402
from report import Run, goal  # noqa: E402

from playaid.dice.highest import matchup  # noqa: E402
from playaid.odds import default_tables, games  # noqa: E402
from playaid.games.contest import odds as contest  # noqa: E402
from playaid.games.dirt import odds as dirt  # noqa: E402
from playaid.games.fight_sphere import odds as fight_sphere  # noqa: E402
from playaid.games.sapio import odds as sapio  # noqa: E402
from playaid.games.sapio.pool import TN_MAX  # noqa: E402
from playaid.games.sapio.roll import shows_double_hit  # noqa: E402
from playaid.games.isolation import odds_table as isolation  # noqa: E402
from playaid.games.isolation.interpretation import degree  # noqa: E402

TARGET = 10
DEPTH = 20
"""icepool explosion depth: the mass cut off is below 6^-21 per die, far under 1e-12."""
BOOM = 101
"""icepool sums exploding faces, so the exploding face is worth BOOM: count = v // BOOM + v % BOOM."""


def clear() -> None:
    """Every functools cache in every playaid module loaded: found, not listed, so a cache
    that moves to another module (dirt's did) is still cleared rather than breaking the run."""
    for name, module in list(sys.modules.items()):
        if name.startswith("playaid."):
            for f in list(vars(module).values()):
                if callable(getattr(f, "cache_clear", None)):
                    f.cache_clear()


def best(fn, runs: int = 3) -> tuple[float, object]:
    times, result = [], None
    for _ in range(runs):
        clear()
        start = time.perf_counter()
        result = fn()
        times.append(time.perf_counter() - start)
    return min(times), result


def chances(die: icepool.Die, test) -> Fraction:
    return Fraction(sum(q for o, q in die.items() if test(o)), die.denominator())


# -- the workloads, icepool side -------------------------------------------------------

def ice_fight_sphere():
    ones = icepool.Die({1: 1, 0: 5})
    pools = {n: n @ ones for n in range(1, 16)}
    conflict = [[chances(pools[n] - pools[t], lambda d: d > 0) for t in fight_sphere.THRESHOLDS] for n in fight_sphere.POOLS]
    gladiator = [[(chances(pools[a] - pools[b], lambda d: d > 0), chances(pools[a] - pools[b], lambda d: d == 0))
                  for b in fight_sphere.GLADIATOR_POOLS] for a in fight_sphere.GLADIATOR_POOLS]
    return conflict, gladiator


def ours_fight_sphere():
    conflict, gladiator = fight_sphere.tables()
    return [list(r) for r in conflict.cells], [[(c["more"], c["tie"]) for c in r] for r in gladiator.cells]


def counted(face_values: dict[int, int]) -> icepool.Die:
    die = icepool.d6.map(face_values).explode([BOOM], depth=DEPTH)
    return die.map(lambda v: v // BOOM + v % BOOM)


def ice_isolation():
    green = counted({1: 0, 2: 1, 3: 0, 4: 1, 5: 0, 6: BOOM})
    red = counted({1: BOOM, 2: 0, 3: 1, 4: 0, 5: 1, 6: 0})
    out = []
    for g in isolation.GREEN:
        gp = g @ green
        row = []
        for r in isolation.GM_RED:
            net = (gp - r @ red).map(degree)
            row.append({d: chances(net, lambda o, d=d: o == d) for d in isolation.SHOWN})
        out.append(row)
    return out


def ours_isolation():
    return [list(r) for r in isolation.tables()[0].cells]


def ice_dirt():
    out = []
    for t in (5, 4, 3):
        die = counted({f: (BOOM if f == 6 else int(f >= t)) for f in range(1, 7)})
        out.append([[chances(n @ die, lambda v, k=k: v >= k) for k in dirt.NEEDED] for n in dirt.POOLS])
    return out


def ours_dirt():
    return [[list(r) for r in t.cells] for t in dirt.at_least_tables()]


class HighestWithTies(icepool.MultisetEvaluator):
    """The contest comparison as an icepool evaluator: outcomes from the top down."""

    def initial_state(self, order, outcomes, *sizes):
        if order != icepool.Order.Descending:
            raise icepool.UnsupportedOrder()
        return ("tied", 0)

    def next_state(self, state, order, outcome, a, b):
        phase, succ = state
        if phase == "tied":
            if a == b:
                return state
            return ("won", a - b) if a > b else ("lost", b - a)
        if phase in ("won", "lost"):
            mine, theirs = (a, b) if phase == "won" else (b, a)
            return (phase + "-done", succ) if theirs else (phase, succ + mine)
        return state

    def final_outcome(self, state, *_):
        phase, succ = state
        return 0 if phase == "tied" else succ if phase.startswith("won") else -succ


MATCHUPS = [(["d8", "d8", "d6"], ["d10", "d8", "d6"]),
            (["d10", "d10", "d8", "d6", "d3"], ["d10", "d8", "d8", "d6", "d6"])]


def ice_contest():
    out = []
    for a, b in MATCHUPS:
        pa = icepool.Pool([icepool.d(int(d[1:])) for d in a])
        pb = icepool.Pool([icepool.d(int(d[1:])) for d in b])
        die = HighestWithTies().evaluate(pa, pb)
        out.append({k: Fraction(q, die.denominator()) for k, q in die.items()})
    return out


def ours_contest():
    out = []
    for a, b in MATCHUPS:
        m = matchup(contest.sizes(tuple(a)), contest.sizes(tuple(b)))
        d = {k: Fraction(w, m.total) for k, w in m.win.items()}
        d.update({-k: Fraction(w, m.total) for k, w in m.lose.items()})
        if m.tie:
            d[0] = Fraction(m.tie, m.total)
        out.append(d)
    return out


def ice_sapio():
    """Every pool the rules allow against every TN, Improbable Success taken, as a process."""
    faces = sapio.default_die().faces
    # a die as (Hits, 1 if it does not show two Hits, Spares less Spirals): a pool is their sum
    one = icepool.Die([icepool.Vector((f.hits, int(not shows_double_hit(f)), f.spares - f.spirals)) for f in faces])
    out = []
    for n in sapio.POOLS:
        row = []
        for tn in sapio.TNS:
            def added(state, tn=tn):
                hits, missing, net = state
                if missing or hits >= tn:
                    return state  # no further die: a die of the last batch lacked two Hits, or it succeeded
                return one.map(lambda d: icepool.Vector((hits + d[0], d[1], net + d[2])), star=False)

            # each die that lets the chain go on brings two Hits, so TN_MAX rounds end every chain
            # (a fixed count: icepool 2.1.3 answered otherwise with repeat="inf"; not looked into)
            end = (n @ one).map(added, star=False, repeat=TN_MAX)
            row.append((chances(end, lambda o, tn=tn: o[0] >= tn), chances(end, lambda o: o[2] >= 1),
                        chances(end, lambda o: o[2] <= -1)))
        out.append(row)
    return out


def ours_sapio():
    succ, net = sapio.tables()
    return [[(s, c["spare"], c["spiral"]) for s, c in zip(rs, rn)] for rs, rn in zip(succ.cells, net.cells)]


# -- comparing -------------------------------------------------------------------------

def flat(x):
    if isinstance(x, dict):
        for k in sorted(x, key=str):
            yield from flat(x[k])
    elif isinstance(x, (list, tuple)):
        for v in x:
            yield from flat(v)
    else:
        yield x


def agree(a, b, exact: bool) -> float:
    xs, ys = list(flat(a)), list(flat(b))
    assert len(xs) == len(ys), "different shapes"
    worst = max(abs(float(x - y)) for x, y in zip(xs, ys))
    if exact:
        assert all(x == y for x, y in zip(xs, ys)), "finite workload differs"
    else:
        assert worst <= 1e-12, f"open-ended workload differs by {worst}"
    return worst


def main() -> None:
    workloads = [("fight-sphere conflict + gladiator", ours_fight_sphere, ice_fight_sphere, True),
                 ("isolation outcome", ours_isolation, ice_isolation, False),
                 ("dirt at-least-5/4/3", ours_dirt, ice_dirt, False),
                 ("contest 2 matchups", ours_contest, ice_contest, True),
                 ("sapio success + net, pools 1-6", ours_sapio, ice_sapio, True)]
    print(f"{'workload':36} {'playaid':>10} {'icepool':>10} {'ratio':>8}  agreement")
    ratios = []
    for name, ours, theirs, exact in workloads:
        t_ours, r_ours = best(ours)
        t_ice, r_ice = best(theirs)
        worst = agree(r_ours, r_ice, exact)
        ratios.append((name, t_ice / t_ours, t_ice, t_ours))
        how = "exact" if exact else f"max diff {worst:.1e}"
        print(f"{name:36} {t_ours * 1000:8.1f}ms {t_ice * 1000:8.1f}ms {t_ice / t_ours:7.1f}×  {how}")
    t_all, _ = best(lambda: [default_tables(g) for g in games()])
    t_q, _ = best(lambda: matchup([12, 10, 8, 8, 6, 4], [12, 12, 10, 6, 4, 3]))
    print(f"\nall default tables, every game: {t_all * 1000:.1f} ms (our target < 500 ms)")
    print(f"contest query d12,d10,d8,d8,d6,d4 vs d12,d12,d10,d6,d4,d3: {t_q * 1000:.1f} ms (our target < 50 ms)")
    for name, ratio, t_ice, t_ours in ratios:
        goal(f"7 odds, {name}, icepool's time over ours ({t_ice * 1000:.0f} ms / {t_ours * 1000:.1f} ms)",
             ratio, TARGET, "×", at_least=True)


if __name__ == "__main__":
    with Run("odds"):
        main()
