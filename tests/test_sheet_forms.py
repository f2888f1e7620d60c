"""Fillable sheets measured from the PDF (issue 31 item 3): every ruled place a player writes
in carries a form field, the Notes field covers its whole ruled area, every text field is
at least 7 mm tall, and every value still prints once the form is flattened.

A "write-in rule" is found as a print reviewer would find it: a horizontal run of ink at
least RULE_MM long with no printed character in the row above it.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pikepdf
import pytest

import measure
import pdfs
from conftest import EXAMPLES
from playaid.testing import run as run_cli

CHARACTERS = {"fight-sphere": "dana.yaml", "isolation": "bob.yaml", "sapio": "ines.yaml",
              "fight-club": "marty.yaml", "dirt": "moss.yaml", "contest": "harrow.yaml"}
ISOLATION_SETUP = EXAMPLES["isolation"] / "farmhouse.yaml"
DPI = 100
RULE_MM = 15.0
ROW_MM = 6.0
"""How far above a rule its written text (or its field) sits."""
COVER = 0.7
"""Of a rule's length under fields: a row's columns worked out by playaid (dice added) take no field."""
REACH_MM = 2.2
"""How far a field's edge may sit from its rule: a boxed field's padding, a row's spacing."""


@pytest.fixture(scope="module")
def sheet(tmp_path_factory):
    """`sheet(game, blank)`: the PDF `playaid sheet` writes for it, made on first use and shared by
    the module's three measures of it (each used to render the same sheet again)."""
    made: dict[tuple[str, bool], Path] = {}

    def make(game: str, blank: bool) -> Path:
        if (game, blank) not in made:
            if blank:
                args = ("--blank", game)
            elif game == "isolation":  # a setup's sheet: links filled in, so rows of both kinds
                args = (ISOLATION_SETUP,)
            else:
                args = (EXAMPLES[game] / CHARACTERS[game],)
            out = tmp_path_factory.mktemp(f"{game}-{'blank' if blank else 'filled'}")
            result = run_cli("sheet", *args, "--out", out)
            assert result.exit_code == 0, result.output
            made[game, blank] = sorted(out.glob("*.pdf"))[0]
        return made[game, blank]

    return make


@cache  # a shared sheet is measured twice, and this walk over its pixels is Python: found once
def rules_mm(path, page: int = 0) -> list[tuple[float, float, float]]:
    """(left, right, height from the page foot) of every horizontal ink run ≥ RULE_MM, one
    per rule (a rule drawn two pixels thick counts once); the top edge of a frame (ink going
    down from both its ends: a stat block, a boxed field) is no rule to write on."""
    image = measure.ink(path, page, dpi=DPI)
    px = DPI / 25.4
    width, height = image.size
    pixels = image.load()
    found: list[tuple[float, float, float]] = []
    for row in range(height):
        col = 0
        while col < width:
            if not pixels[col, row]:
                col += 1
                continue
            start = col
            while col < width and pixels[col, row]:
                col += 1
            below = row + round(2 * px)
            framed = below < height and pixels[start, below] and pixels[col - 1, below]
            if (col - start) / px >= RULE_MM and not framed:
                y = (height - row) / px
                left, right = start / px, col / px
                if not any(abs(y - fy) < 0.6 and abs(left - fl) < 1 for fl, _, fy in found):
                    found.append((left, right, y))
    return found


def _covered(rule, widgets) -> float:
    """The share of `rule`'s length under fields sitting on it (or holding it)."""
    left, right, y = rule
    spans = sorted((max(w.rect_mm[0], left), min(w.rect_mm[2], right)) for w in widgets
                   if w.kind == "/Tx" and w.rect_mm[1] - REACH_MM <= y <= w.rect_mm[3] + REACH_MM)
    covered, reach = 0.0, left
    for a, b in spans:
        if b > reach and b > a:
            covered += b - max(a, reach)
            reach = b
    return covered / (right - left)


def _unfilled_rules(path) -> list[tuple[float, float, float]]:
    chars = measure.char_boxes_mm(path, 0)
    bare = []
    for rule in rules_mm(path):
        left, right, y = rule
        written = any(left <= (c[1] + c[3]) / 2 <= right and y < (c[2] + c[4]) / 2 <= y + ROW_MM for c in chars)
        if not written:
            bare.append(rule)
    return bare


@pytest.mark.parametrize("blank", [False, True], ids=["filled", "blank"])
@pytest.mark.parametrize("game", CHARACTERS)
def test_every_write_in_rule_has_a_field_over_it(game, blank, sheet):
    path = sheet(game, blank)
    found = measure.widgets(path.read_bytes())
    bare = [r for r in _unfilled_rules(path) if _covered(r, found) < COVER]
    assert not bare, [f"{r[0]:.0f}–{r[1]:.0f} mm at {r[2]:.1f} mm: {_covered(r, found):.0%} under a field"
                      for r in bare]
    names = [w.name for w in found]
    assert len(names) == len(set(names)), "two fields share a name"


