"""Games to Play in the Dirt #2: RPG (rule text 003)."""

from __future__ import annotations

from playaid.language import N_
from playaid.systems.base import GameSystem
from .models import Character, Scene, Setup
from .rounds import play
from .rules import RULES, check_character, check_scene, check_setup

SYSTEM = GameSystem(
    id="dirt",
    title="Games to Play in the Dirt #2: RPG",
    rule_text="003_f37d738b33ab17d7.txt",
    summary="M / P / S 1–5, total at most 10; d6 pools, 5+ (4+ hobby, 3+ job), 6s explode",
    models={"character": Character, "setup": Setup, "scene": Scene},
    checks={"character": check_character, "setup": check_setup, "scene": check_scene},
    rules=RULES,
    play=play,
    masthead="Games to Play in the Dirt",
    packet=((N_("Paper dice"), "playaid.render.nets.packet_pages:plain_d6"),),
    table_dice="playaid.render.nets.table_faces:plain_d6",
    printables=(("Paper dice", "game", "", "playaid net --die d6"),),
    worked_example=("scene-scuffle.yaml", 2),
)
