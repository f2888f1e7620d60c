"""What the table declares in the Fight Club game outside a turn's steps: a stake lost in
play, for which other players give Pain (rule text 002, "stakes": "Whenever you *lose*
stakes, you might get pain: any one or several other players may choose to *give you one
Pain token* each … This is the only mechanical effect of losing stakes, has to be awarded
immediately, and can't be asked for").

The turn's own stakes (shirking, a refused provocation, a fight's loser, bed-ridden) are
given in those scenes; this scene type, `stakes-lost`, is any other stake lost in a scene
the table frames. See docs/rules/events.md.
"""

from __future__ import annotations

from playaid.systems.events import Event, Param
from playaid.systems.play import Dice
from .models import Scene
from .table import Sheets, Story, Table, give_stake_pain

EVENTS = (
    Event("stakes-lost", "a character loses a stake in play: each other player who feels they suffered gives one "
                         "Pain, at once (the only effect of a lost stake)", {"type": "stakes-lost"}, who="active",
          who_help="the character who lost the stake",
          params=(Param("given-by", "pain_given_by", "the players who each give one Pain, comma-separated", "list"),
                  Param("stake", "stake", "what was at stake", "text")),
          example='stakes-lost "Marty Kowalski" --given-by Ben,Cat --setup club.yaml'),
)
STATE = {"character": ("tokens", "in_play", "endgame", "fought_out")}
"""What the studio's At the table page shows of the table now: each character's tokens, whether in play, at the Endgame or fought out."""


def check_stakes_lost(scene: Scene, table: Table, names) -> None:
    """The loser is in the cast and not out of the game; the givers are other players, once each."""
    who = names(scene.active, ("active",)) if scene.active else None
    if who is None:
        return
    c = next(m.model for m in table.cast if m.name == who)
    if c.endgame is not None:
        names.fail("fight-club.scene-shape", f"{who} is at the Endgame ({c.endgame.replace('-', ' ')}) and plays "
                   "for no more stakes", "name a character still in play", ("active",))
    names.players(scene.pain_given_by, ("pain_given_by",), c.player)


def stakes_lost(scene: Scene, table: Table, sheets: Sheets, story: Story, dice: Dice) -> tuple[str, str]:
    """One Pain from each player named; nothing else changes."""
    who = table.name(scene.active or "", ("active",))
    story.say(f"{who} loses the stake" + (f": {scene.stake}" if scene.stake else "") + ". Losing a stake has one "
              "effect: other players may each give one Pain, at once.", loser=who)
    give_stake_pain(who, scene.pain_given_by, sheets, story)
    n = len(scene.pain_given_by)
    return "stakes-lost", f"{who} loses the stake and takes {n} Pain (declared, no dice)."
