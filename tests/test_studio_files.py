"""Files by their names, in-process: a new file named after what the GM typed, the name shown
beside each file, rename, duplicate, delete into the folder's trash and restore from it."""

from __future__ import annotations

import shutil
from urllib.parse import urlencode

import pytest

from conftest import EXAMPLES
from playaid.studio.file_ops import TRASH, safe_stem
from test_studio_safety import SAME, run

FORM = {"Content-Type": "application/x-www-form-urlencoded", "HX-Request": "true", **SAME}


def post(client, url, **fields):
    return client.post(url, content=urlencode(fields), headers=FORM)


@pytest.mark.parametrize("typed, stem", [("Ines Varga", "ines-varga"), ("Zoë  O'Brien", "zoe-o-brien"),
                                         ("../../etc/passwd", "etc-passwd"), ("???", "fallback"),
                                         ("Миша", "fallback"), ("CON", "fallback"), ("a" * 200, "a" * 60)])
def test_a_typed_name_becomes_a_safe_ascii_file_stem(typed, stem):
    assert safe_stem(typed, "fallback") == stem


def test_a_new_file_is_named_after_what_the_gm_typed_and_holds_the_name(tmp_path):
    async def script(client):
        first = await post(client, "/api/new", pick="isolation/character", name="Ines Varga")
        second = await post(client, "/api/new", pick="isolation/character", name="Ines Varga")
        unnamed = await post(client, "/api/new", pick="isolation/setup", name="")
        return first, second, unnamed, await client.get("/")

    first, second, unnamed, home = run(tmp_path, script)
    assert first.headers["HX-Redirect"] == "/edit/ines-varga.yaml"
    assert second.headers["HX-Redirect"] == "/edit/ines-varga-2.yaml"   # never overwrites
    assert unnamed.headers["HX-Redirect"] == "/edit/isolation-setup.yaml"
    assert "name: Ines Varga" in (tmp_path / "ines-varga.yaml").read_text()
    # the Files page shows the name the file holds beside the file
    assert '<strong class="own-name">Ines Varga</strong> · ines-varga.yaml</a>' in home.text


def test_a_typed_name_that_needs_quoting_reaches_the_file_as_typed(tmp_path):
    import yaml

    async def script(client):
        return await post(client, "/api/new", pick="isolation/character", name="Eve: the #1 'quiet' one")

    answer = run(tmp_path, script)
    rel = answer.headers["HX-Redirect"].removeprefix("/edit/")
    assert rel == "eve-the-1-quiet-one.yaml"
    assert yaml.safe_load((tmp_path / rel).read_text())["name"] == "Eve: the #1 'quiet' one"


@pytest.fixture
def folder(tmp_path):
    shutil.copytree(EXAMPLES["isolation"], tmp_path / "iso")
    return tmp_path


def test_rename_keeps_the_folder_and_the_text_and_refuses_a_taken_name(folder):
    before = (folder / "iso/alice.yaml").read_bytes()

    async def script(client):
        taken = await post(client, "/api/file/rename", file="iso/alice.yaml", name="bob")
        done = await post(client, "/api/file/rename", file="iso/alice.yaml", name="Alice Moreau")
        outside = await post(client, "/api/file/rename", file="../x.yaml", name="y")
        return taken, done, outside

    taken, done, outside = run(folder, script)
    assert "already exists" in taken.text and "error" in taken.text
    assert "iso/alice-moreau.yaml" in done.text and done.headers["HX-Trigger"] == "files-changed"
    assert not (folder / "iso/alice.yaml").exists()
    assert (folder / "iso/alice-moreau.yaml").read_bytes() == before      # comments and all
    assert "Not done" in outside.text and not (folder / "y.yaml").exists()


def test_duplicate_writes_a_copy_beside_the_file(folder):
    async def script(client):
        return [await post(client, "/api/file/duplicate", file="iso/bob.yaml") for _ in range(2)]

    one, two = run(folder, script)
    assert (folder / "iso/bob-copy.yaml").read_bytes() == (folder / "iso/bob.yaml").read_bytes()
    assert (folder / "iso/bob-copy-2.yaml").exists() and "iso/bob-copy-2.yaml" in two.text


def test_delete_moves_the_file_to_the_trash_and_the_files_page_restores_it(folder):
    before = (folder / "iso/eve.yaml").read_bytes()

    async def script(client):
        deleted = await post(client, "/api/file/delete", file="iso/eve.yaml")
        page = await client.get("/fragment/files")
        (folder / "iso/eve.yaml").write_text("name: a new Eve\n")   # the name is taken again meanwhile
        import re
        entry = re.search(r'"entry": "([^"]+)"', page.text)[1]
        restored = await post(client, "/api/file/restore", entry=entry)
        again = await post(client, "/api/file/restore", entry=entry)
        forged = await post(client, "/api/file/restore", entry="../../iso/bob.yaml")
        return deleted, page, restored, again, forged, await client.get("/fragment/files")

    deleted, page, restored, again, forged, after = run(folder, script)
    assert "to the trash" in deleted.text
    trashed = list((folder / TRASH).rglob("eve.yaml"))
    assert trashed == []                                    # restored out of it again
    assert "iso/eve.yaml" in page.text and "Restore" in page.text
    assert 'href="/edit/iso/eve.yaml"' not in page.text     # no longer listed as a file
    assert "iso/eve-2.yaml" in restored.text                 # beside the new one, nothing overwritten
    assert (folder / "iso/eve-2.yaml").read_bytes() == before
    assert "no longer in the trash" in again.text
    assert "not an entry of the trash" in forged.text and (folder / "iso/bob.yaml").exists()
    assert "Trash" not in after.text                          # an emptied trash is not shown


def test_a_delete_never_unlinks_the_file(folder):
    async def script(client):
        return await post(client, "/api/file/delete", file="iso/bob.yaml")

    run(folder, script)
    [kept] = list((folder / TRASH).rglob("bob.yaml"))
    assert kept.read_text().startswith((EXAMPLES["isolation"] / "bob.yaml").read_text()[:20])


def test_a_restore_landing_while_the_list_is_read_never_shows_the_file_nowhere(tmp_path, monkeypatch):
    # the files and the trash are two reads: a restore between them showed the file in neither,
    # and that list could be the page's last redraw (seen in Chromium under load)
    from types import SimpleNamespace

    from playaid.studio import folder_page
    from playaid.studio.file_ops import restore, to_trash, trashed

    shutil.copy(EXAMPLES["dirt"] / "moss.yaml", tmp_path / "moss.yaml")
    entry = to_trash(tmp_path, "moss.yaml")
    studio = SimpleNamespace(folder=tmp_path)
    real, calls = folder_page.index, []

    def index_then_restore(studio):
        groups = real(studio)  # the files read while moss.yaml is still in the trash …
        if not calls:
            restore(tmp_path, entry)  # … and the GM's restore lands before the trash is read
        calls.append(1)
        return groups

    monkeypatch.setattr(folder_page, "index", index_then_restore)
    groups, trash = folder_page.listing(studio)
    listed = [c.rel for g in groups for c in g.files]
    assert listed == ["moss.yaml"] and trash == [] and trashed(tmp_path) == []
    assert len(calls) == 2  # read again once the trash had moved
