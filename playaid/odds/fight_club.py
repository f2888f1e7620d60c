"""Fight Club frustration game: no dice, so no odds; its handout is a one-page reference
of a turn, a fight round and the end-of-turn checks (words in `handouts.yaml`)."""

from __future__ import annotations

from .cells import bundled_words
from .tables import Table

SYSTEM = "fight-club"
HANDOUT_TITLE = "Rules at a glance"
"""Its packet bookmark: the page holds rules, not chances."""


def tables() -> list[Table]:
    return []


def words() -> dict:
    return bundled_words(SYSTEM)
