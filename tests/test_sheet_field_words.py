"""Sheet form fields say what they are, in a tab order that follows the page, and a track
where one step holds is one choice (issue 39 item 6), all read back with pikepdf."""

from __future__ import annotations

import re

import pikepdf
import pytest

from conftest import EXAMPLES
from playaid.render import field_words
from playaid.render.field_words import spoken_key
from playaid.render.merge import Merger, Section
from playaid.systems import REGISTRY

RADIO = 1 << 15
INTERNAL = re.compile(r"\w+_\w+")
"""What a field's key looks like (`blank_rel0_npc`); a tooltip in words never does."""


def _fields(pdf: pikepdf.Pdf) -> list[pikepdf.Dictionary]:
    return list(pdf.Root.AcroForm.Fields)


def _sheet(run, tmp_path, *args) -> list:
    result = run("sheet", *args, "--out", tmp_path)
    assert result.exit_code == 0, result.output
    return sorted(tmp_path.glob("*.pdf"))


@pytest.mark.parametrize("game", sorted(g for g in REGISTRY if REGISTRY[g].examples))
def test_every_field_of_a_blank_and_a_filled_sheet_has_words_and_each_page_a_tab_order(game, tmp_path, run, monkeypatch):
    # the words must come from the templates, not the fallback for an add-on's bare fields
    monkeypatch.setattr(field_words, "spoken_key", lambda name: "")
    paths = _sheet(run, tmp_path / "blank", "--blank", game)
    paths += _sheet(run, tmp_path / "filled", sorted(EXAMPLES[game].glob("*.yaml"))[0])[:1]
    for path in paths:
        with pikepdf.open(path) as pdf:
            fields = _fields(pdf)
            assert fields, path
            for field in fields:
                name, words = str(field.T), str(field.get("/TU", ""))
                assert words and not INTERNAL.search(words), (path.name, name, words)
            for page in pdf.pages:
                if page.obj.get("/Annots"):
                    assert page.obj.get("/Tabs") in (pikepdf.Name.S, pikepdf.Name.R), path.name


def test_a_filled_isolation_link_says_whose_it_is(tmp_path, run):
    bob = [p for p in _sheet(run, tmp_path, EXAMPLES["isolation"] / "farmhouse.yaml") if p.name == "bob-tanner.pdf"][0]
    with pikepdf.open(bob) as pdf:
        words = {str(f.get("/TU")) for f in _fields(pdf)}
    assert {"Link to Alice Moreau: green", "Link to Eve Lindqvist: red"} <= words


def _health(pdf: pikepdf.Pdf) -> list[pikepdf.Dictionary]:
    return [f for f in _fields(pdf) if "health" in str(f.T)]


def _one_choice(fields) -> None:
    """One radio field whose buttons are plain widgets with one 'on' state each, at most one on."""
    assert len(fields) == 1
    group = fields[0]
    assert int(group.Ff) & RADIO and str(group.TU).startswith("Health")
    kids = list(group.Kids)
    assert len(kids) == 4 and not any("/T" in k for k in kids)
    states = [[s for s in k.AP.N.keys() if s != "/Off"] for k in kids]
    assert all(len(s) == 1 for s in states) and len({s[0] for s in states}) == 4
    assert sum(str(k.AS) != "/Off" for k in kids) <= 1


def test_isolations_health_track_is_one_radio_field_also_once_merged(tmp_path, run):
    [blank] = _sheet(run, tmp_path / "blank", "--blank", "isolation")
    alice = _sheet(run, tmp_path / "alice", EXAMPLES["isolation"] / "alice.yaml")[0]
    for path in (blank, alice):
        with pikepdf.open(path) as pdf:
            _one_choice(_health(pdf))
    with pikepdf.open(alice) as pdf:
        [group] = _health(pdf)
        on = [str(k.AS) for k in group.Kids]
        assert on.count("/Off") == 3 and group.V == on[0]  # Alice is Healthy, the first step
    merger = Merger()  # a packet is made by the merger: the group must survive it
    merger.append(alice.read_bytes())
    merged = tmp_path / "merged.pdf"
    merged.write_bytes(merger.finish([Section("Alice", 0)]))
    with pikepdf.open(merged) as pdf:
        _one_choice(_health(pdf))


def test_an_add_ons_field_without_words_is_described_from_its_key():
    assert spoken_key("blank_rel0_npc") == "Rel 1 npc"
    assert spoken_key("c004-vix_pool") == "Pool"
