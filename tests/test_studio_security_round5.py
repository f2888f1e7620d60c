"""The studio's fifth security round (issue 42, items 13-18), against a served studio.

Each test serves the real app with uvicorn on a free port of a loopback address (as
`playaid studio` does) and speaks HTTP to it over real connections, so a blocked event
loop, a dead keep-alive connection or a missing header shows as it would in the GM's browser.
"""

from __future__ import annotations

import http.client
import shutil
import threading
import time
from urllib.parse import urlencode

import pytest

from conftest import EXAMPLES
from studio_pages import OtherApp, studio_served

from playaid.studio import security

TOKEN = "round-five-token"


@pytest.fixture
def folder(tmp_path):
    shutil.copytree(EXAMPLES["dirt"], tmp_path / "dirt")
    return tmp_path


def cookie(token: str = TOKEN) -> str:
    return f"{security.cookie_name(token)}={token}"


class Client:
    """One keep-alive HTTP connection to the served studio, with the GM's cookie."""

    def __init__(self, url: str, timeout: float = 10):
        host, port = url.split("//")[1].split(":")
        self.conn = http.client.HTTPConnection(host, int(port), timeout=timeout)

    def get(self, path: str, headers: dict | None = None):
        return self._send("GET", path, None, headers)

    def post(self, path: str, form: dict, headers: dict | None = None):
        return self._send("POST", path, urlencode(form), {"Content-Type": "application/x-www-form-urlencoded",
                                                          **(headers or {})})

    def _send(self, method, path, body, headers):
        sent = {"Cookie": cookie(), "Sec-Fetch-Site": "same-origin", **(headers or {})}
        self.conn.request(method, path, body, sent)
        response = response_of(self.conn)
        return response

    def close(self):
        self.conn.close()


def response_of(conn):
    response = conn.getresponse()
    response.text = response.read().decode("utf-8", "replace")
    return response


