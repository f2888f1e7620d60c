"""The Fight Club frustration game (the "My Fight Club" Ronnies entry, rule text 002).

No dice: characters are frustration cards, Connections and three kinds of token;
fights are fists holding tokens, pointed at each other. `models` says what files
hold, `checks` and `scene_checks` the rules they obey, `fight` and `turn` the
arithmetic of play, `procedures` and `play_fight` how a scene is told.
"""

from __future__ import annotations

from playaid.language import N_
from playaid.systems.base import GameSystem
from .checks import check_character, check_deck, check_setup
from .models import Character, Deck, Scene, Setup
from .procedures import play
from .scene_checks import check_scene

RULES = {
    "fight-club.token-count": "Frustration, Pain and Retirement tokens, on a sheet or in a fist, are 0 or more (error).",
    "fight-club.starting-tokens": "A character not yet in play has as many tokens of each type as frustration cards (warning).",
    "fight-club.frustration-count": "A new character holds 3 frustrations; 2 or 4 is the old hand's option (warning); "
                                    "any other number is an error.",
    "fight-club.unknown-frustration": "A frustration comes from the deck in use; others are custom cards (warning).",
    "fight-club.repeated-frustration": "A character holds each frustration once, and none it fought out (error).",
    "fight-club.connection-per-frustration": "One Connection per frustration held, each for a frustration the "
                                             "character has (error; warning for a card drawn in play).",
    "fight-club.connection-players-differ": "No player plays two of one character's Connections (error).",
    "fight-club.connection-own-player": "A Connection is not played by the character's own player (error).",
    "fight-club.unknown-player": "Players named by a character, a Connection or a scene are players of the setup (error).",
    "fight-club.duplicate-player": "A setup lists each player once (error).",
    "fight-club.pain-statement": "A Pain statement says something and is paid with at least 1 Pain (error).",
    "fight-club.deck-empty": "A deck has at least one card (error).",
    "fight-club.deck-duplicate": "A deck lists each card once; copies say how many (error).",
    "fight-club.card-name": "A card name is one line of 1 to 40 characters (error).",
    "fight-club.card-copies": "A card is in its deck at least once (error).",
    "fight-club.scene-shape": "A scene gives the fields its type needs and no others (error).",
    "fight-club.confront-frustration": "A confront scene names a frustration the active character holds (error).",
    "fight-club.not-enough-pain": "Fighting a frustration out, or spending Pain, needs the Pain to pay (error).",
    "fight-club.stake-pain": "Pain for a lost stake comes only when a stake is lost, one per other player (error).",
    "fight-club.fighters": "A fight has two or more fighters; its framer and follow-up fists are among them (error).",
    "fight-club.fist-count": "A fighter has one or two fists (error).",
    "fight-club.fist-target": "A fist points at another fighter of the round (error).",
    "fight-club.fist-tokens": "A character's fists hold no more tokens of a type than the character has (error).",
    "fight-club.berserk": "A berserk character (Frustration over Retirement) raises two fists (error).",
    "fight-club.fist-cost": "Each fist staying in the fight pays the injury and police costs (error).",
    "fight-club.drawn-card": "A card named as drawn at a breakdown is left in the deck, and drawn only at a breakdown (error).",
    "fight-club.statement-number": "A statement picked or contradicted exists and has not been tested yet (error).",
    "fight-club.endgame": "A character at the Endgame (insane, dead, ground down) spends no more Pain (error; a step "
                          "of `roll` records it).",
    "fight-club.card-shared": "No more characters hold a card than the deck has copies of it (warning).",
}

SYSTEM = GameSystem(
    id="fight-club",
    title="Fight Club Frustration Game",
    rule_text="002_355e53c6740858f5.txt",
    summary="frustration card deck; Frustration / Pain / Retirement tokens; fist-based fights; no dice",
    models={"character": Character, "setup": Setup, "scene": Scene, "deck": Deck},
    checks={"character": check_character, "setup": check_setup, "scene": check_scene, "deck": check_deck},
    rules=RULES,
    play=play,
    packet=((N_("Frustration deck"), "playaid.games.fight_club.cards.packet_page:frustration_deck"),
            (N_("Tokens and turn summary"), "playaid.games.fight_club.cards.packet_page:tokens")),
    commands={"deck": "playaid.games.fight_club.commands:command"},
    demo=(("card deck, tokens, Tabletop Simulator sheets", "playaid.games.fight_club.commands:demo_step"),),
    printables=(("Card deck", "deck", "playaid.games.fight_club.commands:deck_files", "playaid deck {file}"),
                ("Card deck", "setup", "playaid.games.fight_club.commands:deck_files",
                 "playaid deck DECK (DECK: the setup's deck file; none for the frustration deck)"),
                ("Card deck", "game", "playaid.games.fight_club.commands:deck_files", "playaid deck"),
                ("Tokens and turn summary", "setup", "playaid.games.fight_club.commands:tokens_files",
                 "playaid deck --tokens --players N (N: the setup's cast)"),
                ("Tokens and turn summary", "game", "playaid.games.fight_club.commands:tokens_files",
                 "playaid deck --tokens --players {count}")),
    printable_counts={"Tokens and turn summary": ("Players", 1, 50, 4)},
    worked_example=("scene-fight.yaml", 1),
)

__all__ = ["RULES", "SYSTEM"]
