"""Tabletop Simulator deck images: sheets of at most 10 × 7 card faces (the last slot
kept for the hidden card), at most 4096 px a side, RGB PNG, plus one back image.

The faces are the PDF's own: each distinct card is drawn once as a one-page PDF at
its trim size and rasterised with pdfium, so the TTS deck looks like the printed one.
"""

from __future__ import annotations

import io
import json
import math
from typing import Iterator

import pypdfium2
from PIL import Image
from reportlab.pdfgen import canvas as rl_canvas

from playaid.render import fonts
from playaid.render.paper import MM
from . import face as card_face
from . import text
from .imposition import Rect
from .settings import CardSize, layout


def card_pixels(card: CardSize) -> tuple[int, int]:
    """The largest card image whose 10 × 7 sheet stays within the pixel limit."""
    t = layout()["tts"]
    w = min(t["max_px"] // t["columns"], math.floor(t["max_px"] // t["rows"] * card.width / card.height))
    return w, math.floor(w * card.height / card.width)


def _card_images(faces: list[card_face.CardFace | None], card: CardSize, deck: str,
                 size: tuple[int, int]) -> list[Image.Image]:
    """One image per entry (None: the back), rendered from a PDF page per card."""
    text.ready()
    buf = io.BytesIO()
    c = rl_canvas.Canvas(buf, pagesize=(card.width * MM, card.height * MM), invariant=1,
                         initialFontName=fonts.SANS.name, initialFontSize=8)
    trim = Rect(0, 0, card.width, card.height)
    form = card_face.back_form(c, "ttsback", card.width, card.height, 0, deck)
    for f in faces:
        if f is None:
            card_face.draw_back(c, form, trim, trim)
        else:
            card_face.draw_front(c, f, trim, trim)
        c.showPage()
    c.save()
    return raster_pages(buf.getvalue(), size)


def raster_pages(pdf_bytes: bytes, size: tuple[int, int]) -> list[Image.Image]:
    """Every page of a PDF of equal pages as an RGB image of exactly `size` pixels."""
    return list(each_page(pdf_bytes, size))


def each_page(pdf_bytes: bytes, size: tuple[int, int]) -> Iterator[Image.Image]:
    """The pages of a PDF of equal pages as RGB images of `size` pixels, one at a time:
    a caller that writes each before asking for the next holds one page's pixels, not a deck's."""
    pdf = pypdfium2.PdfDocument(pdf_bytes)
    try:
        for i in range(len(pdf)):
            page = pdf[i]
            img = page.render(scale=size[0] / page.get_width(), fill_color=(255, 255, 255, 255)).to_pil().convert("RGB")
            page.close()
            yield img if img.size == size else img.resize(size, Image.LANCZOS)
    finally:
        pdf.close()


def png_bytes(img: Image.Image, dpi: int | None = None) -> bytes:
    buf = io.BytesIO()
    img.save(buf, format="PNG", optimize=False, **({"dpi": (dpi, dpi)} if dpi else {}))
    return buf.getvalue()


def tts_import(count: int, card: CardSize, stem: str) -> dict:
    """What Tabletop Simulator's Custom Deck import dialog asks for, per face sheet:
    the images, Width and Height (cards across and down) and Number (cards on it,
    the hidden card's slot not counted)."""
    t = layout()["tts"]
    per_sheet = t["columns"] * t["rows"] - 1
    w, h = card_pixels(card)
    sheets = [{"face": f"{stem}-tts-{k + 1}.png", "back": f"{stem}-tts-back.png", "width": t["columns"],
               "height": t["rows"], "number": min(per_sheet, count - start)}
              for k, start in enumerate(range(0, count, per_sheet))]
    return {"cards": count, "card_px": [w, h], "sheet_px": [w * t["columns"], h * t["rows"]], "decks": sheets}


def tts_summary(info: dict) -> list[str]:
    """The import numbers as lines to print, one per face sheet."""
    return [f"Tabletop Simulator: {d['face']} — Width {d['width']}, Height {d['height']}, Number {d['number']}; "
            f"back {d['back']}" for d in info["decks"]]


def tts_images(cards: list[card_face.CardFace], card: CardSize, deck: str, stem: str) -> dict[str, bytes]:
    """`stem-tts-1.png` … (69 cards each, the 70th slot showing the back as the hidden
    card), `stem-tts-back.png`, and `stem-tts.json` with the import numbers (`tts_import`)."""
    t = layout()["tts"]
    cols, rows = t["columns"], t["rows"]
    per_sheet = cols * rows - 1
    size = card_pixels(card)
    distinct = list(dict.fromkeys(cards))
    images = _card_images([*distinct, None], card, deck, size)
    by_face = dict(zip(distinct, images))
    back = images[-1]
    out = {}
    for k, start in enumerate(range(0, len(cards), per_sheet)):
        chunk = cards[start:start + per_sheet]
        sheet = Image.new("RGB", (cols * size[0], rows * size[1]), "white")
        for i, f in enumerate(chunk):
            sheet.paste(by_face[f], ((i % cols) * size[0], (i // cols) * size[1]))
        sheet.paste(back, ((cols - 1) * size[0], (rows - 1) * size[1]))
        out[f"{stem}-tts-{k + 1}.png"] = png_bytes(sheet)
    out[f"{stem}-tts-back.png"] = png_bytes(back)
    out[f"{stem}-tts.json"] = (json.dumps(tts_import(len(cards), card, stem), indent=2) + "\n").encode("utf-8")
    return out
