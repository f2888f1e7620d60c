"""Character sheets measured as a print shop would: from the PDF, on A4 and Letter.

Every game, filled and blank: one page, no text under 7 pt, no empty band taller than
20 mm inside the margins, tick boxes of 4 mm at least 2 mm apart, write-in fields 8 mm
apart, every filled field showing its value once flattened, metadata and tags set.
"""

from __future__ import annotations

import re
from itertools import combinations

import pytest

import measure
import pdfs
from conftest import EXAMPLES

CHARACTERS = {"fight-sphere": "dana.yaml", "isolation": "alice.yaml", "sapio": "ines.yaml",
              "fight-club": "marty.yaml", "dirt": "moss.yaml", "contest": "harrow.yaml"}
MARGIN_MM = 10
NAMES = {
    "long": "Bartholomew Aurelio Montgomery-Fitzwilliam of the Eastern Saltmarshes",  # 70 characters
    "greek": "Αλεξάνδρα Παπαδοπούλου",
    "cyrillic": "Александра Волконская-Ржевская",
    "japanese": "山田 花子（やまだ はなこ）",
}


def _sheet(run, tmp_path, *args) -> bytes:
    result = run("sheet", *args, "--out", tmp_path)
    assert result.exit_code == 0, result.output
    [pdf] = tmp_path.glob("*.pdf")
    return pdf.read_bytes()


def _gap_mm(a: measure.Widget, b: measure.Widget) -> float:
    """The clear distance between two widgets' rectangles (0 when they touch or overlap)."""
    dx = max(b.rect_mm[0] - a.rect_mm[2], a.rect_mm[0] - b.rect_mm[2], 0)
    dy = max(b.rect_mm[1] - a.rect_mm[3], a.rect_mm[1] - b.rect_mm[3], 0)
    return max(dx, dy)


def assert_print_grade(pdf: bytes) -> None:
    """The sheet bars of issue 18, measured."""
    assert measure.page_count(pdf) == 1
    low = measure.smallest_text_pt(_path(pdf))
    assert low >= 6.99, f"text at {low:.2f} pt"
    bands = measure.empty_bands_mm(pdf, 0, MARGIN_MM)
    tallest = max((h for _, h in bands), default=0)
    assert tallest <= 20, f"an empty band of {tallest:.1f} mm inside the margins: {bands}"
    found = measure.widgets(pdf)
    assert not measure.need_appearances(pdf)
    assert all(w.printable for w in found)
    ticks = [w for w in found if w.kind == "/Btn"]
    assert all(w.width_mm >= 3.99 and w.height_mm >= 3.99 for w in ticks), [w.height_mm for w in ticks]
    for a, b in combinations(ticks, 2):
        assert _gap_mm(a, b) >= 2, (a.name, b.name, _gap_mm(a, b))
    texts = [w for w in found if w.kind == "/Tx"]
    assert all(w.height_mm >= 6.4 for w in texts), min(texts, key=lambda w: w.height_mm)
    # fields stacked in one column are write-in rows: at least 7 mm from one to the next
    columns: dict[float, list[float]] = {}
    for w in texts:
        columns.setdefault(round(w.rect_mm[0], 1), []).append(w.rect_mm[3])
    for tops in columns.values():
        tops.sort()
        assert all(b - a >= 7 for a, b in zip(tops, tops[1:])), tops
    filled = [w for w in texts if w.value]
    assert all(w.has_appearance for w in filled), [w.name for w in filled if not w.has_appearance]
    shown = " ".join(pdfs.flattened_text(_path(pdf)).split())
    for w in filled:
        assert " ".join(w.value.split()) in shown, w.value


_written: list = []


def _path(pdf: bytes):
    """`pdf` written to a temporary file (pikepdf flattens files)."""
    import tempfile
    from pathlib import Path

    handle = tempfile.NamedTemporaryFile(suffix=".pdf", delete=False)
    handle.write(pdf)
    handle.close()
    _written.append(Path(handle.name))
    return Path(handle.name)


@pytest.fixture(autouse=True)
def _clean_up():
    yield
    while _written:
        _written.pop().unlink(missing_ok=True)


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("game", CHARACTERS)
def test_filled_and_blank_sheets_are_print_grade(game, paper, tmp_path, run):
    filled = _sheet(run, tmp_path / "f", EXAMPLES[game] / CHARACTERS[game], "--paper", paper)
    assert_print_grade(filled)
    assert any(w.value for w in measure.widgets(filled) if w.kind == "/Tx") or game in ("isolation", "contest")
    assert_print_grade(_sheet(run, tmp_path / "b", "--blank", game, "--paper", paper))


def test_a_value_without_appearance_fails_the_check(tmp_path, run):
    """The check itself: the same sheet with its appearances removed is caught."""
    import pikepdf

    pdf = _sheet(run, tmp_path, EXAMPLES["fight-sphere"] / "dana.yaml")
    with pikepdf.open(_path(pdf)) as doc:
        for field in doc.Root.AcroForm.Fields:
            if field.get("/FT") == "/Tx" and "/AP" in field:
                del field["/AP"]
        doc.save(tmp_path / "bare.pdf")
    with pytest.raises(AssertionError):
        assert_print_grade((tmp_path / "bare.pdf").read_bytes())
    assert "Marrow" not in pdfs.flattened_text(tmp_path / "bare.pdf")


