"""The studio's folder page, editor, preview and print, in-process (no browser)."""

from __future__ import annotations

import asyncio
import re
import shutil

import pytest
import yaml

from conftest import EXAMPLES, GAME_IDS
from playaid.starter import starter_text
from playaid.studio.files import digest
from playaid.studio.form import fields_of, walk
from playaid.studio.yaml_edit import EditRefused, set_value
from playaid.systems import REGISTRY
from test_studio_safety import SAME, run

HAND_WRITTEN = """\
# Moss, as the GM wrote her
system: dirt   # the game
name: Moss  # keep this comment
stats: {mental: 2, physical: 3, social: 4}  # balanced
items:
  - rope   # old
  - knife
job: miner
"""


@pytest.fixture
def folder(tmp_path):
    shutil.copytree(EXAMPLES["dirt"], tmp_path / "dirt")
    return tmp_path


def test_an_edit_in_place_keeps_comments_and_key_order():
    text = set_value(HAND_WRITTEN, ("stats", "social"), 5)
    text = set_value(text, ("items",), ["rope", "lamp"])
    text = set_value(text, ("hobby",), "birds")
    assert text.splitlines()[:3] == HAND_WRITTEN.splitlines()[:3]
    assert "stats: {mental: 2, physical: 3, social: 5}  # balanced" in text
    assert "  - rope   # old\n  - lamp\n" in text
    assert text.rstrip().endswith("hobby: birds")  # a new key goes at the end of its mapping
    assert list(yaml.safe_load(text)) == ["system", "name", "stats", "items", "job", "hobby"]


def test_a_starter_blank_is_filled_and_its_marker_dropped():
    text = set_value(starter_text(REGISTRY["dirt"], "character"), ("name",), "Ada: the bold")
    line = next(line for line in text.splitlines() if line.startswith("name:"))
    assert "FILL IN" not in line and yaml.safe_load(text)["name"] == "Ada: the bold"


def test_an_edit_that_cannot_land_is_refused_not_guessed():
    with pytest.raises(EditRefused):
        set_value("- a list\n", ("name",), "x")


@pytest.mark.parametrize("game", GAME_IDS)
def test_the_form_has_a_control_for_every_field_the_interview_asks(game):
    cls = REGISTRY[game].models["character"] if "character" in REGISTRY[game].models else None
    if cls is None:
        pytest.skip(f"{game} has no character files")
    controls = list(walk(fields_of(cls, None)))
    assert [f.path[-1] for f in fields_of(cls, None)][:len(getattr(cls, "CREATION_ORDER", ()))] == \
        [n for n in getattr(cls, "CREATION_ORDER", ())]
    assert all(f.doc or f.widget == "group" for f in controls if len(f.path) == 1)


def _problems_of(html: str, field_id: str) -> str:
    match = re.search(rf'<ul id="p-{field_id}"[^>]*>(.*?)</ul>', html, re.S)
    assert match, f"no problem list for {field_id}"
    return match.group(1)


def test_a_problem_appears_at_its_field_and_vanishes_when_fixed(folder):
    text = (folder / "dirt" / "moss.yaml").read_text()
    base = digest(text.encode())

    async def script(client):
        broken = await client.post("/api/form/dirt/moss.yaml", headers=SAME,
                                   data={"text": text, "base": base, "stats.mental": "9"})
        fixed = await client.post("/api/form/dirt/moss.yaml", headers=SAME,
                                  data={"text": text, "base": base, "stats.mental": "2"})
        return broken.text, fixed.text

    broken, fixed = run(folder, script)
    assert "dirt.stat-range" in _problems_of(broken, "stats-mental") and "fix:" in broken
    assert _problems_of(fixed, "stats-mental").strip() == ""
    assert "mental: 9" in broken  # the YAML view follows the form


def test_save_is_atomic_and_refuses_a_file_changed_on_disk(folder):
    path = folder / "dirt" / "moss.yaml"
    text = path.read_text()
    base = digest(text.encode())
    edited = text.replace("Moss", "Mossy", 1)

    async def script(client):
        saved = await client.post("/api/save/dirt/moss.yaml", headers=SAME, data={"text": edited, "base": base})
        stale = await client.post("/api/save/dirt/moss.yaml", headers=SAME, data={"text": text, "base": base})
        return saved, stale

    saved, stale = run(folder, script)
    assert saved.status_code == 200 and path.read_text() == edited
    assert stale.status_code == 409 and "changed on disk" in stale.text
    assert path.read_text() == edited
    assert not [p for p in path.parent.iterdir() if p.name.startswith(".")]  # no temporary file left


def test_the_folder_page_lists_files_by_game_and_state_and_makes_new_ones(folder):
    (folder / "broken.yaml").write_text("system: dirt\nname: X\nstats: {mental: 9, physical: 1, social: 1}\n")

    async def script(client):
        made = await client.post("/api/new", headers=SAME, data={"pick": "isolation/character"})
        return await client.get("/"), made

    page, made = run(folder, script)
    assert "Games to Play in the Dirt" in page.text and "dirt/moss.yaml" in page.text
    assert re.search(r"broken\.yaml</a>\s*<span class=\"state bad\">\d errors?", page.text)
    assert made.headers["hx-redirect"] == "/edit/isolation-character.yaml"
    assert (folder / "isolation-character.yaml").read_text().startswith("# ")
    for game in REGISTRY.values():
        for kind in game.models:
            assert f'value="{game.id}/{kind}"' in page.text


def test_the_examples_are_copied_and_never_overwrite(folder):
    async def script(client):
        return await client.post("/api/examples", headers=SAME)

    first = run(folder, script)
    assert "Copied" in first.text and (folder / "examples" / "dirt" / "moss.yaml").is_file()
    (folder / "examples" / "dirt" / "moss.yaml").write_text("system: dirt\n")
    again = run(folder, script)
    assert "already exist" in again.text and (folder / "examples" / "dirt" / "moss.yaml").read_text() == "system: dirt\n"


def test_a_burst_of_previews_draws_the_latest_and_drops_the_rest(folder):
    text = (folder / "dirt" / "moss.yaml").read_text()

    async def script(client):
        requests = [client.post("/api/preview/dirt/moss.yaml", headers=SAME,
                                data={"text": text.replace("Moss", f"Moss {i}", 1)}) for i in range(8)]
        return await asyncio.gather(*requests)

    answers = run(folder, script)
    codes = [a.status_code for a in answers]
    assert codes[-1] == 200 and codes.count(204) >= 5, codes
    assert "<img" in answers[-1].text


def test_print_writes_the_pdf_the_command_line_would(folder):
    async def script(client):
        printed = await client.post("/api/print/dirt/moss.yaml", headers=SAME, data={"output": "sheet"})
        name = re.search(r"/download/([^']+)'", printed.text).group(1)
        return printed, await client.get(f"/download/{name}"), await client.get("/download/..%2Fdirt%2Fmoss.yaml")

    printed, download, sneaky = run(folder, script)
    pdfs = list((folder / "output").glob("*.pdf"))
    assert len(pdfs) == 1 and pdfs[0].read_bytes().startswith(b"%PDF")
    assert download.headers["content-disposition"].startswith("attachment")
    assert download.content == pdfs[0].read_bytes()
    assert sneaky.status_code == 404
