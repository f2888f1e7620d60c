"""Fight Club frustration game: no dice, so no odds and no handout. `playaid odds
fight-club` says so and points to the reference page, which holds a turn, a fight round
and the end-of-turn checks."""

from __future__ import annotations

from playaid.odds.tables import Table

SYSTEM = "fight-club"
NO_DICE = ("{title} uses no dice, so it has no odds to print. A turn, a fight round and the "
           "end-of-turn checks are on its reference page: playaid sheet --reference fight-club "
           "(every packet of the game holds it too).")
"""What `playaid odds` says instead of writing a handout ({title}: the game's name)."""
NO_CHARACTER = "it uses no dice: a character's turn is the cards it draws and plays, not a chance to compute"


def tables() -> list[Table]:
    return []


def words() -> dict:
    return {"title": "", "read": "", "assumptions": []}
