"""What a Fight Club frustration game file holds: characters, the table, decks, scenes.

A character is "composed of his frustrations, Connections, Frustration tokens, Pain
tokens and Retirement tokens" (rule text 002); everything else here is what a table
writes down while playing: Pain statements, cards fought out, and the scenes that
`playaid roll` resolves.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Literal

from playaid.convert import spec
from playaid.language import LANGUAGE_DOC, Language
from playaid.pronouns import Pronouns

TOKEN_TYPES = ("frustration", "pain", "retirement")


def _count(doc: str):
    return spec(0, doc=doc, minimum=0, rule="fight-club.token-count",
                hint="a number of tokens is a whole number, 0 or more")


@dataclass(frozen=True)
class Tokens:
    """A number of each type of token: on a sheet, or in one fist."""

    frustration: int = _count("Frustration tokens: failed ambition")
    pain: int = _count("Pain tokens: suffering for real")
    retirement: int = _count("Retirement tokens: flagging will")

    def __add__(self, other: Tokens) -> Tokens:
        return Tokens(*(getattr(self, t) + getattr(other, t) for t in TOKEN_TYPES))

    def __sub__(self, other: Tokens) -> Tokens:
        return Tokens(*(getattr(self, t) - getattr(other, t) for t in TOKEN_TYPES))

    def covers(self, other: Tokens) -> bool:
        """Whether there are at least as many of each type as `other` asks for."""
        return all(getattr(self, t) >= getattr(other, t) for t in TOKEN_TYPES)

    def as_dict(self) -> dict[str, int]:
        return {t: getattr(self, t) for t in TOKEN_TYPES}

    def words(self) -> str:
        """``Tokens(2, 0, 1)`` → "2 Frustration, 1 Retirement"; nothing → "no tokens"."""
        parts = [f"{getattr(self, t)} {t.capitalize()}" for t in TOKEN_TYPES if getattr(self, t)]
        return ", ".join(parts) or "no tokens"


NO_TOKENS = Tokens()


@dataclass(frozen=True)
class Connection:
    npc: str = spec(doc="the non-player character the character is tied to")
    frustration: str = spec(doc="the frustration card this Connection frames scenes for")
    played_by: str = spec(doc="the player who plays this Connection (not the character's own player)")


@dataclass(frozen=True)
class PainStatement:
    text: str = spec(doc="how the character's new-found strength of will changes the world")
    tokens: int = spec(1, doc="Pain tokens paid to support the statement (1 or more)", minimum=1,
                       rule="fight-club.pain-statement", hint="a Pain statement is paid with at least 1 Pain")
    verdict: Literal["true", "false"] | None = spec(
        None, doc="set by the endgame vote: `true` if it proved lasting, `false` if narrated away")


@dataclass(frozen=True)
class Character:
    CREATION_ORDER: ClassVar[tuple[str, ...]] = ('name', 'frustrations', 'concept', 'connections', 'tokens')
    """Rule text 002: draw the frustrations, build the character around them, one Connection per frustration; tokens start at the number of cards."""

    name: str = spec(doc="the character's name")
    frustrations: list[str] = spec(doc="the frustration cards the character holds (3; 2 or 4 for old hands)")
    tokens: Tokens = spec(doc="Frustration, Pain and Retirement; each starts at the number of frustration cards")
    player: str = spec("", doc="who plays the character")
    language: Language | None = spec(None, doc=LANGUAGE_DOC)
    pronouns: Pronouns = spec("", doc="the player's pronouns (she/her, they/them …), printed beside their name")
    concept: str = spec("", doc="social position and personal history: why these things bother them")
    connections: list[Connection] = spec(default_factory=list, doc="one Connection per frustration")
    pain_statements: list[PainStatement] = spec(default_factory=list, doc="how the character bettered the world")
    fought_out: list[str] = spec(default_factory=list, doc="frustrations fought out: destroyed, no longer held")
    deck: str | None = spec(None, doc="the deck file the cards were drawn from, if not the standard one")
    in_play: bool = spec(False, doc="true once play has moved the character's tokens")
    endgame: Literal["insane", "dead", "ground-down"] | None = spec(
        None, doc="set when the character's end of turn moved the game to its Endgame: it spends no more Pain")
    notes: str = spec("", doc="anything else")


@dataclass(frozen=True)
class Card:
    name: str = spec(doc="the frustration written on the card")
    copies: int = spec(1, doc="how many of this card the deck holds", minimum=1, rule="fight-club.card-copies",
                       hint="a card is in the deck at least once; remove it to have none")


@dataclass(frozen=True)
class Deck:
    name: str = spec(doc="the deck's name")
    cards: list[str | Card] = spec(doc="the frustrations: a name, or `{name, copies}` for several copies")


@dataclass(frozen=True)
class Setup:
    name: str = spec(doc="the name of the table or story")
    characters: list[str | Character] = spec(doc="character files (relative to this file) or inline characters")
    players: list[str] = spec(default_factory=list, doc="everyone at the table; Connections are played by them")
    deck: str | None = spec(None, doc="a deck file (relative to this file) used instead of the standard deck")


@dataclass(frozen=True)
class Fist:
    """A fist pointed at another fighter in steps 2–4 of a fight round."""

    who: str = spec(doc="the fighting character")
    points_at: str | list[str] = spec(doc="the fighter this fist points at")
    tokens: Tokens = spec(default_factory=Tokens, doc="the tokens in the fist")


@dataclass(frozen=True)
class RaisedFist:
    """A fist thrown in the air in steps 5–7: its owner wants to fight on."""

    who: str = spec(doc="the character raising the fist")
    tokens: Tokens = spec(default_factory=Tokens, doc="the tokens in the fist, costs of staying included")
    points_at: str | None = spec(None, doc="whom the fist hurts if it turns out to be an extra fist")


@dataclass(frozen=True)
class Removal:
    of: str = spec(doc="the character whose Pain statement is contradicted")
    statement: int = spec(doc="which of that character's statements, counting from 1", minimum=1,
                          rule="fight-club.statement-number", hint="statements are counted from 1")


SceneType = Literal["wake-up", "confront", "no-fight", "fight-round", "end-of-turn", "spend-pain", "endgame-vote",
                  "stakes-lost"]


@dataclass(frozen=True)
class Scene:
    type: SceneType = spec(doc="which part of the game this scene plays; stakes-lost: a stake lost in play, "
                                "Pain from each player in `pain_given_by` (no dice)")
    setup: str = spec(doc="the setup file (relative to this file) holding the cast")
    active: str | None = spec(None, doc="whose turn it is (every type but fight-round and endgame-vote)")
    stake: str = spec("", doc="what somebody wants to see happen in the fiction")
    frustration: str | None = spec(None, doc="confront: the frustration card confronted")
    choice: Literal["shirk", "submit", "fight-it-out"] | None = spec(None, doc="confront: how the character meets it")
    pain_given_by: list[str] = spec(default_factory=list,
                                    doc="players who each give one Pain for a lost stake (shirk, bed-ridden, "
                                        "a refused provocation)")
    provoked: str | None = spec(None, doc="no-fight: the character provoked who would not fight, losing the stake")
    stake_pain: dict[str, list[str]] = spec(
        default_factory=dict, doc="fight-round, once the follow-up ends the fight: for each fighter who lost the "
                                  "stake, the players who each give them one Pain")
    framed_by: str | None = spec(None, doc="fight-round: the fighter who framed the fight")
    round: int = spec(1, doc="fight-round: which round of the fight this is; berserk binds the pointed fists "
                             "from round 2 on", minimum=1, rule="fight-club.scene-shape", hint="1 for a first round")
    police: int = spec(0, doc="fight-round: Pain each fist pays to stay, from police in earlier rounds",
                       minimum=0, rule="fight-club.scene-shape", hint="0 in a first round")
    fists: list[Fist] = spec(default_factory=list, doc="fight-round: the fists pointed in steps 2–4")
    follow_up: list[RaisedFist] | None = spec(None, doc="fight-round: the fists thrown in the air in steps 5–7")
    fought: list[str] = spec(default_factory=list, doc="end-of-turn: the others in this turn's fight")
    drawn: str | None = spec(None, doc="end-of-turn: the card drawn at a breakdown, to replay the table's draw")
    statements: list[PainStatement] = spec(default_factory=list, doc="spend-pain: the new Pain statements")
    removes: list[Removal] = spec(default_factory=list, doc="spend-pain: earlier statements contradicted")
    picks: dict[str, int] = spec(default_factory=dict, doc="endgame-vote: each player's pick, by statement number")
