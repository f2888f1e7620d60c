"""The bundled fonts, and the fallback that lets any text a player types render.

Fonts are loaded by path: the bundled ones from `assets/fonts/`, the few a script needs
from the files `script_fonts` finds. Text goes to the first face of the fallback chain that
has a glyph for it: Noto Sans (Latin, Greek, Cyrillic), then any font the user named, then
Symbola (symbols, emoji), Droid Sans Fallback (Chinese, Japanese), and the installed Arabic,
Hebrew and Hangul faces. Symbola comes first because it draws symbols better, and parsing
the large CJK face is worth it only for text that needs it. A character no face has is
drawn as a readable stand-in (`script_fonts.spelled`), never as a box, and remembered so
the command can say which name needs which font (`take_unprintable`).
"""

from __future__ import annotations

import hashlib
import os
import unicodedata
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path
from .. import resources
from . import script_fonts


FONT_DIR = resources.FONTS


@dataclass(frozen=True)
class Face:
    name: str
    """The name ReportLab registers it under; also its CSS family + weight/style."""
    file: str
    family: str
    weight: int = 400
    italic: bool = False
    folder: Path | None = None
    """Where `file` is, when it is not a bundled font."""
    index: int = 0
    """Which font of a collection (.ttc) file."""

    @property
    def path(self) -> Path:
        return (self.folder or FONT_DIR) / self.file


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
BUNDLED_FALLBACK = (SYMBOLS, CJK)

USER_FAMILY = "Playaid User"
SCRIPT_FAMILIES = tuple(f"Playaid {s.name}" for s in script_fonts.SCRIPTS)
"""The CSS families of the faces found on the machine. Every font stack of our stylesheets
has the user's after Noto Sans and these at the end; a family no file is found for is skipped."""


def _found(path: Path, family: str, weight: int = 400) -> Face:
    # named after the whole path: ReportLab keeps a name's first registration for the process
    tag = hashlib.sha1(str(path).encode()).hexdigest()[:8]
    return Face(f"Playaid-{path.stem}-{tag}-{weight}", path.name, family, weight, folder=path.parent)


@cache
def extra_faces(user: str | None, searched: str | None) -> tuple[Face, ...]:
    """The user's font and the installed script fonts, regular and bold (keyed by the two
    variables that decide them, so a test that changes one sees its own faces)."""
    faces = [_found(path, USER_FAMILY) for path in script_fonts.user_fonts()]
    for script, family in zip(script_fonts.SCRIPTS, SCRIPT_FAMILIES):
        if (regular := script_fonts.find(script.regular)) is not None:
            faces.append(_found(regular, family))
            bold = script_fonts.find(script.bold) if script.bold else None
            faces.append(_found(bold or regular, family, 700))
    return tuple(faces)


def found_faces() -> tuple[Face, ...]:
    """`extra_faces` as the environment now names them."""
    return extra_faces(os.environ.get(script_fonts.USER_FONTS), os.environ.get(script_fonts.FONT_DIRS))


def fallback() -> tuple[Face, ...]:
    """Tried in order after the face a text asks for (regular faces: as the bundled CJK one)."""
    found = [f for f in found_faces() if f.weight == 400]
    user = [f for f in found if f.family == USER_FAMILY]
    return (*user, *BUNDLED_FALLBACK, *(f for f in found if f not in user))


@cache
def register(face: Face) -> Face:
    """Register `face` with ReportLab under `Face.name`, the first time it is asked for.

    Parsing is the costly part (a third of a second for the CJK face), so each face is
    parsed once, and only when some text needs it; the parse also gives `coverage`.
    """
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    if face.name not in pdfmetrics.getRegisteredFontNames():
        pdfmetrics.registerFont(TTFont(face.name, str(face.path), subfontIndex=face.index))
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
    return _face_for(char, primary, fallback())


def _face_for(char: str, primary: Face, chain: tuple[Face, ...]) -> Face | None:
    code = ord(char)
    for face in (primary, *chain):
        if code in coverage(face):
            return face
    return None


_UNPRINTABLE: dict[str, list[str]] = {}
"""Texts drawn since the last `take_unprintable`, with the characters no face has."""


def runs(text: str, primary: Face = SANS) -> tuple[tuple[Face, str], ...]:
    """`text` cut into runs that each one face can draw, for renderers without fallback.

    A character no face covers is drawn as a readable stand-in (`script_fonts.spelled`)
    in `primary`, never as a box, and the text is remembered for `take_unprintable`.
    Spaces and invisible marks join the run around them.

    >>> runs("Ann 安")  # doctest: +SKIP
    ((SANS, 'Ann '), (CJK, '安'))
    """
    cut, gaps = _runs(text, primary, fallback())
    if gaps:
        _UNPRINTABLE.setdefault(text, list(gaps))
    return cut


