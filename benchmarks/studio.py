"""The studio's speed, server side: the figures docs/speed.md quotes.

    python benchmarks/studio.py [--edits 20]

Starts the app on a free port the way `playaid studio` does (a warm render pool), then:
- first page: the folder page and an editor page, each fetched once (ms);
- preview: N edits of a one-page Dirt sheet posted one after another, each a new text,
  timed from request to answer (p50, p95; the server's own Server-Timing splits it);
- problems: the same edits through the form (check only, no picture), p50 and p95;
- burst: 20 previews of one file posted at once: how many answered 204 (superseded),
  how many were drawn, and the largest resident memory of the server and its workers;
- with `--browser`, in Debian's Chromium: from the last keystroke of a name typed into the
  form to the new preview's `load` event (debounce included), p50 and p95 of 10 edits, once
  with the machine as it is ("idle") and once with a background load this script starts
  itself (`--load 2`: two CPU-bound processes, stopped after), each against its target.

Targets (issue 35, "Speed"; the budget of docs STUDIO.md §5): the server answers a preview
in <= 250 ms p50; keystroke to preview on screen <= 600 ms p50 idle (<= 700 ms p95) and
<= 900 ms p50 under load. Each figure is printed with its target and "pass" or "FAIL".
"""

from __future__ import annotations

import argparse
import contextlib
import os
import shutil
import statistics
import subprocess
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

from playaid.commands.studio import listen  # noqa: E402
from playaid.systems import REGISTRY  # noqa: E402
from playaid.studio import create_app  # noqa: E402
from playaid.studio.security import cookie_name  # noqa: E402
from report import Run  # noqa: E402  (benchmarks/report.py, beside this file)

TOKEN = "bench"
SAME = {"sec-fetch-site": "same-origin"}
SERVER_P50 = 250
IDLE_P50, IDLE_P95 = 600, 700
LOADED_P50 = 900


def _verdict(name: str, value: float, target: float) -> str:
    return f"{name} {value:.0f} ms (target <= {target} ms: {'pass' if value <= target else 'FAIL'})"


@contextlib.contextmanager
def _background_load(processes: int):
    """`processes` CPU-bound processes spinning while the block runs, then stopped (by their
    own ids: nothing else is touched)."""
    spinners = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(processes)]
    try:
        time.sleep(0.5)  # let them take the cores
        yield
    finally:
        for spinner in spinners:
            spinner.kill()
            spinner.wait()


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


def main(edits: int, browser: bool, load: int = 2) -> None:
    folder = Path(tempfile.mkdtemp())
    shutil.copytree(REGISTRY["dirt"].examples, folder / "dirt")
    app = create_app(folder, token=TOKEN)  # one worker, as `playaid studio` runs
    sock = listen("127.0.0.1", 0)  # the studio's own socket: TCP_NODELAY on every connection
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
        print(f"preview of an edit ({edits}): {_verdict('p50', statistics.median(previews), SERVER_P50)}, "
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
            p50, p95 = _in_the_browser(url, "idle")
            print(f"  {_verdict('p50', p50, IDLE_P50)}, {_verdict('p95', p95, IDLE_P95)}")
            with _background_load(load):
                p50, p95 = _in_the_browser(url, f"with {load} CPU-bound processes running")
            print(f"  {_verdict('p50', p50, LOADED_P50)}, p95 {p95:.0f} ms")
    app.state.studio.stopping()
    server.should_exit = True
    thread.join(timeout=10)
    shutil.rmtree(folder, ignore_errors=True)


WATCH_PREVIEW = """() => { window.drawn = [];
  new MutationObserver(() => document.querySelectorAll('#preview img').forEach(img =>
      img.addEventListener('load', () => window.drawn.push(performance.now()), {once: true})))
    .observe(document.querySelector('#preview'), {childList: true}); }"""


def _in_the_browser(url: str, label: str, edits: int = 10) -> tuple[float, float]:
    """Keystroke to preview on screen in Chromium: (p50, p95) in ms, printed under `label`."""
    from playwright.sync_api import sync_playwright

    chromium = shutil.which("chromium")
    if chromium is None:
        sys.exit("browser: needs Debian's chromium (apt-get install chromium)")
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
            page.locator('[name="name"]').press_sequentially(f"Keyed {label[:4]} {i}", delay=40)  # never drawn before: no cached picture
            typed = page.evaluate("() => performance.now()")
            for _ in range(1000):
                done = [t for t in page.evaluate("() => window.drawn") if t > typed]
                if done:
                    times.append(done[0] - typed)
                    break
                time.sleep(0.01)
        browser.close()
    if not times:
        sys.exit(f"browser ({label}): no preview came back within 10 s of any of {edits} edits")
    p50, p95 = statistics.median(times), _percentile(times, 0.95)
    print(f"browser, {label} (load average {os.getloadavg()[0]:.1f}): last keystroke to new preview on screen "
          f"({len(times)} of {edits}): "
          f"p50 {p50:.0f} ms, p95 {p95:.0f} ms")
    return p50, p95


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--edits", type=int, default=20)
    parser.add_argument("--browser", action="store_true",
                        help="also time the preview in a real Chromium, idle and under a background load")
    parser.add_argument("--load", type=int, default=2, help="CPU-bound processes of the background load")
    options = parser.parse_args()
    with Run("studio"):
        main(options.edits, options.browser, options.load)
