"""Print pre-flight: every PDF `playaid demo` writes, on A4 and on Letter, measured the way a
print shop's pre-flight would measure it (see PRINT.md's checklist). Each test lists every
file and page that falls short, so one run shows the whole picture.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from playaid.systems import REGISTRY
from measure import text_sizes
from print_checks import (cut_lines_mm, fields_without_appearance, metadata, nearest_printed_text_to_edge_mm, page_count,
                          reaches, sections, trims_from_cuts, turned, widest_empty_band_mm)

PAPERS = ("a4", "letter")
SMALLEST_PT = 7.0
EDGE_MM = 6.0
BAND_MM = 20.0
DUPLEX = re.compile(r"deck|token", re.IGNORECASE)
"""Packet parts printed on both sides: cards and tokens have a front and a back."""
REFERENCE = re.compile(r"reference|rules at a glance", re.IGNORECASE)


@pytest.fixture(scope="module", params=PAPERS)
def demo(request, demo_folder) -> list[Path]:
    pdfs = sorted(demo_folder(request.param).rglob("*.pdf"))
    assert pdfs, "the demo wrote no PDF"
    return pdfs


def _name(path: Path) -> str:
    return "/".join(path.parts[-2:])


def _report(shortfalls: list[str]) -> str:
    return f"{len(shortfalls)} shortfalls:\n  " + "\n  ".join(shortfalls)


def test_no_text_below_seven_points(demo):
    shortfalls = []
    for path in demo:
        small = [(page, size) for page, size in text_sizes(path) if size < SMALLEST_PT - 0.05]
        if small:
            page, size = min(small, key=lambda ps: ps[1])
            shortfalls.append(f"{_name(path)}: text at {size:.1f} pt on page {page + 1} ({len(small)} runs below 7 pt)")
    assert not shortfalls, _report(shortfalls)


def test_text_keeps_clear_of_the_paper_edge(demo):
    shortfalls = []
    for path in demo:
        distance = nearest_printed_text_to_edge_mm(path)
        if distance < EDGE_MM:
            shortfalls.append(f"{_name(path)}: text {distance:.1f} mm from the paper edge")
    assert not shortfalls, _report(shortfalls)


def test_every_pdf_names_itself_playaid_and_its_game(demo):
    titles = [name for game in REGISTRY for name in (REGISTRY[game].title, REGISTRY[game].short_title)]
    shortfalls = []
    for path in demo:
        meta = metadata(path)
        about = " ".join((meta.title, meta.subject, meta.keywords))
        if not meta.title:
            shortfalls.append(f"{_name(path)}: no title")
        if "playaid" not in (meta.author + meta.creator).lower():
            shortfalls.append(f"{_name(path)}: author/creator do not name playaid ({meta.author!r}, {meta.creator!r})")
        if not any(title in about for title in titles):
            shortfalls.append(f"{_name(path)}: title/subject name no game ({meta.title!r}, {meta.subject!r})")
    assert not shortfalls, _report(shortfalls)


def test_html_rendered_pdfs_are_tagged_with_a_language(demo):
    shortfalls = []
    for path in demo:
        meta = metadata(path)
        if "weasyprint" not in meta.producer.lower():
            continue
        if not meta.tagged:
            shortfalls.append(f"{_name(path)}: not a tagged PDF")
        if not meta.lang:
            shortfalls.append(f"{_name(path)}: no /Lang")
    assert not shortfalls, _report(shortfalls)


def test_every_pdf_names_its_language(demo):
    """Issue 39, item 13: the ReportLab outputs too (maps, decks, nets, tokens), not only
    the HTML-rendered ones."""
    shortfalls = [f"{_name(path)}: no /Lang" for path in demo if not metadata(path).lang]
    assert not shortfalls, _report(shortfalls)


SIGNS = "≥≤"


def test_comparison_signs_print_in_the_sheets_own_face(demo):
    """Issue 39, item 13: a "≥" set in the symbol fallback (Symbola) stands out of the line
    it sits in; the bundled Noto Sans has no such glyph, so the words say it instead."""
    from measure import char_fonts
    from print_checks import page_count as pages

    shortfalls = []
    for path in demo:
        for page in range(pages(path)):
            odd = {(char, font) for char, font, *_ in char_fonts(path, page) if char in SIGNS and "Noto" not in font}
            shortfalls += [f"{_name(path)}: {char!r} in {font} on page {page + 1}" for char, font in sorted(odd)]
    assert not shortfalls, _report(shortfalls)


def test_filled_fields_show_their_values_without_form_support(demo):
    shortfalls = []
    for path in demo:
        need, missing = fields_without_appearance(path)
        if need:
            shortfalls.append(f"{_name(path)}: relies on NeedAppearances")
        if missing:
            shortfalls.append(f"{_name(path)}: no appearance stream for {', '.join(missing[:6])}")
    assert not shortfalls, _report(shortfalls)


def test_sheets_use_their_page(demo):
    sheets = [p for p in demo if "sheets" in p.parts]
    assert sheets, "the demo wrote no sheet"
    shortfalls = []
    for path in sheets:
        if page_count(path) != 1:
            shortfalls.append(f"{_name(path)}: {page_count(path)} pages, a sheet is one")
        band, top = widest_empty_band_mm(path, 0)
        if band > BAND_MM:
            shortfalls.append(f"{_name(path)}: empty band of {band:.0f} mm from {top:.0f} mm down")
    assert not shortfalls, _report(shortfalls)


def test_packets_start_two_sided_parts_on_a_front(demo):
    packets = [p for p in demo if p.name.endswith("-packet.pdf")]
    assert packets, "the demo wrote no packet"
    shortfalls = []
    for path in packets:
        parts = sections(path)
        for title, first in parts:
            if DUPLEX.search(title) and first is not None and first % 2:
                shortfalls.append(f"{_name(path)}: {title!r} starts on page {first + 1}, a back")
        references = [title for title, _ in parts if REFERENCE.search(title)]
        if len(references) > 1:
            shortfalls.append(f"{_name(path)}: {len(references)} references ({', '.join(references)})")
    assert not shortfalls, _report(shortfalls)


CARD_BLEED_MM = 3.0
LETTER_BLEED_MM = 1.5
CARD_SAFE_MM = 3.175
"""The print shops' bleed (3 mm) and safe area (1/8 in), PRINT.md §4."""


