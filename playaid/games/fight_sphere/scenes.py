"""Scenes: one Conflict, one Gladiatorial Encounter, or a step between Episodes.

Rule text 000, "Scenes and Conflicts" to "Death, Last Man Standing and the Judgment
Pool". A scene names its setup and who rolls; with `dice:` it replays the dice the
table rolled, keyed by whose dice they are (a Gladiator's name, or `GM`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from playaid.convert import spec

GM = "GM"
"""The label of the GM's Threshold dice in a scene's `dice:`."""

SceneType = Literal["conflict", "encounter", "advance", "drive-switch", "left-for-dead", "removed"]
Reward = Literal["pool", "new-relationship", "raise-relationship"]
CutSceneOption = Literal["pool", "new-relationship", "raise-relationship", "resume-encounter"]

_GAMBLE = dict(minimum=0, rule="fight-sphere.gamble", hint="a gamble is a number of dice from 0 up to the Conflict Pool")


@dataclass(frozen=True)
class JudgmentGamble:
    """Dice a player whose Gladiator is out gambles from their Judgment Pool on one side."""

    character: str = spec(doc="the Gladiator of the player gambling (knocked out, Last Man Standing or dead in The Core)")
    dice: int = spec(doc="how many Judgment Pool dice are gambled", minimum=1, rule="fight-sphere.judgment-gamble",
                     hint="gamble at least one die")
    backs: str = spec(doc="the side the dice are added to: a rolling Gladiator's name, or `GM` in a conflict")


@dataclass(frozen=True)
class CutScene:
    """What the GM does for an NPC Gladiator in the cut-scene after a failed conflict."""

    gladiator: str = spec(doc="the surviving NPC Gladiator the cut-scene shows")
    option: CutSceneOption = spec(doc="pool, new-relationship, raise-relationship or resume-encounter")
    npc: str = spec("", doc="the non-Gladiator NPC of a new or raised Relationship")


@dataclass(frozen=True)
class Contender:
    """One Gladiator's Conflict roll in a Gladiatorial Encounter."""

    character: str = spec(doc="the Gladiator")
    gamble: int = spec(0, doc="dice gambled from the Conflict Pool", **_GAMBLE)
    background_relevant: bool = spec(False, doc="the Gladiator's backstory is relevant: one bonus die")
    relationships_used: list[str] = spec(default_factory=list, doc="NPCs bought in as modifiers, one pool die each")
    disengage: bool = spec(False, doc="this roll is an attempt to Disengage from the Encounter")
    betrays: list[str] = spec(default_factory=list, doc="Gladiators whose truce this one betrays in this Encounter")
    losses: dict[str, int] = spec(default_factory=dict,
                                  doc="if this Gladiator loses: points taken off each Relationship in its roll, "
                                      "adding up to the Victories (default: from the highest value first)")


@dataclass(frozen=True)
class Scene:
    setup: str = spec(doc="the setup file (relative to this file)")
    type: SceneType = spec(doc="conflict, encounter, advance (to the next Layer) or drive-switch; no dice, declared "
                               "by the GM: left-for-dead or removed (the Gladiator in `character`)")
    conflict: str = spec("", doc="what the Conflict is about")
    character: str | None = spec(None, doc="conflict, drive-switch, left-for-dead, removed: the Gladiator")
    background_relevant: bool = spec(False, doc="conflict: the backstory is relevant, one bonus die")
    gamble: int = spec(0, doc="conflict: dice gambled from the Conflict Pool", **_GAMBLE)
    relationships_used: list[str] = spec(default_factory=list, doc="conflict: NPCs bought in, one pool die each")
    reward: Reward = spec("pool", doc="conflict: what the player takes on a success")
    reward_npc: str = spec("", doc="conflict: the NPC of a new or raised Relationship")
    cut_scene: CutScene | None = spec(None, doc="conflict: what the GM does for an NPC Gladiator on a failure")
    gladiators: list[Contender] = spec(default_factory=list,
                                       doc="encounter: the Gladiators' rolls, the one with the Initiative first")
    resumed: bool = spec(False, doc="encounter: the GM resumes a Disengaged Encounter; an NPC may hold the Initiative")
    judgment: list[JudgmentGamble] = spec(default_factory=list, doc="Judgment Pool dice gambled on a side")
    dice: dict[str, list[int]] | None = spec(None, doc="the dice rolled, by whose they are (a name, or GM), to replay them")
