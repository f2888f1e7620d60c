"""The studio's fifth security round (issue 42, items 13-18), against a served studio.

Each test serves the real app with uvicorn on a free port of 127.0.0.1 (as `playaid
studio` does) and speaks HTTP to it over real connections, so a blocked event loop, a
dead keep-alive connection or a missing header shows as it would in the GM's browser.
"""

from __future__ import annotations

import http.client
import shutil
import threading
import time
from urllib.parse import urlencode

import pytest

from conftest import EXAMPLES
from studio_pages import studio_served

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
