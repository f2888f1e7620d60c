"""Dealt hands on shared sheets after a one-page list of who holds what (issue 28 item 5)."""

from __future__ import annotations

import yaml

from pdfs import assert_printable, page_sizes_mm, text


def test_six_hands_of_three_fill_shared_sheets_after_one_list_page(tmp_path, run):
    players = "Ann,Ben,Cat,Dan,Eve,Søren Kierkegaard"
    result = run("deck", "--deal", "3", "--players", players, "--seed", "4", "--out", tmp_path)
    assert result.exit_code == 0, result.output
    pdf = tmp_path / "frustrations-hands.pdf"
    hands = yaml.safe_load((tmp_path / "frustrations-hands.yaml").read_text(encoding="utf-8"))["hands"]
    # 18 cards, 8 to a sheet: 3 sheets, not one page per player
    assert len(page_sizes_mm(pdf)) == 1 + 3
    listed = text(pdf, 0)
    assert "Hands dealt from the Frustrations deck" in listed and "seed 4" in listed
    for player, cards in hands.items():
        assert player in listed
        for card in cards:
            assert card in listed
    assert "Søren Kierkegaard's hand" in text(pdf, 3)
    assert_printable(pdf)
