"""What `playaid deck --per-card [--shop NAME]` makes and says: one card a page or an
image, in a print shop's size, order and colour, and the words for `--shop`'s help, read
from `shops.yaml` so the help names the order the files have."""

from __future__ import annotations

from typing import Callable, Iterable

from .settings import CardError, shops


def shops_help() -> str:
    """--shop's help, each shop's file kinds and page order read from shops.yaml, so the help
    says the order the files have."""
    said = "; ".join(f"{name}: " + " or ".join(f"--per-card {k} ({shop.order(k)})" for k in shop.formats)
                     + (", CMYK PDF/X-1a:2003" if shop.press else "")
                     for name, shop in sorted(shops().items()))
    return ("With --per-card: the card size, bleed, safe area, resolution, page order and file kind this "
            f"print shop publishes (see docs/cards.md); replaces --size and --bleed. {said}.")


def per_card_files(deck, options, kind: str, stem: str, backs: bool,
                   shop: str | None = None) -> tuple[Iterable[tuple[str, bytes]], list[str], Callable]:
    """One card per page or per PNG, each with its bleed on every side; in `shop`'s page
    order, resolution and colour when one is named. The PNGs come one at a time, as they
    are drawn. Also the lines to print after the files (the page order; for a press file,
    what it was measured to be and what was not checked), and `write_all`'s `size_of`:
    these files are the card's size, not the paper's."""
    from . import face as card_face
    from . import per_card
    from .deck import faces
    from .imposition import Rect

    cards = faces(deck)
    if not cards:
        raise CardError(f"the {deck.name} deck has no cards; list at least one")
    for name in dict.fromkeys(c.name for c in cards):
        card_face.check_fits(name, Rect(0, 0, options.size.width, options.size.height))
    if kind == "png":
        per_card.check_png_count(len(cards), deck.name)  # before any card is drawn
    profile = shops()[shop] if shop else None
    dpi = profile.dpi if profile else per_card.PNG_DPI
    words = per_card.size_words(options.size, options.bleed, kind, dpi)

    def size_of(name: str) -> str | None:
        return words if per_card.is_card_file(name, stem) else None

    if kind == "png":
        return per_card.cards_pngs(cards, options.size, options.bleed, deck.name, stem, backs, dpi), [], size_of
    name = f"{stem}-cards.pdf"
    press = bool(profile and profile.press)
    pdf = per_card.cards_pdf(cards, options.size, options.bleed, deck.name, backs,
                             back_first=bool(profile and profile.back_first), press=press)
    order = profile.order(kind) if profile else "pages front, then back"
    # only DriveThruCards publishes a page order (back first); the others take the common one
    said = [f"{name}: {order}" + (f", as {profile.label} asks." if profile and profile.back_first else ".")] if backs else []
    if press:
        from playaid.render.pdfx_check import describe, inspect

        report = inspect(pdf)
        if not report.ok:  # a file that says PDF/X but is not: never written
            raise CardError("\n".join(describe(report, name)))
        said += describe(report, name)
    return {name: pdf}.items(), said, size_of
