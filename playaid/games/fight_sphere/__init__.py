"""Fight Sphere: futuristic gladiatorial combat (rule text 000, first half).

d6 pools counting ones against a Threshold that grows by one per Layer; Conflict Pool,
Relationships, Death Wish or Reason To Live, Gladiatorial Encounters, Episodes, Layers
and The Core. Rule ids and decisions are documented in docs/rules/fight-sphere.md.
"""

from __future__ import annotations

from playaid.language import N_
from playaid.systems.base import GameSystem
from .gladiators import Gladiator, check_gladiator
from .play import play
from .scene_rules import check_scene
from .scenes import Scene
from .history import check_table
from .sphere import Setup

RULES = {
    "fight-sphere.drive": "A Gladiator has exactly one drive: a Death Wish or a Reason To Live (error).",
    "fight-sphere.backstory": "The backstory is a summary of 50 to 100 words (warning).",
    "fight-sphere.weapon": "Every Gladiator wakes up beside a weapon (warning).",
    "fight-sphere.conflict-pool": "An active Gladiator's Conflict Pool is at least zero; below zero is defeat (error).",
    "fight-sphere.relationship-value": "A Relationship's value is at least zero (error).",
    "fight-sphere.relationship-resting": "A Relationship rests for zero or more conflicts (error).",
    "fight-sphere.relationship-duplicate": "One Relationship per NPC for each Gladiator (error).",
    "fight-sphere.state": "NPC Gladiators are never knocked out: defeated, they are dead (error).",
    "fight-sphere.judgment-pool": "Only the player of a PC knocked out, Last Man Standing or dead holds a Judgment Pool (error).",
    "fight-sphere.drive-switch": "The drive is switched at most once per game, and not during an Episode (error).",
    "fight-sphere.layer": "Layers count from 1, the surface (error).",
    "fight-sphere.gladiators-per-player": "Each player makes at least two Gladiators (error).",
    "fight-sphere.pc-per-player": "Exactly one of a player's Gladiators is the player's own; the rest are NPCs (error).",
    "fight-sphere.unknown-player": "Every Gladiator is made by one of the setup's players (error).",
    "fight-sphere.relationship-with-gladiator": "Relationships are with non-Gladiator NPCs only (error).",
    "fight-sphere.episode-size": "Every Episode holds at least two Gladiators (error).",
    "fight-sphere.one-episode": "A Gladiator is in at most one Episode per Layer (error).",
    "fight-sphere.last-standing": "A Gladiator is Last Man Standing only when no other of its Episode is left (error).",
    "fight-sphere.episode-pc": "Once Episodes are listed, every active PC is in one and every Episode holds a PC (error).",
    "fight-sphere.core": "The Core comes once every NPC Gladiator is dead; one Episode, every PC, no NPC, no knock-outs (error).",
    "fight-sphere.pair": "Truces and meetings are pairs of two different Gladiators of the cast (error).",
    "fight-sphere.truce": "A truce needs a third Gladiator in the Episode; truce partners alone have no Encounter (error).",
    "fight-sphere.scene-shape": "A scene names what its type needs, and dice only for those who roll (error).",
    "fight-sphere.not-active": "Only active Gladiators roll in Conflicts and Encounters (error).",
    "fight-sphere.relationship-use": "Relationships used exist, are not resting, and are bought once (error).",
    "fight-sphere.gamble": "The gamble and Relationship purchases come out of the Conflict Pool (error).",
    "fight-sphere.gamble-cap": "No one gambles more than the Gladiator with the Initiative (error).",
    "fight-sphere.initiative": "Only players frame Conflicts and Encounters; an NPC holds the Initiative only when one "
                               "is resumed (error).",
    "fight-sphere.disengaged": "Only an Encounter broken off by Disengagement is resumed; one is held open only between "
                               "Gladiators who met in the same Episode (error).",
    "fight-sphere.npc-removed": "An NPC removed from the game (a Relationship below zero) is never related to again (error).",
    "fight-sphere.event": "A Gladiator left for dead or removed by the GM is in the game and not out that way "
                          "already; such an event rolls nothing (error).",
    "fight-sphere.left-for-dead": "A PC defeated before The Core is left for dead (knocked out), never dead (error).",
    "fight-sphere.encounter-episode": "An Encounter is between Gladiators of the same Episode (error).",
    "fight-sphere.relationship-loss": "A loser's own split of its Victories over the Relationships in its roll adds up and fits (error).",
    "fight-sphere.betrayal": "A Gladiator betrays only a truce it holds with another Gladiator of the scene (error).",
    "fight-sphere.judgment-gamble": "Judgment dice come from a player's Judgment Pool and back a side of the scene (error).",
    "fight-sphere.reward": "A success's new Relationship is new; a raised one exists (error).",
    "fight-sphere.cut-scene": "The failure cut-scene shows a surviving NPC Gladiator (error).",
    "fight-sphere.advance": "The next Layer comes once every player is done with this one, and never after The Core (error).",
}

SYSTEM = GameSystem(
    id="fight-sphere",
    title="Fight Sphere",
    rule_text="000_0cabd635048450df.txt",
    summary="d6 pools counting ones vs a Threshold of 4 + Layer; Conflict Pool, Relationships, Gladiatorial Encounters",
    models={"character": Gladiator, "setup": Setup, "scene": Scene},
    checks={"character": check_gladiator, "setup": check_table, "scene": check_scene},
    rules=RULES,
    play=play,
    masthead="Fight Sphere",
    packet=((N_("Paper dice"), "playaid.render.nets.packet_pages:plain_d6"),),
    table_dice="playaid.render.nets.table_faces:plain_d6",
    printables=(("Paper dice", "game", "", "playaid net --die d6"),),
    worked_example=("scene-conflict.yaml", 2),
)

__all__ = ["SYSTEM", "RULES"]
