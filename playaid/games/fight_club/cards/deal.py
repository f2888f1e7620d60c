"""Dealing hands from a deck: without replacement, nobody dealt one frustration twice,
the same seed giving the same hands."""

from __future__ import annotations

import random

import yaml

from playaid.spreadsheet import split_names

from .. import deck as decks
from ..models import Deck
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
    """`--players` as names: `Ann,Ben,Cat` (`"Smith, Jordan",Ann` for a comma in a name), or a
    number N for Player 1 … Player N."""
    if text is None or not text.strip():
        return [f"Player {i + 1}" for i in range(default)]
    text = text.strip()
    if text.isascii() and text.isdigit():  # isdigit alone takes `²`, which int() refuses
        n = int(text)
        if not 1 <= n <= 50:
            raise CardError(f"--players {text}: give 1 to 50 players, or their names separated by commas")
        return [f"Player {i + 1}" for i in range(n)]
    try:
        names = split_names(text)
    except ValueError as exc:
        raise CardError(f"--players {text!r}: {exc}") from None
    if not all(names):
        raise CardError(f"--players {text!r}: write names separated by commas, e.g. Ann,Ben,Cat")
    return names


def hands_pdf(deck: Deck, hands: dict[str, list[str]], sheet: Sheet, seed: int | None = None) -> bytes:
    """The hands on shared sheets, each card naming its holder in its top band, after one
    page listing who holds what and on which sheet: a table cuts the sheets once and sorts
    the cards by the list, where a page a player would waste most of each sheet."""
    from .deck import check_names, deck_pages, faces
    from .face import CardFace
    from .sheets import Print, render

    first = {}
    for card in faces(deck):
        first.setdefault(card.name, card)
    check_names(list(first.values()), sheet)
    held = [(player, CardFace(c, first[c].number, first[c].total, f"{player}'s hand"))
            for player, hand in hands.items() for c in hand]
    pages = deck_pages([card for _, card in held], sheet, "none", backs=False, label=f"{deck.name} hands · ")
    where: dict[str, list[tuple[CardFace, int]]] = {p: [] for p in hands}
    for i, (player, card) in enumerate(held):
        where[player].append((card, i // sheet.per_page + 1))
    job = Print(sheet, "none", title=f"{deck.name}: hands", deck=deck.name,
                subject=f"each player's hand dealt from the {deck.name} deck, on shared sheets")
    return render(job, pages, lead=lambda c: _holders_page(c, deck, where, sheet, seed, len(pages)))


LIST_PT, HEAD_PT = 10.0, 14.0


def _holders_page(c, deck: Deck, where: dict[str, list[tuple]], sheet: Sheet, seed: int | None, sheets: int) -> None:
    """Who holds what: each player's cards with their numbers and the sheet they are on,
    in as many columns as the page needs (a new page only past three full columns)."""
    from playaid.render import fonts
    from playaid.render.paper import MM
    from . import text

    margin = 15.0
    top, bottom = sheet.page_h - margin, margin
    lead = LIST_PT * 1.35 / 72 * 25.4
    rows = [r for player in where for r in [(player, True)] + [
        (f"#{card.number}  {card.name}  · sheet {n}", False) for card, n in where[player]]]
    columns = 3 if sheet.page_w > 250 else 2

    def heading() -> float:
        text.draw(c, margin * MM, (top - 5) * MM, f"Hands dealt from the {deck.name} deck", fonts.SANS_BOLD, HEAD_PT)
        said = f"seed {seed} · " if seed is not None else ""
        text.draw(c, margin * MM, (top - 11) * MM, f"{said}{sheets} sheet{'s' * (sheets != 1)} of cards follow, one-sided; "
                  "each card names its holder in its top band", fonts.SANS, LIST_PT)
        return top - 20

    y, column = heading(), 0
    width = (sheet.page_w - 2 * margin) / columns
    for label, is_player in rows:
        if y - lead < bottom:
            column += 1
            y = top - 20
            if column == columns:
                c.showPage()
                column, y = 0, heading()
        x = margin + column * width
        face = fonts.SANS_BOLD if is_player else fonts.SANS
        if is_player and y < top - 20:
            y -= lead * 0.5
        text.draw(c, (x + (0 if is_player else 3)) * MM, y * MM, text.shorten(label, face, LIST_PT, (width - 6) * MM),
                  face, LIST_PT)
        y -= lead
    c.showPage()
