"""A seventh game added at test time, run through every command: nothing outside its own
folder (`tests/toy_game/toy_game/`) names it, so a new game needs no edit to shared code.
(test_add_on_install.py installs the same game as a real package.)"""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

import pdfs
from playaid.systems import REGISTRY

from toy_game import HERE, ID, SYSTEM

EXAMPLES = HERE / "examples"


@pytest.fixture
def toy():
    """The toy game registered for one test, its pieces found in its package by convention."""
    REGISTRY.add(replace(SYSTEM, package="toy_game"), "the test")
    yield REGISTRY[ID]
    REGISTRY.remove(ID)
    assert ID not in REGISTRY


def test_it_keeps_the_contract_of_every_game(toy, tmp_path):
    from playaid.testing import check_contract

    check_contract(ID, tmp_path)


def test_systems_lists_it_and_schema_describes_its_files(toy, run):
    listed = run("systems")
    assert listed.exit_code == 0 and "Toy Dice: a game made up for a test" in listed.output
    schema = json.loads(run("schema", ID).output)
    text = json.dumps(schema)
    assert '"toy"' in text and "the one number, 2 to 5" in text
    assert ID in json.dumps(json.loads(run("schema").output))


def test_validate_keeps_its_examples_and_refuses_a_broken_number(toy, run, files):
    assert run("validate", EXAMPLES, "--strict").exit_code == 0
    bad = files.write("bad.yaml", "system: toy\nkind: character\nname: Rex\nnumber: 7\n")
    result = run("validate", bad)
    assert result.exit_code == 1 and "[toy.number]" in result.output and "2 to 5" in result.output


def test_roll_replays_listed_dice_and_rolls_seeded_ones(toy, run, files):
    replayed = json.loads(run("roll", EXAMPLES / "scene-roll.yaml", "--json").output)
    assert replayed["outcome"] == "success" and replayed["replayed"] and replayed["steps"][0]["faces"] == [5, 3]
    scene = files.write("s.yaml", f"system: toy\nkind: scene\ncharacter: {EXAMPLES / 'pip.yaml'}\ndice: 3\n")
    first, again = (json.loads(run("roll", scene, "--seed", "5", "--json").output) for _ in range(2))
    assert first == again and not first["replayed"] and len(first["steps"][0]["faces"]) == 3
    short = files.write("short.yaml", f"system: toy\nkind: scene\ncharacter: {EXAMPLES / 'pip.yaml'}\ndice: 3\n"
                                      "rolled: [1]\n")
    assert run("roll", short).exit_code == 1


def test_odds_tables_a_query_and_the_handout(toy, run, tmp_path):
    data = json.loads(run("odds", ID, "--format", "json").output)
    assert [t["id"] for t in data["tables"]] == ["under"] and data["tables"][0]["cells"][1][2] == 0.75
    assert "75.0% that one counts" in run("odds", ID, "--pool", "2", "--number", "4").output
    assert "55.6%" in run("odds", ID, "--pool", "2", "--number", "4", "--side", "over").output
    stray = run("odds", ID, "--pool", "2", "--tn", "3")
    assert stray.exit_code == 2 and "its options: --pool, --number, --side" in stray.output
    assert "--number" in run("odds", "--help").output
    assert run("odds", ID, "--out", tmp_path).exit_code == 0
    assert "Toy Dice: a game made up for a test: what are my chances?" in " ".join(pdfs.text(tmp_path / "odds-toy.pdf").split())


def test_sheet_filled_blank_and_reference(toy, run, tmp_path):
    result = run("sheet", EXAMPLES / "pip.yaml", "--blank", ID, "--reference", ID, "--out", tmp_path)
    assert result.exit_code == 0, result.output
    filled = pdfs.text(tmp_path / "pip.pdf")
    assert "Pip" in filled and "Toy Dice" in filled and "4" in filled
    assert "notes" in " ".join(pdfs.form_field_names(tmp_path / "blank-toy.pdf"))
    reference = pdfs.text(tmp_path / "reference-toy.pdf")
    assert "Count the dice under your number" in reference
    assert "Worked example" not in reference  # it names none: no empty box


def test_packet_holds_its_pages(toy, run, tmp_path):
    assert run("packet", EXAMPLES / "table.yaml", "--out", tmp_path).exit_code == 0
    [packet] = tmp_path.glob("*-packet.pdf")
    assert pdfs.outline_titles(packet) == ["Cover", "Characters", "Pip", "Quill", "Reference", "Odds", "Toy page"]


def test_pregen_makes_characters_its_rules_accept(toy, run, tmp_path):
    result = run("pregen", ID, "--count", "3", "--seed", "4", "--out", tmp_path)
    assert result.exit_code == 0, result.output
    made = sorted(tmp_path.glob("toy-*.yaml"))
    assert len(made) == 3 and run("validate", *made, "--strict").exit_code == 0


@pytest.mark.parametrize("flag", [["--table"], ["--packet"], ["--tables", "2"]])
def test_a_game_without_ready_tables_refuses_them_and_writes_nothing(toy, run, tmp_path, flag):
    result = run("pregen", ID, "--count", "3", "--seed", "4", *flag, "--out", tmp_path / "o")
    assert result.exit_code == 1 and "toy has no ready tables" in result.output, result.output
    assert "Traceback" not in result.output and not (tmp_path / "o").exists()


def test_demo_makes_everything_for_it_too(toy, run, tmp_path):
    assert run("demo", "--out", tmp_path).exit_code == 0
    for name in ("sheets/toy/pip.pdf", "sheets/blank-toy.pdf", "odds-toy.pdf", "packets/toy/table-packet.pdf"):
        assert (tmp_path / name).stat().st_size > 1000, name
    assert len(list((tmp_path / "pregen" / "toy").glob("*.yaml"))) == 4
    assert "toy/scene-roll.yaml" in (tmp_path / "example-rolls.txt").read_text(encoding="utf-8")
    assert "valid    toy" in (tmp_path / "validation-report.txt").read_text(encoding="utf-8")
