"""Two different tables never write the same packet file by default (issue 28 item 2)."""

from __future__ import annotations

from pdfs import text as pdf_text


def test_tables_named_alike_in_two_folders_get_two_packets(run, tmp_path):
    made = run("pregen", "dirt", "--count", "2", "--tables", "2", "--seed", "4", "--out", tmp_path / "con")
    assert made.exit_code == 0, made.output
    out = tmp_path / "out"
    for k in ("01", "02"):
        result = run("packet", tmp_path / "con" / f"table-{k}" / "table.yaml", "--out", out)
        assert result.exit_code == 0, result.output
        assert f"wrote {out / f'table-{k}-table-packet.pdf'} (A4)" in result.output
    assert sorted(p.name for p in out.iterdir() if not p.name.startswith(".")) == ["table-01-table-packet.pdf", "table-02-table-packet.pdf"]
    assert "Table 1" in pdf_text(out / "table-01-table-packet.pdf", 0)
    assert "Table 2" in pdf_text(out / "table-02-table-packet.pdf", 0)


def test_another_tables_packet_of_the_same_name_is_not_overwritten(run, files, tmp_path):
    for folder, name in (("a", "Thursday"), ("b", "Friday")):
        (tmp_path / folder).mkdir()
        files.write(f"{folder}/moss.yaml", "system: dirt\nname: Moss\nstats: {mental: 2, physical: 5, social: 3}\n"
                    "job: Roofer\nhobby: Skateboarding\n")
        files.write(f"{folder}/dirt-night.yaml", f"system: dirt\nkind: setup\nname: {name}\ncharacters: [moss.yaml]\n")
    out = tmp_path / "out"
    first = run("packet", tmp_path / "a" / "dirt-night.yaml", "--out", out)
    again = run("packet", tmp_path / "a" / "dirt-night.yaml", "--out", out)
    assert f"wrote {out / 'dirt-night-packet.pdf'}" in again.output  # the same table replaces its own
    other = run("packet", tmp_path / "b" / "dirt-night.yaml", "--out", out)
    assert first.exit_code == other.exit_code == 0, other.output
    assert f"wrote {out / 'b-dirt-night-packet.pdf'}" in other.output
    assert sorted(p.name for p in out.iterdir() if not p.name.startswith(".")) == ["b-dirt-night-packet.pdf", "dirt-night-packet.pdf"]
