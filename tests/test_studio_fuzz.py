"""Every route of the studio, fuzzed (issue 42's done-when: the fuzzers cover every studio
endpoint): random methods, paths, query strings, headers and bodies, sent in-process with
Starlette's TestClient to the whole app (its render worker up).

Whatever arrives: no answer is a 500 (or any 5xx), every answer carries the safety headers
`security.Shell` promises, and nothing is written outside the served folder, however the
path climbs out of it.
"""

from __future__ import annotations

import os
import string
from pathlib import Path
from urllib.parse import quote, urlencode

import pytest
from hypothesis import HealthCheck, event, given, reject, settings
from hypothesis import strategies as st

from conftest import GAME_IDS
from studio_pages import copy_examples

from playaid.studio import create_app, security

httpx = pytest.importorskip("httpx")
TOKEN = "fuzzing-token"
HOST = "127.0.0.1:8000"
METHODS = ["GET", "GET", "POST", "POST", "POST", "HEAD", "PUT", "DELETE", "OPTIONS", "PATCH"]
FIELDS = ["apply", "base", "cast", "characters", "count", "dice", "doc", "entry", "event", "face", "field", "file",
          "kind", "maximum", "minimum", "name", "output", "paper", "pick", "redo", "restart", "system", "text",
          "typed", "undo", "who"]
"""Every form field a studio page reads (`form.get(…)` in playaid/studio)."""
PATHS = {"file", "entry", "doc", "output", "name", "pick", "characters", "cast"}
"""Fields that name a file (or a name a file is made from): given the ways out of the folder."""
QUERY = ["token", "file", "mode", "pool", "vs", "versus", "green", "gm", "scene", "tn", "threshold", "format"]
MOSS = "system: dirt\nkind: character\nname: Moss\n"
ODD = ["", "0", "-1", "99999999999", "a4", "letter", "dirt/character", "1,2", "1,2,x", "d6", "[", "{a: [",
       "\x00", "\ufffd", "<script>alert(1)</script>", "../../outside/secret.yaml", "w" * 3000, MOSS,
       "system: dirt\nkind: character\nname: " + "[" * 300 + "]" * 300 + "\n",  # deep nesting
       "a0: &a0 [x, x, x, x, x, x, x, x, x]\n" + "".join(  # nested aliases: 9**7 names in 400 bytes
           f"a{i}: &a{i} [{', '.join([f'*a{i - 1}'] * 9)}]\n" for i in range(1, 8))]


INSIDE = ["dirt/moss.yaml", "dirt/scout.yaml", "isolation/farmhouse.yaml", "contest/scene-riot.yaml", "dirt/new.yaml",
          "nofolder/x.yaml", "dirt/.hidden.yaml", ".trash/x.yaml", "output/x.yaml", "output/odds-dirt.pdf",
          "dirt/moss.txt", "dirt", "", "dirt/%00.yaml", "dirt/<b>.yaml", "dirt/" + "x" * 300 + ".yaml"]
"""Paths a page names: the folder's own files, and the kinds it refuses."""


def _escapes(outside: Path, in_url: bool) -> list[str]:
    """Every way out of the folder we know of, toward the folder beside it. In an address the
    dots and slashes are percent-encoded, as the client would otherwise resolve `..` itself."""
    plain = ["../outside/new.yaml", "../outside/secret.yaml", "dirt/../../outside/new.yaml", "..\\outside\\new.yaml",
             "C:/outside/new.yaml", str(outside / "new.yaml"), str(outside / "secret.yaml"), "/etc/passwd",
             "../outside", "..", "../served/dirt/../../outside/new.yaml"]
    if not in_url:
        return plain
    return [p.replace(".", "%2e").replace("/", "%2F") for p in plain] + \
        ["%2e%2e/outside/new.yaml", "/" + str(outside / "new.yaml"), "dirt/%2E%2E/%2E%2E/outside/new.yaml"]


@pytest.fixture(scope="module")
def studio(tmp_path_factory):
    """The whole studio on a copy of every game's examples, beside a folder it must never touch."""
    from starlette.testclient import TestClient

    root = tmp_path_factory.mktemp("studio-fuzz")
    folder, outside = root / "served", root / "outside"
    copy_examples(folder)
    outside.mkdir()
    (outside / "secret.yaml").write_text("system: dirt\nkind: character\nname: Outside\n")
    app = create_app(folder, token=TOKEN, workers=1, watch=False)
    with TestClient(app, base_url=f"http://{HOST}", follow_redirects=False) as client:
        app.state.studio.stopping()  # event streams end at once: GET /events answers and closes
        yield client, root, folder, outside


def _outside_of(root: Path, folder: Path) -> dict[str, tuple[int, int]]:
    """Every path under `root` but the served folder, with its size and modification time."""
    seen = {}
    for here, dirs, files in os.walk(root):
        dirs[:] = [d for d in dirs if Path(here, d) != folder]
        for name in [*dirs, *files]:
            st_ = Path(here, name).lstat()
            seen[os.path.relpath(Path(here, name), root)] = (st_.st_size, st_.st_mtime_ns)
    return seen


