"""Games to Play in the Dirt #2 — the counting of a check and the damage table.

The counting (which die counts, how many degrees, which damage band) is kept in small
pure functions apart from drawing dice, so the odds tables compute from the very same
rules the table plays; `exchange.py` plays a check with them, `rounds.py` a scene.
"""

from __future__ import annotations

from dataclasses import dataclass

from playaid.systems.play import Pool, Step
from .models import STATS, Character

THRESHOLD = {"none": 5, "hobby": 4, "job": 3}
"""The lowest face that counts as a degree of success, by what applies to the action."""


def counts(face: int, threshold: int) -> bool:
    return face >= threshold


def rerolls(face: int) -> bool:
    """Sixes count and are rolled again, for as long as sixes come up."""
    return face == 6


def degrees(faces: list[int], threshold: int) -> int:
    return sum(counts(f, threshold) for f in faces)


def written_face(player: int, narrator: int) -> int:
    """Dice-less variant: the two secret numbers' sum, modulo 6, plus one."""
    return (player + narrator) % 6 + 1


def stat_for_die(face: int) -> str:
    """Which stat a damage die reduces: 1–2 mental, 3–4 physical, 5–6 social (our reading)."""
    return STATS[(face - 1) // 2]


@dataclass(frozen=True)
class Damage:
    name: str
    stat_rolls: int
    lasts: str
    until: str = ""
    """When the points lost come back: `combat`, `scene` or `session` (a key of `Character.lost`)."""


def damage_for_margin(margin: int) -> Damage | None:
    """The damage table: what a target suffers when it loses by `margin` degrees."""
    if margin <= 0:
        return None
    if margin == 1:
        return Damage("disrupted", 0, "")
    if margin == 2:
        return Damage("controlled", 0, "")
    if margin == 3:
        return Damage("hurt", 1, "until the end of the combat", "combat")
    if margin == 4:
        return Damage("injured", 2, "until the end of the scene", "scene")
    return Damage("wounded", 3 + (margin - 5), "until the end of the game session", "session")


@dataclass(frozen=True)
class CheckRoll:
    faces: tuple[int, ...]
    """Every die in the order rolled, rerolls of sixes included."""
    threshold: int

    @property
    def degrees(self) -> int:
        return degrees(list(self.faces), self.threshold)


DAMAGE_POOL = "the narrator's damage dice"


def roll_check(pool: Pool, dice: int, threshold: int) -> CheckRoll:
    faces: list[int] = []
    owed = 0
    for i in range(dice):
        faces.append(pool.take(f"die {i + 1} of {dice}"))
        owed += rerolls(faces[-1])
    while owed:
        faces.append(pool.take("the reroll a 6 earns"))
        owed += rerolls(faces[-1]) - 1
    return CheckRoll(tuple(faces), threshold)


def describe_faces(roll: CheckRoll) -> str:
    def one(f: int) -> str:
        if rerolls(f):
            return f"{f} (counts, rolls again)"
        return f"{f} (counts)" if counts(f, roll.threshold) else str(f)

    return ", ".join(one(f) for f in roll.faces) or "no dice"


def pool_step(c: Character, stat: str, applies: str) -> tuple[int, int, Step]:
    dice = c.current(stat)
    threshold = THRESHOLD[applies]
    why = {"job": f"the job ({c.job}) applies", "hobby": f"the hobby ({c.hobby}) applies", "none": "neither job nor hobby applies"}[applies]
    lost = c.points_lost(stat)
    dice_text = f"{dice} dice" + (f" ({lost} lost to damage)" if lost else "")
    return dice, threshold, Step(f"{c.name} rolls {stat.capitalize()}: {dice_text}; {why}, so {threshold} or better counts.",
                                 {"character": c.name, "stat": stat, "dice": dice, "threshold": threshold})
