"""`playaid odds`: formats, queries, handouts read back from the PDF, bad input."""

from __future__ import annotations

import csv
import io
import json
from fractions import Fraction

import pytest

from conftest import EXAMPLES
from playaid.odds import default_tables, games, module
from playaid.odds.handout import handout_pdf, shade
from playaid.render.paper import paper
from pdfs import assert_printable, page_sizes_mm, text

SYSTEMS = games()
WITH_DICE = [g for g in SYSTEMS if not getattr(module(g), "NO_DICE", "")]


def test_json_has_the_issue_shape_for_every_game(run):
    for system in SYSTEMS:
        result = run("odds", system, "--format", "json")
        assert result.exit_code == 0, result.output
        data = json.loads(result.output)
        assert data["system"] == system
        for t in data["tables"]:
            assert {"id", "title", "rows", "cols", "cells"} <= set(t)
            assert len(t["cells"]) == len(t["rows"]) and all(len(r) == len(t["cols"]) for r in t["cells"])


def test_the_default_tables_are_the_issues(run):
    ids = {s: [t["id"] for t in json.loads(run("odds", s, "--format", "json").output)["tables"]] for s in SYSTEMS}
    assert ids["fight-sphere"] == ["conflict", "gladiator"]
    assert ids["isolation"] == ["outcome", "stance", "hostile"]
    assert ids["sapio"][0] == "success"
    assert ids["dirt"] == ["at-least-5", "at-least-4", "at-least-3", "opposed"]
    assert ids["contest"] == ["versus"]
    conflict = json.loads(run("odds", "fight-sphere", "--format", "json").output)["tables"][0]
    assert conflict["rows"] == list(range(1, 16)) and conflict["cols"] == list(range(5, 13))
    assert conflict["col_notes"][0] == "Layer 1" and conflict["col_notes"][-1] == "Layer 8"
    outcome = json.loads(run("odds", "isolation", "--format", "json").output)["tables"][0]
    assert set(outcome["cells"][0][0]) == {"complete-success", "basic-success", "partial-success",
                                           "partial-failure", "basic-failure", "complete-failure"}
    assert abs(sum(outcome["cells"][5][5].values()) - 1) < 1e-12


def test_csv_lists_one_chance_per_line(run):
    rows = list(csv.DictReader(io.StringIO(run("odds", "contest", "--format", "csv").output)))
    assert rows[0].keys() == {"system", "table", "row", "col", "outcome", "probability"}
    assert {r["outcome"] for r in rows} == {"win", "tie"}
    assert len(rows) == 6 * 5 * 2


def test_markdown_prints_percentages(run):
    out = run("odds", "sapio", "--format", "md").output
    assert out.startswith("# Odds: sapio") and "| 1 |" in out and "%" in out


QUERIES = [
    (("fight-sphere", "--pool", "6", "--threshold", "7"), "6 dice against a Threshold of 7 (Layer 3): 30.4% to succeed.",
     "more ones"),
    (("fight-sphere", "--pool", "6", "--versus", "5"), "6 dice against a Gladiator's 5 dice: 38.3% to win.",
     "Tie 33.0%"),
    (("isolation", "--green", "7", "--gm", "8", "--hostile-red", "2"),
     "7 green dice against 2 hostile red dice and the GM's 8 red dice: 32.4% to succeed.", "partial success: "),
    (("isolation", "--scene", EXAMPLES["isolation"] / "scene-board-up.yaml"),
     "scene-board-up.yaml: Bob Tanner has a 25.7% chance to succeed.", "persuading Alice Moreau"),
    (("sapio", "--pool", "3", "--tn", "3"), "3 dice against TN 3: 40.7% to succeed.", "Improbable Success"),
    (("dirt", "--pool", "4", "--applies", "job", "--difficulty", "hard"),
     "4 dice for a hard check: 38.6% to succeed.", "It needs 4 degrees; 3 or better counts."),
    (("dirt", "--pool", "4", "--difficulty", "average"), "4 dice for an average check: 47.3% to succeed.", "Degrees:"),
    (("dirt", "--pool", "4", "--versus", "3"), "4 dice against 3 dice: 46.6% to win.", "Tie 24.9%"),
    (("contest", "--pool", "d8,d8,d6", "--vs", "d10,d8,d6"), "d8,d8,d6 against d10,d8,d6: 39.6% to win.",
     "Lose 59.6%, true tie 0.8%."),
]


@pytest.mark.parametrize("args,first,detail", QUERIES)
def test_a_query_answers_the_question_in_its_first_line_details_after(run, args, first, detail):
    result = run("odds", *args)
    assert result.exit_code == 0, result.output
    head, rest = result.output.split("\n", 1)
    assert head == first
    assert detail in rest


