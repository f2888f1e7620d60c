"""Dealing hands from a deck: without replacement, nobody dealt one frustration twice,
the same seed giving the same hands."""

from __future__ import annotations

import random

import yaml

from ...systems.fight_club import deck as decks
from ...systems.fight_club.models import Deck
from .imposition import Sheet
from .settings import CardError


def deal(deck: Deck, players: list[str], count: int, seed: int) -> dict[str, list[str]]:
    """`count` cards for each of `players`, dealt one at a time round the table.

    >>> deal(Deck("d", ["A", "B", "C", "D"]), ["Ann", "Ben"], 2, 1)  # doctest: +SKIP
    {'Ann': ['C', 'A'], 'Ben': ['D', 'B']}
    """
    if count < 1:
        raise CardError(f"--deal {count}: deal 1 card or more to each player")
    if len({p.casefold() for p in players}) != len(players):
        raise CardError("--players names each player once")
    total = len(decks.pile(deck))
    if count * len(players) > total:
        raise CardError(f"dealing {count} to {len(players)} players needs {count * len(players)} cards; "
                        f"the {deck.name} deck holds {total}")
    rng = random.Random(seed)
    hands: dict[str, list[str]] = {p: [] for p in players}
    dealt: list[str] = []
    for _ in range(count):
        for player in players:
            left = decks.remaining(deck, dealt, hands[player])
            if not left:
                raise CardError(f"{player} cannot be dealt another card: every card left is one they hold; "
                                "deal fewer cards or add cards to the deck")
            card = rng.choice(left)
            hands[player].append(card)
            dealt.append(card)
    return hands


def hands_yaml(deck: Deck, hands: dict[str, list[str]], seed: int) -> str:
    """The hands as YAML a table can keep (and paste into characters' `frustrations`)."""
    data = {"deck": deck.name, "seed": seed, "hands": hands}
    return yaml.safe_dump(data, allow_unicode=True, sort_keys=False, width=100)


def player_names(text: str | None, default: int) -> list[str]:
    """`--players` as names: `Ann,Ben,Cat`, or a number N for Player 1 … Player N."""
    if text is None or not text.strip():
        return [f"Player {i + 1}" for i in range(default)]
    text = text.strip()
    if text.isascii() and text.isdigit():  # isdigit alone takes `²`, which int() refuses
        n = int(text)
        if not 1 <= n <= 50:
            raise CardError(f"--players {text}: give 1 to 50 players, or their names separated by commas")
        return [f"Player {i + 1}" for i in range(n)]
    names = [n.strip() for n in text.split(",")]
    if not all(names):
        raise CardError(f"--players {text!r}: write names separated by commas, e.g. Ann,Ben,Cat")
    return names


def hands_pdf(deck: Deck, hands: dict[str, list[str]], sheet: Sheet) -> bytes:
    """Each player's hand on a page of its own (fronts only, the deck's numbers kept)."""
    from .deck import check_names, deck_pages, faces
    from .sheets import Print, render

    first = {}
    for card in faces(deck):
        first.setdefault(card.name, card)
    check_names(list(first.values()), sheet)
    pages = []
    for player, hand in hands.items():
        pages += deck_pages([first[c] for c in hand], sheet, "none", backs=False, label=f"{player}'s hand · ")
    return render(Print(sheet, "none", title=f"{deck.name}: hands", deck=deck.name,
                        subject=f"each player's hand dealt from the {deck.name} deck"), pages)
