"""Make `playaid/assets/fonts/PlayaidCheck.ttf`, the tick of ticked check boxes.

WeasyPrint marks its forms "NeedAppearances", so poppler redraws every ticked check box
itself, as the character "3" in a font it looks up under the name `ZaDb` (ZapfDingbats)
among the form's resources. Without one it prints "Unknown font tag 'ZaDb'" and draws a
stand-in. This face holds one glyph, Symbola's heavy check mark, under the codes of "3"
and "4" (the two characters viewers draw ticks with); the sheets' PDFs embed it as
`ZaDb`, so every tick is drawn from an embedded font. About 2 KB, same terms as Symbola.

Run: python tools/check_font.py   (rewrites the file; the output is deterministic)
"""

from __future__ import annotations

from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTFont
from fontTools.ttLib.tables._c_m_a_p import cmap_format_4

from font_names import rename  # tools/ is on the path when a tool runs as a script

FONTS = Path(__file__).resolve().parents[1] / "playaid" / "assets" / "fonts"
SOURCE = FONTS / "Symbola.ttf"
TARGET = FONTS / "PlayaidCheck.ttf"
FAMILY = "Playaid Check"
TICK = 0x2714  # HEAVY CHECK MARK
CODES = (0x33, 0x34)  # "3", "4"


def make(source: Path = SOURCE) -> TTFont:
    """The one-glyph face (not yet saved)."""
    font = TTFont(source, recalcTimestamp=False)
    options = subset.Options()
    options.hinting = False
    options.layout_features = []
    options.name_IDs = [0, 1, 2, 3, 4, 5, 6]
    options.notdef_outline = True
    options.recalc_timestamp = False
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=[TICK])
    subsetter.subset(font)
    glyph = font.getBestCmap()[TICK]
    # A symbolic TrueType font is looked up by (3,0) with the codes moved to U+F0xx,
    # by (1,0), or by (3,1): every table maps both codes to the tick.
    tables = []
    for platform, encoding, base in ((1, 0, 0), (3, 0, 0xF000), (3, 1, 0)):
        table = cmap_format_4(4)
        table.platformID, table.platEncID, table.language = platform, encoding, 0
        table.cmap = {base + code: glyph for code in CODES}
        tables.append(table)
    font["cmap"].tables = tables
    rename(font, FAMILY, "Symbola")
    return font


if __name__ == "__main__":
    make().save(TARGET)
    print(f"wrote {TARGET.name}: {TARGET.stat().st_size} bytes")