@pytest.mark.parametrize("script", NAMES)
@pytest.mark.parametrize("game", CHARACTERS)
def test_a_long_or_non_latin_name_keeps_the_sheet_on_one_page(game, script, files, tmp_path, run):
    text = (EXAMPLES[game] / CHARACTERS[game]).read_text(encoding="utf-8")
    text = re.sub(r"^name: .*$", f"name: {NAMES[script]}", text, count=1, flags=re.M)
    path = files.write(f"{game}.yaml", text)
    pdf = _sheet(run, tmp_path, path, "--paper", "letter")
    assert measure.page_count(pdf) == 1
    assert NAMES[script].replace(" ", "") in pdfs.text(_path(pdf)).replace(" ", "").replace("\r\n", "")


def test_long_and_japanese_npc_names_wrap_in_their_row(files, tmp_path, run):
    long_name = "Marrow, the scrap-priest of the drowned chapel under the ninth layer"
    text = (EXAMPLES["fight-sphere"] / "dana.yaml").read_text(encoding="utf-8")
    path = files.write("dana.yaml", text + f"  - {{npc: '{long_name}', value: 1}}\n  - {{npc: 山田 花子, value: 2}}\n")
    pdf = _sheet(run, tmp_path, path)
    assert_print_grade(pdf)
    npc = {w.value: w for w in measure.widgets(pdf) if w.name.endswith("_npc")}
    assert npc[long_name].height_mm >= 9  # two lines, not one line running out of the box
    assert npc["Marrow, the scrap-priest"].height_mm < 9
    assert "山田 花子" not in npc and "山田 花子" in pdfs.text(_path(pdf))
    # the wrapped value's lines stand a line apart inside the field, none over another
    import pikepdf

    with pikepdf.open(_path(pdf)) as doc:
        [field] = [f for f in doc.Root.AcroForm.Fields if str(f.get("/V", "")) == long_name]
        ops = field.AP.N.read_bytes().decode("latin-1")
    baselines = [float(y) for y in re.findall(r"1 0 0 1 [\d.]+ ([\d.]+) Tm", ops)]
    assert len(baselines) == 2 and baselines[0] - baselines[1] >= 9 * 1.2 and min(baselines) > 0


def test_the_blank_fight_sphere_sheet_offers_both_drives(tmp_path, run):
    # one radio group, a button for each drive (issue 39, item 4)
    drives = [w for w in measure.widgets(_sheet(run, tmp_path, "--blank", "fight-sphere")) if w.name.startswith("blank_drive:")]
    assert len(drives) == 2
    assert "Death Wish" in pdfs.text(next(tmp_path.glob("*.pdf")))


def test_an_isolation_character_alone_keeps_the_setups_layout(files, tmp_path, run):
    files.copy_example("isolation", "alice.yaml")
    for other in ("bob.yaml", "eve.yaml", "farmhouse.yaml"):
        files.copy_example("isolation", other)
    alone = _sheet(run, tmp_path / "alone", files.root / "isolation" / "alice.yaml")
    result = run("sheet", files.root / "isolation" / "farmhouse.yaml", "--out", tmp_path / "setup")
    assert result.exit_code == 0, result.output
    with_setup = (tmp_path / "setup" / "alice-moreau.pdf").read_bytes()
    alone_text, setup_text = pdfs.text(_path(alone)), pdfs.text(_path(with_setup))
    assert "STRESS LEVEL AT THE START" in alone_text and "copy them in" in alone_text
    assert "Bob Tanner" in setup_text and "Bob Tanner" not in alone_text
    for pdf in (alone, with_setup):
        assert_print_grade(pdf)
    # the same rows in the same places: the notes start at the same height
    assert _notes_top(alone) == pytest.approx(_notes_top(with_setup), abs=1)


def _notes_top(pdf: bytes) -> float:
    import pypdfium2

    doc = pypdfium2.PdfDocument(pdf)
    try:
        text = doc[0].get_textpage()
        return text.get_charbox(text.get_text_range().index("NOTES"))[3]
    finally:
        doc.close()


@pytest.mark.parametrize("args, title, game", [
    (("--blank", "sapio"), "Blank The Sapio System character sheet", "The Sapio System"),
    ((EXAMPLES["dirt"] / "moss.yaml",), "Moss — Games to Play in the Dirt #2: RPG character sheet", "Games to Play in the Dirt #2: RPG"),
    (("--reference", "contest"), "Asset-Dice Contests — rules reference", "Asset-Dice Contests"),
])
def test_pdfs_carry_title_subject_language_and_tags(args, title, game, tmp_path, run):
    info = measure.metadata(_sheet(run, tmp_path, *args))
    assert info["title"] == title
    assert info["author"] == "playaid" and "playaid" in info["subject"] and game in info["subject"]
    assert "playaid" in info["creator"] and game in info["creator"]
    assert info["lang"] == "en" and info["tagged"] and info["display_title"]


def test_long_notes_get_rows_enough_and_all_show_once_flattened(files, tmp_path, run):
    notes = " ".join(f"Session {i}: the roof held, the rope did not, and Moss owes the baker a favour." for i in range(6))
    text = (EXAMPLES["dirt"] / "moss.yaml").read_text(encoding="utf-8") + f"notes: '{notes}'\n"
    pdf = _sheet(run, tmp_path, files.write("moss.yaml", text))
    rows = [w for w in measure.widgets(pdf) if w.name.startswith("moss_notes_")]  # a field a ruled row
    assert len(rows) >= 5  # ~490 characters: five ruled rows, not two
    assert " ".join(w.value for w in rows).split() == notes.split()
    assert_print_grade(pdf)


@pytest.mark.parametrize("game", CHARACTERS)
def test_flat_sheets_meet_the_same_bars(game, tmp_path, run):
    """--flat prints plain boxes: the same page, no fields to flatten."""
    pdf = _sheet(run, tmp_path, EXAMPLES[game] / CHARACTERS[game], "--paper", "letter", "--flat")
    assert not measure.widgets(pdf)
    assert_print_grade(pdf)
