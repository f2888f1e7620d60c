"""`playaid deck` end to end: sources, refusals that write nothing, tokens, TTS, dealing."""

from __future__ import annotations

import json

import pikepdf
import pytest
import yaml
from PIL import Image

from conftest import EXAMPLES, INVALID, contract_example
from pdfs import assert_printable, page_sizes_mm, text


def flat(pdf, page=None) -> str:
    """The text of a page (or all), line breaks of wrapped names undone."""
    return " ".join(text(pdf, page).split())


def written(out):
    return sorted(p.name for p in out.iterdir()) if out.exists() else []


def test_the_shared_custom_deck_is_accepted_as_written(tmp_path, run):
    result = run("deck", contract_example("fight-club/deck-custom.yaml"), "--out", tmp_path)
    assert result.exit_code == 0, result.output
    pdf = tmp_path / "office-edition-deck.pdf"
    assert_printable(pdf)
    assert len(page_sizes_mm(pdf)) == 2
    assert "Mandatory fun" in flat(pdf, 0) and "1 / 6" in flat(pdf, 0)


def test_a_csv_with_copies_and_a_text_file_are_decks(files, tmp_path, run):
    csv = files.write("house.csv", "name,copies\nThe neighbours,3\nTaxes,\n")
    result = run("deck", csv, "--out", tmp_path / "a", "--no-backs")
    assert result.exit_code == 0, result.output
    assert text(tmp_path / "a" / "house-deck.pdf", 0).count("The neighbours") == 3
    txt = files.write("plain.txt", "# our deck\nMondays\n\nTraffic\n")
    result = run("deck", txt, "--out", tmp_path / "b", "--size", "mini", "--duplex", "none")
    assert result.exit_code == 0, result.output
    pages = page_sizes_mm(tmp_path / "b" / "plain-deck.pdf")
    assert len(pages) == 2 and "Traffic" in flat(tmp_path / "b" / "plain-deck.pdf", 0)


@pytest.mark.parametrize("args, says", [
    (["--bleed", "50"], "`50.0` is out of range: give 0 to 6"), (["--bleed", "-1"], "`-1.0` is out of range: give 0 to 6"),
    (["--gap", "21"], "`21.0` is out of range: give 0 to 20"),
    (["--back-offset", "40,0"], "-10 to 10 mm"), (["--back-offset", "1e308,1e308"], "-10 to 10 mm"),
    (["--players", "1000000", "--tokens"], "give 1 to 50 players"), (["--players", "0", "--deal", "2"], "1 to 50"),
    (["--players", "Ann," + "B" * 81, "--deal", "1"], "at most 80 characters"),
])
def test_out_of_range_options_are_usage_errors(tmp_path, run, args, says):
    result = run("deck", "--out", tmp_path / "out", *args)
    assert result.exit_code == 2 and says in result.output and "Usage:" in result.output, result.output
    assert written(tmp_path / "out") == []


@pytest.mark.parametrize("name, content, args, says", [
    ("empty.txt", "\n\n", [], "fight-club.deck-empty"),
    ("long.txt", "x" * 2000 + "\n", [], "fight-club.card-name"),
    ("cols.csv", "card,copies\nTaxes,2\n", [], "no `name` column"),
    ("neg.csv", "name,copies\nTaxes,-2\n", [], "1 to 1000"),
    ("huge.csv", "name,copies\nTaxes,99999999\n", [], "1 to 1000"),
    ("ok.txt", "Taxes\n", ["--size", "300x400"], "does not fit"),
    ("word.txt", "Honorificabilitudinitatibus-ness\n", ["--size", "mini"], "does not fit"),
])
def test_bad_input_exits_one_and_writes_nothing(files, tmp_path, run, name, content, args, says):
    out = tmp_path / "out"
    result = run("deck", files.write(name, content), "--out", out, *args)
    assert result.exit_code == 1, result.output
    assert says in result.output
    assert written(out) == []


@pytest.mark.parametrize("args", [["--size", "10x"], ["--size", "huge"], ["--duplex", "diagonal"],
                                  ["--back-offset", "1"], ["--bleed", "lots"], ["--bleed", "50"], ["--gap", "-1"]])
