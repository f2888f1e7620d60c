"""The rules a character, a table and a deck obey before play (rule text 002,
"Character creation" and "chargen overview")."""

from __future__ import annotations

from collections import Counter

from playaid.problems import Path, Problem, error, warning
from playaid.systems.base import Resolver
from playaid.systems.cast import resolve_cast
from . import deck as decks
from .models import Character, Deck, Setup

FRUSTRATIONS = 3
"""Cards drawn at character creation; an old hand may discard one or draw one extra."""
OLD_HAND = (FRUSTRATIONS - 1, FRUSTRATIONS + 1)


def check_character(c: Character, resolver: Resolver) -> list[Problem]:
    deck = resolver.resolve(c.deck, "deck", ("deck",)) if c.deck else decks.standard_deck()
    problems = _frustrations(c, deck)
    problems += _connections(c)
    if not c.in_play:
        problems += _starting_tokens(c)
    for i, s in enumerate(c.pain_statements):
        if not s.text.strip():
            problems.append(error("fight-club.pain-statement", "a Pain statement says nothing",
                                  "write how the world changes, or remove the statement",
                                  ("pain_statements", i, "text")))
    return problems


def _frustrations(c: Character, deck: Deck | None) -> list[Problem]:
    problems: list[Problem] = []
    n = len(c.frustrations)
    if not c.in_play and n not in OLD_HAND + (FRUSTRATIONS,):
        problems.append(error(
            "fight-club.frustration-count", f"{c.name} has {n} frustration cards; a new character draws 3",
            "draw 3 (an old hand may discard one or draw one extra: 2 or 4)", ("frustrations",)))
    elif not c.in_play and n != FRUSTRATIONS:
        problems.append(warning(
            "fight-club.frustration-count", f"{c.name} has {n} frustration cards: an old hand's option, not the rule's 3",
            "fine for players who know the game; the rules advise 3 for a first game", ("frustrations",)))
    seen: dict[str, int] = {}
    for i, card in enumerate(c.frustrations):
        if decks.key(card) in seen:
            problems.append(error(
                "fight-club.repeated-frustration", f"{card} is held twice",
                f"a character holds each frustration once (first at frustrations[{seen[decks.key(card)]}])",
                ("frustrations", i)))
        seen.setdefault(decks.key(card), i)
    for i, card in enumerate(c.fought_out):
        if decks.key(card) in seen:
            problems.append(error(
                "fight-club.repeated-frustration", f"{card} was fought out, yet is still held",
                "a frustration fought out is destroyed: remove it from `frustrations`", ("fought_out", i)))
    if deck is not None:
        known = decks.names(deck)
        for i, card in enumerate(c.frustrations):
            if decks.key(card) not in known:
                problems.append(not_in_deck(card, deck, ("frustrations", i)))
    return problems


def not_in_deck(card: str, deck: Deck, path: Path) -> Problem:
    close = [n for n in decks.names(deck).values() if decks.key(card) in decks.key(n) or decks.key(n) in decks.key(card)]
    return warning(
        "fight-club.unknown-frustration", f"{card} is not a card of the {deck.name} deck: a custom frustration",
        (f"did you mean `{close[0]}`? " if close else "") + "name the deck it comes from with `deck:`, or keep it as a house card",
        path)


def _connections(c: Character) -> list[Problem]:
    problems: list[Problem] = []
    held = {decks.key(f): f for f in c.frustrations}
    destroyed = {decks.key(f) for f in c.fought_out}
    framed: Counter[str] = Counter()
    players: dict[str, int] = {}
    for j, link in enumerate(c.connections):
        here = ("connections", j)
        k = decks.key(link.frustration)
        if k in held:
            framed[k] += 1
            if framed[k] == 2:
                problems.append(error(
                    "fight-club.connection-per-frustration", f"{link.frustration} has two Connections",
                    "one Connection per frustration: keep one", here + ("frustration",)))
        elif k not in destroyed:
            problems.append(error(
                "fight-club.connection-per-frustration", f"{link.npc} is the Connection for {link.frustration}, "
                f"which {c.name} does not hold", f"{c.name}'s frustrations: {', '.join(c.frustrations) or 'none'}",
                here + ("frustration",)))
        who = link.played_by.casefold()
        if c.player and who == c.player.casefold():
            problems.append(error(
                "fight-club.connection-own-player", f"{link.npc} is played by {link.played_by}, who plays {c.name}",
                "assign the Connection to another player", here + ("played_by",)))
        elif who in players:
            problems.append(error(
                "fight-club.connection-players-differ",
                f"{link.played_by} already plays {c.connections[players[who]].npc}; one player may play one of "
                f"{c.name}'s Connections", "spread the Connections out, one per player", here + ("played_by",)))
        players.setdefault(who, j)
    reported: set[str] = set()
    for i, card in enumerate(c.frustrations):
        k = decks.key(card)
        if framed[k] == 0 and k not in reported:
            reported.add(k)
            make = warning if c.in_play else error
            problems.append(make(
                "fight-club.connection-per-frustration", f"{card} has no Connection",
                "create an NPC tied to the character and appoint another player to play it; "
                "that player frames the scenes confronting this frustration", ("frustrations", i)))
    return problems


