"""The exact probability engine every game's odds share.

- `distribution.Dist`: immutable integer counts over one total; `Fraction` at the edge.
- `open_ended.open_pool`: open-ended pools from their closed form, with an exact bound
  on the dropped tail.
- `fold`: dice read one at a time into a small state (symbol dice, whole-roll rules).
- `highest.matchup`: highest die wins, ties discarded, swept from the top face.
"""

from .distribution import Dist, chance
from .fold import advance, fold
from .highest import Matchup, matchup
from .open_ended import TAIL_BOUND, error_bound, exact_below, face_counts, open_pool

__all__ = ["Dist", "chance", "advance", "fold", "Matchup", "matchup", "TAIL_BOUND", "error_bound",
           "exact_below", "face_counts", "open_pool"]
