"""The bundled fonts, and the fallback that lets any text a player types render.

Fonts are loaded from `assets/fonts/` by path, never from the machine. Text goes to the
first face of the fallback chain that has a glyph for it: Noto Sans (Latin, Greek,
Cyrillic), then Symbola (symbols, emoji), then Droid Sans Fallback (CJK). Symbola
comes first because it draws symbols better, and parsing the large CJK face is
worth it only for text that needs it.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path
from .. import resources


FONT_DIR = resources.FONTS


@dataclass(frozen=True)
class Face:
    name: str
    """The name ReportLab registers it under; also its CSS family + weight/style."""
    file: str
    family: str
    weight: int = 400
    italic: bool = False

    @property
    def path(self) -> Path:
        return FONT_DIR / self.file


SANS = Face("PlayaidSans", "NotoSans-Regular.ttf", "Noto Sans")
SANS_BOLD = Face("PlayaidSans-Bold", "NotoSans-Bold.ttf", "Noto Sans", 700)
SANS_ITALIC = Face("PlayaidSans-Italic", "NotoSans-Italic.ttf", "Noto Sans", 400, True)
SANS_BOLD_ITALIC = Face("PlayaidSans-BoldItalic", "NotoSans-BoldItalic.ttf", "Noto Sans", 700, True)
DISPLAY = Face("PlayaidDisplay", "NotoSerifDisplay-Regular.ttf", "Noto Serif Display")
DISPLAY_BOLD = Face("PlayaidDisplay-Bold", "NotoSerifDisplay-Bold.ttf", "Noto Serif Display", 700)
CJK = Face("PlayaidCJK", "DroidSansFallbackFull.ttf", "Droid Sans Fallback")
SYMBOLS = Face("PlayaidSymbols", "Symbola.ttf", "Symbola")
FORM = Face("PlayaidForm", "PlayaidFormSans.ttf", "Playaid Form Sans")
"""Noto Sans trimmed for form fields, which PDFs carry whole (`tools/form_font.py`)."""

FACES = (SANS, SANS_BOLD, SANS_ITALIC, SANS_BOLD_ITALIC, DISPLAY, DISPLAY_BOLD, CJK, SYMBOLS, FORM)
FALLBACK = (SYMBOLS, CJK)
"""Tried in order after the face a text asks for."""


@cache
def register(face: Face) -> Face:
    """Register `face` with ReportLab under `Face.name`, the first time it is asked for.

    Parsing is the costly part (a third of a second for the CJK face), so each face is
    parsed once, and only when some text needs it; the parse also gives `coverage`.
    """
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    if face.name not in pdfmetrics.getRegisteredFontNames():
        pdfmetrics.registerFont(TTFont(face.name, str(face.path)))
    return face


@cache
def coverage(face: Face) -> frozenset[int]:
    """The code points `face` has a glyph for."""
    from reportlab.pdfbase import pdfmetrics

    return frozenset(pdfmetrics.getFont(register(face).name).face.charToGlyph)


# Characters that draw nothing and so need no glyph (joiners, variation selectors).
_INVISIBLE = frozenset([0x200B, 0x200C, 0x200D, 0x2060, 0xFEFF, *range(0xFE00, 0xFE10), *range(0xE0100, 0xE01F0)])


def face_for(char: str, primary: Face = SANS) -> Face | None:
    """The first face of `primary` + fallback with a glyph for `char`, or None."""
    code = ord(char)
    for face in (primary, *FALLBACK):
        if code in coverage(face):
            return face
    return None


@lru_cache(maxsize=8192)
def runs(text: str, primary: Face = SANS) -> tuple[tuple[Face, str], ...]:
    """`text` cut into runs that each one face can draw, for renderers without fallback.

    Characters no face covers stay with `primary` (they show as its missing glyph);
    `missing()` finds them beforehand. Spaces and invisible marks join the run around them.

    >>> runs("Ann 安")  # doctest: +SKIP
    ((SANS, 'Ann '), (CJK, '安'))
    """
    out: list[tuple[Face, str]] = []
    for char in text:
        if char.isspace() or ord(char) in _INVISIBLE:
            face = out[-1][0] if out else primary
        else:
            face = face_for(char, primary) or primary
        if out and out[-1][0] == face:
            out[-1] = (face, out[-1][1] + char)
        else:
            out.append((face, char))
    return tuple(out)


def missing(text: str, primary: Face = SANS) -> list[str]:
    """The distinct characters of `text` that no bundled face can draw."""
    seen = []
    for char in text:
        if char.isspace() or ord(char) in _INVISIBLE or _is_control(char):
            continue
        if face_for(char, primary) is None and char not in seen:
            seen.append(char)
    return seen


def _is_control(char: str) -> bool:
    return unicodedata.category(char) in ("Cc", "Cf")


def font_face_css() -> str:
    """`@font-face` rules for every bundled face, for WeasyPrint stylesheets.

    The URLs are absolute, so they hold whichever template folder a page comes from.
    """
    url_prefix = FONT_DIR.as_uri() + "/"
    rules = []
    for face in FACES:
        rules.append(
            "@font-face { "
            f'font-family: "{face.family}"; src: url("{url_prefix}{face.file}"); '
            f"font-weight: {face.weight}; font-style: {'italic' if face.italic else 'normal'}; }}"
        )
    return "\n".join(rules) + "\n"


CSS_STACK = ", ".join(f'"{f}"' for f in ("Noto Sans", *(face.family for face in FALLBACK)))
"""The CSS `font-family` value for body text, with the same fallback chain."""