@pytest.mark.parametrize("blank", [False, True], ids=["filled", "blank"])
@pytest.mark.parametrize("game", CHARACTERS)
def test_notes_cover_the_ruled_area_and_text_fields_are_seven_mm(game, blank, sheet):
    path = sheet(game, blank)
    found = measure.widgets(path.read_bytes())
    texts = [w for w in found if w.kind == "/Tx"]
    short = [(w.name, round(w.height_mm, 2)) for w in texts if w.height_mm < 7.0]
    assert not short, short
    notes = _notes(found)
    top, bottom = notes[0].rect_mm[3], notes[-1].rect_mm[1]
    rows = _notes_rows(path, top)
    # from the first whole row's top down to the last rule (a sliver of a row under the
    # heading, too low for a 7 mm field, takes none)
    assert top >= rows[0] + 7.0 and bottom <= rows[-1] + ON_RULE_MM, (round(top), round(bottom), rows)


def _notes(found) -> list:
    """The notes fields, one a ruled row, top first."""
    notes = sorted((w for w in found if re.search(r"_notes_\d+$", w.name)), key=lambda w: -w.rect_mm[1])
    assert notes, [w.name for w in found]
    return notes


def _notes_rows(path, top: float) -> list[float]:
    """The heights of the rules under the notes heading with a whole row (≥ 7 mm) above
    them, top first; `top` is the notes fields' top, under the heading."""
    heading = [c for c in measure.char_boxes_mm(path, 0) if c[0] == "N" and c[2] > top - 1]
    head_y = min(c[2] for c in heading)  # the lowest "N" above the fields: NOTES's
    # from the heading's underline down the page
    lines = sorted((y for left, right, y in rules_mm(path) if y < head_y and right - left > 100), reverse=True)
    return [y for above, y in zip(lines, lines[1:]) if above - y >= 7.0 - ON_RULE_MM]


ON_RULE_MM = 0.6
"""How far a notes row's field may end from its rule: a pixel at DPI and the rule's width."""


@pytest.mark.parametrize("blank", [False, True], ids=["filled", "blank"])
@pytest.mark.parametrize("game", CHARACTERS)
def test_notes_are_one_single_line_field_on_each_rule(game, blank, sheet):
    """Typed notes sit on the printed rules in every viewer: a single-line field per ruled
    row, its foot on the rule (a multi-line field's lines follow the viewer's leading)."""
    path = sheet(game, blank)
    notes = _notes(measure.widgets(path.read_bytes()))
    top = notes[0].rect_mm[3]
    rows = _notes_rows(path, top)
    feet = [w.rect_mm[1] for w in notes]
    off = [round(f, 1) for f in feet if not any(abs(f - y) <= ON_RULE_MM for y in rows)]
    assert not off, f"notes fields ending off the rules {[round(y, 1) for y in rows]}: {off}"
    bare = [round(y, 1) for y in rows if not any(abs(f - y) <= ON_RULE_MM for f in feet)]
    assert not bare, f"ruled rows without a notes field: {bare}"
    assert len(feet) == len(rows), (feet, rows)
    with pikepdf.open(path) as pdf:
        root = pdf.Root.StructTreeRoot
        nums = list(root.ParentTree.Nums)
        tagged = {int(k): v for k, v in zip(nums[::2], nums[1::2])}
        for annot in pdf.pages[0].Annots:
            if re.search(r"_notes_\d+$", str(annot.get("/T", ""))):
                assert not int(annot.get("/Ff", 0)) & 1 << 12, f"{annot.T} is multi-line"
                # tagged as the other widgets are: its structure element points back at it
                kids = tagged[int(annot.StructParent)].K
                assert any(k.get("/Obj") == annot for k in kids), f"{annot.T} not in the structure tree"


NOTES = "Owes the baker a favour.\nThe north door sticks; the rope in the shed is frayed.\nAsk about the lights."


@pytest.mark.parametrize("game", CHARACTERS)
def test_every_value_prints_after_flattening(game, files, tmp_path, run):
    """Notes (several paragraphs, over the stretched field) and every other filled field."""
    source = EXAMPLES[game] / CHARACTERS[game]
    text = source.read_text(encoding="utf-8") + "notes: |\n" + "".join(f"  {line}\n" for line in NOTES.split("\n"))
    result = run("sheet", files.write(source.name, text), "--out", tmp_path / "out")
    assert result.exit_code == 0, result.output
    [path] = (tmp_path / "out").glob("*.pdf")
    values = [w.value for w in measure.widgets(path.read_bytes()) if w.kind == "/Tx" and w.value.strip()]
    assert any("baker" in v for v in values), values
    shown = " ".join(pdfs.flattened_text(path).split())
    missing = [word for v in values for word in v.split() if word not in shown]
    assert not missing, missing
