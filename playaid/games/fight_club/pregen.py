"""Pre-built characters of the Fight Club frustration game, dealt for one table.

Rule text 002, "chargen overview": draw three frustrations, create one Connection per
frustration and appoint another player to play it (never several to one player), take
tokens equal to the number of cards. The cards are dealt from the standard deck without
replacement, so no two characters of a batch share a card; each character's Connections
go to the three players on the character's left, which spreads them evenly.
"""

from __future__ import annotations

import re

from . import deck as decks
from .checks import FRUSTRATIONS
from playaid.pregen.draw import Drawer, Name, PregenError, table


DEMO_PLAYERS = ["Ann", "Ben", "Cat", "Dan"]
"""The table `playaid demo` deals for."""


def default_players(count: int) -> list[str]:
    """Seats named `Player 1` … when none are given: one per character."""
    return [f"Player {i + 1}" for i in range(count)]


def deal(draw: Drawer, count: int) -> list[list[str]]:
    """Three cards to each of `count` characters from one shuffled standard deck."""
    pile = draw.shuffled(decks.pile(decks.standard_deck()))
    if FRUSTRATIONS * count > len(pile):
        raise PregenError(f"the deck holds {len(pile)} cards, enough for {len(pile) // FRUSTRATIONS} "
                          f"characters of {FRUSTRATIONS} frustrations; use --count {len(pile) // FRUSTRATIONS} or fewer")
    return [pile[i * FRUSTRATIONS:(i + 1) * FRUSTRATIONS] for i in range(count)]


def connection_players(seat: int, players: list[str]) -> list[str]:
    """The players on the left of `seat`, one per frustration.

    >>> connection_players(3, ["Ann", "Ben", "Cat", "Dan"])
    ['Ann', 'Ben', 'Cat']
    """
    return [players[(seat + k) % len(players)] for k in range(1, FRUSTRATIONS + 1)]


def role_sex(who: str, gendered: dict[str, list[str]]) -> str | None:
    """`f` or `m` when a word of the role names a woman or a man, else None.

    >>> role_sex("the successful older sister", {"f": ["sister"], "m": ["brother"]})
    'f'
    """
    words = set(re.split(r"[\s']+", who.lower()))
    found = [sex for sex, names in gendered.items() if words & set(names)]
    return found[0] if len(found) == 1 else None


def characters(draw: Drawer, count: int, players: list[str]) -> list[tuple[Name, dict]]:
    if count > len(players):
        raise PregenError(f"{count} characters need {count} players, one each; "
                          f"--players names {len(players)}: name more, or lower --count")
    t = table("fight-club")
    out = []
    for seat, cards in enumerate(deal(draw, count)):
        name = draw.name()
        whys = [t["cards"][card]["why"] for card in cards]
        connections, used = [], set()
        for card, played_by in zip(cards, connection_players(seat, players)):
            who = draw.pick(t["cards"][card]["who"])
            sex = role_sex(who, t["gendered"])
            given = draw.given_name(sex)
            while given in used:
                given = draw.given_name(sex)
            used.add(given)
            connections.append({"npc": f"{given}, {who}",
                                "frustration": card, "played_by": played_by})
        data = {
            "name": name.written,
            "player": players[seat],
            "concept": f"{draw.pick(t['lives'])}. Three things grind them down: {whys[0]}; {whys[1]}; and {whys[2]}.",
            "frustrations": cards,
            "connections": connections,
            "tokens": {"frustration": len(cards), "pain": len(cards), "retirement": len(cards)},
            "pain_statements": [],
        }
        out.append((name, data))
    return out


def setup(players: list[str], files: list[str]) -> dict:
    """The table the characters were dealt for, so its rules are checked too (never written)."""
    return {"name": "Pre-built table", "players": players, "characters": files}


DEMO_TABLE = 4
"""The size of the ready table `playaid demo` makes: the four players of `DEMO_PLAYERS`."""


def ready_table(draw: Drawer, count: int, players: list[str]) -> tuple[list[tuple[Name, dict]], dict]:
    """A club of players, one character each, the frustration cards dealt from one deck
    without replacement and each Connection played by another player."""
    players = players or default_players(count)
    if count > len(players):
        raise PregenError(f"{count} characters need {count} players, one each; "
                          f"--players names {len(players)}: name more, or lower --count")
    club = draw.pick(table("fight-club")["clubs"])
    return characters(draw, count, players), {"name": club, "players": players}
