"""Isolation sheets hold a row per other character, not per link (issue 39, items 1 and 3): a
table of six — sixteen to nineteen links a character — prints each sheet on one page, and every
row is a form field filled in from the setup, since links change every session."""

from __future__ import annotations

from collections import Counter

import pikepdf
import yaml

from playaid.safe_text import slug


def _fields(pdf) -> dict[str, str]:
    with pikepdf.open(pdf) as doc:
        return {str(a.T): str(a.get("/V", "")) for a in doc.pages[0].get("/Annots", []) if "/T" in a}


def test_a_table_of_six_prints_each_sheet_on_one_page_with_a_field_per_link_row(tmp_path, run):
    table = tmp_path / "six"
    assert run("pregen", "isolation", "--count", "6", "--seed", "5", "--table", "--out", table).exit_code == 0
    made = run("sheet", table / "table.yaml", "--out", tmp_path / "out")
    assert made.exit_code == 0, made.output
    setup = yaml.safe_load((table / "table.yaml").read_text(encoding="utf-8"))
    names = {slug(n): n for n in (yaml.safe_load((table / ref).read_text(encoding="utf-8"))["name"]
                                  for ref in setup["characters"])}
    sheets = sorted((tmp_path / "out").glob("*.pdf"))
    assert sorted(p.stem for p in sheets) == sorted(names)
    most = 0
    for pdf in sheets:
        with pikepdf.open(pdf) as doc:
            assert len(doc.pages) == 1, pdf.name
        name, values = names[pdf.stem], _fields(pdf)
        held = Counter(link["color"] for link in setup["links"] if name in link["between"])
        assert sum(int(v or 0) for k, v in values.items() if k.endswith("_green")) == held["green"]
        assert sum(int(v or 0) for k, v in values.items() if k.endswith("_red")) == held["red"]
        others = {o for link in setup["links"] if name in link["between"] for o in link["between"] if o != name}
        filled = [v for k, v in values.items() if k.endswith("_for") and v]
        assert len(filled) == len(others)  # a row a character, each a field holding what the links stand for
        assert all(v.startswith(("green: ", "red: ")) for v in filled)
        most = max(most, sum(held.values()))
    assert most >= 16  # the case that spilled onto a second page: one row a link


def test_a_blank_sheet_offers_rows_to_write_every_link_in(tmp_path, run):
    assert run("sheet", "--blank", "isolation", "--out", tmp_path).exit_code == 0
    values = _fields(next(tmp_path.glob("*.pdf")))
    assert sum(k.endswith("_for") for k in values) == 6 and sum(k.endswith("_green") for k in values) == 6
