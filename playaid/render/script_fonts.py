"""Fonts for the scripts the bundled ones lack, found on the machine or named by the user.

The wheel carries Latin, Greek, Cyrillic, Chinese and Japanese (`assets/fonts/`). Korean,
Arabic and Hebrew names are drawn from Debian fonts the Makefile installs, looked up by
file name in the usual font folders, so the same files serve WeasyPrint (through
`@font-face`) and ReportLab (which embeds only TrueType outlines: hence WenQuanYi Micro Hei
for Hangul rather than Noto Sans CJK, whose outlines are CFF). A user may name more fonts
(`playaid --font FILE`, or `PLAYAID_FONT`); it is tried before these.

`PLAYAID_FONT_DIRS` replaces the folders searched (paths joined by the system's path
separator): tests point it at an empty folder to see what a machine without them prints.
"""

from __future__ import annotations

import os
import unicodedata
from dataclasses import dataclass
from functools import cache
from pathlib import Path

USER_FONTS = "PLAYAID_FONT"
FONT_DIRS = "PLAYAID_FONT_DIRS"
SEARCHED = ("/usr/share/fonts", "/usr/local/share/fonts", "~/.local/share/fonts", "~/.fonts")
"""Where Debian and most Linux systems keep fonts, the user's own folders last."""


@dataclass(frozen=True)
class Script:
    """A script the bundled fonts lack, the files that draw it and the package that has them."""

    name: str
    package: str
    regular: str
    bold: str | None = None


SCRIPTS = (
    Script("Arabic", "fonts-noto-core", "NotoSansArabic-Regular.ttf", "NotoSansArabic-Bold.ttf"),
    Script("Hebrew", "fonts-noto-core", "NotoSansHebrew-Regular.ttf", "NotoSansHebrew-Bold.ttf"),
    Script("Hangul", "fonts-wqy-microhei", "wqy-microhei.ttc"),
)


class FontProblem(Exception):
    """A font the user named that cannot be used; the message says which and why."""


def folders() -> list[Path]:
    """The folders searched for the scripts' fonts, in order."""
    named = os.environ.get(FONT_DIRS)
    listed = named.split(os.pathsep) if named is not None else SEARCHED
    return [Path(p).expanduser() for p in listed if p]


@cache
def _index(searched: tuple[Path, ...]) -> dict[str, Path]:
    """Every font file under `searched` by file name, the first folder winning."""
    found: dict[str, Path] = {}
    for folder in searched:
        if not folder.is_dir():
            continue
        for path in sorted(folder.rglob("*.tt[fc]")):
            found.setdefault(path.name, path)
    return found


def find(file_name: str) -> Path | None:
    """The installed font file called `file_name`, or None."""
    return _index(tuple(folders())).get(file_name)


def user_fonts() -> list[Path]:
    """The font file the user named (none or one), checked: FontProblem if it cannot be used."""
    named = os.environ.get(USER_FONTS, "").strip()
    return [check(Path(named).expanduser())] if named else []


@cache
def check(path: Path) -> Path:
    """`path` if it is a font playaid can draw with (a TrueType-outline .ttf, .ttc or .otf),
    else FontProblem saying what is wrong and what to do."""
    from reportlab.pdfbase.ttfonts import TTFError, TTFontFile

    fix = "name a TrueType font file (.ttf), e.g. one from /usr/share/fonts, with --font or PLAYAID_FONT"
    if not path.is_file():
        raise FontProblem(f"font {path}: no such file; {fix}")
    if not os.access(path, os.R_OK):
        raise FontProblem(f"font {path}: cannot be read (permissions); {fix}")
    try:
        TTFontFile(str(path), validate=0)
    except TTFError as exc:
        cff = "postscript" in str(exc).lower()
        raise FontProblem(f"font {path}: " + ("its outlines are PostScript (CFF), which the maps and cards "
                                              "cannot embed" if cff else "not a font file playaid can read")
                          + f"; {fix}") from None
    except Exception:  # a damaged file fails anywhere in the parser
        raise FontProblem(f"font {path}: not a font file playaid can read; {fix}") from None
    return path.resolve()


def script_of(char: str) -> Script | None:
    """The script of `char` among those playaid finds fonts for (by its Unicode name)."""
    name = unicodedata.name(char, "")
    for script in SCRIPTS:
        if name.startswith(script.name.upper()):
            return script
    return None


def advice(chars: list[str]) -> str:
    """What to install so that `chars` print, in a few words."""
    packages = sorted({s.package for s in map(script_of, chars) if s is not None})
    if packages and all(script_of(c) for c in chars):
        return f"install Debian's {' and '.join(packages)} (make system-packages), or name a font with --font"
    return "name a font that has them with --font FILE (or PLAYAID_FONT)"


def spelled(char: str) -> str:
    """A readable Latin stand-in for a character no font can draw, from its Unicode name:
    a Hangul syllable's name is its romanisation ("HANGUL SYLLABLE MIN" → "min"), a letter
    stands as the first letter of its name ("HEBREW LETTER DALET" → "d"); anything else "?"."""
    name = unicodedata.name(char, "")
    if name.startswith("HANGUL SYLLABLE "):
        return name.rsplit(" ", 1)[1].lower()
    if " LETTER " in name:
        return name.split(" LETTER ", 1)[1][0].lower()
    return "?"
