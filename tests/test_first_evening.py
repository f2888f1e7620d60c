"""The four tasks of a GM's first evening (issue 23), replayed end to end through the CLI,
as docs/howto/first-evening.md gives them: an Isolation table from `new` answers to its
packet, a Sapio sheet on Letter with "what are my chances", a Fight Club convention
table of five, and a Dirt conflict rolled from dice typed at the table."""

from __future__ import annotations

import json

import yaml
from click.testing import CliRunner

from conftest import EXAMPLES
from pdfs import assert_printable, outline_titles, page_sizes_mm, text
from playaid.cli import cli

LETTER = (215.9, 279.4)

CAST = [  # name, profession, positive, negative, bias, goal, player (the interview's order)
    ("Kit Marlowe", "Lighthouse keeper", "Brave, Calm, Curious", "Stubborn, Secretive, Gruff",
     "Distrusts the mainland", "Keep the light burning", "Ann"),
    ("Ines Abara", "Doctor", "Brilliant, Resourceful, Kind", "Cold, Proud, Reckless",
     "Looks down on fishermen", "Get the boat fixed", "Ben"),
    ("Tomas Quill", "Fisherman", "Strong, Loyal, Cheerful", "Drunk, Loud, Jealous",
     "Hates the coastguard", "Find his brother", "Cat"),
    ("Mara Quill", "Radio operator", "Patient, Sharp, Honest", "Nosy, Anxious, Bossy",
     "Trusts no stranger", "Call for help", "Dan"),
]
LINKS = [  # between, colour, label: every pair joined, descriptor links one of each side
    ("Kit Marlowe, Ines Abara", "green", "Brave / Brilliant"),
    ("Kit Marlowe, Tomas Quill", "red", "Gruff / Loud"),
    ("Kit Marlowe, Mara Quill", "green", "Calm / Patient"),
    ("Ines Abara, Tomas Quill", "red", "Proud / Drunk"),
    ("Ines Abara, Mara Quill", "green", "Kind / Honest"),
    ("Tomas Quill, Mara Quill", "green", "Loyal / Sharp"),
]


def ask(args: list[str], answers: list[str]):
    """`playaid ARGS` answering its questions one per line, as a person at a terminal would."""
    return CliRunner().invoke(cli, args, input="\n".join(answers) + "\n", catch_exceptions=False)


def test_an_isolation_one_shot_for_four_from_new_answers_to_the_packet(run, tmp_path):
    table = tmp_path / "table"
    for person in CAST:
        result = ask(["new", "isolation", "character", "--ask", "--out", str(table)], [*person, ""])
        assert result.exit_code == 0 and ": valid" in result.output, result.output
    files = ", ".join(f"{name.lower().replace(' ', '-')}.yaml" for name, *_ in CAST)
    answers = ["The Lighthouse", files, "2", str(len(LINKS))]
    for between, colour, label in LINKS:
        answers += [between, colour, "", label]  # the kind left to follow from the label
    answers += ["A lighthouse on a rock", "The storm", "Eve", ""]
    result = ask(["new", "isolation", "setup", "--ask", "--out", str(table)], answers)
    assert result.exit_code == 0, result.output
    setup = table / "the-lighthouse.yaml"
    assert "wrote " in result.output and "warning" not in result.output, result.output
    assert run("validate", "--strict", table).exit_code == 0

    result = run("packet", setup, "--paper", "letter", "--out", tmp_path / "out")
    assert result.exit_code == 0, result.output
    [pdf] = list((tmp_path / "out").glob("*.pdf"))
    assert_printable(pdf)
    assert {tuple(sorted(round(x, 1) for x in size)) for size in page_sizes_mm(pdf)} == {LETTER}  # the map is landscape
    everything = text(pdf)
    for name, *_ in CAST:
        assert name in everything
    assert len([t for t in outline_titles(pdf) if any(n in t for n, *_ in CAST)]) >= 4


def test_a_sapio_sheet_on_letter_and_what_are_my_chances(run, tmp_path):
    result = run("sheet", EXAMPLES["sapio"] / "wren.yaml", "--paper", "letter", "--out", tmp_path)
    assert result.exit_code == 0, result.output
    [pdf] = list(tmp_path.glob("*.pdf"))
    assert [tuple(round(x, 1) for x in s) for s in page_sizes_mm(pdf)] == [LETTER]
    assert "Wren Halloway" in text(pdf)
    odds = run("odds", "sapio", "--pool", "4", "--tn", "3")
    assert odds.exit_code == 0
    assert odds.output.splitlines()[0] == "4 dice against TN 3: 62.0% to succeed."


def test_a_fight_club_convention_table_of_five(run, tmp_path):
    players = ["Ann", "Ben", "Cat", "Dan", "Eve"]
    table = tmp_path / "table"
    result = run("pregen", "fight-club", "--count", "5", "--players", ",".join(players), "--seed", "3",
                 "--packet", "--paper", "letter", "--out", table)
    assert result.exit_code == 0, result.output
    characters = sorted(p for p in table.glob("*.yaml") if p.name != "table.yaml")
    assert len(characters) == 5 and (table / "table.yaml").is_file()
    assert run("validate", "--strict", table).exit_code == 0
    dealt = [c for path in characters for c in yaml.safe_load(path.read_text(encoding="utf-8"))["frustrations"]]
    assert len(dealt) == len(set(dealt))  # one deck, dealt without replacement
    [pdf] = list(table.glob("*packet.pdf"))
    assert_printable(pdf)
    assert {tuple(sorted(round(x, 1) for x in size)) for size in page_sizes_mm(pdf)} == {LETTER}
    names = [yaml.safe_load(p.read_text(encoding="utf-8"))["name"] for p in characters]
    assert all(name in text(pdf) for name in names)
    tokens = run("deck", "--tokens", "--players", "5", "--out", tmp_path / "deck")
    assert tokens.exit_code == 0, tokens.output
    assert any("token" in p.name for p in (tmp_path / "deck").glob("*.pdf"))


def test_a_dirt_conflict_rolled_with_real_dice(run):
    scene = EXAMPLES["dirt"] / "scene-scuffle.yaml"
    dice = [2, 5, 5, 2, 3, 5, 4, 6, 5, 1]  # Scout's four, Moss's five, then the die Moss's 6 earns
    result = run("roll", scene, "--dice", ",".join(map(str, dice)))
    assert result.exit_code == 0, result.output
    assert "Scout's dice: 2, 5 (counts), 5 (counts), 2 → 2 degrees." in result.output
    assert "Moss's dice: 3, 5 (counts), 4 (counts), 6 (counts, rolls again), 5 (counts), 1 → 4 degrees." \
        in result.output
    assert "outcome: win:Moss" in result.output and "seed:" not in result.output
    asked = ask(["roll", str(scene), "--ask", "--json"], [str(d) for d in dice])
    data = json.loads(asked.output[asked.output.index("{"):])
    assert data["rolled"] == dice and data["outcome"] == "win:Moss"
    assert "die 10, the d6 for Moss (the reroll a 6 earns)" in asked.output
