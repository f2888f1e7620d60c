"""Packets end to end: cover, bookmarks, merged form fields, split, workers."""

from __future__ import annotations

from pathlib import Path

import pdfs
from conftest import EXAMPLES
from playaid.packets import handouts, packet as build_packet
from playaid.odds import module as odds_module
from playaid.systems import REGISTRY
from playaid.render.paper import paper


def test_a_packet_has_cover_sheets_reference_and_bookmarks(tmp_path, run):
    result = run("packet", EXAMPLES["fight-sphere"] / "campaign.yaml", "--out", tmp_path, "--split")
    assert result.exit_code == 0, result.output
    packet = tmp_path / "campaign-packet.pdf"
    pdfs.assert_printable(packet)
    assert pdfs.outline_titles(packet) == ["Cover", "Characters", "Dana Okafor", "Bo Reyes", "The Surgeon", "Vix",
                                           "Reference", "Odds", "Paper dice"]
    sizes = pdfs.page_sizes_mm(packet)
    assert len(sizes) == 8 and all(abs(w - 210) < 0.01 and abs(h - 297) < 0.01 for w, h in sizes)  # odds: one page
    assert "The Rust Layer" in pdfs.text(packet, 0) and "Vix" in pdfs.text(packet, 0)
    names = pdfs.form_field_names(packet)
    assert len(names) == len(set(names)) and "c001-dana-okafor_pool" in names and "c004-vix_pool" in names
    assert len(list(tmp_path.glob("campaign-0*.pdf"))) == 4
    vix = tmp_path / "campaign-004-vix.pdf"
    pdfs.assert_printable(vix)
    assert pdfs.outline_titles(vix)[0] == "Vix" and len(pdfs.page_sizes_mm(vix)) == 1
    assert all(n.startswith("c004-vix_") for n in pdfs.form_field_names(vix))


def test_the_same_setup_gives_the_same_packet_bytes(tmp_path, run):
    for out in ("a", "b"):
        run("packet", EXAMPLES["dirt"] / "moss.yaml", "--out", tmp_path / out)  # a character: refused
    assert not (tmp_path / "a").exists()
    for out in ("a", "b"):
        assert run("packet", EXAMPLES["sapio"] / "rooftops.yaml", "--out", tmp_path / out).exit_code == 0
    assert (tmp_path / "a" / "rooftops-packet.pdf").read_bytes() == (tmp_path / "b" / "rooftops-packet.pdf").read_bytes()


def test_a_large_cast_is_rendered_in_worker_blocks_in_order(files):
    chars = "".join(f"  - {{name: P{i:02d}, stats: {{mental: 3, physical: 3, social: 3}}, job: Roofer, hobby: Skating}}\n"
                    for i in range(12))
    setup = files.write("big.yaml", f"system: dirt\nkind: setup\nname: Big table\ncharacters:\n{chars}")
    seen = []
    out, warnings = build_packet(Path(setup), paper("letter"), workers=2, progress=lambda d, t: seen.append((d, t)))
    path = files.root / "big.pdf"
    path.write_bytes(out["big-packet.pdf"])
    titles = pdfs.outline_titles(path)
    assert titles[2:14] == [f"P{i:02d}" for i in range(12)]
    assert "P11" in pdfs.text(path, 12) and seen[-1] == (16, 16)


def test_an_invalid_setup_is_refused(files, run, tmp_path):
    bad = files.write("s.yaml", "system: dirt\nkind: setup\nname: X\ncharacters:\n  - {name: A, stats: {mental: 9, physical: 1, social: 1}}\n")
    result = run("packet", bad, "--out", tmp_path / "o")
    assert result.exit_code == 1 and "dirt.stat-range" in result.output and not (tmp_path / "o").exists()


def test_every_game_has_one_reference_and_odds_only_with_dice():
    for game in REGISTRY:
        titles = [h.title for h in handouts(game)]
        assert titles[0] == "Reference" and titles.count("Reference") == 1, game
        dice = not getattr(odds_module(game), "NO_DICE", "")
        assert ("Odds" in titles) == dice, game
        assert not any("glance" in t.lower() for t in titles), game


def test_packets_hold_the_map_the_deck_and_the_paper_dice_of_their_game(tmp_path):
    for setup, section, text in ((EXAMPLES["isolation"] / "farmhouse.yaml", "Relationship map", "Stress"),
                                 (EXAMPLES["fight-club"] / "club.yaml", "Frustration deck", "Siblings"),
                                 (EXAMPLES["sapio"] / "rooftops.yaml", "Paper dice", "Spiral")):
        out, _ = build_packet(setup, paper("a4"), workers=1)
        (name, data), = out.items()
        path = tmp_path / name
        path.write_bytes(data)
        pdfs.assert_printable(path)
        titles = pdfs.outline_titles(path)
        assert section in titles
        assert text in pdfs.text(path)