def _starting_tokens(c: Character) -> list[Problem]:
    n = len(c.frustrations)
    off = [t for t, v in c.tokens.as_dict().items() if v != n]
    if not off:
        return []
    return [warning(
        "fight-club.starting-tokens",
        f"{c.name} holds {n} frustration cards, so starts with {n} of each token; "
        f"{', '.join(f'{t} is {getattr(c.tokens, t)}' for t in off)}",
        f"set each to {n}, or add `in_play: true` if play has already moved the tokens", ("tokens",))]


def check_setup(s: Setup, resolver: Resolver) -> list[Problem]:
    members, problems = resolve_cast(s.characters, resolver, check_character)
    listed: dict[str, int] = {}
    for i, p in enumerate(s.players):
        if p.casefold() in listed:
            problems.append(error("fight-club.duplicate-player", f"{p} is listed twice",
                                  "list each player once", ("players", i)))
        listed.setdefault(p.casefold(), i)
    deck = resolver.resolve(s.deck, "deck", ("deck",)) if s.deck else None
    problems += _cards_shared(members, deck or decks.standard_deck())
    for m in members:
        c = m.model
        inline = not isinstance(s.characters[m.path[-1]], str)
        if s.players:
            problems += _players_known(c, s.players, m.path, inline)
        if deck is not None:
            for i, card in enumerate(c.frustrations):
                if decks.key(card) not in decks.names(deck):
                    at = m.path + ("frustrations", i) if inline else m.path
                    problems.append(not_in_deck(card, deck, at))
    return problems


def _cards_shared(members, deck: Deck) -> list[Problem]:
    """One deck serves the table: a card held (or fought out) by more characters than the
    deck has copies of it cannot have been drawn by all of them."""
    copies = {decks.key(c.name): c.copies for c in decks.entries(deck)}
    holders: dict[str, list[str]] = {}
    for m in members:
        for card in m.model.frustrations + m.model.fought_out:
            holders.setdefault(decks.key(card), []).append(m.name)
    problems = []
    for k, who in holders.items():
        if k in copies and len(who) > copies[k]:
            card = decks.names(deck)[k]
            one = "a single card" if copies[k] == 1 else f"{copies[k]} cards"
            problems.append(warning(
                "fight-club.card-shared", f"{', '.join(who)} all hold {card}, but the {deck.name} deck has {one}",
                "one of them drew another card: fix the sheet, or give the deck `copies` of it", ("characters",)))
    return problems


def _players_known(c: Character, players: list[str], at: Path, inline: bool) -> list[Problem]:
    known = {p.casefold() for p in players}
    hint = "the setup's players are: " + ", ".join(players)
    problems = []
    if c.player and c.player.casefold() not in known:
        problems.append(error("fight-club.unknown-player", f"{c.name} is played by {c.player}, who is not in the game",
                              hint, at + ("player",) if inline else at))
    elif not c.player:
        problems.append(error("fight-club.unknown-player", f"{c.name} has no player",
                              "add `player:` with one of the setup's players", at))
    for j, link in enumerate(c.connections):
        if link.played_by.casefold() not in known:
            problems.append(error(
                "fight-club.unknown-player", f"{c.name}'s Connection {link.npc} is played by {link.played_by}, "
                "who is not in the game", hint, at + ("connections", j, "played_by") if inline else at))
    return problems


def check_deck(d: Deck, resolver: Resolver | None = None) -> list[Problem]:
    problems: list[Problem] = []
    if not d.cards:
        problems.append(error("fight-club.deck-empty", f"the {d.name} deck has no cards",
                              "list at least one frustration under `cards:`", ("cards",)))
    seen: dict[str, int] = {}
    for i, card in enumerate(decks.entries(d)):
        name = card.name
        if not name.strip() or "\n" in name or len(name) > decks.CARD_NAME_MAX:
            problems.append(error(
                "fight-club.card-name", f"card {i + 1}'s name is {len(name)} characters"
                + (" over several lines" if "\n" in name else ""),
                f"a card name is one line of 1 to {decks.CARD_NAME_MAX} characters", ("cards", i)))
        k = decks.key(name)
        if k in seen:
            problems.append(error(
                "fight-club.deck-duplicate", f"{name} is listed twice (first as card {seen[k] + 1})",
                "list it once; write `{name: ..., copies: 2}` for two copies", ("cards", i)))
        seen.setdefault(k, i)
    return problems
