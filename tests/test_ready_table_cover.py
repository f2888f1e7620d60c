"""A 6-character Isolation ready table's packet measured from its PDF (issue 39, item 11):
the cover's premise says more than the title, the premise table spans the page, and
neither the map's key nor the dice table runs onto a page of its own."""

from __future__ import annotations

import re

import pytest

from page_rules import rules_mm
from pdfs import page_sizes_mm, text
from playaid.testing import run

SPAN_MM = 1.0
"""How far short of the page's live width a rule may stop and still span it."""


@pytest.fixture(scope="module", params=("a4", "letter"))
def packet(request, tmp_path_factory):
    out = tmp_path_factory.mktemp(f"ready-{request.param}")
    result = run("pregen", "isolation", "--count", "6", "--packet", "--seed", "3", "--paper", request.param,
                 "--out", str(out))
    assert result.exit_code == 0, result.output
    [path] = out.glob("*-packet.pdf")
    return request.param, path


def _cover_rows(path) -> dict[str, str]:
    """The cover story's rows, label to text, as the PDF's text layer reads them."""
    words = " ".join(text(path, 0).split())
    found = re.search(r"PREMISE (.*) THREAT (.*) OPENING SCENE (.*?) (Premise|Opening)", words)
    assert found, words[:400]
    return {"premise": found[1], "threat": found[2], "opening": found[3]}


def _title(path) -> str:
    lines = [ln.strip() for ln in text(path, 0).splitlines() if ln.strip()]
    # the game's name, then the setup's name over one or two lines, then PREMISE
    return " ".join(lines[1:lines.index(next(ln for ln in lines if ln.startswith("PREMISE")))])


def test_the_premise_says_more_than_the_title(packet):
    _, path = packet
    premise, title = _cover_rows(path)["premise"], _title(path)
    assert title and title.casefold() in premise.casefold() and len(premise) > len(title) + 20, (title, premise)


def test_the_premise_table_spans_the_page(packet):
    _, path = packet
    width = page_sizes_mm(path)[0][0]
    rules = rules_mm(path, 0)
    live = (min(r[0] for r in rules), max(r[2] for r in rules))
    # the story's rules are the first on the page under the heading's 1.4 pt rule
    story = [r for r in rules if r[0] <= live[0] + SPAN_MM][:4]
    for left, y, right in story:
        reach = max(r2 for l2, y2, r2 in rules if abs(y2 - y) < 0.05)
        assert reach >= live[1] - SPAN_MM, f"a premise table rule at {y:.0f} mm ends {live[1] - reach:.0f} mm short"
    assert live[1] - live[0] > width - 25


def test_the_map_key_and_the_dice_table_stay_on_their_pages(packet):
    paper, path = packet
    pages = text(path).split("\f")
    assert not [i for i, p in enumerate(pages) if "Key to the labelled links (continued)" in p]
    if paper == "a4":
        # on Letter the degrees still need 10 mm more than the dice table's page leaves
        assert not [i for i, p in enumerate(pages) if "Dice table (continued)" in p]
