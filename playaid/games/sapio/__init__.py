"""The Sapio System: Spiral dice pools of at most six against a TN of 1 to 5.

Rule text: 001. A character is built from a Profession, Side Professions,
Specializations and Qualities, invoked to pick up Spiral dice; Hits meet the TN,
Spares and Spirals cancel into a twist or a complication.
"""

from __future__ import annotations

from playaid.language import N_
from playaid.systems.base import GameSystem
from .character_rules import check_character
from .procedures import play
from .scene import Scene, Setup
from .scene_rules import check_scene, check_setup
from .character import Character
from .spiral_die import DieFile, SpiralDie, check_die, default_die

RULES = {
    "sapio.profession-words": "A Profession or Side Profession is named in one or two words (error).",
    "sapio.starting-character": "A starting character has one Specialization under the Profession, one Side "
                                "Profession without Specializations, two Qualities, one Special Talent and no "
                                "advancements (error).",
    "sapio.elements": "An advanced character keeps a Side Profession, two Qualities and a Special Talent (error).",
    "sapio.quality-too-broad": "A Quality is not so broad it applies to any task, like Lucky or Competent (warning).",
    "sapio.nature": "A character has a Principle and a Worst Impulse (error).",
    "sapio.luck": "Luck is 0 or more (error).",
    "sapio.harm-words": "An Injury or Stress is recorded in one or two words (error).",
    "sapio.harm-level": "An Injury or Stress is Minor, Moderate or Severe (error).",
    "sapio.harm-boxes": "Injuries (and Stresses) fit two Minor, two Moderate and one Severe box (error).",
    "sapio.debilitated": "A second Severe Injury or Stress debilitates the character (warning on a sheet; "
                         "error when rolling: a debilitated character makes no check, helps no one, invokes nothing "
                         "to defend).",
    "sapio.talent-effect": "A Special Talent states at most one effect (a TN cap 1–5, a TN change −1 to −4, 1–5 "
                           "bonus dice, 1–3 Injuries ignored, or 1–3 automatic Hits, Spares or Spirals), and a scene names only talents "
                           "`roll` can play (error).",
    "sapio.luck-gained": "Luck is gained 1 for a Principle (by its own character), 1 for a Worst Impulse (by the "
                         "most inconvenienced other character), or any amount from the GM (error).",
    "sapio.luck-per-session": "The GM's gifts of Luck to a character pass 3 in a session: the guidance is 1 to 3 "
                              "(warning).",
    "sapio.heal-treatment": "A treatment check lowers one of the character's Injuries one level on a success "
                            "(error).",
    "sapio.luck-event": "A Luck scene (`type: luck`) names who gains Luck and rolls nothing (error).",
    "sapio.heal-rest": "A rest rolls nothing and heals something: days downgrade Injuries, Stresses clear when "
                       "the character gathers themself (error).",
    "sapio.sequence-shape": "An Action Sequence names its setup, and each turn is a check or a confrontation "
                            "(error).",
    "sapio.sequence-turn": "Within a round each character taking part is focal once, in any order (error).",
    "sapio.sequence-threatened": "A character threatened at the start of a round takes a turn in it (error).",
    "sapio.sequence-enter": "Characters enter the fray at the beginning of a round, before anyone acts (error).",
    "sapio.sequence-invoked": "An element invoked stays invoked for the rest of the round; only the Main Profession "
                              "is invoked again, fully applicable, for one die (error).",
    "sapio.sequence-harm": "A Spiral's harm falls on a character of the sequence: focal or supporting (error).",
    "sapio.weapon-level": "A weapon's base Injury is Minor, Moderate or Severe (error).",
    "sapio.advancement-cycle": "Every type of advancement is taken once before any repeats (error).",
    "sapio.cycle-reward": "A cycle reward comes with the advancement that completes a cycle (error).",
    "sapio.advancement-count": "The sheet holds what the start and the advancements listed give (warning).",
    "sapio.die-faces": "The Spiral die has exactly twelve faces (error).",
    "sapio.die-symbol": "A face shows only hit, spare and spiral symbols (error).",
    "sapio.scene-shape": "A check has a TN and no defender; a versus scene a defender and no TN; `take` one "
                         "Injury or Stress; nobody helps themself (error).",
    "sapio.tn-range": "The GM's TN is 1 to 5 (error).",
    "sapio.one-profession": "Only one Profession is invoked for a check (error).",
    "sapio.specialization-profession": "An invoked Specialization belongs to the invoked Profession (error).",
    "sapio.unknown-element": "Elements, Talents, weapons and harm a scene names are on that character's sheet (error).",
    "sapio.help-element": "A helper invokes one Profession, Specialization or Quality; never a Talent, Principle "
                          "or Worst Impulse (error).",
    "sapio.luck-spent": "A character spends no more Luck than they have, and no less than 0 (error).",
    "sapio.penalty-level": "Only Moderate and Severe harm raises the TN; a Minor one named as a penalty does "
                           "nothing (warning).",
    "sapio.one-specialization": "A defender invokes at most one Specialization for a roll (error).",
    "sapio.one-quality": "A defender invokes at most one Quality for a roll (error).",
    "sapio.versus-luck": "No Luck is added when one character confronts another (error).",
    "sapio.dice-face": "Listed dice are face numbers 1 to 12 of the Spiral die (error).",
}

SYSTEM = GameSystem(
    id="sapio",
    title="The Sapio System",
    rule_text="001_a17a2060bc8551c7.txt",
    summary="custom 12-sided Spiral Dice (Hit, Spare, Spiral); pool of at most 6; TN 1–5",
    models={"character": Character, "setup": Setup, "scene": Scene, "dice": DieFile},
    checks={"character": check_character, "setup": check_setup, "scene": check_scene, "dice": check_die},
    rules=RULES,
    play=play,
    masthead="The Sapio System",
    packet=((N_("Paper dice"), "playaid.games.sapio.paper_die:packet_page"),),
    table_dice="playaid.games.sapio.paper_die:table_dice",
    paper_dice={"spiral": "playaid.games.sapio.paper_die:spiral"},
    printables=(("Paper Spiral dice", "dice", "", "playaid net --faces {file}"),
                ("Paper Spiral dice", "game", "", "playaid net")),
    worked_example=("scene-standoff.yaml", 1),
    reference="playaid.games.sapio.reference:reference_context",
)

__all__ = ["RULES", "SYSTEM", "SpiralDie", "default_die"]
