"""What the narrator declares in Dirt without a roll: the end of a combat, a scene or a game
session (rule text 003: a hurt stat "will remain reduced by one point until the end of the
combat", an injury "persists until the end of the scene", "Wounds do not heal until the end
of the game session"). It is the scene type `end`, played by `rounds.end`; see
docs/rules/events.md.
"""

from __future__ import annotations

from playaid.systems.events import Event

EVENTS = (
    Event("end", "a combat, scene or session ends: points lost until its end come back, and control ends "
                 "(a scene's end ends its combat too; a session's, everything)", {"type": "end"}, who="ends",
          who_help="what ends: combat, scene or session", example="end combat --setup table.yaml"),
)
STATE = {"character": ("reductions", "lost", "disrupted", "controlled")}
"""What the studio's At the table page shows of the table now: each character's points lost and by when they come back, disrupted, controlled."""
