"""Text fields that type like a publisher's (issue 39 item 4): a line of words is auto-sized
(`/DA` font size 0), so a long name shrinks to fit as it is typed instead of running out of
its box, and a filled value too wide for its box is drawn smaller, inside it, once flattened.
"""

from __future__ import annotations

import re

import pikepdf
import pypdfium2
import pytest

import pdfs
from playaid.render.forms import FLOOR
from conftest import EXAMPLES

GAMES = ["contest", "dirt", "fight-club", "fight-sphere", "isolation", "sapio"]
AUTO = re.compile(rb"/\S+\s+0(\.0+)?\s+Tf")


def _annots(path):
    with pikepdf.open(path) as pdf:
        return {str(a.T): (bytes(a.DA), [float(v) for v in a.Rect], int(a.get("/Q", 0)))
                for a in pdf.pages[0].Annots if "/T" in a and a.get("/FT") == "/Tx"}


@pytest.mark.parametrize("game", GAMES)
def test_the_blank_name_field_is_auto_sized(game, tmp_path, run):
    result = run("sheet", "--blank", game, "--out", tmp_path)
    assert result.exit_code == 0, result.output
    fields = _annots(next(tmp_path.glob("*.pdf")))
    da, _, _ = fields["blank_name"]
    assert AUTO.search(da), da
    # numbers read in play keep their size: a centred field is never auto-sized
    fixed = [name for name, (da, _, q) in fields.items() if q == 1 and AUTO.search(da)]
    assert not fixed, fixed


NPC = "WILHELMINA MAXWELL-WORMWOOD OF THE MOWBRAY MARSH"
"""A name within the Fight Sphere sheet's 48-character budget for an NPC, so one line, but
in capitals wider than its box at 9 pt."""


def test_a_value_too_wide_for_its_box_shrinks_inside_it_once_flattened(files, tmp_path, run):
    source = EXAMPLES["fight-sphere"] / "dana.yaml"
    text = source.read_text(encoding="utf-8").replace("Marrow, the scrap-priest", NPC)
    assert NPC in text
    result = run("sheet", files.write("dana.yaml", text), "--out", tmp_path / "out")
    assert result.exit_code == 0, result.output
    [path] = (tmp_path / "out").glob("*.pdf")
    [(da, rect, _)] = [v for k, v in _annots(path).items() if k.endswith("_rel0_npc")]
    assert AUTO.search(da), da
    x0, x1 = sorted(rect[::2])
    y0, y1 = sorted(rect[1::2])
    doc = pypdfium2.PdfDocument(pdfs.flattened(path))
    try:
        page = doc[0].get_textpage()
        search = page.search("WILHELMINA")
        found = search.get_next()
        assert found, "the item is not on the flattened page"
        start = found[0]
        boxes = [page.get_charbox(i) for i in range(start, start + len(NPC)) if not page.get_text_range(i, 1).isspace()]
        assert page.get_text_range(start, len(NPC)) == NPC
        size = pypdfium2.raw.FPDFText_GetFontSize(page.raw, start)
    finally:
        doc.close()
    assert FLOOR <= size < 9, f"drawn at {size:.1f} pt, not shrunk from the sheet's 9 pt"
    outside = [b for b in boxes if b[0] < x0 - 0.5 or b[2] > x1 + 0.5 or b[1] < y0 - 0.5 or b[3] > y1 + 0.5]
    assert not outside, f"{len(outside)} of {len(boxes)} characters outside the field {rect}: {outside[:2]}"