def test_every_game_with_odds_has_a_query_above():
    from playaid.odds import module

    assert {a[0] for a, _, _ in QUERIES} == {g for g in games() if getattr(module(g), "ASKING", None)}


def test_a_contest_query_as_json_gives_the_success_dice(run):
    data = json.loads(run("odds", "contest", "--pool", "d8,d8,d6", "--vs", "d10,d8,d6", "--format", "json").output)
    assert abs(data["win"] + data["lose"] + data["tie"] - 1) < 1e-12
    assert set(data["success_dice_when_winning"]) == {"1", "2", "3"}
    assert abs(sum(data["success_dice_when_winning"].values()) - 1) < 1e-12


@pytest.mark.parametrize("args,code,message", [
    (("contest", "--pool", "d7", "--vs", "d6"), 2, "allowed: d3, d4, d6, d8, d10, d12"),
    (("sapio", "--pool", "0", "--tn", "3"), 2, "`0` is out of range: give 1 to 6"),
    (("sapio", "--pool", "3", "--tn", "9"), 2, "`9` is out of range: give 1 to 5"),
    (("fight-sphere", "--pool", "200", "--threshold", "5"), 2, "`200` is out of range: give 1 to 60"),
    (("fight-sphere", "--pool", "1000000000", "--versus", "5"), 2, "`1000000000` is out of range: give 1 to 60"),
    (("sapio", "--pool", "3", "--tn", "-3"), 2, "`-3` is out of range: give 1 to 5"),
    (("contest", "--pool", "d0", "--vs", "d8"), 2, "d0 is not a contest die"),
    (("dirt", "--pool", "200"), 2, "`200` is out of range: give 1 to 60"),
    (("contest", "--pool", ",".join(["d6"] * 11), "--vs", "d6"), 2, "1 to 10 dice"),
    (("sapio", "--pool", "many", "--tn", "3"), 2, "not a whole number"),
    (("contest", "--pool", "eight", "--vs", "d6"), 2, "is not a die"),
    (("sapio", "--pool", "3", "--versus", "2"), 2, "not an option of sapio"),
    (("sapio", "--pool", "3"), 2, "also needs --tn"),
    (("odds-of-nothing",), 2, "Invalid value"),
])
def test_bad_input_is_refused_and_writes_nothing(run, tmp_path, args, code, message):
    result = run("odds", *args, "--out", tmp_path / "out")
    assert result.exit_code == code and message in result.output, result.output
    assert "Traceback" not in result.output and not (tmp_path / "out").exists()


@pytest.mark.parametrize("faces,rule", [("[[], [], [spiral], [spare], [hit], [hit], [hit], [hit, spare], [hit], [hit, hit], [spare]]",
                                         "sapio.die-faces"),
                                        ("[[], [], [spiral], [spare], [hit], [hit], [hit], [hit, spare], [hit], [hit, hit],"
                                         " [hit, hit, spiral], [skull]]", "sapio.die-symbol")])
def test_a_broken_face_file_is_refused_with_its_rule(run, files, tmp_path, faces, rule):
    path = files.write("die.yaml", f"system: sapio\nkind: dice\nfaces: {faces}\n")
    result = run("odds", "sapio", "--faces", path, "--out", tmp_path / "out")
    assert result.exit_code == 1 and f"[{rule}]" in result.output, result.output
    assert not (tmp_path / "out").exists()


def test_a_face_file_changes_the_odds(run, files):
    all_hits = "[" + ", ".join(["[hit, hit]"] * 12) + "]"
    path = files.write("die.yaml", f"system: sapio\nkind: dice\nname: Loaded\nfaces: {all_hits}\n")
    assert "100.0% to succeed" in run("odds", "sapio", "--faces", path, "--pool", "1", "--tn", "5").output


def test_the_pdf_handout_is_written_to_the_output_folder(run, tmp_path):
    result = run("odds", "sapio", "--out", tmp_path, "--paper", "letter")
    assert result.exit_code == 0 and "odds-sapio.pdf" in result.output
    pdf = tmp_path / "odds-sapio.pdf"
    assert_printable(pdf)
    assert [tuple(round(v) for v in s) for s in page_sizes_mm(pdf)] == [(216, 279)]


@pytest.mark.parametrize("system", WITH_DICE)
def test_every_handout_is_at_most_two_printable_pages_with_its_tables(tmp_path, system):
    pdf = tmp_path / f"odds-{system}.pdf"
    pdf.write_bytes(handout_pdf(system, paper("a4")))
    assert_printable(pdf)
    sizes = [tuple(round(v) for v in s) for s in page_sizes_mm(pdf)]
    assert 1 <= len(sizes) <= 2 and set(sizes) == {(210, 297)}
    words = text(pdf)
    for t in default_tables(system):
        if t.id != "stance":
            assert t.title.split(",")[0] in words
    assert "%" in words


