"""`playaid map`: the PDF read back, the worksheets' numbers, and refused input."""

from __future__ import annotations

import pytest
import yaml

from conftest import EXAMPLES
from playaid.games.isolation.maps import map_pdf
from playaid.games.isolation.maps.worksheet import degree_bands
from map_setups import setup
from pdfs import assert_printable, page_sizes_mm, text

FARMHOUSE = EXAMPLES["isolation"] / "farmhouse.yaml"


def copy_farmhouse(files) -> object:
    for name in ("alice.yaml", "bob.yaml", "eve.yaml"):
        files.copy_example("isolation", name)
    return files.copy_example("isolation", "farmhouse.yaml")


def test_the_farmhouse_prints_a_landscape_map_and_two_portrait_worksheets(files, run):
    out = files.root / "out"
    result = run("map", copy_farmhouse(files), "--out", out)
    assert result.exit_code == 0, result.output
    pdf = out / "farmhouse-map.pdf"
    assert f"wrote {pdf}" in result.output
    assert_printable(pdf)
    sizes = page_sizes_mm(pdf)
    assert [(round(w), round(h)) for w, h in sizes] == [(297, 210), (210, 297), (210, 297)]
    page1 = text(pdf, 0)
    for name in ("Alice Moreau", "Bob Tanner", "Eve Lindqvist", "Stubborn / Arrogant", "Stress 2"):
        assert name in page1
    assert "–2 Mistrustful of academic types" in page1  # bias links come in twos: one label, counted
    assert "+2 –1" in page1  # Alice–Bob: two green, one red


def test_the_dice_table_fills_in_the_gm_formula_and_the_links(files, run):
    out = files.root / "out"
    run("map", copy_farmhouse(files), "--out", out)
    page2 = text(out / "farmhouse-map.pdf", 1)
    # Difficulty 3 + 3 living + Stress 2
    assert "Hard (3) 3 + 3 + 2 8" in page2
    # Bob (row 2) asks Alice (column 1): two green, one red (the Stress is added once per roll, not per cell)
    assert "A +2 –1" in page2 and "P +2 –1" in page2
    assert "Keep everyone alive" in page2  # the goal, for the modifiers (it wraps in its column)


def test_the_degrees_are_the_rules_cores():
    assert degree_bands() == [("Complete Success", "+4 or more"), ("Basic Success", "+2 to +3"),
                              ("Partial Success", "0 to +1"), ("Partial Failure", "–1"),
                              ("Basic Failure", "–3 to –2"), ("Complete Failure", "–4 or less")]


def test_the_session_sheet_has_the_stress_track_and_health_tracks(files, run):
    out = files.root / "out"
    run("map", copy_farmhouse(files), "--out", out)
    page3 = text(out / "farmhouse-map.pdf", 2)
    assert all(str(n) in page3 for n in range(11))
    assert "INJURED LINKS WITH" in page3 and "DYING LINKS WITH" in page3
    assert all(f"{n} {name}" in page3 for n, name in ((1, "Alice Moreau"), (2, "Bob Tanner"), (3, "Eve Lindqvist")))
    assert "Cancel the opposite colour first" in page3


def test_the_longest_name_is_shortened_on_the_map_and_whole_in_the_dice_table(files, run):
    data = yaml.safe_load(setup(3, long=False))
    huge = "Maximilian" + "x" * 70  # limits.NAME characters
    data["characters"][0]["name"] = huge
    for link in data["links"]:
        link["between"] = [huge if n == "Person 1" else n for n in link["between"]]
    path = files.write("table.yaml", yaml.safe_dump(data))
    out = files.root / "out"
    result = run("map", path, "--out", out)
    assert result.exit_code == 0, result.output
    pdf = out / "table-map.pdf"
    assert "Maximilianxxx" in text(pdf, 0) and huge not in text(pdf, 0).replace("\n", "")
    assert "…" in text(pdf, 0)
    flat = "".join(text(pdf, 1).split())
    assert huge in flat


