"""What the YAML of an asset-dice contest holds: characters, setups and contest scenes."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from playaid.convert import spec
from playaid.language import LANGUAGE_DOC, Language
from playaid.pronouns import Pronouns
from .dice import Die

AssetDice = dict[str, Die]


@dataclass(frozen=True)
class ConditionDie:
    """A temporary die gained from a contest, good for a number of rolls."""

    name: str = spec(doc="what the condition is")
    die: Die = spec(doc="its size")
    uses: int = spec(doc="rolls it is good for", minimum=1, rule="contest.condition-uses",
                     hint="a condition die with no uses left is gone: remove it")


@dataclass(frozen=True)
class PenaltyDie:
    """A die carried until a contest removes it; opponents may add it to their pools."""

    # Both optional in the model so a half-written penalty die is reported in the game's
    # words (`contest.penalty-die`) and the rest of the sheet is still checked.
    name: str = spec("", doc="what the penalty is")
    die: Die | None = spec(None, doc="its size")


@dataclass(frozen=True)
class Character:
    CREATION_ORDER: ClassVar[tuple[str, ...]] = ('name', 'attributes', 'skills', 'relationships', 'gear', 'aspects', 'backgrounds')
    """Fields made at creation, in the order the rule text makes them."""

    name: str = spec(doc="the character's name")
    attributes: AssetDice = spec(default_factory=dict, doc="attribute assets and their dice; at least one")
    skills: AssetDice = spec(default_factory=dict, doc="skill assets and their dice")
    relationships: AssetDice = spec(default_factory=dict, doc="relationship assets and their dice")
    gear: AssetDice = spec(default_factory=dict, doc="gear assets and their dice")
    aspects: list[str] | AssetDice = spec(default_factory=list,
                                          doc="aspects by name (a d6 each) or as `{aspect: die}`")
    backgrounds: list[str] | AssetDice = spec(default_factory=list,
                                              doc="backgrounds; each stands in as a d3")
    condition_dice: list[ConditionDie] = spec(default_factory=list, doc="condition dice with their uses left")
    penalty_dice: list[PenaltyDie] = spec(default_factory=list, doc="penalty dice the character carries")
    e_dice: list[Die] = spec(default_factory=list,
                             doc="die sizes beyond d3–d12 this character's assets use, rolled electronically")
    player: str = spec("", doc="who plays the character")
    language: Language | None = spec(None, doc=LANGUAGE_DOC)
    pronouns: Pronouns = spec("", doc="the player's pronouns (she/her, they/them …), printed beside their name")
    notes: str = spec("", doc="anything else")


@dataclass(frozen=True)
class Setup:
    name: str = spec(doc="the name of the story or table")
    characters: list[str | Character] = spec(doc="character files (relative to this file) or inline characters")
    gm: str = spec("", doc="who runs the game")
    notes: str = spec("", doc="anything else")


@dataclass(frozen=True)
class NamedDie:
    """A die the GM agrees to that is on no sheet (an opponent's asset, a temporary asset)."""

    name: str = spec(doc="what it is")
    die: Die = spec(doc="its size")


@dataclass(frozen=True)
class Assets:
    """The assets one character brings to a contest, each naming an entry of the sheet."""

    attribute: str | None = spec(None, doc="the one attribute every pool has")
    skill: str | None = spec(None, doc="one skill")
    relationship: str | None = spec(None, doc="one relationship")
    gear: str | None = spec(None, doc="one piece of gear")
    skill_background: str | None = spec(None, doc="a background standing in (d3) for a missing skill")
    relationship_background: str | None = spec(None, doc="a background standing in (d3) for a missing relationship")
    random_gear: str | None = spec(None, doc="gear made up on the spot (d3) when none applies")
    opposing: str | NamedDie | None = spec(None, doc="a penalty die an opponent carries, or `{name, die}`")
    temporary: str | NamedDie | None = spec(None, doc="one of the character's condition dice, or `{name, die}`")
    aspects: list[str] = spec(default_factory=list, doc="aspects the contest touches on")
    aspect_bonus: list[str] = spec(default_factory=list,
                                   doc="one asset per aspect whose die is added once more")


@dataclass(frozen=True)
class PoolEntry:
    """One die pool: a character's assets, or dice the GM picks."""

    name: str = spec("", doc="the pool's name (defaults to the character's name)")
    character: str | Character | None = spec(None, doc="a character file, a name in the setup, or inline")
    assets: Assets | None = spec(None, doc="the character's assets in this contest")
    dice: list[Die] | None = spec(None, doc="the GM's dice for this pool")


@dataclass(frozen=True)
class Side:
    """A side of the contest: one pool, or several co-operating pools under `pools`."""

    name: str = spec(doc="the side's name, used in the outcome `win:<name>`")
    character: str | Character | None = spec(None, doc="a character file, a name in the setup, or inline")
    assets: Assets | None = spec(None, doc="the character's assets in this contest")
    dice: list[Die] | None = spec(None, doc="the GM's dice, when this side is the opposition")
    pools: list[PoolEntry] = spec(default_factory=list, doc="co-operating pools of one side")
    rolled: list[int] | None = spec(None, doc="the dice rolled, in pool order (pools in order), to replay them")


@dataclass(frozen=True)
class ConditionGoal:
    die: Die = spec(doc="the target die the winner gains a use of per success die")
    name: str = spec("", doc="what the condition is (defaults to the goal)")
    to: str = spec("", doc="the character who gets it (an assisted character); defaults to the first side's")


@dataclass(frozen=True)
class SpendOrder:
    """What a side buys with its success or concession dice after the roll."""

    by: str = spec(doc="the side spending")
    penalty: Die | None = spec(None, doc="a penalty die of this size (at most the die that pays)")
    to: str = spec("", doc="the opposing side or character the penalty die goes to")
    reward: str = spec("", doc="a reward die by this name, one use per die left")
    dice: int | None = spec(None, doc="reward: how many of the dice left this reward die takes, one use each, when "
                                      "the GM splits them among several; left out, every die left",
                            minimum=1, rule="contest.reward-split", hint="a reward die takes at least one die")
    name: str = spec("", doc="what the penalty is")


@dataclass(frozen=True)
class Scene:
    goal: str = spec(doc="what the first side wants")
    sides: list[Side] = spec(doc="two or more sides; the first is the one whose goal is at stake")
    setup: str | None = spec(None, doc="the setup file whose cast the sides name")
    condition: ConditionGoal | None = spec(None, doc="the goal is a condition die of this size")
    remove_penalty: str | None = spec(None, doc="the goal is to remove this penalty die of the first side")
    forgo_goal: bool = spec(False, doc="the winner keeps the goal's success die for other things (a pyrrhic victory)")
    spend: list[SpendOrder] = spec(default_factory=list, doc="penalty and reward dice bought after the roll")
    electronic: bool = spec(False, doc="dice are rolled electronically: every size is rolled as it is")
    e_dice: list[Die] = spec(default_factory=list, doc="die sizes beyond d3–d12 the scene's own dice use")