def test_the_isolation_handout_holds_the_exact_cell_values(tmp_path):
    pdf = tmp_path / "iso.pdf"
    pdf.write_bytes(handout_pdf("isolation", paper("letter")))
    assert len(page_sizes_mm(pdf)) <= 2
    # 7 pooled green against 8 red: any success 48.6% (see the outcome table), 49% in large type
    assert "49%" in text(pdf) and "48.6%" not in text(pdf)


def test_shades_run_from_white_to_a_grey_black_text_reads_on():
    assert shade(0) == "#ffffff" and shade(1) == "#969696"
    assert shade(0.5) < shade(0.2)


def test_a_scene_query_refuses_an_invalid_scene(run, files):
    path = files.write("s.yaml", "system: isolation\nkind: scene\nsetup: nowhere.yaml\nactive: Bob\n")
    result = run("odds", "isolation", "--scene", path)
    assert result.exit_code == 1 and "error" in result.output


def test_a_query_honours_format_with_exact_fractions_checked_by_brute_force(run):
    """Two dice against TN 3 (issue 40, item 5): csv, json and md are the query's, not its words,
    and the exact chance is the one every face sequence read by the rules gives."""
    from brute import sapio_success
    from playaid.games.sapio.spiral_die import default_die

    truth = sapio_success(default_die(), 2, 3)
    query = ("odds", "sapio", "--pool", "2", "--tn", "3", "--format")
    result = run(*query, "csv")
    assert result.exit_code == 0, result.output
    rows = list(csv.DictReader(io.StringIO(result.output)))
    success = next(r for r in rows if r["chance"] == "success")
    assert Fraction(success["exact"]) == truth and float(success["probability"]) == pytest.approx(float(truth))
    exactly = [Fraction(r["exact"]) for r in rows if r["chance"] == "exactly"]
    at_least = {int(r["outcome"]): Fraction(r["exact"]) for r in rows if r["chance"] == "at least"}
    assert sum(exactly) == 1 and at_least[3] == truth  # TN 3: three Hits or more
    data = json.loads(run(*query, "json").output)
    assert Fraction(data["exact"]["success"]) == truth and data["success"] == float(truth)
    assert sum(Fraction(o["exact"]["exactly"]) for o in data["spread"]["outcomes"]) == 1
    md = run(*query, "md").output
    assert md.startswith("# Odds: sapio") and "| Hits rolled, Improbable Success taken | exactly |" in md
    refused = run(*query, "pdf")
    assert refused.exit_code == 2 and "--format pdf writes the game's tables" in refused.output


def test_a_scene_query_honours_format_csv(run):
    result = run("odds", "isolation", "--scene", EXAMPLES["isolation"] / "scene-board-up.yaml", "--format", "csv")
    rows = list(csv.DictReader(io.StringIO(result.output)))
    assert result.exit_code == 0 and rows and all(Fraction(r["exact"]) >= 0 for r in rows), result.output


def test_svg_and_png_write_the_studios_chart_through_the_output_folder(run, tmp_path):
    from xml.etree import ElementTree

    from PIL import Image

    from playaid.odds.chart import chart

    result = run("odds", "sapio", "--pool", "4", "--tn", "3", "--svg", "--png", "--out", tmp_path / "out")
    assert result.exit_code == 0, result.output
    svg, png = tmp_path / "out" / "odds-sapio-pool-4-tn-3.svg", tmp_path / "out" / "odds-sapio-pool-4-tn-3.png"
    said = [line for line in result.output.splitlines() if line.startswith("wrote ")]
    assert [line.rsplit("/", 1)[-1] for line in said] == [svg.name, png.name], result.output
    assert not [p for p in (tmp_path / "out").iterdir() if p.name.endswith(".part")]
    answer = module("sapio").answer({"pool": "4", "tn": "3", "faces": None})
    drawn = chart(answer.spread, answer.lines[0])
    tree = ElementTree.parse(svg).getroot()
    bars = [g for g in tree.iter("{http://www.w3.org/2000/svg}g") if g.get("data-outcome") is not None]
    assert [(g.get("data-outcome"), Fraction(g.get("data-exactly"))) for g in bars] == \
        [(c.label, c.exactly.p) for c in drawn.columns]
    with Image.open(png) as image:
        assert image.format == "PNG" and image.size[0] == 2 * drawn.width


@pytest.mark.parametrize("args,message", [
    (("sapio", "--svg"), "--svg draws the chart of one query"),
    (("sapio", "--pool", "4", "--tn", "3", "--png", "--format", "json"), "ask for one at a time"),
])
def test_a_chart_needs_one_query_and_no_printed_format(run, tmp_path, args, message):
    result = run("odds", *args, "--out", tmp_path / "out")
    assert result.exit_code == 2 and message in result.output and not (tmp_path / "out").exists(), result.output
