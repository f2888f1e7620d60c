"""The studio's speed, server side: the figures the README's "Studio" section quotes.

    python benchmarks/studio.py [--edits 20]

Starts the app on a free port the way `playaid studio` does (a warm render pool), then:
- first page: the folder page and an editor page, each fetched once (ms);
- preview: N edits of a one-page Dirt sheet posted one after another, each a new text,
  timed from request to answer (p50, p95; the server's own Server-Timing splits it);
- problems: the same edits through the form (check only, no picture), p50 and p95;
- burst: 20 previews of one file posted at once: how many answered 204 (superseded),
  how many were drawn, and the largest resident memory of the server and its workers;
- with `--browser`, in Debian's Chromium: from the last keystroke of a name typed into the
  form to the new preview's `load` event (debounce included), p50 and p95 of 10 edits.
"""

from __future__ import annotations

import argparse
import os
import shutil
import socket
import statistics
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import httpx  # noqa: E402
import uvicorn  # noqa: E402

from playaid.systems import REGISTRY  # noqa: E402
from playaid.studio import create_app  # noqa: E402
from playaid.studio.security import cookie_name  # noqa: E402

TOKEN = "bench"
SAME = {"sec-fetch-site": "same-origin"}


def _rss_mb(pids: list[int]) -> float:
    total = 0
    for pid in pids:
        try:
            for line in Path(f"/proc/{pid}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1])
        except OSError:
            pass
    return total / 1024


def _percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def main(edits: int, browser: bool) -> None:
    folder = Path(tempfile.mkdtemp())
    shutil.copytree(REGISTRY["dirt"].examples, folder / "dirt")
    app = create_app(folder, token=TOKEN)  # one worker, as `playaid studio` runs
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    server = uvicorn.Server(uvicorn.Config(app, lifespan="on", log_level="warning", timeout_graceful_shutdown=1))
    started = time.perf_counter()
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    while not server.started:
        time.sleep(0.01)
    print(f"ready (warm pool) in {time.perf_counter() - started:.2f} s")
    url = f"http://127.0.0.1:{sock.getsockname()[1]}"
    text = (folder / "dirt" / "moss.yaml").read_text(encoding="utf-8")
    with httpx.Client(base_url=url, cookies={cookie_name(TOKEN): TOKEN}, timeout=60) as client:
        for page in ("/", "/edit/dirt/moss.yaml"):
            at = time.perf_counter()
            client.get(page).raise_for_status()
            print(f"first page {page}: {(time.perf_counter() - at) * 1000:.0f} ms")
        client.post("/api/preview/dirt/moss.yaml", data={"text": text}, headers=SAME)  # the first one, not counted
        previews, checks = [], []
        for i in range(edits):
            edited = text.replace("Moss", f"Moss {i}", 1)
            at = time.perf_counter()
            client.post("/api/preview/dirt/moss.yaml", data={"text": edited}, headers=SAME).raise_for_status()
            previews.append((time.perf_counter() - at) * 1000)
        for i in range(edits):  # apart: each check also starts drawing its text, which would share the worker
            at = time.perf_counter()
            client.post("/api/form/dirt/moss.yaml", data={"text": text, "base": "", "name": f"Moss {i}!"},
                        headers=SAME).raise_for_status()
            checks.append((time.perf_counter() - at) * 1000)
        time.sleep(1)  # the drawings those checks started
        print(f"preview of an edit ({edits}): p50 {statistics.median(previews):.0f} ms, "
              f"p95 {_percentile(previews, 0.95):.0f} ms")
        print(f"problems of an edit ({edits}): p50 {statistics.median(checks):.0f} ms, "
              f"p95 {_percentile(checks, 0.95):.0f} ms")
        pids = [os.getpid(), *getattr(app.state.studio.renders.pool, "_processes", {}).keys()]

        def one(i: int) -> int:
            return client.post("/api/preview/dirt/moss.yaml", data={"text": text.replace("Moss", f"Burst {i}", 1)},
                               headers=SAME).status_code

        peak = _rss_mb(pids)
        with ThreadPoolExecutor(20) as pool:
            futures = [pool.submit(one, i) for i in range(20)]
            while not all(f.done() for f in futures):
                peak = max(peak, _rss_mb(pids))
                time.sleep(0.02)
            codes = [f.result() for f in futures]
        print(f"burst of 20 at once: {codes.count(204)} answered 204 (superseded), {codes.count(200)} drawn, "
              f"{codes.count(503)} busy; peak memory of the server and its workers {peak:.0f} MB")
        if browser:
            _in_the_browser(url)
    app.state.studio.stopping()
    server.should_exit = True
    thread.join(timeout=10)
    shutil.rmtree(folder, ignore_errors=True)


WATCH_PREVIEW = """() => { window.drawn = [];
  new MutationObserver(() => document.querySelectorAll('#preview img').forEach(img =>
      img.addEventListener('load', () => window.drawn.push(performance.now()), {once: true})))
    .observe(document.querySelector('#preview'), {childList: true}); }"""


def _in_the_browser(url: str, edits: int = 10) -> None:
    from playwright.sync_api import sync_playwright

    chromium = shutil.which("chromium")
    if chromium is None:
        print("browser: skipped, needs Debian's chromium")
        return
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium, headless=True)
        page = browser.new_page()
        page.goto(f"{url}/?token={TOKEN}")
        page.goto(f"{url}/edit/dirt/moss.yaml")
        page.locator("#preview img").first.wait_for()
        page.evaluate(WATCH_PREVIEW)
        times = []
        for i in range(edits):
            page.locator('[name="name"]').fill("")
            page.locator('[name="name"]').press_sequentially(f"Keyed {i}", delay=40)  # never drawn before: no cached picture
            typed = page.evaluate("() => performance.now()")
            for _ in range(400):
                done = [t for t in page.evaluate("() => window.drawn") if t > typed]
                if done:
                    times.append(done[0] - typed)
                    break
                time.sleep(0.01)
        browser.close()
    print(f"browser, last keystroke to new preview on screen ({len(times)} of {edits}): "
          f"p50 {statistics.median(times):.0f} ms, p95 {_percentile(times, 0.95):.0f} ms")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--edits", type=int, default=20)
    parser.add_argument("--browser", action="store_true", help="also time the preview in a real Chromium")
    options = parser.parse_args()
    main(options.edits, options.browser)
