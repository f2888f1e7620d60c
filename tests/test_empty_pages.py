"""No page more than 40 % empty, over every PDF `playaid demo` writes on A4 and on Letter
(issue 31, item 6): sheets, references, odds handouts, maps and worksheets, decks, tokens,
dice nets and packets alike, not only the map set, deck and tokens their own tests measure.

A page's empty share is measured inside the paper's 10 mm margin from the page as drawn
(`measure.empty_share`: empty bands across and down the page, 10 mm or taller). The pages
allowed to be sparser say why below; everything else is held to the bar.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from measure import empty_share
from print_checks import page_count, sections

PAPERS = ("a4", "letter")
MOST_EMPTY = 0.40
MARGIN_MM = 10.0
"""The printable margin every output keeps (assets/data/paper.yaml)."""
CARDS = re.compile(r"deck|token|fold", re.IGNORECASE)
"""Sheets of cards or tokens: a list laid out on a grid, sheet after sheet."""
TWO_SIDED = re.compile(r"deck", re.IGNORECASE)
"""Card sheets printed on both sides: fronts and backs alternate page by page."""

def last_sheet(path: Path) -> set[int]:
    """Pages allowed to be sparse because they are the last sheet of a list of cards or
    tokens: it holds what is left over (62 cards do not fill 7 sheets of 9), on both its
    sides when the part is printed two-sided. In a packet, the last sheet of each such part."""
    pages = page_count(path)
    if path.name.endswith("-packet.pdf"):
        parts = sections(path)
        ends = [start for _, start in parts[1:]] + [pages]
        runs = [(title, start, end) for (title, start), end in zip(parts, ends) if start is not None]
    else:
        runs = [(path.name, 0, pages)]
    out: set[int] = set()
    for title, start, end in runs:
        if CARDS.search(title) and end > start:
            out.add(end - 1)
            if TWO_SIDED.search(title) and end - 2 >= start:
                out.add(end - 2)
    return out


@pytest.fixture(scope="module", params=PAPERS)
def shares(request, demo_folder) -> tuple[str, list[tuple[Path, int, float]]]:
    """(paper, [(file, page, empty share)]) for every page of every PDF the demo wrote."""
    pdfs = sorted(demo_folder(request.param).rglob("*.pdf"))
    assert pdfs, "the demo wrote no PDF"
    return request.param, [(path, page, empty_share(path, page, MARGIN_MM)) for path in pdfs
                           for page in range(page_count(path))]


def test_no_page_is_more_than_40_percent_empty(shares):
    _, measured = shares
    allowed = {path: last_sheet(path) for path in {path for path, _, _ in measured}}
    shortfalls = [f"{path.parent.name}/{path.name} page {page + 1}: {share:.0%} empty" for path, page, share in measured
                  if share > MOST_EMPTY and page not in allowed[path]]
    assert not shortfalls, f"{len(shortfalls)} pages more than 40 % empty:\n  " + "\n  ".join(shortfalls)
