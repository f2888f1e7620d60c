"""One card per page or per image, for print-on-demand card printers.

Such printers cut every card themselves and want each card alone, with bleed on all
four sides: a page (or a 300-dpi PNG) the size of the card plus twice the bleed, the
trim centred on it. Nothing else is drawn: no crop marks, no scale bar.
"""

from __future__ import annotations

import io
from typing import Iterator

from playaid.render.paper import MM
from playaid.render.pdf_info import canvas as described_canvas
from . import face as card_face
from . import text
from .imposition import Rect
from .settings import CardError, CardSize, fight_club_title, layout

PNG_DPI = 300
FORMATS = ("pdf", "png")


def page_mm(card: CardSize, bleed: float) -> tuple[float, float]:
    """A one-card page: the card and its bleed on every side."""
    return card.width + 2 * bleed, card.height + 2 * bleed


def page_px(card: CardSize, bleed: float, dpi: int = PNG_DPI) -> tuple[int, int]:
    """A one-card page in pixels at `dpi`, rounded to the nearest pixel."""
    w, h = page_mm(card, bleed)
    return round(w / 25.4 * dpi), round(h / 25.4 * dpi)


def is_card_file(name: str, stem: str) -> bool:
    """Whether `name` is one of the files `cards_pdf` or `cards_pngs` make for deck `stem`."""
    return name in (f"{stem}-cards.pdf", f"{stem}-back.png") or name.startswith(f"{stem}-front-")


def size_words(card: CardSize, bleed: float, kind: str, dpi: int = PNG_DPI) -> str:
    """A one-card page's size as a print shop's template gives it: `2.75 × 3.75 in` (and
    the pixels for an image), never the paper the command would print sheets on."""
    w, h = (round(v / 25.4, 2) for v in page_mm(card, bleed))
    inches = f"{w:g} × {h:g} in"
    if kind == "png":
        px = page_px(card, bleed, dpi)
        return f"{px[0]} × {px[1]} px at {dpi} dpi, {inches}"
    return f"one card a page, {inches}"


def cards_pdf(cards: list[card_face.CardFace], card: CardSize, bleed: float, deck: str, backs: bool = True,
              back_first: bool = False, press: bool = False) -> bytes:
    """Each card's front, then (with `backs`) its back, one trimmed card per page; the
    TrimBox is the card, the BleedBox the whole page. `back_first` puts each back before
    its front, the order DriveThruCards asks for; `press` draws in CMYK (black ink) and
    gives the file PDF/X-1a:2003's OutputIntent and keys (`render.pdfx`)."""
    text.ready()
    w, h = page_mm(card, bleed)
    buf = io.BytesIO()
    c = described_canvas(buf, (w * MM, h * MM), title=f"{deck} deck, one card per page",
                         subject=f"the {deck} deck for a card printer: each {card} card alone with its bleed",
                         game=fight_club_title(), tool="deck --per-card", keywords=("cards", str(card)),
                         press=press)
    trim, art = Rect(bleed, bleed, card.width, card.height), Rect(0, 0, w, h)
    form = card_face.back_form(c, "cardback", card.width, card.height, bleed, deck) if backs else None
    boxes = [0, 0, round(w * MM, 4), round(h * MM, 4)]
    trim_box = [round(v * MM, 4) for v in (trim.x, trim.y, trim.right, trim.top)]
    for face in cards:
        sides = ("front", "back") if backs else ("front",)
        for side in reversed(sides) if back_first else sides:
            if side == "front":
                card_face.draw_front(c, face, trim, art)
            else:
                card_face.draw_back(c, form, trim, art)
            c.setTrimBox(trim_box)
            c.setBleedBox(boxes)
            c.showPage()
    c.save()
    if press:
        from playaid.render.pdfx import finish

        return finish(buf.getvalue())
    return buf.getvalue()


def check_png_count(count: int, deck: str) -> None:
    """CardError for a deck of more cards than one `--per-card png` run draws (`limits.png_cards`
    of layout.yaml): each is its own 300-dpi image, so 5,000 cards would take a quarter of an hour."""
    most = layout()["limits"]["png_cards"]
    if count > most:
        raise CardError(f"the {deck} deck holds {count} cards; --per-card png draws at most {most} "
                        f"(each is its own 300-dpi image): print it with --per-card pdf, or split the deck")


def cards_pngs(cards: list[card_face.CardFace], card: CardSize, bleed: float, deck: str, stem: str,
               backs: bool = True, dpi: int = PNG_DPI) -> Iterator[tuple[str, bytes]]:
    """`stem-front-001.png` … one per card of the pile at `dpi`, and (with `backs`)
    `stem-back.png`: every back is the same, so one image serves them all, and a shop's
    upload asks for "fronts" and "back" by those words. Made one at a time, so a caller
    that writes each before the next holds one card's pixels."""
    from .tts import each_page, png_bytes

    size = page_px(card, bleed, dpi)
    pdf = cards_pdf(cards, card, bleed, deck, backs=False)
    digits = max(3, len(str(len(cards))))
    for i, img in enumerate(each_page(pdf, size)):
        yield f"{stem}-front-{i + 1:0{digits}d}.png", png_bytes(img, dpi)
    if backs:
        _, back = each_page(cards_pdf(cards[:1], card, bleed, deck, backs=True), size)
        yield f"{stem}-back.png", png_bytes(back, dpi)
