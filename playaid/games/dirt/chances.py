"""Games to Play in the Dirt chances: d6 pools, 5+ (4+ hobby, 3+ job), sixes rolled again.

Which face counts and which rolls again come from `procedures` (`counts`, `rerolls`,
`THRESHOLD`), the degrees needed from `models.DIFFICULTY` and the damage bands from
`damage_for_margin`, so the odds follow any fix there. `odds.py` makes the tables and the
command line's answers from these; `odds_scene.py` a scene's.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

from playaid.dice import Dist, exact_below, face_counts, open_pool
from playaid.odds.tables import Answer, Spread, percent
from .models import DIFFICULTY
from .procedures import THRESHOLD, counts, damage_for_margin, rerolls

SYSTEM = "dirt"
POOLS = tuple(range(1, 11))
NEEDED = tuple(sorted(DIFFICULTY.values()))
OPPOSED = tuple(range(1, 6))
MAX_DICE = 60
LIMITS = {"pool": (1, MAX_DICE), "versus": (1, MAX_DICE)}
BY_THRESHOLD = {5: ("at-least-5", "5+ counts (no job or hobby)"),
                4: ("at-least-4", "4+ counts (hobby)"),
                3: ("at-least-3", "3+ counts (job)")}


@lru_cache(maxsize=None)
def degrees(pool: int, threshold: int) -> Dist:
    """Degrees of success of `pool` dice where faces ≥ `threshold` count and sixes reroll."""
    _, hit, miss = face_counts(6, rerolls, lambda f: counts(f, threshold))
    return open_pool(pool, hit, miss)


@lru_cache(maxsize=None)
def _below(pool: int, threshold: int, cap: int) -> Dist:
    _, hit, miss = face_counts(6, rerolls, lambda f: counts(f, threshold))
    return exact_below(pool, hit, miss, cap)


def at_least(pool: int, threshold: int, needed: int) -> Fraction:
    """P(degrees ≥ needed) = 1 − P(fewer): exact, the closed form listed only below `needed`."""
    return _below(pool, threshold, max(NEEDED)).at_least(needed)


def band(margin: int) -> str:
    """The damage-table band of a margin, read from `damage_for_margin`."""
    hit = damage_for_margin(abs(margin))
    if hit is None:
        return "tie"
    return ("win-" if margin > 0 else "lose-") + hit.name


def bands_of() -> tuple[str, ...]:
    names = []
    for m in range(1, 6):
        name = damage_for_margin(m).name  # type: ignore[union-attr]
        if name not in names:
            names.append(name)
    return tuple([f"win-{n}" for n in reversed(names)] + ["tie"] + [f"lose-{n}" for n in names])


def opposed(pool: int, other: int, threshold: int = THRESHOLD["none"], other_threshold: int | None = None) -> dict[str, Fraction]:
    """P(each damage band) of the row side's degrees less the other side's."""
    t2 = threshold if other_threshold is None else other_threshold
    margin = degrees(pool, threshold).joint(degrees(other, t2), lambda a, b: a - b)
    out = {b: Fraction(0) for b in bands_of()}
    for m, w in margin.items():
        out[band(m)] += Fraction(w, margin.total)
    return out


def query(pool: int, applies: str = "none", difficulty: str | None = None, versus: int | None = None,
          versus_applies: str = "none") -> Answer:
    t = THRESHOLD[applies]
    if versus is not None:
        probs = opposed(pool, versus, t, THRESHOLD[versus_applies])
        win = sum((p for b, p in probs.items() if b.startswith("win")), Fraction(0))
        lose = sum((p for b, p in probs.items() if b.startswith("lose")), Fraction(0))
        lines = [f"{pool} dice against {versus} dice: {percent(win)} to win.",
                 f"Tie {percent(probs['tie'])}, lose {percent(lose)}; {t}+ counts for you, "
                 f"{THRESHOLD[versus_applies]}+ for the other side. "
                 "By margin:"]
        lines += [f"  {b.replace('-', ' ')}: {percent(p)}" for b, p in probs.items()]
        worst_first = tuple((b.replace("-", " "), probs[b]) for b in reversed(bands_of()))
        return Answer(SYSTEM, tuple(lines), {"pool": pool, "applies": applies, "versus": versus, "bands": probs},
                      Spread("damage band, by the margin of degrees", worst_first))
    needed = DIFFICULTY[difficulty or "average"]
    p = at_least(pool, t, needed)
    dist = degrees(pool, t)
    check = (difficulty or "average").replace("-", " ")
    lines = (f"{pool} dice for {'an' if check[0] in 'aeiou' else 'a'} {check} check: {percent(p)} to succeed.",
             f"It needs {needed} degree{'s' * (needed != 1)}; {t} or better counts.",
             "Degrees: " + ", ".join(f"{k}: {percent(dist.p(k))}" for k in range(0, 7)) + ", …")
    return Answer(SYSTEM, lines, {"pool": pool, "applies": applies, "difficulty": difficulty or "average",
                                  "needed": needed, "success": p,
                                  "degrees": {k: dist.p(k) for k in range(0, 11)}},
                  Spread.of_dist("degrees of success", dist, high=max(10, needed)))


