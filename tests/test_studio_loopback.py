"""The studio's own loopback address (issue 42, item 14): cookies are kept per host, not per
port, so on 127.0.0.1 the studio's cookie would reach every other local server the GM's
browser visits. `playaid studio` listens on a random 127.x.y.z of its own instead."""

from __future__ import annotations

import ipaddress
import random
import shutil
import sys

import pytest

from conftest import EXAMPLES
from studio_pages import OtherApp, studio_served

from playaid.commands import InputError
from playaid.commands import studio as command
from playaid.studio import security

TOKEN = "loopback-token"
UNASSIGNED = "192.0.2.1"
"""TEST-NET-1: no interface of this computer has it, so binding it fails with EADDRNOTAVAIL,
as 127.x.y.z does on systems that answer on 127.0.0.1 alone (macOS, the BSDs)."""
linux = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="Linux answers on all of 127.0.0.0/8")


def test_the_own_address_is_a_loopback_address_other_than_127_0_0_1_and_differs_per_run():
    rng = random.Random(42)
    drawn = [command.own_loopback(rng) for _ in range(2000)]
    assert all(ipaddress.ip_address(a).is_loopback and a.startswith("127.") for a in drawn)
    assert "127.0.0.1" not in drawn
    assert len(set(drawn)) > 1990  # 16.6 million addresses: two runs nearly never share one


@linux
def test_without_host_the_studio_listens_on_its_own_address():
    sock = command.listen(None, 0)
    try:
        host, port = sock.getsockname()
    finally:
        sock.close()
    assert ipaddress.ip_address(host).is_loopback and host != "127.0.0.1" and port > 0


def test_where_the_own_address_cannot_be_bound_it_falls_back_to_127_0_0_1(monkeypatch):
    monkeypatch.setattr(command, "own_loopback", lambda: UNASSIGNED)  # EADDRNOTAVAIL, from the kernel
    sock = command.listen(None, 0)
    try:
        assert sock.getsockname()[0] == "127.0.0.1"
    finally:
        sock.close()


def test_a_host_the_user_named_is_kept_never_replaced():
    sock = command.listen("127.0.0.1", 0)
    try:
        assert sock.getsockname()[0] == "127.0.0.1"
    finally:
        sock.close()
    with pytest.raises(InputError, match=f"cannot listen on {UNASSIGNED}:0"):
        command.listen(UNASSIGNED, 0)  # no quiet fallback from what the user asked for


@pytest.mark.parametrize("host", ["10.0.0.1", "0.0.0.0", "example.com", "::"])
def test_host_takes_loopback_addresses_only(run, tmp_path, host):
    result = run("studio", str(tmp_path), "--no-browser", "--host", host)
    assert result.exit_code == 2 and "not a loopback address" in result.output


def test_the_host_check_accepts_any_loopback_address():
    assert security.local_host("127.201.7.33:41000") and security.local_host("127.0.0.1:8000")
    assert not security.local_host("128.0.0.1:8000")


@linux
def test_the_printed_address_and_the_redirect_file_use_the_own_address(run, tmp_path, monkeypatch):
    import os
    import signal
    import webbrowser
    from urllib.parse import urlsplit
    from urllib.request import url2pathname

    opened: list[str] = []

    def open_(address):  # read the file `playaid studio` opens the browser on, then Ctrl-C
        opened.append(open(url2pathname(urlsplit(address).path), encoding="utf-8").read())
        os.kill(os.getpid(), signal.SIGINT)
        return True

    monkeypatch.setattr(webbrowser, "open", open_)
    result = run("studio", str(tmp_path))
    assert result.exit_code == 0, result.output
    printed = next(w for w in result.output.split() if w.startswith("http://"))
    host = urlsplit(printed).hostname
    assert ipaddress.ip_address(host).is_loopback and host != "127.0.0.1"
    assert f'url={printed}"' in opened[0]


@linux
@pytest.mark.browser
def test_in_chromium_another_local_server_never_receives_the_studios_cookie(browser, tmp_path):
    """The GM logs into the studio as `playaid studio` opens it (its redirect file), then
    visits another program's page on 127.0.0.1: its Cookie header must not hold the key."""
    shutil.copytree(EXAMPLES["dirt"], tmp_path / "dirt")
    other = OtherApp()
    try:
        with studio_served(tmp_path, TOKEN, command.listen(None, 0)) as url:
            opener = command._redirect_file(f"{url}/?token={TOKEN}")
            context = browser.new_context()
            page = context.new_page()
            try:
                page.goto(opener.as_uri())
                page.wait_for_url(f"{url}/")  # logged in: the token swapped for the cookie
                assert page.locator("text=dirt/moss.yaml").count() >= 1
                assert security.cookie_name(TOKEN) in [c["name"] for c in context.cookies()]
                assert page.goto(other.url + "/").status == 200  # it sets a cookie of its own …
                assert page.goto(other.url + "/again").status == 200  # … which comes back here
                assert page.goto(f"{url}/").status == 200  # and the studio still opens
            finally:
                context.close()
                shutil.rmtree(opener.parent)
    finally:
        other.close()
    assert 'prefs={"theme":"dark"}' in other.heard[-1]  # the other app hears what its host holds
    assert not [h for h in other.heard if TOKEN in h or security.cookie_name(TOKEN) in h], other.heard
