"""Asset-dice contests (rule text 004): mixed die sizes, highest die wins, ties discarded.

Characters hold attribute, skill, relationship and gear assets as dice, with aspects,
backgrounds, condition dice and penalty dice; a contest scene builds a die pool per
side from them (or from the GM's dice) and resolves it by comparing high dice.
"""

from __future__ import annotations

from playaid.systems.base import GameSystem
from .documents import Character, Scene, Setup
from .procedures import play
from .rules import check_character, check_setup
from .scenes import check_scene

RULES = {
    "contest.die-size": "Dice are d3, d4, d6, d8, d10 or d12; other sizes only as declared e-dice (error).",
    "contest.attribute-required": "A character has at least one attribute (error).",
    "contest.condition-uses": "A condition die has at least one use left (error).",
    "contest.background-die": "A background stands in as a d3, never another die (error).",
    "contest.penalty-die": "A penalty die has a name and a die (error).",
    "contest.scene-sides": "A contest has two or more sides, each named once; a character rolls in one pool (error).",
    "contest.pool-shape": "A pool is a character with assets or the GM's dice (error).",
    "contest.pool-attribute": "Every character's pool has one attribute (error).",
    "contest.pool-asset": "A pool names only assets on the character's sheet, each aspect once (error).",
    "contest.asset-substitute": "A background or random gear stands in only for a missing skill, relationship or gear (error).",
    "contest.aspect-bonus": "One aspect bonus die per aspect, copying an asset on the sheet (error).",
    "contest.opposing-asset": "An opposing asset named by text is a penalty die an opponent carries (error).",
    "contest.opposition-size": "The GM's pool has at most ten dice (warning).",
    "contest.scene-goal": "The goal is a condition die or a penalty die the first side carries, not both (error).",
    "contest.rolled-dice": "Rolled dice are listed for every side or none, one per die, on the die rolled (error).",
    "contest.spend": "Spending orders name a side, and a penalty die for an opponent or a reward die (error).",
    "contest.reward-split": "Unspent dice split among several reward dice: each takes `dice` (1 or more), and only "
                            "the last takes all that are left (error).",
    "contest.assist-penalty": "No penalty die is bought against a character assisting another (error).",
}

SYSTEM = GameSystem(
    id="contest",
    title="Asset-Dice Contests",
    rule_text="004_65ce7a37d3ab13f8.txt",
    summary="mixed die sizes d3–d12; highest die wins, ties discarded; success and concession dice",
    models={"character": Character, "setup": Setup, "scene": Scene},
    checks={"character": check_character, "setup": check_setup, "scene": check_scene},
    rules=RULES,
    play=play,
    masthead="Asset-Dice Contests",
    worked_example=("scene-airlock.yaml", 1),
)

__all__ = ["SYSTEM", "RULES"]
