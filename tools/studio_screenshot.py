"""The README's picture of the studio, taken by Debian's Chromium through Playwright.

    python tools/studio_screenshot.py docs/studio.png

Serves a copy of the bundled examples, opens the Isolation setup in the editor (its cast
ticked by name, its links' ends chosen from the cast), raises the Stress past what the
rules start a scenario with so a problem shows, waits for the preview and saves the window.
"""

from __future__ import annotations

import shutil
import socket
import sys
import tempfile
import threading
import time
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from playaid.systems import REGISTRY  # noqa: E402
from playaid.studio import create_app  # noqa: E402

TOKEN = "screenshot"


@contextmanager
def serving(folder: Path):
    import uvicorn

    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    app = create_app(folder, token=TOKEN)
    server = uvicorn.Server(uvicorn.Config(app, lifespan="on", log_level="warning", timeout_graceful_shutdown=1))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    while not server.started:
        time.sleep(0.05)
    try:
        yield f"http://127.0.0.1:{sock.getsockname()[1]}"
    finally:
        app.state.studio.stopping()
        server.should_exit = True
        thread.join(timeout=10)


def main(target: str) -> None:
    from playwright.sync_api import sync_playwright

    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if chromium is None:
        sys.exit("needs Debian's chromium: apt-get install chromium (make screenshot installs it)")
    with sync_playwright() as p, tempfile.TemporaryDirectory() as tmp, serving(_examples(Path(tmp))) as url:
        browser = p.chromium.launch(executable_path=chromium, headless=True)
        context = browser.new_context(viewport={"width": 1280, "height": 800}, device_scale_factor=2)
        context.set_default_timeout(20_000)
        page = context.new_page()
        page.goto(f"{url}/?token={TOKEN}")
        page.goto(f"{url}/edit/examples/isolation/farmhouse.yaml")
        page.locator("#preview img").first.wait_for()
        # the cast ticked by name, a link's ends chosen from it, and a Stress past the rules' start
        page.locator('[name="stress"]').fill("5")
        page.locator("#p-stress .problem, #summary .problem").first.wait_for()
        page.locator("#preview img").first.wait_for()
        for _ in range(200):  # (wait_for_function with a string needs eval, which the CSP forbids)
            if page.locator("#preview img").first.evaluate("i => i.complete && i.naturalWidth > 0"):
                break
            time.sleep(0.05)
        page.screenshot(path=target, animations="disabled")
        print(f"wrote {target}")
        context.close()
        browser.close()


def _examples(folder: Path) -> Path:
    for game in REGISTRY:
        if REGISTRY[game].examples:
            shutil.copytree(REGISTRY[game].examples, folder / "examples" / game, ignore=shutil.ignore_patterns("__pycache__"))
    return folder


if __name__ == "__main__":
    args = sys.argv[1:]
    if not args:
        sys.exit(__doc__)
    main(args[0])
