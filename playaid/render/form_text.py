"""The form face's measures: which text it draws, how wide a line is, where it breaks.

Shared by the fields' appearance streams (`forms`) and the notes' ruled rows (`notes_lines`),
so neither imports the other.
"""

from __future__ import annotations

import functools

from .fonts import FONT_DIR

FORM_FONT = FONT_DIR / "PlayaidFormSans.ttf"

PX = 0.75
"""Points per CSS pixel: WeasyPrint's boxes measure in px, the PDF in pt."""


@functools.cache
def _face() -> tuple[dict[int, int], dict[int, int], int, int]:
    """(code point → glyph id, glyph id → advance in 1/1000 em, ascent, descent) of the form face."""
    from fontTools.ttLib import TTFont

    face = TTFont(FORM_FONT, lazy=True)
    scale = 1000 / face["head"].unitsPerEm
    order = face.getGlyphOrder()
    ids = {name: i for i, name in enumerate(order)}
    cmap = {code: ids[name] for code, name in face.getBestCmap().items()}
    metrics = face["hmtx"].metrics
    advances = {ids[name]: round(width * scale) for name, (width, _) in metrics.items()}
    hhea = face["hhea"]
    return cmap, advances, round(hhea.ascent * scale), round(hhea.descent * scale)


def draws(text: str) -> bool:
    """Whether the form face has a glyph for every character of `text` (line breaks aside)."""
    cmap = _face()[0]
    return all(ord(c) in cmap for c in text if c not in "\r\n\t")


def _width(text: str, size: float) -> float:
    cmap, advances, _, _ = _face()
    return sum(advances.get(cmap.get(ord(c), 0), 500) for c in text) * size / 1000


def _wrap(text: str, size: float, width: float) -> list[str]:
    """`text` broken into lines no wider than `width` points, at spaces where possible."""
    lines: list[str] = []
    for paragraph in text.replace("\r\n", "\n").split("\n"):
        line = ""
        for word in paragraph.split(" "):
            trial = f"{line} {word}" if line else word
            if line and _width(trial, size) > width:
                lines.append(line)
                line = word
            else:
                line = trial
            while len(line) > 1 and _width(line, size) > width:  # a word longer than the field
                cut = 1
                while cut < len(line) and _width(line[:cut + 1], size) <= width:
                    cut += 1
                lines.append(line[:cut])
                line = line[cut:]
        lines.append(line)
    return lines


def _hex(text: str) -> str:
    cmap = _face()[0]
    return "".join(f"{cmap.get(ord(c), 0):04x}" for c in text)


def _text(value) -> str:
    if value is None:
        return ""
    raw = getattr(value, "string", value)
    return raw.decode("utf-8", "replace") if isinstance(raw, bytes) else str(raw)
