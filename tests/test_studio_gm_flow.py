"""A GM's evening in the studio, in a real Chromium (issue 35, Done when): an Isolation table
of three built from an empty folder with no file name typed and no YAML view — three
characters through the form, a setup whose cast is ticked by name and whose link ends are
chosen from the cast — then its packet printed and opened."""

from __future__ import annotations


import pytest
import yaml

from conftest import EXAMPLES
from studio_pages import studio_served
from playaid.documents import Library
from test_studio_browser import _fill

pytestmark = pytest.mark.browser
pytest.importorskip("playwright.sync_api")

TOKEN = "flow-token"
CAST = ("alice.yaml", "bob.yaml", "eve.yaml")


@pytest.fixture
def studio(tmp_path):
    folder = tmp_path / "empty"
    folder.mkdir()
    with studio_served(folder, TOKEN) as url:
        yield url, folder


def _create(page, url: str, pick: str, name: str) -> None:
    page.goto(f"{url}/")
    page.get_by_label("Game and kind of file").select_option(pick)
    page.fill("#new-name", name)  # the character's or table's name: the file is named after it
    page.get_by_role("button", name="Create").click()
    page.wait_for_url("**/edit/**")
    page.locator("#fields").wait_for()


def _settled(page) -> None:
    """Wait for the form's debounced check to come back (a loaded machine may take a while)."""
    with page.expect_response(lambda r: "/api/form/" in r.url, timeout=60_000):
        page.locator("#fields input[type=text], #fields textarea").first.dispatch_event("input")


def _save(page) -> None:
    _settled(page)
    page.get_by_role("button", name="Save").click()
    page.locator("#status", has_text="Saved").wait_for()


def test_an_isolation_table_of_three_from_an_empty_folder_through_the_form_then_its_packet(browser, studio):
    from pypdfium2 import PdfDocument

    url, folder = studio
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text)
            if m.type == "error" and not m.text.startswith(("htmx:sendAbort", "htmx:afterRequest")) else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{url}/?token={TOKEN}")
    setup_example = yaml.safe_load((EXAMPLES["isolation"] / "farmhouse.yaml").read_text(encoding="utf-8"))
    names = []
    for name in CAST:
        data = yaml.safe_load((EXAMPLES["isolation"] / name).read_text(encoding="utf-8"))
        names.append(data["name"])
        _create(page, url, "isolation/character", data["name"])
        _fill(page, data)
        _save(page)

    _create(page, url, "isolation/setup", setup_example["name"])
    page.locator('[name="stress"]').fill(str(setup_example["stress"]))
    for name in names:  # the cast, by the characters' names: no file name typed
        page.get_by_label(name, exact=True).check()
    _settled(page)
    for i, link in enumerate(setup_example["links"][:2]):
        with page.expect_response(lambda r: "/api/add/" in r.url):
            page.get_by_role("button", name="Add one to links").click()
        ends = page.locator(f'[id="w-links-{i}-between"]')
        ends.wait_for()
        assert page.locator(f'#p-links-{i} .problem').count() == 0  # nothing chosen yet: no error shouted
        for end in link["between"]:
            ends.get_by_label(end, exact=True).check()
        page.locator(f'[name="links[{i}].color"]').select_option(link["color"])
        page.locator(f'[name="links[{i}].label"]').fill(link["label"])
        _settled(page)
    assert page.locator("details.yaml-view").count() == 1  # there, but never opened or typed in
    _save(page)

    rel = page.url.split("/edit/", 1)[1]
    assert rel == "the-farmhouse-in-january.yaml"
    assert sorted(p.name for p in folder.glob("[!.]*.yaml")) == sorted(
        ["alice-moreau.yaml", "bob-tanner.yaml", "eve-lindqvist.yaml", rel])
    library = Library()
    doc = library.load(folder / rel)
    assert doc.valid, [p.message for p in library.problems() if p.is_error]
    saved = yaml.safe_load((folder / rel).read_text(encoding="utf-8"))
    assert all(isinstance(c, str) for c in saved["characters"]) and len(saved["characters"]) == 3
    assert [sorted(l["between"]) for l in saved["links"]] == [sorted(l["between"]) for l in setup_example["links"][:2]]

    page.get_by_role("button", name="Print table packet").click()
    link = page.locator("#print-status a").first
    link.wait_for(timeout=120_000)
    with page.expect_download() as download:
        link.click()
    pdf = folder / "output" / download.value.suggested_filename
    text = "".join(p.get_textpage().get_text_range() for p in PdfDocument(pdf))
    assert all(name in text for name in names)
    context.close()
    assert not errors, errors