def alias_bomb(levels: int = 7) -> str:
    """About 400 bytes that stand for 9**levels names: each level lists the one before 9 times."""
    lines = ["system: dirt", "kind: character", "a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
    lines += [f"a{i}: &a{i} [{','.join([f'*a{i - 1}'] * 9)}]" for i in range(1, levels + 1)]
    lines.append(f"name: *a{levels}")
    return "\n".join(lines) + "\n"


def in_thread(work):
    """Run `work()` in a thread; the returned dict gets its answer (or error) and the seconds it took."""
    out: dict = {}

    def run():
        started = time.monotonic()
        try:
            out["answer"] = work()
        except Exception as exc:  # a timeout is the failure this test looks for
            out["error"] = exc
        out["seconds"] = time.monotonic() - started

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    out["thread"] = thread
    return out


# -- 13: every text through the loader's limits, off the event loop -------------------------

@pytest.mark.parametrize("endpoint", ["/api/preview/dirt/moss.yaml", "/api/yaml/dirt/moss.yaml",
                                      "/api/form/dirt/moss.yaml"])
def test_a_nested_alias_text_is_refused_at_once_and_blocks_no_one(folder, endpoint):
    moss = (folder / "dirt" / "moss.yaml").read_text()
    with studio_served(folder, TOKEN) as url:
        bomb = Client(url, timeout=6)
        posted = in_thread(lambda: bomb.post(endpoint, {"text": alias_bomb(), "base": "x", "paper": "a4"}))
        time.sleep(0.05)
        other = Client(url, timeout=6)
        started = time.monotonic()
        home = other.get("/")
        waited = time.monotonic() - started
        plain = other.post("/api/yaml/dirt/moss.yaml", {"text": moss, "base": "x"})
        posted["thread"].join(8)
        assert home.status == 200 and plain.status == 200
        assert waited < 3, f"another request waited {waited:.1f} s behind the alias text"
        assert "error" not in posted, posted.get("error")
        answer = posted["answer"]
        assert answer.status == 200 and posted["seconds"] < 4
        # the loader's own problem, the same words `playaid validate` prints
        assert "expands to more than" in answer.text
        bomb.close()
        other.close()


def test_a_nested_alias_file_opens_in_the_editor_with_its_problem(folder):
    (folder / "dirt" / "bomb.yaml").write_text(alias_bomb())
    with studio_served(folder, TOKEN) as url:
        client = Client(url, timeout=6)
        page = client.get("/edit/dirt/bomb.yaml")
        home = client.get("/")
        assert page.status == 200 and "expands to more than" in page.text
        assert home.status == 200 and "bomb.yaml" in home.text
        client.close()


def test_a_plain_text_with_aliases_still_reads():
    from playaid.studio.reading import Refused, plain

    assert plain("a: &x [1, 2]\nb: *x\n") == {"a": [1, 2], "b": [1, 2]}
    with pytest.raises(Refused) as refused:
        plain(alias_bomb(4))  # 9**4 names and their lists: 66,430 values, past the budget of 50,000
    assert refused.value.problem.rule == "yaml.too-many-values"
    assert plain(alias_bomb(3))["name"][0][0][0] == ["lol"] * 9  # 7,381 values: within it


# -- 17: no request answers 500; no connection is left hanging ------------------------------

def nested(depth: int) -> str:
    return "system: dirt\nkind: character\nname: " + "[" * depth + "]" * depth + "\n"


@pytest.mark.parametrize("path, text", [
    ("/api/preview/nofolder/x.yaml", None),  # a path in a folder that does not exist
    ("/api/yaml/nofolder/x.yaml", None),
    ("/api/preview/dirt/moss.yaml", nested(500)),  # past Python's recursion, under libyaml's
    ("/api/preview/dirt/moss.yaml", nested(3000)),
    ("/api/yaml/dirt/moss.yaml", nested(3000)),
    ("/api/form/dirt/moss.yaml", nested(3000)),
    ("/api/save/dirt/deep.yaml", nested(500)),  # saved: then every page lists it
])
def test_no_request_answers_500_and_the_connection_serves_the_next(folder, path, text):
    text = text if text is not None else (folder / "dirt" / "moss.yaml").read_text()
    with studio_served(folder, TOKEN) as url:
        client = Client(url, timeout=15)
        first = client.post(path, {"text": text, "base": "x", "paper": "a4"})
        assert first.status < 500, first.text
        after = client.get("/")  # the same keep-alive connection
        assert after.status == 200
        if path.startswith("/api/save"):
            assert client.get("/edit/dirt/deep.yaml").status == 200
        client.close()


def served_with_a_fault(folder):
    """The studio with one extra page that fails unexpectedly, as a bug would."""
    from starlette.routing import Route

    from playaid.studio import create_app
    from studio_pages import Served

    def fault(request):
        raise RuntimeError("a bug")

    app = create_app(folder, token=TOKEN, workers=1, watch=False)
    app.router.routes.insert(0, Route("/fault", fault))
    return Served(app)


def assert_safety_headers(response):
    assert "frame-ancestors 'none'" in (response.getheader("content-security-policy") or "")
    assert response.getheader("x-content-type-options") == "nosniff"


def test_an_unexpected_fault_answers_in_words_with_the_headers_and_keeps_the_connection(folder):
    with served_with_a_fault(folder) as served:
        client = Client(served.url, timeout=10)
        fault = client.get("/fault")
        assert fault.status == 500 and "Traceback" not in fault.text
        assert_safety_headers(fault)
        assert client.get("/").status == 200  # the same connection still answers
        client.close()


# -- 18: headers everywhere, read-only files, unwritable folders, links, leftovers -----------

def test_the_redirect_and_the_413_carry_the_safety_headers(folder):
    with studio_served(folder, TOKEN) as url:
        client = Client(url)
        client.conn.request("GET", f"/?token={TOKEN}", headers={})
        swap = response_of(client.conn)
        assert swap.status == 303
        assert_safety_headers(swap)
        client.conn.request("GET", f"//evil.example/?token={TOKEN}", headers={})
        elsewhere = response_of(client.conn)
        assert elsewhere.status == 303 and elsewhere.getheader("location") == "/evil.example/"  # stays here
        big = client.post("/api/yaml/dirt/moss.yaml", {"text": "x" * 300_000})
        assert big.status == 413
        assert_safety_headers(big)
        client.close()


def test_preview_pictures_and_the_event_stream_are_never_stored(folder):
    import re

    moss = (folder / "dirt" / "moss.yaml").read_text()
    with studio_served(folder, TOKEN) as url:
        client = Client(url, timeout=30)
        drawn = client.post("/api/preview/dirt/moss.yaml", {"text": moss, "paper": "a4"})
        png = re.search(r'src="(/preview/[^"]+\.png)"', drawn.text)
        assert drawn.status == 200 and png, drawn.text
        picture = client.get(png.group(1))
        assert picture.status == 200 and picture.getheader("cache-control") == "no-store"
        stream = Client(url)
        stream.conn.request("GET", "/events", headers={"Cookie": cookie()})
        events = stream.conn.getresponse()
        assert events.status == 200 and events.getheader("cache-control") == "no-store"
        stream.close()
        client.close()


def test_a_read_only_file_is_not_replaced(folder):
    from playaid.studio.files import digest

    moss = folder / "dirt" / "moss.yaml"
    before = moss.read_bytes()
    moss.chmod(0o444)
    with studio_served(folder, TOKEN) as url:
        client = Client(url)
        refused = client.post("/api/save/dirt/moss.yaml", {"text": "system: dirt\n", "base": digest(before)})
        moss.chmod(0o644)
        ok = client.post("/api/save/dirt/moss.yaml", {"text": before.decode() + "# kept\n", "base": digest(before)})
        client.close()
    assert refused.status == 403 and "read-only" in refused.text
    assert ok.status == 200 and moss.read_text().endswith("# kept\n")


def test_an_unwritable_folder_opens_the_editor_and_save_says_why_in_escaped_words(folder, monkeypatch):
    import tempfile

    from playaid.studio import files

    moss = folder / "dirt" / "moss.yaml"
    before = moss.read_bytes()
    real = tempfile.mkstemp

    def refuse(*args, dir=None, **kwargs):  # what a folder without write permission answers
        if dir is not None and str(dir).startswith(str(folder)):
            raise PermissionError(13, "Permission denied <b>here</b>", f"{dir}/.moss.yaml.<i>x</i>.part")
        return real(*args, dir=dir, **kwargs)

    with studio_served(folder, TOKEN) as url:
        monkeypatch.setattr(files.tempfile, "mkstemp", refuse)
        client = Client(url, timeout=30)
        page = client.get("/edit/dirt/moss.yaml")
        drawn = client.post("/api/preview/dirt/moss.yaml", {"text": before.decode(), "paper": "a4"})
        saved = client.post("/api/save/dirt/moss.yaml", {"text": "system: dirt\n", "base": files.digest(before)})
        client.close()
    assert page.status == 200 and 'id="editor"' in page.text
    assert drawn.status == 200 and "does not allow" in drawn.text
    assert saved.status == 403 and "Not saved" in saved.text
    assert "&lt;b&gt;" in saved.text and "<b>" not in saved.text and str(folder) not in saved.text
    assert moss.read_bytes() == before


def test_links_inside_the_folder_reach_only_what_the_folder_serves(folder):
    (folder / ".secret.yaml").write_text("password: hunter2\n")
    (folder / "dirt" / "notes.txt").write_text("system: dirt\nname: Private Notes\n")
    (folder / "output").mkdir()
    (folder / "output" / "printed.yaml").write_text("system: dirt\nname: Printed Thing\n")
    links = {"dot.yaml": "../.secret.yaml", "text.yaml": "notes.txt", "out.yaml": "../output/printed.yaml",
             "same.yaml": "moss.yaml"}
    for name, to in links.items():
        (folder / "dirt" / name).symlink_to(to)
    with studio_served(folder, TOKEN) as url:
        client = Client(url)
        answers = {name: client.get(f"/edit/dirt/{name}") for name in links}
        home = client.get("/").text
        client.close()
    for name in ("dot.yaml", "text.yaml", "out.yaml"):
        assert answers[name].status == 404, name
        assert "hunter2" not in answers[name].text and "Private Notes" not in answers[name].text
        assert f"dirt/{name}" not in home
    assert answers["same.yaml"].status == 200  # a link to a served file of the folder still opens


def test_temporary_files_left_by_a_killed_studio_are_removed_at_start(folder):
    import os

    dirt = folder / "dirt"
    stale, draft, fresh = dirt / ".moss.yaml.k3j9x0q_.part", dirt / ".moss.draft-ab12cd34.yaml", \
        dirt / ".moss.yaml.zz99zz99.part"
    own = dirt / ".gm-notes.part"  # not a name the studio makes: never touched
    for path in (stale, draft, fresh, own):
        path.write_text("system: dirt\nname: half")
    for path in (stale, draft, own):
        os.utime(path, (time.time() - 3600, time.time() - 3600))
    with studio_served(folder, TOKEN) as url:
        Client(url).get("/")
    assert not stale.exists() and not draft.exists()
    assert fresh.exists() and own.exists()  # one being written now, and the GM's own file


# -- 16: a file that is not UTF-8 is shown with its problem, never edited -------------------

def test_a_file_that_is_not_utf8_is_refused_with_its_problem_and_never_saved(folder):
    from playaid.studio.files import digest

    latin = folder / "dirt" / "latin.yaml"
    data = "system: dirt\nkind: character\nname: Ren\u00e9\n".encode("latin-1")
    latin.write_bytes(data)
    with studio_served(folder, TOKEN) as url:
        client = Client(url)
        page = client.get("/edit/dirt/latin.yaml")
        saved = client.post("/api/save/dirt/latin.yaml", {"text": "system: dirt\nkind: character\nname: Ren\ufffd\n",
                                                          "base": digest(data)})
        client.close()
    assert page.status == 200 and "not UTF-8" in page.text and 'id="editor"' not in page.text
    assert saved.status == 409 and "not UTF-8" in saved.text
    assert latin.read_bytes() == data


# -- 15: cookies of other programs, and two studios in one browser --------------------------

def test_another_programs_unparseable_cookie_does_not_lock_the_gm_out(folder):
    with studio_served(folder, TOKEN) as url:
        client = Client(url)
        home = client.get("/", headers={"Cookie": 'prefs={"theme":"dark"}; ' + cookie()})
        wrong = client.get("/", headers={"Cookie": 'prefs={"theme":"dark"}; ' + cookie("another-run")})
        client.close()
    assert home.status == 200
    assert wrong.status == 403  # a foreign cookie still opens nothing by itself


def test_each_run_has_its_own_cookie_name():
    assert security.cookie_name("run-a") != security.cookie_name("run-b")
    assert security.cookie_name("run-a").startswith("playaid-studio-")


# -- 14: the token never stands on the browser's command line ------------------------------

def test_the_browser_is_opened_on_a_private_redirect_file_not_on_the_token(run, folder, monkeypatch):
    import os
    import signal
    import stat
    import webbrowser
    from pathlib import Path
    from urllib.parse import urlsplit
    from urllib.request import url2pathname

    opened: list = []

    def open_(address):  # what `playaid studio` hands the browser; then Ctrl-C
        page = Path(url2pathname(urlsplit(address).path)) if address.startswith("file:") else None
        opened.append((address, page, page.read_text() if page else "",
                       stat.S_IMODE(page.stat().st_mode) if page else None,
                       stat.S_IMODE(page.parent.stat().st_mode) if page else None))
        os.kill(os.getpid(), signal.SIGINT)
        return True

    monkeypatch.setattr(webbrowser, "open", open_)
    result = run("studio", str(folder))
    assert result.exit_code == 0, result.output
    address, page, text, mode, folder_mode = opened[0]
    token = result.output.split("?token=")[1].split()[0]
    assert token not in address and address.startswith("file:")
    assert f"?token={token}" in text and 'http-equiv="refresh"' in text
    assert mode == 0o600 and folder_mode == 0o700
    assert not page.exists()  # removed when the studio stopped


# -- 15 in a real browser: another local app's cookie, and two studios side by side ---------

@pytest.mark.browser
def test_in_chromium_a_foreign_cookie_and_a_second_studio_lock_no_one_out(browser, tmp_path):
    first, second = tmp_path / "first", tmp_path / "second"
    for place in (first, second):
        shutil.copytree(EXAMPLES["dirt"], place / "dirt")
    other = OtherApp()
    try:
        with studio_served(first, "first-run") as one, studio_served(second, "second-run") as two:
            context = browser.new_context()
            page = context.new_page()
            try:
                page.goto(other.url + "/")  # the other app sets its cookie on 127.0.0.1
                assert page.goto(f"{one}/?token=first-run").status == 200
                assert page.goto(f"{two}/?token=second-run").status == 200
                # back to the first studio: its own cookie still opens it, beside the other two
                again = page.goto(f"{one}/edit/dirt/moss.yaml")
                assert again.status == 200 and "Moss" in page.content()
                assert page.goto(f"{two}/").status == 200
                jar = "; ".join(c["name"] + "=" + c["value"] for c in context.cookies())
                assert 'prefs={"theme":"dark"}' in jar
            finally:
                context.close()  # before the studios stop: an open event stream would report it
    finally:
        other.close()


def test_no_endpoint_answers_500_to_odd_input(folder):
    """Every route of the studio, each given what a confused page or a hostile one could send."""
    from playaid.studio import create_app

    (folder / "dirt" / "latin.yaml").write_bytes(b"system: dirt\nname: Ren\xe9\n")
    (folder / "dirt" / "bomb.yaml").write_text(alias_bomb())
    (folder / "dirt" / "deep.yaml").write_text(nested(600))
    odd_paths = ["dirt/moss.yaml", "nofolder/x.yaml", "dirt/latin.yaml", "dirt/bomb.yaml", "dirt/deep.yaml",
                 "dirt/%00.yaml", "../x.yaml", "dirt/<b>.yaml", "output/x.yaml"]
    odd_texts = ["", alias_bomb(), nested(600), "system: dirt\nkind: character\nname: [\n", "\ufffd\x00"]
    routes = sorted((r.path for r in create_app(folder, token=TOKEN, watch=False).routes if hasattr(r, "methods")),
                    key=lambda r: r.startswith("/api/file"))  # last: they move the files away
    served = []
    with studio_served(folder, TOKEN) as url:
        client = Client(url, timeout=30)
        for route in routes:
            for rel in odd_paths:
                path = (route.replace("{rel:path}", rel).replace("{path:path}", rel).replace("{name:path}", rel)
                        .replace("{system}", "dirt").replace("{key}", "nope").replace("{n:int}", "1"))
                names_a_file = any(f"{{{p}:path}}" in route for p in ("rel", "path", "name"))
                if "{" in path or (not names_a_file and not route.startswith("/api") and rel != odd_paths[0]):
                    continue  # a route with no file in its path or form answers the same for every path
                for text in odd_texts if route.startswith("/api") else [""]:
                    if route == "/events":
                        continue  # a stream: it answers 200 and stays open
                    form = {"text": text, "base": "x", "paper": "a4", "file": rel, "name": text[:40],
                            "entry": rel, "field": "x", "dice": "1,2", "pick": "dirt/character"}
                    answer = client.post(path, form) if route.startswith(("/api", "/odds/{system}/print",
                                                                          "/table-undo")) else client.get(path)
                    served.append((path, answer.status))
                    assert answer.status < 500, (path, text[:30], answer.text[:300])
        client.close()
    assert len(served) > 100


@pytest.mark.browser
def test_in_chromium_the_redirect_file_opens_the_studio(browser, folder):
    import shutil as shell

    from playaid.commands.studio import _redirect_file

    with studio_served(folder, TOKEN) as url:
        opener = _redirect_file(f"{url}/?token={TOKEN}")
        context = browser.new_context()
        page = context.new_page()
        try:
            page.goto(opener.as_uri())
            page.wait_for_url(f"{url}/")  # the token swapped for the cookie, the address clean
            assert page.locator("text=dirt/moss.yaml").count() >= 1
        finally:
            context.close()
            shell.rmtree(opener.parent)
