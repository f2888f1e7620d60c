"""Highest die wins, ties discarded: the contest comparison of mixed pools, swept.

Two pools of dice d3–d12 are compared high die against high die; tied high dice are
discarded one from each side and the next ones compared, until one side is higher
(it wins) or both run out together (a true tie). The winner's success dice are its dice
above the loser's high die at that moment.

Rather than listing every roll (12⁶ · 12⁶ for six d12 a side), we sweep face values from
the top. A die of size s that has not shown a value above v is, given that, equally
likely to show any of 1 … v, so at value v each side only needs *how many* of its dice
are still unplaced: j of them show v with C(k, j)·(v−1)^(k−j) ways out of v^k. The state
is (phase, success dice so far, unplaced dice of each side): a few hundred states at most.
Choosing which j of k unplaced dice show v is C(k, j) ways; the rest are placed at
lower values, and once the outcome is settled each unplaced die takes any of 1 … v.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import comb, prod
from typing import Sequence

TIED, WON, LOST, DONE_WON, DONE_LOST = range(5)
"""Phases: still tied; decided (the pool won / lost) while the loser's next high die is
not yet seen; and settled, success dice counted."""


@dataclass(frozen=True)
class Matchup:
    """The exact outcome of one pool against another, as ways out of `total`."""

    win: dict[int, int]
    """Ways the pool wins, by its number of success dice."""
    lose: dict[int, int]
    """Ways the opposition wins, by its number of success dice."""
    tie: int
    total: int

    @property
    def p_win(self) -> Fraction:
        return Fraction(sum(self.win.values()), self.total)

    @property
    def p_lose(self) -> Fraction:
        return Fraction(sum(self.lose.values()), self.total)

    @property
    def p_tie(self) -> Fraction:
        return Fraction(self.tie, self.total)

    def successes_when_winning(self) -> dict[int, Fraction]:
        """P(k success dice | the pool wins)."""
        won = sum(self.win.values())
        return {k: Fraction(w, won) for k, w in sorted(self.win.items())} if won else {}


def matchup(pool: Sequence[int], versus: Sequence[int]) -> Matchup:
    """`pool` (die sizes) against `versus`, swept from the highest face down.

    >>> m = matchup([6], [6]); (m.p_win, m.p_tie)
    (Fraction(5, 12), Fraction(1, 6))
    """
    top = max([*pool, *versus])
    # state: (phase, successes, unplaced dice of pool of size ≥ v, same for versus) → ways
    states: dict[tuple[int, int, int, int], int] = {(TIED, 0, 0, 0): 1}
    for v in range(top, 0, -1):
        enter_a, enter_b = pool.count(v), versus.count(v)
        nxt: dict[tuple[int, int, int, int], int] = {}
        for (phase, succ, ka, kb), ways in states.items():
            ka, kb = ka + enter_a, kb + enter_b
            if phase in (DONE_WON, DONE_LOST):
                # Settled: every unplaced die may show any of 1 … v.
                key = (phase, succ, 0, 0)
                nxt[key] = nxt.get(key, 0) + ways * v ** (ka + kb)
                continue
            # At the face 1 every unplaced die shows it; above, any number of them may.
            for ja in range(ka if v == 1 else 0, ka + 1):
                wa = comb(ka, ja)
                for jb in range(kb if v == 1 else 0, kb + 1):
                    w = ways * wa * comb(kb, jb)
                    key = _step(phase, succ, ka - ja, kb - jb, ja, jb)
                    nxt[key] = nxt.get(key, 0) + w
        states = nxt
    win: dict[int, int] = {}
    lose: dict[int, int] = {}
    tie = 0
    for (phase, succ, _, _), ways in states.items():
        if phase == TIED:
            tie += ways
        elif phase in (WON, DONE_WON):
            win[succ] = win.get(succ, 0) + ways
        else:
            lose[succ] = lose.get(succ, 0) + ways
    return Matchup(win, lose, tie, prod(pool) * prod(versus))


def _step(phase: int, succ: int, ka: int, kb: int, ja: int, jb: int) -> tuple[int, int, int, int]:
    """The state after `ja` / `jb` dice of each side showed the current value."""
    if phase == TIED:
        if ja == jb:  # tied high dice (or none here): discarded, still level
            return TIED, 0, ka, kb
        # The side with more dice here wins; its extra dice at this value beat the
        # loser's next die, whatever it is, so they are success dice already.
        return (WON, ja - jb, ka, kb) if ja > jb else (LOST, jb - ja, ka, kb)
    mine, theirs = (ja, jb) if phase == WON else (jb, ja)
    if theirs:  # the loser's high die: the winner's dice at this value do not beat it
        return (DONE_WON if phase == WON else DONE_LOST), succ, ka, kb
    return phase, succ + mine, ka, kb
