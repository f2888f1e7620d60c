"""Make `playaid/assets/fonts/PlayaidFormSans.ttf`, the face of the sheets' form fields.

WeasyPrint embeds the font of a form field whole (a viewer must be able to draw whatever
a player types), and whole Noto Sans is half a megabyte per sheet, a fifth of a second
of compression in every `playaid sheet`. Fields need neither hinting nor OpenType layout
(viewers draw field text glyph by glyph), so this keeps Noto Sans Regular's outlines for
Latin, Greek and Cyrillic and drops the rest: about 80 KB. The result is Noto Sans under
the same licence (OFL 1.1), renamed so that nobody takes it for the original.

Run: python tools/form_font.py   (rewrites the file; the output is deterministic)
"""

from __future__ import annotations

from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTFont

from font_names import rename  # tools/ is on the path when a tool runs as a script

FONTS = Path(__file__).resolve().parents[1] / "playaid" / "assets" / "fonts"
SOURCE = FONTS / "NotoSans-Regular.ttf"
TARGET = FONTS / "PlayaidFormSans.ttf"
FAMILY = "Playaid Form Sans"

BLOCKS = (
    (0x0020, 0x024F),  # Basic Latin to Latin Extended-B
    (0x0300, 0x036F),  # combining diacritics
    (0x0370, 0x03FF),  # Greek
    (0x0400, 0x052F),  # Cyrillic and its supplement
    (0x1E00, 0x1EFF),  # Latin Extended Additional (Vietnamese, Welsh …)
    (0x2000, 0x206F),  # punctuation: dashes, quotes, ellipsis
    (0x20A0, 0x20CF),  # currency
    (0x2100, 0x214F),  # letterlike: №, ℓ, ™
)


def make(source: Path = SOURCE) -> TTFont:
    """The trimmed, renamed face (not yet saved)."""
    font = TTFont(source, recalcTimestamp=False)
    options = subset.Options()
    options.hinting = False
    options.layout_features = []
    options.drop_tables += ["GSUB", "GPOS", "GDEF", "DSIG"]
    options.name_IDs = [0, 1, 2, 3, 4, 5, 6, 13, 14]
    options.notdef_outline = True
    options.recalc_timestamp = False
    wanted = [u for u in font.getBestCmap() if any(lo <= u <= hi for lo, hi in BLOCKS)]
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=wanted)
    subsetter.subset(font)
    rename(font, FAMILY, "Noto Sans")
    return font


if __name__ == "__main__":
    make().save(TARGET)
    print(f"wrote {TARGET.name}: {TARGET.stat().st_size} bytes")
