"""`packet --split` writes each character's PDF as `playaid sheet` writes it (issue 39
item 2): tagged, marked, in a language, with the sheet's title and author."""

from __future__ import annotations

import pikepdf

SETUP = """system: dirt
kind: setup
name: Two on a roof
characters:
  - {name: Ana Ruiz, stats: {mental: 3, physical: 3, social: 3}, job: Roofer, hobby: Skating}
  - {name: Bo, stats: {mental: 3, physical: 3, social: 3}, job: Courier, hobby: Chess}
"""


def _described(path) -> dict:
    """What a reader or screen reader learns of a PDF before its pages."""
    with pikepdf.open(path) as pdf:
        root = pdf.Root
        tree = root.get("/StructTreeRoot")
        return {"tagged": tree is not None and len(tree.get("/ParentTree").Nums) > 0,
                "marked": bool(root.get("/MarkInfo", {}).get("/Marked", False)),
                "lang": str(root.get("/Lang", "")), "title": str(pdf.docinfo.get("/Title", "")),
                "author": str(pdf.docinfo.get("/Author", "")),
                "show title": bool(root.get("/ViewerPreferences", {}).get("/DisplayDocTitle", False)),
                "bookmarks": [item.title for item in pdf.open_outline().root]}


def test_a_split_sheet_carries_what_a_sheet_carries(files, run, tmp_path):
    setup = files.write("roof.yaml", SETUP)
    assert run("packet", setup, "--split", "--out", tmp_path / "packet").exit_code == 0
    assert run("sheet", setup, "--out", tmp_path / "sheet").exit_code == 0
    for number, name in ((1, "ana-ruiz"), (2, "bo")):
        split = _described(tmp_path / "packet" / f"roof-00{number}-{name}.pdf")
        sheet = _described(tmp_path / "sheet" / f"{name}.pdf")
        assert split == sheet
        assert split["tagged"] and split["marked"] and split["lang"] == "en" and split["author"] == "playaid"
    assert _described(tmp_path / "sheet" / "bo.pdf")["title"].startswith("Bo — ")