def test_malformed_options_exit_two_saying_what_is_allowed(tmp_path, run, args):
    result = run("deck", "--out", tmp_path / "out", *args)
    assert result.exit_code == 2
    assert written(tmp_path / "out") == []


def test_an_invalid_deck_file_is_refused_with_the_rules_core_messages(tmp_path, run):
    result = run("deck", INVALID / "fight-club" / "card-no-copies.yaml", "--out", tmp_path / "o")
    assert result.exit_code == 1
    assert "[fight-club.card-copies]" in result.output and "card-no-copies.yaml:6:" in result.output
    assert written(tmp_path / "o") == []


def test_a_file_that_is_not_a_deck_is_refused(tmp_path, run):
    result = run("deck", EXAMPLES["fight-club"] / "dale.yaml", "--out", tmp_path / "o")
    assert result.exit_code == 1 and "not a deck" in result.output
    assert written(tmp_path / "o") == []


def test_a_long_deck_name_is_cut_short_on_the_back(files, tmp_path, run):
    # the longest name allowed (limits.NAME), in the widest letters
    deck = files.write("d.yaml", "system: fight-club\nkind: deck\nname: " + "MW" * 40 + "\ncards: [A, B]\n")
    result = run("deck", deck, "--out", tmp_path)
    assert result.exit_code == 0, result.output
    assert "…" in flat(next(tmp_path.glob("*.pdf")), 1)


def test_a_card_too_long_at_the_minimum_size_is_named(files, tmp_path, run):
    result = run("deck", files.write("w.txt", "Fine\nSupercalifragilisticexpialidocious\n"), "--size", "mini",
                 "--out", tmp_path / "o")
    assert result.exit_code == 1 and "Supercalifragilisticexpialidocious" in result.output


def test_tokens_scale_with_the_players_and_come_with_turn_summary_cards(tmp_path, run):
    result = run("deck", "--tokens", "--players", "5", "--out", tmp_path, "--no-backs")
    assert result.exit_code == 0, result.output
    pdf = tmp_path / "fight-club-tokens.pdf"
    assert_printable(pdf)
    words = flat(pdf)
    assert "Frustration tokens: 60 (12 per player × 5)" in words
    assert "Retirement tokens: 50" in words
    # five sets and three spares: the ten cards' last sheet of eight slots is filled (issue 39, item 13)
    assert words.count("Your turn") == 8
    for condition in ("Breakdown", "Insane", "Bed-ridden", "Dead", "Trouble", "Ground down"):
        assert words.count(condition) == 8, condition  # every end-of-turn condition is on the card


def test_tts_sheets_are_rgb_at_most_10_by_7_and_4096_px(tmp_path, run):
    result = run("deck", "--tts", "--size", "tarot", "--out", tmp_path)
    assert result.exit_code == 0, result.output
    sheet = Image.open(tmp_path / "frustrations-tts-1.png")
    back = Image.open(tmp_path / "frustrations-tts-back.png")
    assert sheet.mode == "RGB" and max(sheet.size) <= 4096
    assert sheet.size == (10 * back.size[0], 7 * back.size[1])
    assert back.size[1] / back.size[0] == pytest.approx(120 / 70, abs=0.01)
    assert not (tmp_path / "frustrations-tts-2.png").exists()  # 62 cards + hidden slot fit one sheet


def test_dealing_is_without_replacement_and_repeatable(tmp_path, run):
    args = ["deck", "--deal", "3", "--players", "Ann,Ben,Cat", "--seed", "11"]
    assert run(*args, "--out", tmp_path / "a").exit_code == 0
    assert run(*args, "--out", tmp_path / "b").exit_code == 0
    first = (tmp_path / "a" / "frustrations-hands.yaml").read_text(encoding="utf-8")
    assert first == (tmp_path / "b" / "frustrations-hands.yaml").read_text(encoding="utf-8")
    hands = yaml.safe_load(first)["hands"]
    assert list(hands) == ["Ann", "Ben", "Cat"] and all(len(h) == 3 for h in hands.values())
    cards = [c for h in hands.values() for c in h]
    assert len(set(cards)) == 9
    pdf = tmp_path / "a" / "frustrations-hands.pdf"
    # the list of who holds what, then the nine cards on shared sheets (8 a sheet), each naming its holder
    assert len(page_sizes_mm(pdf)) == 3
    listed, cards_pages = flat(pdf, 0), flat(pdf, 1) + flat(pdf, 2)
    for name in ["Ann", "Ben", "Cat"]:
        assert name in listed and all(c.split()[0] in listed for c in hands[name])
        assert f"{name}'s hand" in cards_pages and all(c.split()[0] in cards_pages for c in hands[name])
    other = run("deck", "--deal", "3", "--players", "Ann,Ben,Cat", "--seed", "12", "--out", tmp_path / "c")
    assert other.exit_code == 0
    assert (tmp_path / "c" / "frustrations-hands.yaml").read_text(encoding="utf-8") != first


