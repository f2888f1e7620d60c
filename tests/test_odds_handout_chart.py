"""The odds handouts' charts and secondary text, measured from the PDFs on A4 and Letter:
the bars read back from the drawing equal the engine's chances, every handout takes
one page, no word is below 8 pt and every word stands at 4.5:1 or more
against what is drawn behind it, the axis names span their columns, and the chart follows
the die `--faces` names."""

from __future__ import annotations

from pathlib import Path

import pypdfium2

import pdfs
from ink_contrast import low_contrast, painted
from measure import text_sizes
from playaid.odds.handout import context, handout_for, handout_pdf, typical
from playaid.games.sapio.odds import hits, success
from playaid.odds.tables import percent
from playaid.render.html import Templates
from playaid.render.paper import paper
from playaid.games.sapio.spiral_die import SpiralDie, default_die
from test_odds_handout_print import handout  # noqa: F401 - the fixture: every handout with dice, on A4 and Letter

EXACTLY, AT_LEAST = (51, 51, 51), (217, 217, 217)
"""The bars' fills: the dark solid bar and the light outlined one."""


def _paths(path: Path, page: int, filled: bool = True) -> list[tuple[tuple[int, int, int], tuple[float, float, float, float]]]:
    """`ink_contrast.painted` of one page of the PDF at `path`."""
    doc = pypdfium2.PdfDocument(str(path))
    try:
        return painted(doc[page], filled)
    finally:
        doc.close()


def _bars(path: Path, fill: tuple[int, int, int]) -> list[tuple[float, float, float, float]]:
    """The chart's bars of one fill, left to right: the largest set of that fill standing on
    one baseline (the legend's swatch and a box's border stand elsewhere)."""
    found = [box for colour, box in _paths(path, 0) if colour == fill]
    baselines: dict[float, list] = {}
    for box in found:
        baselines.setdefault(round(box[1]), []).append(box)
    return sorted(max(baselines.values(), key=len), key=lambda box: box[0])


def _chart(path: Path) -> tuple[list, list, float]:
    """The dark bars and the light ones, left to right, and the plot's height in pt: from its
    baseline (where the dark bars stand) to its 100% line (the highest grid line over them)."""
    exactly, at_least = _bars(path, EXACTLY), _bars(path, AT_LEAST)
    base, left, right = exactly[0][1], exactly[0][0], exactly[-1][2]
    grid = [(b + t) / 2 for _, (l, b, r, t) in _paths(path, 0, filled=False) if l <= left and r >= right and t - b < 2]
    return exactly, at_least, max(grid) - base


def _heights(spread, plot: float, chances) -> list:
    """The chances that draw a bar: one under 1/10000 of the plot is a rectangle 0 pt high, not drawn."""
    return [p for p in chances if round(plot * float(p), 2) > 0]


def test_the_bars_drawn_are_the_engines_chances(handout):
    system, path = handout
    spread, _ = typical(system)
    exactly, at_least, plot = _chart(path)
    assert plot > 60  # a chart read at arm's length, not a thumbnail
    drawn = _heights(spread, plot, (p for _, p in spread.outcomes))
    drawn_up = _heights(spread, plot, spread.at_least())
    assert len(exactly) == len(drawn) and len(at_least) == len(drawn_up) and len(drawn) >= len(spread.outcomes) - 2
    for p, bar in zip(drawn, exactly):
        assert abs((bar[3] - bar[1]) - plot * float(p)) < 0.1, (bar, float(p))
    # a light bar's outline widens its bounds alike on every bar: compare its top with the first's (100%)
    for up, light in zip(drawn_up, at_least):
        assert abs((at_least[0][3] - light[3]) - plot * float(1 - up)) < 0.1, (light, float(up))


def test_the_sapio_chart_is_the_hits_of_its_typical_pool_and_meets_the_table(tmp_path):
    """Sapio's chart: hits of 4 dice against TN 3 from the engine, and its bar of "3 hits or
    more" is the very chance the success table prints for pool 4 and TN 3."""
    path = tmp_path / "sapio.pdf"
    path.write_bytes(handout_pdf("sapio", paper("a4")))
    dist = hits(default_die(), 4, 3)
    exactly, at_least, plot = _chart(path)
    heights = [(b[3] - b[1]) / plot for b in exactly]
    assert [round(h, 2) for h in heights] == [round(float(dist.p(k)), 2) for k in range(dist.low, dist.high + 1)]
    three = at_least[3 - dist.low]
    assert abs((1 - (at_least[0][3] - three[3]) / plot) - float(success(default_die(), 4, 3))) < 0.002


def test_one_page_per_game(handout):
    """Every game's handout, on A4 and on Letter (the fixture's two papers), is one page."""
    system, path = handout
    doc = pypdfium2.PdfDocument(str(path))
    pages = len(doc)
    doc.close()
    assert pages == 1, (system, path.name, pages)


def test_no_word_below_eight_points(handout):
    _, path = handout
    small = sorted(size for _, size in text_sizes(path))[:3]
    assert small[0] >= 7.95, small


def test_every_word_stands_at_four_and_a_half_to_one_on_what_lies_behind_it(handout):
    """Each character's own colour against the last filled shape drawn under its centre
    (a cell's grey, a bar, the paper): the colours the PDF uses, in grayscale."""
    _, path = handout
    assert low_contrast(path) == []


def test_the_axis_names_span_what_they_name():
    """The columns' name heads all the columns; the rows' name heads the row labels, alone
    in its cell — not both crammed into the corner."""
    ctx = context("fight-sphere", paper("letter"))
    html = Templates().render("odds/handout.html", **ctx)
    assert '<th class="cols-are" colspan="8">Threshold (GM&#39;s dice) →</th>' in html
    assert '<th class="rows-are" rowspan="3"' in html and ">your dice ↓</th>" in html
    assert "↓ · " not in html


def test_the_chart_follows_the_die_of_faces(tmp_path):
    """`playaid odds sapio --faces FILE`: the chart is of that die, as the tables are."""
    faces = tmp_path / "heavy.yaml"
    faces.write_text("system: sapio\nkind: dice\nname: heavy\nfaces:\n" + "  - [hit, hit]\n" * 6 + "  - []\n" * 6,
                     encoding="utf-8")
    heavy = SpiralDie.from_symbols("heavy", [["hit", "hit"]] * 6 + [[]] * 6)
    path = tmp_path / "odds-sapio.pdf"
    path.write_bytes(handout_for("sapio", paper("a4"), {"pool": None, "tn": None, "faces": str(faces)}))
    words = " ".join(pdfs.text(path).split())
    assert f"4 dice against TN 3: {percent(success(heavy, 4, 3))} to succeed." in words
    assert percent(success(heavy, 4, 3)) != percent(success(default_die(), 4, 3))
