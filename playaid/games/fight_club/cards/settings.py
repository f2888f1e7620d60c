"""The card layout numbers of the game's `data/cards/layout.yaml`, and card sizes by name."""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import yaml

DATA = Path(__file__).parents[1] / "data" / "cards"


class CardError(ValueError):
    """Cards or options that cannot be printed; the message says what is allowed."""


@dataclass(frozen=True)
class CardSize:
    width: float
    height: float
    label: str = ""

    def __str__(self) -> str:
        return self.label or f"{self.width:g}×{self.height:g} mm"


@cache
def layout() -> dict:
    """The whole layout table (read once)."""
    with open(DATA / "layout.yaml", encoding="utf-8") as fh:
        return yaml.safe_load(fh)


def fight_club_title() -> str:
    """The game these cards belong to, named as its rules core names it."""
    from playaid.render.pdf_info import game_title

    return game_title("fight-club")


@cache
def front_words() -> dict:
    """What a front says besides its name: the card kind and the play reminder."""
    with open(DATA / "front.yaml", encoding="utf-8") as fh:
        return yaml.safe_load(fh)


@cache
def turn_summary() -> dict:
    with open(DATA / "turn-summary.yaml", encoding="utf-8") as fh:
        return yaml.safe_load(fh)


@dataclass(frozen=True)
class Shop:
    """A print-on-demand card printer's published numbers (`shops.yaml`)."""

    name: str
    label: str
    size: CardSize
    bleed: float
    safe: float
    dpi: int
    back_first: bool
    formats: tuple[str, ...]
    """`--per-card` kinds the shop takes, the one it prefers first."""
    press: bool
    """The shop asks a CMYK PDF/X-1a:2003 file (`render.pdfx`)."""

    def order(self, kind: str) -> str:
        """How its `kind` files hold each card, in the words `deck --help` and the command use."""
        if kind == "png":
            return "an image per front, one for the backs"
        return "pages back, then front" if self.back_first else "pages front, then back"


@cache
def shops() -> dict[str, Shop]:
    """Every shop profile by name."""
    with open(DATA / "shops.yaml", encoding="utf-8") as fh:
        data = yaml.safe_load(fh)
    return {name: Shop(name, v["label"], CardSize(float(v["size"]["width"]), float(v["size"]["height"]),
                                                  f"{v['label']} {v['size']['width']}×{v['size']['height']} mm"),
                       float(v["bleed"]), float(v["safe"]), int(v["dpi"]), bool(v["back_first"]),
                       tuple(v["formats"]), bool(v["press"]))
            for name, v in data.items()}


def named_sizes() -> dict[str, CardSize]:
    return {k: CardSize(float(v["width"]), float(v["height"]), k) for k, v in layout()["sizes"].items()}


_WXH = re.compile(r"\s*(\d+(?:\.\d+)?)\s*[x×]\s*(\d+(?:\.\d+)?)\s*(?:mm)?\s*", re.I)


def card_size(text: str) -> CardSize:
    """`poker`, `bridge`, `mini`, `tarot` or `WxH` in millimetres (e.g. `60x90`)."""
    sizes = named_sizes()
    if text.lower() in sizes:
        return sizes[text.lower()]
    match = _WXH.fullmatch(text)
    allowed = f"use one of {', '.join(sizes)} or WIDTHxHEIGHT in mm, e.g. 60x90"
    if not match:
        raise CardError(f"card size {text!r} is not understood; {allowed}")
    width, height = float(match[1]), float(match[2])
    least = layout()["min_card"]
    if width < least["width"] or height < least["height"]:
        raise CardError(f"card size {text!r} is too small to print on; "
                        f"the smallest card is {least['width']}x{least['height']} mm")
    return CardSize(width, height)


def mm_pair(text: str) -> tuple[float, float]:
    """`X,Y` in millimetres (each may be negative), as for --back-offset."""
    parts = text.split(",")
    try:
        if len(parts) != 2:
            raise ValueError
        x, y = float(parts[0]), float(parts[1])
        if not (math.isfinite(x) and math.isfinite(y)):  # float() takes nan and inf
            raise ValueError
        return x, y
    except ValueError:
        raise CardError(f"{text!r} is not X,Y in millimetres; write e.g. 0.5,-1") from None
