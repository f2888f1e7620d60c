"""Building a table in a real Chromium (Debian's, driven by Playwright): files named from what
the GM typed, shown by name, deleted into the trash and restored, with no file name typed."""

from __future__ import annotations

import os
import re

import pytest

from studio_pages import studio_served

pytestmark = pytest.mark.browser
expect = pytest.importorskip("playwright.sync_api").expect
SHOTS = os.environ.get("PLAYAID_SHOTS")
"""A folder to leave screenshots in for a person to look at (unset: none are taken)."""


@pytest.fixture(scope="module")
def studio(tmp_path_factory):
    folder = tmp_path_factory.mktemp("empty-table")
    with studio_served(folder, "builder-token") as url:
        yield url, folder


@pytest.fixture
def page(browser, studio):
    url, _ = studio
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text)
            if m.type == "error" and not m.text.startswith(("htmx:sendAbort", "htmx:afterRequest")) else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("response", lambda r: errors.append(f"{r.status} {r.url}") if r.status >= 400 and r.status != 409 else None)
    page.goto(f"{url}/?token=builder-token")
    yield page
    context.close()
    assert errors == [], errors


def _new(page, url, pick, name):
    page.goto(f"{url}/")
    page.select_option("#new-game", pick)
    page.fill("#new-name", name)
    with page.expect_navigation(url="**/edit/**"):
        page.click("form.new button[type=submit]")


def test_files_are_named_from_the_name_typed_deleted_to_the_trash_and_restored(page, studio):
    url, folder = studio
    _new(page, url, "isolation/character", "Wren Hallow")
    assert page.url.endswith("/edit/wren-hallow.yaml")
    assert "name: Wren Hallow" in (folder / "wren-hallow.yaml").read_text()
    page.goto(f"{url}/")
    row = page.locator("#files li", has_text="wren-hallow.yaml")
    expect(row.locator(".own-name")).to_have_text("Wren Hallow")
    row.locator("summary").click()
    page.once("dialog", lambda d: d.accept())        # delete asks first
    row.get_by_role("button", name="Delete").click()
    expect(page.locator("#file-status")).to_contain_text("to the trash")
    expect(page.locator("#files .trash li", has_text="wren-hallow.yaml")).to_be_visible()
    assert not (folder / "wren-hallow.yaml").exists() and list(folder.glob(".trash/*/wren-hallow.yaml"))
    if SHOTS:
        page.screenshot(path=f"{SHOTS}/files-trash.png", full_page=True)
    page.locator("#files .trash li", has_text="wren-hallow.yaml").get_by_role("button", name="Restore").click()
    expect(page.locator("#file-status")).to_contain_text("Restored as wren-hallow.yaml")
    expect(page.locator("#files li", has_text="wren-hallow.yaml").locator(".own-name")).to_have_text("Wren Hallow")
    assert (folder / "wren-hallow.yaml").exists()


def test_a_file_is_renamed_and_copied_from_the_files_page(page, studio):
    url, folder = studio
    _new(page, url, "isolation/character", "Ada")
    page.goto(f"{url}/")
    row = page.locator("#files li", has_text="ada.yaml")
    row.locator("summary").click()
    row.get_by_label("New file name").fill("Ada the Smith")
    row.get_by_role("button", name="Rename").click()
    expect(page.locator("#file-status")).to_contain_text("now ada-the-smith.yaml")
    row = page.locator("#files li", has_text="ada-the-smith.yaml")
    row.locator("summary").click()
    row.get_by_role("button", name="Duplicate").click()
    expect(page.locator("#file-status")).to_contain_text("ada-the-smith-copy.yaml")
    expect(page.locator("#files li", has_text="ada-the-smith-copy.yaml")).to_be_visible()
    assert not (folder / "ada.yaml").exists()


def test_an_open_row_and_a_name_half_typed_survive_the_list_being_redrawn(page, studio):
    url, folder = studio
    _new(page, url, "isolation/character", "Juno")
    page.goto(f"{url}/")
    row = page.locator("#files li", has_text="juno.yaml")
    row.locator("summary").click()
    box = row.get_by_label("New file name")
    box.fill("Juno the Ha")
    page.evaluate("document.getElementById('files').setAttribute('data-before', 'yes')")
    # another program writes a file of the folder: the list is drawn anew from the server
    (folder / "other.yaml").write_text("system: isolation\nkind: character\nname: Other\n", encoding="utf-8")
    expect(page.locator("#files li", has_text="other.yaml")).to_be_visible(timeout=10_000)
    assert page.evaluate("document.getElementById('files').getAttribute('data-before')") is None  # redrawn
    expect(row.locator("details")).to_have_attribute("open", "")
    expect(box).to_have_value("Juno the Ha")
    expect(box).to_be_focused()
    box.press("End")
    box.type("wk")
    row.get_by_role("button", name="Rename").click()
    expect(page.locator("#file-status")).to_contain_text("now juno-the-hawk.yaml")


CAST = {"Mara Quist": ("Nurse", ["Charming", "Compassionate", "Quick-Witted"], ["Arrogant", "Nosy", "Impatient"]),
        "Tom Reyes": ("Farmer", ["Handy", "Patient", "Resourceful"], ["Stubborn", "Mistrustful", "Blunt"]),
        "Lena Voss": ("Geologist", ["Intelligent", "Calm", "Brave"], ["Cold", "Secretive", "Proud"])}


def _fill(page, field, value, shows):
    """Type into a form field and wait until the file's text holds it (the form's debounce)."""
    page.locator(f"#f-{field}").fill(value)
    expect(page.locator("#yaml")).to_have_value(re.compile(shows), timeout=10_000)


def _save(page):
    page.get_by_role("button", name="Save", exact=True).click()
    expect(page.locator("#status")).to_contain_text("Saved", timeout=10_000)
