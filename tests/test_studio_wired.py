"""The odds explorer and the table inside the real studio app: its base page and
navigation, its token, Host and cross-site checks, and its folder, not a stand-in's."""

from __future__ import annotations

import re
import shutil

from conftest import EXAMPLES
from playaid.studio.security import cookie_name
from test_studio_safety import SAME, TOKEN, run

FORM = {"Content-Type": "application/x-www-form-urlencoded", "HX-Request": "true", **SAME}


def _folder(tmp_path):
    shutil.copytree(EXAMPLES["dirt"], tmp_path / "dirt")
    return tmp_path


def test_the_pages_are_served_inside_the_studio_with_its_navigation(tmp_path):
    async def script(client):
        return [await client.get(url) for url in ("/odds", "/odds/dirt", "/table", "/table/dirt/scene-climb.yaml")]

    pages = run(_folder(tmp_path), script)
    assert [p.status_code for p in pages] == [200, 200, 200, 200], [p.text[:300] for p in pages]
    for page in pages:
        # the core's own base page: its navigation and its content policy
        assert 'aria-label="Studio"' in page.text and 'href="/odds"' in page.text and 'href="/table"' in page.text
        assert "default-src 'self'" in page.headers["content-security-policy"]
    assert "% to" in pages[1].text and "<svg" in pages[1].text
    assert "scene-climb.yaml" in pages[2].text


def test_the_pages_need_the_token_and_refuse_another_sites_post(tmp_path):
    folder = _folder(tmp_path)

    async def script(client):
        client.cookies.clear()
        anonymous = await client.get("/odds/dirt")
        client.cookies.set(cookie_name(TOKEN), TOKEN)
        return anonymous

    assert run(folder, script).status_code == 403

    async def cross(client):
        return await client.post("/table/dirt/scene-climb.yaml", content="dice=&face=6",
                                 headers={**FORM, "sec-fetch-site": "cross-site", "origin": "http://evil.example"})

    assert run(folder, cross).status_code == 403


def test_a_die_pressed_at_the_table_through_the_studio_is_taken(tmp_path):
    async def script(client):
        page = await client.get("/table/dirt/scene-climb.yaml")
        value = re.search(r'name="face" value="(\d+)"', page.text)[1]
        return await client.post("/table/dirt/scene-climb.yaml", content=f"dice=&face={value}", headers=FORM), value

    answer, value = run(_folder(tmp_path), script)
    assert answer.status_code == 200
    assert re.search(r'<input type="hidden" name="dice" value="([^"]*)">', answer.text)[1] == value
