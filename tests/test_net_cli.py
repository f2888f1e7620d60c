"""`playaid net` end to end: printable PDFs, the page furniture, and refused input."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pikepdf
import pytest

from conftest import contract_example
from playaid.commands.net import net_demo
from playaid.outputs import OutputFolder
from playaid.render.nets import D6, nets_pdf, nets_svgs, per_page
from playaid.games.sapio.spiral_die import default_die
from pdfs import assert_printable, page_sizes_mm, text
from test_net_geometry import NS, points


def inside(p, poly) -> bool:
    """Whether point p lies inside the convex polygon (either winding)."""
    signs = [(q[0] - o[0]) * (p[1] - o[1]) - (q[1] - o[1]) * (p[0] - o[0]) for o, q in zip(poly, [*poly[1:], poly[0]])]
    return all(s >= 0 for s in signs) or all(s <= 0 for s in signs)

GOOD_FACES = "system: sapio\nkind: dice\nfaces:\n" + "".join(f"  - {f}\n" for f in
    ["[]", "[]", "[spiral]", "[spare]", "[hit]", "[hit]", "[hit]", "[hit, spare]", "[hit, spiral]",
     "[hit, hit]", "[hit, hit, spiral]", "[spare, spare]"])


def test_a_page_of_spiral_dice_is_printable_with_its_legend(tmp_path, run):
    result = run("net", "--out", tmp_path)
    assert result.exit_code == 0, result.output
    pdf = tmp_path / "spiral-die-nets.pdf"
    assert f"wrote {pdf}" in result.output
    assert_printable(pdf)
    assert page_sizes_mm(pdf) == [pytest.approx((210, 297), abs=0.01)]
    words = text(pdf)
    for needed in ("cut solid —", "fold dashed —", "glue grey", "print at 100%", "50 mm", "nets 1–3 of 3",
                   "Hit:", "Spare:", "Spiral:"):
        assert needed in words, needed


def test_symbols_are_drawn_not_set_in_a_font_or_pasted_as_pictures(tmp_path):
    pdf = tmp_path / "n.pdf"
    pdf.write_bytes(nets_pdf(default_die(), "a4", 1))
    with pikepdf.open(pdf) as doc:
        page = doc.pages[0]
        assert not page.get_images()
        fonts = {str(f.get("/BaseFont")) for f in page.Resources.Font.values()}
    assert fonts and all(f.split("+")[-1] in ("NotoSans-Regular", "NotoSans-Bold") for f in fonts), fonts
    assert "★" not in text(pdf)


def test_count_fills_as_many_pages_as_needed_on_letter(tmp_path, run):
    result = run("net", "--count", 5, "--edge", 15, "--paper", "letter", "--out", tmp_path)
    assert result.exit_code == 0, result.output
    pdf = tmp_path / "spiral-die-nets.pdf"
    fit = per_page(default_die(), "letter", 15)
    sizes = page_sizes_mm(pdf)
    assert len(sizes) == -(-5 // fit) and sizes[0] == pytest.approx((215.9, 279.4), abs=0.01)
    assert "of 5, edge 15 mm" in text(pdf, len(sizes) - 1)
    assert f"nets 1–{fit} of 5" in text(pdf, 0)


def test_each_net_is_numbered_on_one_of_its_glue_tabs(tmp_path):
    [svg] = nets_svgs(default_die(), "a4", 3)
    root = ET.fromstring(svg)
    height = float(root.get("viewBox").split()[3])
    for number, net in enumerate(root.iterfind(".//svg:g[@class='net']", NS), 1):
        [label] = net.findall("svg:text", NS)
        assert label.text == str(number)
        x, y = float(label.get("x")), float(label.get("y"))
        tabs = [points(p.get("d"), height) for p in net.iterfind("svg:g[@class='glue-tabs']/svg:path", NS)]
        assert any(inside((x, height - y), tab) for tab in tabs)


def test_the_shared_example_face_file_is_accepted(tmp_path, run):
    result = run("net", "--faces", contract_example("sapio/spiral-d12.yaml"), "--out", tmp_path)
    assert result.exit_code == 0, result.output


def test_a_good_face_file_of_our_own_is_accepted(files, tmp_path, run):
    result = run("net", "--faces", files.write("d.yaml", GOOD_FACES), "--out", tmp_path / "o")
    assert result.exit_code == 0, result.output


@pytest.mark.parametrize("color", ["red", "green", None])
def test_d6_nets_are_printable(tmp_path, run, color):
    args = ["net", "--die", "d6", "--out", tmp_path] + (["--color", color] if color else [])
    assert run(*args).exit_code == 0
    pdf = tmp_path / (f"d6-{color}-nets.pdf" if color else "d6-nets.pdf")
    assert_printable(pdf)
    assert ("even faces" if color == "green" else "odd faces" if color == "red" else "pips only") in text(pdf)


def test_the_same_input_gives_the_same_bytes():
    assert nets_pdf(D6("red"), "a4", 2) == nets_pdf(D6("red"), "a4", 2)


def test_demo_nets_are_one_page_each(tmp_path):
    written = net_demo(OutputFolder(tmp_path), "a4")
    assert sorted(p.name for p in written) == ["d6-green-nets.pdf", "d6-red-nets.pdf", "spiral-die-nets.pdf"]
    for p in written:
        assert len(page_sizes_mm(tmp_path / p.name)) == 1


@pytest.mark.parametrize("faces, rule", [
    (GOOD_FACES.replace("  - [spare, spare]\n", ""), "sapio.die-faces"),
    (GOOD_FACES + "  - [hit]\n", "sapio.die-faces"),
    (GOOD_FACES.replace("[hit, spare]", "[hit, star]"), "sapio.die-symbol"),
])
def test_a_bad_face_file_is_refused_with_its_problems_and_nothing_written(files, tmp_path, run, faces, rule):
    out = tmp_path / "out"
    result = run("net", "--faces", files.write("d.yaml", faces), "--out", out)
    assert result.exit_code == 1
    assert f"[{rule}]" in result.output and "fix:" in result.output
    assert not out.exists()


def test_a_file_that_is_not_a_die_is_refused(files, tmp_path, run):
    path = files.write("m.yaml", "system: dirt\nname: Moss\nstats: {mental: 2, physical: 5, social: 3}\n"
                                 "job: Roofer\nhobby: Skating\n")
    result = run("net", "--faces", path, "--out", tmp_path / "out")
    assert result.exit_code == 1 and "kind: dice" in result.output
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("edge", ["0", "500", "-3", "wide"])
def test_an_edge_outside_the_range_is_a_usage_error(tmp_path, run, edge):
    result = run("net", "--edge", edge, "--out", tmp_path / "out")
    assert result.exit_code == 2
    assert "is out of range: give 10 to 60" in result.output or "is not a number" in result.output
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("die", ["spiral", "d6"])
def test_an_edge_too_large_for_the_paper_names_the_largest_that_fits(tmp_path, run, die):
    result = run("net", "--die", die, "--edge", 60, "--out", tmp_path / "out")
    assert result.exit_code == 1
    largest = re.search(r"does not fit on A4; the largest edge that fits is (\d+\.\d) mm", result.output)
    assert largest, result.output
    assert not (tmp_path / "out").exists()
    just_over = float(largest[1]) + 0.2
    assert run("net", "--die", die, "--edge", just_over, "--out", tmp_path / "out").exit_code == 1
    assert run("net", "--die", die, "--edge", largest[1], "--out", tmp_path / "out").exit_code == 0


@pytest.mark.parametrize("args", [["--color", "red"], ["--die", "d6", "--faces", "x.yaml"], ["--die", "d8"]])
def test_options_that_do_not_go_together_are_usage_errors(tmp_path, run, args):
    assert run("net", *args, "--out", tmp_path / "out").exit_code == 2
