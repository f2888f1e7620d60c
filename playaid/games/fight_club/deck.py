"""The frustration deck: the standard one from the rule text, or a table's own.

The standard deck is data (`data/frustrations.yaml` in this folder, itself a
`kind: deck` file), read with the same model a custom deck is, so both obey the
same rules.
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from pathlib import Path
from typing import Iterable

import yaml

from playaid.convert import Builder
from .models import Card, Deck

STANDARD_DECK_FILE = Path(__file__).parent / "data" / "frustrations.yaml"

CARD_NAME_MAX = 40
"""Longest card name, in characters: it has to fit on a printed card (the longest
standard frustration, "Stamp Collecting", has 16)."""


@cache
def standard_deck() -> Deck:
    """The deck the rule text lists, each distinct frustration once."""
    root = yaml.compose(STANDARD_DECK_FILE.read_text(encoding="utf-8"), Loader=yaml.SafeLoader)
    builder = Builder()
    deck = builder.build(Deck, root, (), skip=frozenset({"system", "kind"}))
    assert not builder.problems, builder.problems
    return deck


def key(name: str) -> str:
    """Cards are told apart whatever the case or spacing: "the boss" is "The Boss"."""
    return " ".join(name.split()).casefold()


def entries(deck: Deck) -> list[Card]:
    """Every entry of the deck as a `Card`, a bare name being one copy."""
    return [Card(c) if isinstance(c, str) else c for c in deck.cards]


def pile(deck: Deck) -> list[str]:
    """The cards of the deck one by one, copies included, in the deck's order."""
    return [card.name for card in entries(deck) for _ in range(card.copies)]


def names(deck: Deck) -> dict[str, str]:
    """The deck's frustrations by `key`, each with its name as the deck spells it."""
    return {key(card.name): card.name for card in entries(deck)}


def remaining(deck: Deck, out_of_deck: Iterable[str], holder: Iterable[str]) -> list[str]:
    """The cards still to draw: the pile less the cards out of it (held by someone or
    destroyed), leaving out every card the drawer already holds — nobody holds one
    frustration twice."""
    gone = Counter(key(n) for n in out_of_deck)
    held = {key(n) for n in holder}
    left = []
    for name in pile(deck):
        k = key(name)
        if gone[k]:
            gone[k] -= 1
        elif k not in held:
            left.append(name)
    return left