@pytest.mark.parametrize("paper, size", [("letter", (279, 216)), ("a3", (420, 297)), ("tabloid", (432, 279))])
def test_other_papers_and_posters(files, run, paper, size):
    out = files.root / "out"
    result = run("map", "--blank", "5", "--paper", paper, "--out", out)
    assert result.exit_code == 0, result.output
    pdf = out / "isolation-blank-5-map.pdf"
    assert_printable(pdf)
    assert tuple(round(v) for v in page_sizes_mm(pdf)[0]) == size


def test_twelve_characters_fit_a4_and_the_key_runs_on(files, run):
    out = files.root / "out"
    result = run("map", files.write("big.yaml", setup(12, injured=0, dead=5)), "--out", out)
    assert result.exit_code == 0, result.output
    pdf = out / "big-map.pdf"
    assert_printable(pdf)
    assert "Dead" in text(pdf, 0)
    assert "Key to the labelled links" in text(pdf)


def test_map_pdf_is_reproducible_for_packets():
    assert map_pdf(FARMHOUSE, "a4") == map_pdf(FARMHOUSE, "a4")


def refused(files, run, *args) -> str:
    out = files.root / "out"
    result = run("map", *args, "--out", out)
    assert result.exit_code in (1, 2), result.output
    assert not out.exists()
    return result.output


def test_thirteen_characters_are_refused(files, run):
    output = refused(files, run, files.write("t.yaml", setup(13, long=False)))
    assert "13 characters" in output and "2 to 12" in output


def test_a_link_to_someone_outside_the_cast_is_refused_with_the_validation_message(files, run):
    data = yaml.safe_load(setup(3, long=False))
    data["links"].append({"between": ["Person 1", "Nobody"], "color": "red", "label": "Grudge"})
    path = files.write("t.yaml", yaml.safe_dump(data))
    output = refused(files, run, path)
    assert "error [isolation.link-ends] `Nobody` is not in the cast" in output
    validated = run("validate", path).output
    assert [ln for ln in validated.splitlines() if "isolation.link-ends" in ln][0] in output


@pytest.mark.parametrize("args", [["--blank", "0"], ["--blank", "13"], ["--blank", "x"], []])
def test_bad_blank_counts_and_missing_arguments_are_refused(files, run, args):
    output = refused(files, run, *args)
    assert "Error" in output


def test_a_setup_and_blank_together_are_a_usage_error(files, run):
    assert run("map", "--blank", "3", copy_farmhouse(files)).exit_code == 2


def test_a_file_of_another_game_is_refused(files, run):
    path = files.copy_example("dirt", "moss.yaml")
    assert "takes an Isolation setup" in refused(files, run, path)


def test_demo_writes_the_farmhouse_and_a_blank_map(demo_folder):
    out = demo_folder("a4")
    for name in ("farmhouse-map.pdf", "isolation-blank-5-map.pdf"):
        assert_printable(out / name)


def test_svg_files_are_named_by_what_each_page_is(files, run):
    out = files.root / "out"
    assert run("map", "--blank", "12", "--format", "svg", "--out", out).exit_code == 0
    names = sorted(p.name for p in out.iterdir() if not p.name.startswith("."))
    # a grid of counts, a dice table and a session sheet that run on: one file per page
    assert "isolation-blank-12-map.svg" in names and "isolation-blank-12-map-counts.svg" in names
    assert "isolation-blank-12-dice.svg" in names and "isolation-blank-12-session.svg" in names
    assert len(names) == len(map_svgs_of_blank(12))
    for name in names:
        assert ("Counts per pair" in (out / name).read_text(encoding="utf-8")) == name.endswith("map-counts.svg")


def map_svgs_of_blank(n: int) -> list[bytes]:
    from playaid.games.isolation.maps import blank, map_svgs

    return map_svgs(blank(n), "a4")
