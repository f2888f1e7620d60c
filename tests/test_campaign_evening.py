"""A whole Isolation evening through files only (issue 36, Done when): a table of four made
by `pregen --table`, a scene applied in place, a death declared, Stress raised, the journal
listing each step, two undos returning every file byte-identical."""

from __future__ import annotations

import json

import yaml


def _files(folder) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.glob("*.yaml"))}


def test_an_isolation_evening_applied_declared_journalled_and_undone(tmp_path, run):
    table = tmp_path / "table"
    made = run("pregen", "isolation", "--count", "4", "--seed", "3", "--table", "--out", table)
    assert made.exit_code == 0, made.output
    setup = yaml.safe_load((table / "table.yaml").read_text(encoding="utf-8"))
    names = [yaml.safe_load((table / ref).read_text(encoding="utf-8"))["name"] for ref in setup["characters"]]
    assert len(names) == 4
    (table / "scene-hold-the-door.yaml").write_text(
        "system: isolation\nkind: scene\nsetup: table.yaml\n"
        f"active: {names[0]}\naction: Hold the door against the storm\ndifficulty: 2\n", encoding="utf-8")
    start = _files(table)

    rolled = run("roll", table / "scene-hold-the-door.yaml", "--seed", "11", "--apply")
    assert rolled.exit_code == 0, rolled.output
    after_roll = _files(table)
    assert set(after_roll) == set(start)  # in place: no copies, no inlined cast
    assert yaml.safe_load(after_roll["table.yaml"])["characters"] == setup["characters"]

    died = run("event", "isolation", "dies", names[3], "--setup", table / "table.yaml", "--apply")
    assert died.exit_code == 0, died.output
    raised = run("event", "isolation", "stress", "--setup", table / "table.yaml", "--by", "1", "--apply")
    assert raised.exit_code == 0, raised.output
    now = yaml.safe_load((table / "table.yaml").read_text(encoding="utf-8"))
    assert now["stress"] == yaml.safe_load(after_roll["table.yaml"])["stress"] + 1
    assert all(names[3] not in link["between"] or link["color"] == "green" for link in now.get("links", []))
    checked = run("validate", table)
    assert checked.exit_code == 0, checked.output  # the rules' own checks agree with what the events did

    log = run("journal", table)
    assert log.exit_code == 0, log.output
    lines = [json.loads(line) for line in (table / ".playaid" / "journal.jsonl").read_text().splitlines()]
    kinds = [e["kind"] for e in lines if "kind" in e]
    assert kinds[:3] == ["roll", "event", "event"]
    assert "Hold the door" in log.output or "scene-hold-the-door.yaml" in log.output

    assert run("undo", table, "--steps", "2").exit_code == 0
    assert _files(table) == after_roll
    assert run("undo", table).exit_code == 0
    assert _files(table) == start
