"""A setup's cast from the folder, in-process: ticks by name, inline characters kept, link
ends chosen from the cast, an entry removed from its list (comments elsewhere kept)."""

from __future__ import annotations

import html
import re
import shutil
from urllib.parse import urlencode

from conftest import EXAMPLES
from test_studio_safety import SAME, run

FORM = {"Content-Type": "application/x-www-form-urlencoded", "HX-Request": "true", **SAME}
SETUP = """system: isolation
kind: setup
name: Cabin   # where it happens
characters:
  - alice.yaml
  - {name: Old Jo, profession: Hermit, positive: [Calm], negative: [Odd], bias: Dogs, goal: Peace}
stress: 2
links:
  - {between: [Alice Moreau, Old Jo], color: green, label: Neighbours}
  - {between: [Alice Moreau, Old Jo], color: red, label: Feud}
"""


def _folder(tmp_path):
    for name in ("alice.yaml", "bob.yaml", "eve.yaml"):
        shutil.copy(EXAMPLES["isolation"] / name, tmp_path / name)
    (tmp_path / "cabin.yaml").write_text(SETUP)
    return tmp_path


def _text(answer) -> str:
    return html.unescape(re.search(r'<textarea id="yaml"[^>]*>(.*?)</textarea>', answer.text, re.S)[1])


def test_the_cast_is_ticked_by_name_and_inline_characters_stay(tmp_path):
    async def script(client):
        page = await client.get("/edit/cabin.yaml")
        body = [("text", SETUP), ("base", ""), ("characters", ""), ("characters", "bob.yaml")]
        return page, await client.post("/api/cast/cabin.yaml", content=urlencode(body), headers=FORM)

    page, answer = run(_folder(tmp_path), script)
    # one box per character file of the game, labelled by the character's name; Alice ticked
    assert re.search(r'value="alice.yaml"\s+checked[^>]*>\s*Alice Moreau', page.text)
    assert re.search(r'value="bob.yaml"\s+hx-post[^>]*>\s*Bob Tanner', page.text)
    assert "written in this file: Old Jo" in page.text
    # the link ends are selects of the cast's names
    assert re.search(r'<option value="Old Jo" selected>', page.text)
    text = _text(answer)
    assert "bob.yaml" in text and "alice.yaml" not in text and "Old Jo" in text    # unticked out, inline kept
    assert "name: Cabin   # where it happens" in text                              # comments kept
    # the ends now offer the new cast
    assert '<option value="Bob Tanner">' in answer.text and 'hx-swap-oob="true"' in answer.text


def test_remove_takes_one_entry_out_of_its_list(tmp_path):
    async def script(client):
        body = [("text", SETUP), ("base", ""), ("entry", "links[0]")]
        return await client.post("/api/remove/cabin.yaml", content=urlencode(body), headers=FORM)

    text = _text(run(_folder(tmp_path), script))
    assert "Neighbours" not in text and "Feud" in text
    assert "name: Cabin   # where it happens" in text


def test_a_gone_entry_is_said_not_guessed(tmp_path):
    async def script(client):
        body = [("text", SETUP), ("base", ""), ("entry", "links[7]")]
        return await client.post("/api/remove/cabin.yaml", content=urlencode(body), headers=FORM)

    answer = run(_folder(tmp_path), script)
    assert "no longer there" in answer.text and "Neighbours" in _text(answer)