def _routes(app) -> list[tuple[str, list[str]]]:
    """Each route's path and methods; a mount (static files, fonts) as `/static/{file}`."""
    return [(r.path, sorted(r.methods)) if hasattr(r, "methods") else (r.path + "/{file}", ["GET", "HEAD"])
            for r in app.routes]


ROUTES = [*_routes(create_app(Path("."), token=TOKEN, watch=False)), ("/{anything}", METHODS)]
"""Every route of the app, and a path none has."""
printable = st.text(alphabet=string.printable.strip() + " äΩ", max_size=20)


@st.composite
def requests(draw, outside: Path, route: tuple[str, list[str]]):
    """(method, url, headers, body) for one request to `route`."""
    # a third of the paths named lead out of the folder, a third are the folder's own, a third anything
    in_url = st.one_of(st.sampled_from(_escapes(outside, True)), st.sampled_from(INSIDE), printable)
    in_form = st.one_of(st.sampled_from(_escapes(outside, False)), st.sampled_from(INSIDE), printable)
    path, methods = route
    for name in ("{rel:path}", "{path:path}", "{name:path}"):
        path = path.replace(name, draw(in_url))
    path = (path.replace("{system}", draw(st.sampled_from([*GAME_IDS, "nope", "..", "%2e%2e", ""])))
            .replace("{key}", draw(st.sampled_from(["x", "0" * 64, ".."])))
            .replace("{n:int}", str(draw(st.integers(-1, 10**6))))
            .replace("{file}", draw(st.sampled_from(["htmx.min.js", "studio.css", "nope.js", "../app.py",
                                                     "DejaVuSans.ttf", "%2e%2e/%2e%2e/etc/passwd"]))))
    path = path.replace("{anything}", draw(printable))
    url = quote(path, safe="/%:@!$&'()*+,;=~")
    query = draw(st.dictionaries(st.sampled_from(QUERY), st.one_of(st.sampled_from(ODD[:12]), printable), max_size=3))
    if query:
        url += "?" + urlencode(query)
    # most requests pass the guards, so the pages behind them are what is fuzzed; a few do not
    headers = {"host": HOST, "cookie": f"{security.cookie_name(TOKEN)}={TOKEN}", "sec-fetch-site": "same-origin"}
    if draw(st.integers(0, 4)) == 0:
        name = draw(st.sampled_from(["host", "cookie", "sec-fetch-site", "origin"]))
        headers[name] = draw(st.sampled_from({
            "host": ["evil.example", "127.0.0.1:8000.evil.example", "localhost:1", "[::1]:8000", ""],
            "cookie": ["", f"{security.cookie_name(TOKEN)}=guess", f"playaid-studio={TOKEN}",
                       'prefs={"a":1}; ' + f"{security.cookie_name(TOKEN)}={TOKEN}"],
            "sec-fetch-site": ["cross-site", "same-site", "none", ""],
            "origin": [f"http://{HOST}", "http://evil.example", "null"]}[name]))
    for _ in range(draw(st.integers(0, 2))):
        headers[draw(st.sampled_from(["content-type", "accept", "hx-request", "x-forwarded-for", "range",
                                      "content-encoding"]))] = draw(st.sampled_from(
                                          ["application/x-www-form-urlencoded", "multipart/form-data; boundary=x",
                                           "application/json", "text/plain", "true", "bytes=5-1", "gzip",
                                           "", "*/*"]))
    if draw(st.integers(0, 3)):
        # a page's own form, each field kept or not, each value one a page sends or an odd one
        form = {name: draw(in_form if name in PATHS else st.one_of(st.sampled_from(ODD), printable))
                for name in FIELDS if draw(st.booleans())}
        form.update(draw(st.dictionaries(printable, printable, max_size=2)))
        body = urlencode(form).encode()
        headers.setdefault("content-type", "application/x-www-form-urlencoded")
    else:
        body = draw(st.one_of(st.binary(max_size=200), st.sampled_from([b"", b"%", b"a=%zz&b", b"\xff\xfe=1",
                                                                     b"x" * 300_000])))
    method = draw(st.sampled_from(methods)) if draw(st.integers(0, 7)) else draw(st.sampled_from(METHODS))
    return method, url, headers, body


def _one(client, method: str, url: str, headers: dict, body: bytes):
    client.cookies.clear()  # only the Cookie header this example chose
    try:
        return client.request(method, url, headers=headers, content=body if method not in ("GET", "HEAD") else None)
    except (httpx.InvalidURL, httpx.LocalProtocolError, UnicodeEncodeError):
        reject()  # the client refused to send it: nothing reached the studio


@pytest.mark.parametrize("route", ROUTES, ids=[path for path, _ in ROUTES])
@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                  HealthCheck.too_slow])
@given(data=st.data())
def test_no_request_to_any_endpoint_answers_500_misses_a_header_or_writes_outside(studio, route, data):
    client, root, folder, outside = studio
    before = _outside_of(root, folder)
    method, url, headers, body = data.draw(requests(outside, route))
    answer = _one(client, method, url, headers, body)
    event(f"{method} {answer.status_code}")
    assert answer.status_code < 500, (method, url, answer.status_code, answer.text[:300])
    for name, value in security.HEADERS:
        assert answer.headers.get(name.decode()) == value.decode(), (method, url, name, answer.headers)
    assert _outside_of(root, folder) == before, (method, url)
