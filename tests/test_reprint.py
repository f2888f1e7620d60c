"""`playaid reprint` and the output folder's manifest (issue 36, item 5): prints remember what
they read, exactly the stale ones are made again, and a table re-rendered under a new name
leaves no stale sibling behind."""

from __future__ import annotations

import json
import shutil

import pytest

from conftest import EXAMPLES

MANIFEST = ".playaid-manifest.json"


@pytest.fixture
def table(tmp_path, monkeypatch):
    """The Isolation example table in a folder of its own, which is the current folder."""
    folder = tmp_path / "farm"
    shutil.copytree(EXAMPLES["isolation"], folder)
    monkeypatch.chdir(folder)
    return folder


def _ok(result):
    assert result.exit_code == 0, result.output
    return result.output


def _bytes(folder) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.glob("*.pdf"))}


def test_the_manifest_names_each_print_its_command_and_every_file_it_read(table, run):
    _ok(run("sheet", "farmhouse.yaml", "--out", "out"))
    jobs = json.loads((table / "out" / MANIFEST).read_text(encoding="utf-8"))["jobs"]
    assert [j["args"] for j in jobs] == [["sheet", "farmhouse.yaml", "--out", "out"]]
    assert jobs[0]["cwd"] == ".."  # relative to the output folder: the table moves as a whole
    assert sorted(jobs[0]["sources"]) == ["../alice.yaml", "../bob.yaml", "../eve.yaml", "../farmhouse.yaml"]
    assert sorted(jobs[0]["outputs"]) == ["alice-moreau.pdf", "bob-tanner.pdf", "eve-lindqvist.pdf"]


def test_reprint_makes_again_only_what_read_a_changed_file(table, run):
    _ok(run("sheet", "alice.yaml", "--out", "out"))
    _ok(run("sheet", "bob.yaml", "--out", "out"))
    _ok(run("odds", "isolation", "--out", "out"))
    before = _bytes(table / "out")
    assert "up to date (3 files)" in _ok(run("reprint", "out"))
    text = (table / "bob.yaml").read_text(encoding="utf-8").replace("health: healthy", "health: injured")
    (table / "bob.yaml").write_text(text if "health:" in text else text + "health: injured\n", encoding="utf-8")

    checked = run("reprint", "out", "--check")
    assert checked.exit_code == 1 and "bob.yaml changed" in checked.output
    assert _bytes(table / "out") == before  # --check prints nothing

    said = _ok(run("reprint", "out"))
    assert said.count("reprinting:") == 1 and "playaid sheet bob.yaml --out out" in said
    after = _bytes(table / "out")
    assert after["bob-tanner.pdf"] != before["bob-tanner.pdf"]
    assert {n: b for n, b in after.items() if n != "bob-tanner.pdf"} == \
        {n: b for n, b in before.items() if n != "bob-tanner.pdf"}
    assert "up to date" in _ok(run("reprint", "out"))


def test_a_print_that_went_missing_is_made_again(table, run):
    _ok(run("packet", "farmhouse.yaml"))
    made = (table / "output" / "farmhouse-packet.pdf").read_bytes()
    (table / "output" / "farmhouse-packet.pdf").unlink()
    said = _ok(run("reprint"))  # the table folder: its output/ is found
    assert "farmhouse-packet.pdf is missing" in said
    assert (table / "output" / "farmhouse-packet.pdf").read_bytes() == made


def test_an_input_gone_is_named_and_the_command_fails_with_its_own_words(table, run):
    _ok(run("sheet", "alice.yaml", "--out", "out"))
    (table / "alice.yaml").unlink()
    result = run("reprint", "out")
    assert result.exit_code == 1
    assert "alice.yaml is gone" in result.output and "failed" in result.output


def test_a_table_folder_copied_elsewhere_reprints_its_own_files(table, run, tmp_path, monkeypatch):
    _ok(run("sheet", "farmhouse.yaml", "--out", "out"))
    copy = tmp_path / "elsewhere" / "farm"
    shutil.copytree(table, copy)
    monkeypatch.chdir(tmp_path)
    assert "up to date" in _ok(run("reprint", copy / "out"))
    (copy / "farmhouse.yaml").write_text((copy / "farmhouse.yaml").read_text().replace("stress: 2", "stress: 3"))
    said = _ok(run("reprint", copy / "out"))
    assert "farm/farmhouse.yaml changed" in said or "farmhouse.yaml changed" in said
    assert _bytes(copy / "out") != _bytes(table / "out")  # the copy's prints, not the original's


