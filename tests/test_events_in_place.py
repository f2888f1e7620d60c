"""`playaid event … --apply` writes the table's own files through the same journal as `roll
--apply`, and `playaid undo` takes it back byte for byte (issue 36, item 4)."""

from __future__ import annotations

import json
import shutil

from conftest import EXAMPLES


def test_a_death_declared_changes_the_files_in_place_and_undo_restores_them(tmp_path, run):
    table = tmp_path / "isolation"
    shutil.copytree(EXAMPLES["isolation"], table)
    before = {p.name: p.read_bytes() for p in table.glob("*.yaml")}
    result = run("event", "isolation", "dies", "Eve Lindqvist", "--setup", table / "farmhouse.yaml", "--by", "2",
                 "--apply")
    assert result.exit_code == 0, result.output
    assert "Changed in place:" in result.output and "stress:" in result.output
    changed = {p.name for p in table.glob("*.yaml") if p.read_bytes() != before[p.name]}
    assert "farmhouse.yaml" in changed and not list(table.glob("event-*.yaml"))  # no scene file left behind
    entry = json.loads((table / ".playaid" / "journal.jsonl").read_text(encoding="utf-8").splitlines()[0])
    assert entry["kind"] == "event" and entry["dice"]["from"] == "none" and "Eve Lindqvist" in entry["command"]
    assert run("journal", table).exit_code == 0
    undone = run("undo", table)
    assert undone.exit_code == 0, undone.output
    assert {p.name: p.read_bytes() for p in table.glob("*.yaml")} == before


def test_with_out_the_event_writes_copies_and_leaves_the_files(tmp_path, run):
    table = tmp_path / "isolation"
    shutil.copytree(EXAMPLES["isolation"], table)
    before = {p.name: p.read_bytes() for p in table.glob("*.yaml")}
    result = run("event", "isolation", "stress", "--setup", table / "farmhouse.yaml", "--by", "1", "--apply",
                 "--out", tmp_path / "copies")
    assert result.exit_code == 0, result.output
    assert {p.name: p.read_bytes() for p in table.glob("*.yaml")} == before
    assert (tmp_path / "copies" / "farmhouse.yaml").is_file() and not (table / ".playaid").exists()
