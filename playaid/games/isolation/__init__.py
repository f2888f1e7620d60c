"""Isolation: Personal Conflict in Small Spaces — characters, the relationship map, and
the one roll read twice (rule text 000, second half).

Modules: `character`, `relationship_map` (links and the setup), `map_rules` (what a
map must keep), `table` and `conflict` (a scene and its roles), `interpretation` (the
counting), `hands` (drawing open-ended dice), `procedures` (a conflict from first roll to
degree), `consequences` (Stress, temporary links, wounds, death), `link_roll` (the
permanent-link roll between sessions) and `scene_kinds` (which of the two a scene asks for).
"""

from __future__ import annotations

from playaid.language import N_
from playaid.systems.base import GameSystem
from .conflict import Scene
from .map_rules import check_setup
from .scene_kinds import check_scene, play
from .relationship_map import Setup
from .character import Character, check_character

RULES = {
    "isolation.descriptor-balance": "A character has at most twice as many Positive as Negative Descriptors (warning: recommended).",
    "isolation.recommended-shape": "The recommended character: 1 Profession, 3 Positive, 3 Negative, 1 Bias, 1 Goal (warning).",
    "isolation.stress-range": "The Stress Level is 0 or more (error).",
    "isolation.stress-start": "A scenario starts at Stress 1 to 3 (warning).",
    "isolation.link-ends": "A link joins two different characters of the cast (error).",
    "isolation.link-label": "A link that declares a kind carries a label; unlabelled links are temporary (error).",
    "isolation.descriptor-link-label": "A descriptor link is labelled `A / B` with one descriptor of each side (error).",
    "isolation.bias-link-label": "A bias link is labelled with the Bias of one side (error).",
    "isolation.bias-link-count": "Bias links come two at a time per pair and label (warning).",
    "isolation.goal-link-label": "A goal link is labelled with the Goal of one side (error).",
    "isolation.goal-link-count": "Goal links come three at a time per pair and label (warning).",
    "isolation.temporary-links-cancel": "A pair never holds unlabelled green and unlabelled red links at once (error).",
    "isolation.pair-unlinked": "Every pair of living characters shares at least one link (warning).",
    "isolation.injury-link": "An injury link is red and labelled Injured or Dying (error).",
    "isolation.health-links": "Injured characters hold Injured links, dying ones Injured and Dying links, "
                              "healthy ones neither (error).",
    "isolation.injury-links-missing": "A wounded character's Injured/Dying links reach every other living "
                                      "character (warning).",
    "isolation.dead-red-links": "A dead character holds no red links (error).",
    "isolation.dead-green-links": "A dead character's labelled green links have been shared out (warning).",
    "isolation.difficulty-range": "A Difficulty is 1 (easy) to 6 (impossible) (error).",
    "isolation.modifier-range": "A modifier adds 0 or more dice (error).",
    "isolation.scene-roles": "A scene's roles name living characters, each once, in a part the rules allow (error).",
    "isolation.scene-shape": "A Difficulty is set unless the group acts against a character (error).",
    "scene.unknown-character": "A scene names only characters of its setup's cast (error).",
    "isolation.link-roll": "A permanent-link roll names pairs of living characters once each, and a choice the "
                           "dice allow, with the link it adds or erases (error).",
    "isolation.event": "A declared event names a character of the cast still in play (dies, leaves) and a Stress "
                       "Level that changes and stays 0 or more (error).",
    "isolation.stress-step": "A declared event moves the Stress Level 1 to 3 points (warning: guidance).",
    "isolation.stance-not-allowed": "A declared stance is one the dice allow: only downgrades (error, when rolling).",
}

SYSTEM = GameSystem(
    id="isolation",
    title="Isolation: Personal Conflict in Small Spaces",
    rule_text="000_0cabd635048450df.txt",
    summary="red/green open-ended d6; relationship map of red/green links; Stress; two-pass interpretation of one roll",
    models={"character": Character, "setup": Setup, "scene": Scene},
    checks={"character": check_character, "setup": check_setup, "scene": check_scene},
    rules=RULES,
    play=play,
    masthead="Isolation",
    packet=((N_("Relationship map"), "playaid.games.isolation.maps.packet_page:relationship_map"),
            (N_("Paper dice"), "playaid.render.nets.packet_pages:green_and_red_d6")),
    table_dice="playaid.render.nets.table_faces:coloured_d6",
    commands={"map": "playaid.games.isolation.commands:command"},
    demo=(("Isolation map worksheets", "playaid.games.isolation.commands:demo_step"),),
    printables=(("Relationship map and worksheets", "setup", "playaid.games.isolation.commands:map_files",
                 "playaid map {file}"),
                ("Blank relationship map", "game", "playaid.games.isolation.commands:blank_map_files",
                 "playaid map --blank {count}"),
                ("Green paper dice", "game", "", "playaid net --die d6 --color green"),
                ("Red paper dice", "game", "", "playaid net --die d6 --color red")),
    printable_counts={"Blank relationship map": ("Characters on the map", 2, 12, 5)},
    worked_example=("scene-board-up.yaml", 1),
)

__all__ = ["SYSTEM", "RULES"]
