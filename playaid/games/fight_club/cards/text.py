"""Measuring and drawing text on ReportLab canvases with the bundled fonts' fallback,
and fitting a card's name into a box by shrinking it, never by clipping."""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from functools import lru_cache


from playaid.render import fonts
from playaid.render.shaping import drawn_runs, text_width
from playaid.render.paper import MM
from .settings import CardError, layout


def ready() -> bool:
    """Register the face a canvas starts with (ReportLab's own Helvetica is not embedded)."""
    fonts.register(fonts.SANS)
    return True


@lru_cache(maxsize=4096)
def unit_width(text: str, face: fonts.Face) -> float:
    """Width of `text` in points at 1 pt, each run in the face that can draw it.
    Widths grow linearly with the size, so one measurement serves every size."""
    return text_width(text, face, 1.0)


def draw(canvas, x: float, y: float, text: str, face: fonts.Face, size: float, anchor: str = "left",
         tracking: float = 0.0) -> None:
    """Draw `text` at (x, y) in points on the baseline; `anchor` left, centre or right;
    `tracking` points added after every character but the last (letter-spaced capitals)."""
    if anchor != "left":
        w = unit_width(text, face) * size + tracking * max(0, len(text) - 1)
        x -= w / 2 if anchor == "centre" else w
    t = canvas.beginText(x, y)
    if tracking:
        t.setCharSpace(tracking)
    for f, run in drawn_runs(text, face):
        t.setFont(f.name, size)
        t.textOut(run)
    if tracking:  # character spacing is graphics state: it would carry over to later text
        t.setCharSpace(0)
    canvas.drawText(t)


def shorten(s: str, face: fonts.Face, size: float, room: float) -> str:
    """`s`, cut with an ellipsis to fit `room` points (deck names may be long)."""
    if unit_width(s, face) * size <= room:
        return s
    while s and unit_width(s + "…", face) * size > room:
        s = s[:-1]
    return s + "…"


def _wide(char: str) -> bool:
    return unicodedata.east_asian_width(char) in ("W", "F")


def words(text: str) -> list[str]:
    """The pieces a line may break between: words, and each character of CJK text,
    which is written without spaces."""
    out = []
    for word in text.split():
        if any(_wide(c) for c in word):
            out.extend(word)
        else:
            out.append(word)
    return out


LINE_COST = 0.8
"""How much a line break is worth in type size when choosing how to set a name."""


@dataclass(frozen=True)
class Fitted:
    size: float
    lines: tuple[str, ...]
    leading: float

    @property
    def height(self) -> float:
        return self.size * self.leading * len(self.lines)


def _wrap(pieces: list[str], widths: list[float], space: float, room: float) -> list[str] | None:
    """Greedy line breaking at unit size; None when one piece alone is too wide."""
    lines: list[list[str]] = []
    used = 0.0
    for piece, w in zip(pieces, widths):
        if w > room:
            return None
        joiner = 0.0 if not lines or _wide(piece[0]) else space
        if lines and used + joiner + w <= room:
            lines[-1].append(piece)
            used += joiner + w
        else:
            lines.append([piece])
            used = w
    return ["".join(p if i == 0 or _wide(p[0]) else " " + p for i, p in enumerate(line)) for line in lines]


def wrap_lines(s: str, face: fonts.Face, size: float, room_pt: float) -> list[str]:
    """`s` broken into lines of at most `room_pt` points at `size` (a word too long
    for a line stands alone on it)."""
    pieces = words(s)
    widths = [min(unit_width(p, face), room_pt / size) for p in pieces]
    return _wrap(pieces, widths, unit_width(" ", face), room_pt / size) or []


@lru_cache(maxsize=4096)
def fit(text: str, face: fonts.Face, width_pt: float, height_pt: float) -> Fitted:
    """The largest size (from the layout's maximum down to its minimum) at which `text`
    wraps into `width_pt` × `height_pt`; CardError naming the card when none does."""
    t = layout()["type"]
    pieces = words(text)
    widths = [unit_width(p, face) for p in pieces]
    space = unit_width(" ", face)
    best: Fitted | None = None
    size = t["name_max_pt"]
    while size >= t["name_min_pt"] - 1e-9:
        lines = _wrap(pieces, widths, space, width_pt / size)
        if lines is not None and size * t["leading"] * len(lines) <= height_pt:
            # Bigger is better, but each extra line costs: "The parking / lot" at 24 pt
            # reads worse than "The parking lot" at 19 pt.
            if best is None or size * LINE_COST ** (len(lines) - 1) > best.size * LINE_COST ** (len(best.lines) - 1):
                best = Fitted(size, tuple(lines), t["leading"])
        size -= t["step_pt"]
    if best is not None:
        return best
    widest = max(pieces, key=lambda p: unit_width(p, face), default="")
    raise CardError(f"card {text[:60]!r} does not fit a {width_pt / MM:.1f}×{height_pt / MM:.1f} mm text area "
                    f"even at {t['name_min_pt']} pt (longest word: {widest[:40]!r}); "
                    "shorten it, break the word, or choose a bigger --size")