def test_dealing_needs_players_and_prints_a_seed_without_one(tmp_path, run):
    assert run("deck", "--deal", "2", "--out", tmp_path / "o").exit_code == 1
    result = run("deck", "--deal", "2", "--players", "3", "--out", tmp_path / "p")
    assert result.exit_code == 0 and "dealt with seed" in result.output
    assert list(yaml.safe_load((tmp_path / "p" / "frustrations-hands.yaml").read_text())["hands"]) == [
        "Player 1", "Player 2", "Player 3"]


def test_dealing_more_cards_than_the_deck_holds_is_refused(files, tmp_path, run):
    result = run("deck", files.write("two.txt", "A\nB\n"), "--deal", "2", "--players", "Ann,Ben", "--out", tmp_path / "o")
    assert result.exit_code == 1 and "needs 4 cards" in result.output
    assert written(tmp_path / "o") == []


def test_calibration_is_one_sheet_front_and_back(tmp_path, run):
    result = run("deck", "--calibrate", "--duplex", "short", "--out", tmp_path)
    assert result.exit_code == 0, result.output
    pdf = tmp_path / "calibration.pdf"
    assert_printable(pdf)
    assert len(page_sizes_mm(pdf)) == 2
    assert "--back-offset" in flat(pdf, 0) and "BACK" in flat(pdf, 1)
    with pikepdf.open(pdf) as doc:
        assert str(doc.Root.ViewerPreferences.Duplex) == "/DuplexFlipShortEdge"


def test_demo_writes_the_deck_tokens_and_tts_sheets(tmp_path):
    from playaid.demo import steps
    from playaid.outputs import OutputFolder

    [deck_step] = [step for label, step in steps() if label.startswith("card deck")]
    paths = deck_step(OutputFolder(tmp_path), "letter")
    names = {p.name for p in paths}
    assert {"frustrations-deck.pdf", "frustrations-fold.pdf", "fight-club-tokens.pdf", "frustrations-tts-1.png",
            "frustrations-tts-back.png"} <= names
    assert all(w == pytest.approx(279.4, abs=0.05) for w, _ in page_sizes_mm(tmp_path / "frustrations-deck.pdf"))


def test_tts_prints_and_writes_the_numbers_the_import_dialog_asks_for(files, tmp_path, run):
    path = files.write("big.csv", "name,copies\nAlpha,50\nBeta,40\n")  # 90 cards: two face sheets
    result = run("deck", path, "--tts", "--size", "mini", "--no-backs", "--out", tmp_path)
    assert result.exit_code == 0, result.output
    info = json.loads((tmp_path / "big-tts.json").read_text(encoding="utf-8"))
    assert [(d["width"], d["height"], d["number"]) for d in info["decks"]] == [(10, 7, 69), (10, 7, 21)]
    assert info["cards"] == 90
    for d in info["decks"]:
        face = Image.open(tmp_path / d["face"])
        assert face.size == tuple(info["sheet_px"])
        assert face.size == (d["width"] * info["card_px"][0], d["height"] * info["card_px"][1])
        assert f"{d['face']} — Width 10, Height 7, Number {d['number']}" in result.output
    assert Image.open(tmp_path / info["decks"][0]["back"]).size == tuple(info["card_px"])


def test_help_shows_each_number_option_with_a_clean_range(run):
    help_text = " ".join(run("deck", "--help").output.split())
    assert "None" not in help_text
    assert "[default: 3.0; 0<=x<=6" in help_text