def _decks(demo: list[Path]) -> list[tuple[Path, int, int]]:
    """(file, first page, end page) of every card deck the demo printed two-sided: a deck
    file, and the deck part of each packet (found by its bookmark)."""
    runs = []
    for path in demo:
        if path.name.endswith("-deck.pdf"):
            runs.append((path, 0, page_count(path)))
        elif path.name.endswith("-packet.pdf"):
            parts = sections(path)
            ends = [start for _, start in parts[1:]] + [page_count(path)]
            runs += [(path, start, end) for (title, start), end in zip(parts, ends) if re.search("deck", title, re.I)]
    return runs


def test_card_decks_bleed_alike_on_all_four_sides_and_keep_words_safe(demo):
    """Every deck, alone or in a packet: its first sheet's cards bleed alike on each side, front
    and back — 3 mm, or 1.5 mm on Letter, whose 8 cards a sheet need the narrower gutter (see
    docs/cards.md); on every sheet, front and back, no word within 1/8 in of a trim."""
    from measure import char_boxes_mm
    from pdfs import page_sizes_mm

    decks = _decks(demo)
    assert decks and any(start > 0 for _, start, _ in decks), "the demo wrote no deck, or no packet with one"
    shortfalls = []
    for path, start, end in decks:
        trims = trims_from_cuts(*cut_lines_mm(path, start), 63.5, 88.9)
        w, h = page_sizes_mm(path)[start + 1]
        backs = [turned(t, w, h, "long") for t in trims]
        where = f"{_name(path)} (pages {start + 1}–{end})"
        bleed = LETTER_BLEED_MM if round(max(w, h)) == 279 else CARD_BLEED_MM
        for side, page, boxes in (("front", start, trims), ("back", start + 1, backs)):
            for i, found in enumerate(reaches(path, page, boxes, bleed)):
                if found is None or any(abs(r - bleed) > 0.2 for r in found):
                    shortfalls.append(f"{where}: {side} of card {i + 1} bleeds "
                                      f"{tuple(round(r, 1) for r in found) if found else 'nothing'} mm")
        for page in range(start, end):
            for char, x0, y0, x1, y1 in char_boxes_mm(path, page):
                for t in (trims if (page - start) % 2 == 0 else backs):
                    if t[0] - 3 <= x0 and x1 <= t[2] + 3 and t[1] - 3 <= y0 and y1 <= t[3] + 3:
                        nearest = min(x0 - t[0], y0 - t[1], t[2] - x1, t[3] - y1)
                        if nearest < CARD_SAFE_MM:
                            shortfalls.append(f"{where}: {char!r} {nearest:.1f} mm from a card's trim, page {page + 1}")
    assert not shortfalls, _report(shortfalls)


CONTRAST = 4.5


def test_every_character_stands_at_four_and_a_half_to_one(demo):
    """PRINT.md's check 12 over every output, not only the odds handouts: each character's
    colour against what is painted under it, in grayscale."""
    from ink_contrast import low_contrast

    shortfalls = []
    for path in demo:
        found = low_contrast(path, CONTRAST)
        if found:
            ratio, char, ink, ground, page = min(found)
            shortfalls.append(f"{_name(path)}: {char!r} {ink} on {ground} at {ratio:.2f} : 1, page {page + 1} "
                              f"({len(found)} characters under {CONTRAST} : 1)")
    assert not shortfalls, _report(shortfalls)
