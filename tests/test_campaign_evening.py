"""A whole Isolation evening through files only (issue 36, Done when): a table of four made
by `pregen --table`, its sheets and packet printed, a scene applied in place, a death declared,
Stress raised, the journal listing each step, `reprint` making again only the table's prints
(the odds handout read no file of the table), two undos returning every file byte-identical,
and a last reprint giving back the very first prints' bytes."""

from __future__ import annotations

import json

import pypdfium2
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
    out = tmp_path / "out"
    for command in (("sheet", table / "table.yaml"), ("packet", table / "table.yaml"), ("odds", "isolation")):
        made = run(*command, "--out", out)
        assert made.exit_code == 0, made.output
    first = _prints(out)
    assert len(first) == 6  # four sheets, the packet, the odds handout

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

    again = run("reprint", out)
    assert again.exit_code == 0, again.output
    assert again.output.count("reprinting:") == 2 and "table.yaml changed" in again.output, again.output
    assert "odds" not in again.output  # it read no file of the table: left alone
    now_prints = _prints(out)
    assert now_prints["odds-isolation.pdf"] == first["odds-isolation.pdf"]
    assert all(now_prints[n] != first[n] for n in first if n != "odds-isolation.pdf")  # Stress is on every sheet
    sheet = next(n for n in now_prints if n.startswith(_slug(names[0])))
    words = _text(out / sheet).replace("\r\n", "\n")
    started, moved = yaml.safe_load(start["table.yaml"])["stress"], now["stress"]
    assert f"{started}\nSTRESS LEVEL AT THE START" in words and f"{moved}\nSTRESS LEVEL NOW" in words, words[:300]
    assert run("reprint", out, "--check").exit_code == 0

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
    assert run("reprint", out, "--check").exit_code == 1
    assert run("reprint", out).exit_code == 0
    assert _prints(out) == first  # the same files, the same bytes


def _prints(folder) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.glob("*.pdf"))}


def _slug(name: str) -> str:
    return name.lower().split()[0]


def _text(pdf) -> str:
    doc = pypdfium2.PdfDocument(str(pdf))
    try:
        return "\n".join(page.get_textpage().get_text_range() for page in doc)
    finally:
        doc.close()