def test_a_renamed_table_leaves_no_stale_packet_beside_the_new_one(table, run):
    """Before the manifest, a changed title made the packet think the old file was another
    table's: `farm-farmhouse-packet.pdf` was written beside the stale `farmhouse-packet.pdf`."""
    _ok(run("packet", "farmhouse.yaml"))
    setup = table / "farmhouse.yaml"
    setup.write_text(setup.read_text().replace("The farmhouse in January", "The farmhouse in March"))
    said = _ok(run("packet", "farmhouse.yaml"))
    assert sorted(p.name for p in (table / "output").glob("*.pdf")) == ["farmhouse-packet.pdf"], said


def test_another_tables_packet_of_the_same_name_is_still_kept(tmp_path, run, monkeypatch):
    for name in ("one", "two"):
        shutil.copytree(EXAMPLES["isolation"], tmp_path / name)
    two = tmp_path / "two" / "farmhouse.yaml"
    two.write_text(two.read_text().replace("The farmhouse in January", "Another farmhouse"))
    monkeypatch.chdir(tmp_path)
    _ok(run("packet", "one/farmhouse.yaml", "--out", "out"))
    _ok(run("packet", "two/farmhouse.yaml", "--out", "out"))
    assert sorted(p.name for p in (tmp_path / "out").glob("*.pdf")) == ["farmhouse-packet.pdf", "two-farmhouse-packet.pdf"]


def test_an_earlier_print_changed_by_hand_is_kept_and_said(table, run):
    _ok(run("sheet", "farmhouse.yaml", "--out", "out"))
    (table / "out" / "eve-lindqvist.pdf").write_bytes(b"%PDF-1.7 annotated by hand")
    eve = table / "eve.yaml"
    eve.write_text(eve.read_text().replace("Eve Lindqvist", "Eva Lindqvist"))
    farm = table / "farmhouse.yaml"
    farm.write_text(farm.read_text().replace("Eve Lindqvist", "Eva Lindqvist"))
    said = _ok(run("sheet", "farmhouse.yaml", "--out", "out"))
    assert "kept" in said and "eve-lindqvist.pdf" in said  # not ours to delete any more
    assert (table / "out" / "eva-lindqvist.pdf").is_file() and (table / "out" / "eve-lindqvist.pdf").is_file()


def test_a_renamed_character_replaces_its_old_sheet(table, run):
    _ok(run("sheet", "farmhouse.yaml", "--out", "out"))
    for name in ("eve.yaml", "farmhouse.yaml"):
        path = table / name
        path.write_text(path.read_text().replace("Eve Lindqvist", "Eva Lindqvist"))
    said = _ok(run("reprint", "out"))
    assert "removed" in said and "eve-lindqvist.pdf" in said
    assert sorted(p.name for p in (table / "out").glob("*.pdf")) == \
        ["alice-moreau.pdf", "bob-tanner.pdf", "eva-lindqvist.pdf"]


def test_a_folder_with_no_prints_says_how_to_make_one(tmp_path, run):
    result = run("reprint", tmp_path)
    assert result.exit_code == 1 and "playaid sheet" in result.output and "Traceback" not in result.output


def test_a_manifest_that_does_not_read_costs_only_a_reprint(table, run):
    _ok(run("sheet", "alice.yaml", "--out", "out"))
    (table / "out" / MANIFEST).write_text("{not json", encoding="utf-8")
    assert "up to date (0 files)" in _ok(run("reprint", "out"))
    _ok(run("sheet", "alice.yaml", "--out", "out"))  # and the next print writes a good one
    assert json.loads((table / "out" / MANIFEST).read_text(encoding="utf-8"))["version"] == 1


def test_a_deck_from_a_spreadsheet_is_stale_when_the_spreadsheet_changes(tmp_path, run, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "cards.csv").write_text("name,text\nRent,Pay it\nBoss,Shouts\n", encoding="utf-8")
    _ok(run("deck", "cards.csv", "--out", "out"))
    assert "up to date" in _ok(run("reprint", "out"))
    (tmp_path / "cards.csv").write_text("name,text\nRent,Pay it twice\nBoss,Shouts\n", encoding="utf-8")
    said = _ok(run("reprint", "out"))
    assert "cards.csv changed" in said and "reprinting: playaid deck cards.csv --out out" in said
