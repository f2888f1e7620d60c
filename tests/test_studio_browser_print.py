"""A game's own Print buttons in a real Chromium: the map and the deck are clicked, written
to `output/` and downloaded; a Sapio advancement is edited in the form."""

from __future__ import annotations

import shutil

import pytest
import yaml

from conftest import EXAMPLES
from studio_pages import Served

pytestmark = pytest.mark.browser
pytest.importorskip("playwright.sync_api")
TOKEN = "print-token"


@pytest.fixture(scope="module")
def studio(tmp_path_factory):
    from playaid.studio import create_app

    folder = tmp_path_factory.mktemp("prints")
    for game in ("isolation", "fight-club", "sapio"):
        shutil.copytree(EXAMPLES[game], folder / game)
    app = create_app(folder, token=TOKEN, workers=1)
    with Served(app) as served:
        yield served.url, folder
        app.state.studio.stopping()


@pytest.fixture
def page(browser, studio):
    url, _ = studio
    context = browser.new_context(viewport={"width": 1280, "height": 900}, accept_downloads=True)
    page = context.new_page()
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text)
            if m.type == "error" and not m.text.startswith(("htmx:sendAbort", "htmx:afterRequest")) else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{url}/?token={TOKEN}")
    yield page
    context.close()
    assert not errors, errors


@pytest.mark.parametrize("rel, button", [("isolation/farmhouse.yaml", "Print relationship map and worksheets"),
                                         ("fight-club/deck-custom.yaml", "Print card deck")])
def test_a_map_or_deck_print_button_writes_and_downloads_the_pdf(page, studio, rel, button):
    from pdfs import assert_printable
    from print_checks import page_count

    url, folder = studio
    page.goto(f"{url}/edit/{rel}")
    page.get_by_role("button", name=button).click()
    link = page.locator("#print-status a").first
    link.wait_for(timeout=30_000)
    with page.expect_download() as download:
        link.click()
    saved = folder / "output" / download.value.suggested_filename
    assert saved.is_file() and page_count(saved) >= 1
    assert_printable(saved)
    assert open(download.value.path(), "rb").read() == saved.read_bytes()


def test_a_sapio_advancement_is_edited_in_the_form(page, studio):
    url, folder = studio
    page.goto(f"{url}/edit/sapio/ines.yaml")
    reward = page.locator('[name="advancements[0].cycle_reward"]')
    reward.select_option("change-word")  # the first advancement completes no cycle
    problem = page.locator("#p-advancements-0-cycle_reward .problem")
    problem.wait_for()
    assert "cycle" in problem.inner_text() and "fix:" in problem.inner_text()
    reward.select_option("")
    problem.wait_for(state="detached")
    with page.expect_response(lambda r: "/api/form/" in r.url):
        page.locator('[name="advancements[1].gained"]').fill("Sharp Eyes")
    page.get_by_role("button", name="Save").click()
    page.locator("#status", has_text="Saved").wait_for()
    saved = yaml.safe_load((folder / "sapio" / "ines.yaml").read_text(encoding="utf-8"))
    assert saved["advancements"][1] == {"type": "quality", "gained": "Sharp Eyes"}
    assert not saved["advancements"][0].get("cycle_reward")