@lru_cache(maxsize=8192)
def _runs(text: str, primary: Face, chain: tuple[Face, ...]) -> tuple[tuple[tuple[Face, str], ...], tuple[str, ...]]:
    out: list[tuple[Face, str]] = []
    gaps: list[str] = []
    for char in text:
        if char.isspace() or ord(char) in _INVISIBLE:
            face = out[-1][0] if out else primary
        elif (face := _face_for(char, primary, chain)) is None:
            face, gaps = primary, gaps + [char] * (char not in gaps)
            char = script_fonts.spelled(char)
        if out and out[-1][0] == face:
            out[-1] = (face, out[-1][1] + char)
        else:
            out.append((face, char))
    return tuple(out), tuple(gaps)


def missing(text: str, primary: Face = SANS) -> list[str]:
    """The distinct characters of `text` that no face (bundled, found or named) can draw."""
    seen = []
    for char in text:
        if char.isspace() or ord(char) in _INVISIBLE or _is_control(char):
            continue
        if face_for(char, primary) is None and char not in seen:
            seen.append(char)
    return seen


def printable(text: str, primary: Face = SANS) -> str:
    """`text` with each character no face has replaced by its stand-in (and remembered),
    for pages whose renderer would otherwise fall back to a box: a sheet's names.

    >>> printable("Ann")
    'Ann'
    """
    return "".join(part for _, part in runs(text, primary))


def take_unprintable() -> dict[str, list[str]]:
    """The texts drawn with characters no face has (text → those characters), since the
    last call; the command says them once, with what to install."""
    taken = dict(_UNPRINTABLE)
    _UNPRINTABLE.clear()
    return taken


def unprintable_names(taken: dict[str, list[str]]) -> dict[str, list[str]]:
    """The names in `taken` (texts → characters no face has): in each text, the words with
    such a character, neighbours joined; a name met only in part (a line measured while
    it was fitted) folds into the whole one.

    >>> unprintable_names({"1 Ann 김민준": ["김", "민", "준"], "1 Ann 김": ["김"]})  # doctest: +SKIP
    {'김민준': ['김', '민', '준']}
    """
    names: dict[str, list[str]] = {}
    for text, chars in taken.items():
        words, held = text.split(), set(chars)
        chunk: list[str] = []
        for word in [*words, ""]:
            if word and held & set(word):
                chunk.append(word)
            elif chunk:
                name = " ".join(chunk).strip("…")
                names.setdefault(name, [c for c in chars if c in name])
                chunk = []
    return {n: cs for n, cs in names.items() if not any(n != other and n in other for other in names)}


def _is_control(char: str) -> bool:
    return unicodedata.category(char) in ("Cc", "Cf")


def font_face_css() -> str:
    """`@font-face` rules for every bundled face and every face found for other scripts,
    for WeasyPrint stylesheets.

    The URLs are absolute, so they hold whichever template folder a page comes from.
    """
    rules = []
    for face in (*FACES, *found_faces()):
        rules.append(
            "@font-face { "
            f'font-family: "{face.family}"; src: url("{face.path.as_uri()}"); '
            f"font-weight: {face.weight}; font-style: {'italic' if face.italic else 'normal'}; }}"
        )
    return "\n".join(rules) + "\n"


def without_unused_scripts(html: str) -> str:
    """`html` without the `@font-face` rules of script faces none of its characters need:
    WeasyPrint reads every face a stylesheet declares, and the Hangul one alone (5 MB) made
    each sheet a tenth slower to lay out. The user's font is always kept."""
    needed = {script_fonts.script_of(c) for c in set(html) if ord(c) > 0x2FF}
    for script, family in zip(script_fonts.SCRIPTS, SCRIPT_FAMILIES):
        if script not in needed:
            html = "".join(line for line in html.splitlines(keepends=True)
                           if not line.startswith(f'@font-face {{ font-family: "{family}";'))
    return html


def found_files() -> list[Path]:
    """The font files outside the bundle that pages may load (the URL fetcher allows them)."""
    return [face.path.resolve() for face in found_faces()]


CSS_STACK = ", ".join(f'"{f}"' for f in ("Noto Sans", USER_FAMILY, *(f.family for f in BUNDLED_FALLBACK),
                                         *SCRIPT_FAMILIES))
"""The CSS `font-family` value for body text, with the same fallback chain."""
