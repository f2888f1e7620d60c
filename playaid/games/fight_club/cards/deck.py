"""A whole deck as print-ready pages: fronts, each front page followed by its backs
(or every back at the end for `--duplex none`)."""

from __future__ import annotations

from dataclasses import dataclass

from playaid.render.paper import Paper, paper as paper_named
from .. import deck as decks
from ..models import Deck
from . import face as card_face
from .imposition import Sheet, impose
from .settings import CardError, CardSize, card_size, layout
from .sheets import Page, Print, render


@dataclass(frozen=True)
class Options:
    """Everything the command line can say about how cards are printed."""

    paper: Paper
    size: CardSize
    bleed: float = 3.0
    gap: float | None = None
    """None: twice the bleed (see `imposition.gutter`)."""
    duplex: str = "long"
    offset: tuple[float, float] = (0.0, 0.0)

    def checked(self) -> Options:
        """These options, or CardError saying which one is out of range and what is allowed."""
        data = layout()
        if not 0 <= self.bleed <= data["bleed"]["max"]:
            raise CardError(f"--bleed {self.bleed:g}: bleed is 0 to {data['bleed']['max']} mm (3 is usual)")
        if self.gap is not None and not 0 <= self.gap <= data["gap"]["max"]:
            raise CardError(f"--gap {self.gap:g}: the gap between cards is 0 to {data['gap']['max']} mm")
        most = data["back_offset_max"]
        if any(abs(v) > most for v in self.offset):
            raise CardError(f"--back-offset {self.offset[0]:g},{self.offset[1]:g}: each is -{most} to {most} mm; "
                            "print --calibrate to measure your printer's drift")
        return self

    def sheet(self) -> Sheet:
        return impose(self.paper, self.size, self.bleed, self.gap)


def faces(deck: Deck) -> list[card_face.CardFace]:
    """Each card of the pile, copies included, numbered in deck order."""
    pile = decks.pile(deck)
    return [card_face.CardFace(name, i + 1, len(pile), deck.name) for i, name in enumerate(pile)]


def check_names(cards: list[card_face.CardFace], sheet: Sheet) -> None:
    """CardError naming the first card whose name cannot fit its card."""
    trim = sheet.slots()[0]
    for name in dict.fromkeys(c.name for c in cards):
        card_face.check_fits(name, trim)


def deck_pages(cards: list[card_face.CardFace], sheet: Sheet, duplex: str, backs: bool = True,
               label: str = "") -> list[Page]:
    """Front pages of `sheet.per_page` cards; the back page after each (or all at the end)."""
    n = sheet.per_page
    chunks = [tuple(cards[i:i + n]) + (None,) * max(0, i + n - len(cards)) for i in range(0, len(cards), n)]
    total = len(chunks)
    fronts = [Page("front", chunk, f"{label}fronts {k + 1}/{total}") for k, chunk in enumerate(chunks)]
    if not backs:
        return fronts
    back_pages = [Page("back", chunk, f"backs {k + 1}/{total}") for k, chunk in enumerate(chunks)]
    if duplex == "none":
        return fronts + back_pages
    return [page for pair in zip(fronts, back_pages) for page in pair]


def render_deck(deck: Deck, options: Options, backs: bool = True) -> bytes:
    """The print-ready PDF of `deck` (CardError when an option or a card cannot be printed)."""
    options = options.checked()
    sheet = options.sheet()
    cards = faces(deck)
    if not cards:
        raise CardError(f"the {deck.name} deck has no cards; list at least one")
    check_names(cards, sheet)
    pages = deck_pages(cards, sheet, options.duplex, backs, f"{deck.name} · {options.size} · ")
    job = Print(sheet, options.duplex, options.offset, f"{deck.name} deck", deck.name,
                f"the {deck.name} deck, {len(cards)} {options.size} cards with backs, imposed for home printing")
    return render(job, pages)


def deck_pdf(paper: str = "a4", size: str | None = None, deck: Deck | None = None, backs: bool = True) -> bytes:
    """The standard frustration deck (or `deck`) with backs, print-ready, on `paper`.

    For other features (packets): `deck_pdf("letter")` gives the whole default deck.
    """
    from .sources import standard

    data = layout()
    options = Options(paper_named(paper), card_size(size or data["default_size"]), float(data["bleed"]["default"]))
    return render_deck(deck or standard(), options, backs)
