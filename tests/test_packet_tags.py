"""Packets keep the structure tags and language of their parts (issue 31 item 5): the
merged tree is read back, heading by heading, with the page each one tags."""

from __future__ import annotations

import pikepdf

import structure
from conftest import EXAMPLES
from print_checks import sections


def _packet(run, tmp_path, *args):
    result = run("packet", EXAMPLES["isolation"] / "farmhouse.yaml", "--out", tmp_path, *args)
    assert result.exit_code == 0, result.output
    return tmp_path / "farmhouse-packet.pdf"


def test_a_packet_tags_every_parts_headings_on_their_own_pages(tmp_path, run):
    path = _packet(run, tmp_path)
    found = structure.headings(path)
    parts = dict(sections(path))
    on = lambda first, last: [text for page, _, text in found if first <= page < last]  # noqa: E731
    starts = sorted(parts.values()) + [10_000]
    span = {title: (first, starts[starts.index(first) + 1]) for title, first in parts.items()}
    assert "The farmhouse in January" in on(*span["Cover"])
    # one sheet per character, each tagged with its own headings on its own page
    sheets = on(*span["Characters"])
    assert sheets.count("PROFESSION") == 3 and sheets.count("NOTES") == 3
    assert [page for page, _, text in found if text == "PROFESSION"] == [span["Characters"][0] + i for i in range(3)]
    assert "Worked example" in on(*span["Reference"])
    assert any("what are my" in text for text in on(*span["Odds"]))
    assert structure.parent_tree_agrees(path) == []


def test_a_packet_is_one_marked_document_in_its_parts_language(tmp_path, run):
    path = _packet(run, tmp_path)
    with pikepdf.open(path) as pdf:
        assert pdf.Root.MarkInfo.Marked is True and str(pdf.Root.Lang) == "en"
        root = pdf.Root.StructTreeRoot
        [document] = root.K
        assert document.S == "/Document" and all(part.S == "/Part" and part.P.objgen == document.objgen
                                                 for part in document.K)
        assert len(document.K) >= 4  # cover, sheets, reference, odds at least
        keys = [int(k) for k in list(root.ParentTree.Nums)[::2]]
        assert int(root.ParentTreeNextKey) == max(keys) + 1
        # every widget's key is its own, and names an element (the form field's)
        widget_keys = [int(a.StructParent) for page in pdf.pages for a in page.obj.get("/Annots", [])
                       if "/StructParent" in a]
        assert widget_keys and len(set(widget_keys)) == len(widget_keys) and set(widget_keys) <= set(keys)
