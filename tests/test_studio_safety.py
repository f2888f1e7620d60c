"""The studio's safety rules, in-process: each with a request it must refuse and one it lets through."""

from __future__ import annotations

import asyncio
import os
import shutil

import httpx
import pytest

from conftest import EXAMPLES
from playaid.studio import create_app
from playaid.studio.files import confine
from playaid.studio.security import cookie_name, local_host

TOKEN = "secret-token-for-tests"
SAME = {"sec-fetch-site": "same-origin"}


@pytest.fixture
def folder(tmp_path):
    shutil.copytree(EXAMPLES["dirt"], tmp_path / "dirt")
    return tmp_path


def run(folder, script, *, cookie=True, host="127.0.0.1:8000"):
    """Run `script(client)` against the app with its lifespan (render pool) up."""
    app = create_app(folder, token=TOKEN, watch=False)

    async def main():
        async with app.router.lifespan_context(app):
            transport = httpx.ASGITransport(app=app)
            async with httpx.AsyncClient(transport=transport, base_url=f"http://{host}") as client:
                if cookie:
                    client.cookies.set(cookie_name(TOKEN), TOKEN)
                return await script(client)

    return asyncio.run(main())


def test_the_token_in_the_address_becomes_an_httponly_strict_cookie(folder):
    async def script(client):
        wrong = await client.get("/?token=guess")
        right = await client.get("/?token=" + TOKEN)
        return wrong, right

    wrong, right = run(folder, script, cookie=False)
    assert wrong.status_code == 403 and "token" in wrong.text
    assert right.status_code == 303 and right.headers["location"] == "/"
    cookie = right.headers["set-cookie"].lower()
    assert "httponly" in cookie and "samesite=strict" in cookie and TOKEN.lower() in cookie


def test_every_request_needs_the_token(folder):
    async def script(client):
        client.cookies.clear()
        refused = await client.get("/edit/dirt/moss.yaml")
        client.cookies.set(cookie_name(TOKEN), TOKEN)
        return refused, await client.get("/edit/dirt/moss.yaml")

    refused, passed = run(folder, script)
    assert refused.status_code == 403
    assert passed.status_code == 200 and "Moss" in passed.text


@pytest.mark.parametrize("host, ok", [("127.0.0.1:8000", True), ("localhost:8000", True), ("[::1]:8000", True),
                                      ("evil.example:8000", False), ("192.168.1.5:8000", False)])
def test_the_host_header_must_name_this_computer(folder, host, ok):
    response = run(folder, lambda client: client.get("/"), host=host)
    assert (response.status_code == 200) is ok
    assert local_host(host) is ok


@pytest.mark.parametrize("headers, ok", [
    ({"sec-fetch-site": "same-origin"}, True),
    ({"origin": "http://127.0.0.1:8000"}, True),
    ({"sec-fetch-site": "cross-site"}, False),
    ({"origin": "http://evil.example"}, False),
    ({}, False),
])
def test_a_post_must_come_from_the_studios_own_page(folder, headers, ok):
    text = (folder / "dirt" / "moss.yaml").read_text()
    response = run(folder, lambda client: client.post("/api/yaml/dirt/moss.yaml", data={"text": text, "base": ""},
                                                      headers=headers))
    assert (response.status_code == 200) is ok, response.text


def test_every_answer_forbids_framing_sniffing_and_foreign_content(folder):
    response = run(folder, lambda client: client.get("/"))
    csp = response.headers["content-security-policy"]
    assert "default-src 'self'" in csp and "frame-ancestors 'none'" in csp and "unsafe" not in csp
    assert response.headers["x-content-type-options"] == "nosniff"
    refused = run(folder, lambda client: client.get("/"), cookie=False)
    assert refused.headers["x-content-type-options"] == "nosniff"


def test_a_body_past_the_limit_is_refused_unread(folder):
    async def script(client):
        big = await client.post("/api/yaml/dirt/moss.yaml", data={"text": "x" * 400_000}, headers=SAME)
        small = await client.post("/api/yaml/dirt/moss.yaml", data={"text": "system: dirt\n"}, headers=SAME)
        return big, small

    big, small = run(folder, script)
    assert big.status_code == 413
    assert small.status_code == 200


@pytest.mark.parametrize("rel", ["../outside.yaml", "/etc/passwd.yaml", "C:/x.yaml", "dirt/.hidden.yaml",
                                 "dirt/moss.txt", "output/x.yaml", "dirt\\moss.yaml"])
def test_paths_outside_the_folder_are_refused(folder, rel):
    (folder.parent / "outside.yaml").write_text("system: dirt\n")
    with pytest.raises(LookupError):
        confine(folder, rel)
    assert confine(folder, "dirt/moss.yaml") == folder / "dirt" / "moss.yaml"


def test_a_traversal_in_a_request_is_404_and_reads_nothing(folder):
    (folder.parent / "outside.yaml").write_text("system: dirt\nname: SECRET\n")
    response = run(folder, lambda client: client.get("/edit/dirt/%2e%2e/%2e%2e/outside.yaml"))
    assert response.status_code == 404 and "SECRET" not in response.text


def test_symlinks_and_hard_links_out_of_the_folder_are_refused(folder, tmp_path_factory):
    outside = tmp_path_factory.mktemp("elsewhere") / "secret.yaml"
    outside.write_text("system: dirt\nname: SECRET\n")
    os.symlink(outside, folder / "dirt" / "link.yaml")
    os.link(outside, folder / "dirt" / "hard.yaml")
    inside = folder / "dirt" / "inside.yaml"
    os.symlink(folder / "dirt" / "moss.yaml", inside)
    for rel in ("dirt/link.yaml", "dirt/hard.yaml"):
        with pytest.raises(LookupError):
            confine(folder, rel)
    assert confine(folder, "dirt/inside.yaml") == folder / "dirt" / "moss.yaml"
    response = run(folder, lambda client: client.get("/edit/dirt/link.yaml"))
    assert response.status_code == 404 and "SECRET" not in response.text


def _broken(output, path, rel, paper, *more):
    raise RuntimeError("template exploded")


def test_a_render_that_fails_answers_with_its_error_and_the_server_lives_on(folder, monkeypatch):
    from playaid.studio import printables

    monkeypatch.setattr(printables, "_make", _broken)  # the workers fork with it
    text = (folder / "dirt" / "moss.yaml").read_text()

    async def script(client):
        failed = await client.post("/api/preview/dirt/moss.yaml", data={"text": text}, headers=SAME)
        return failed, await client.get("/")

    failed, after = run(folder, script)
    assert failed.status_code == 200 and "template exploded" in failed.text
    assert after.status_code == 200
