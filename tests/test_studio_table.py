"""The studio's "at the table": it asks for each die as the procedure needs it, draws the
die's faces, and resolves the scene as `playaid roll --dice` does with the same dice."""

from __future__ import annotations

import asyncio
import html
import json
import re
from pathlib import Path

import pytest

from studio_pages import CHROMIUM, Served, browser_ready, copy_examples, make_app

import httpx  # noqa: E402  (after studio_pages: it skips the module without the web stack)

from conftest import EXAMPLES, roll_json

SCENES = sorted(EXAMPLES.relative(p) for p in EXAMPLES.rglob("scene-*.yaml"))
FORM = {"Content-Type": "application/x-www-form-urlencoded"}


def call(app, url: str, data: str | None = None, fragment: bool = True) -> httpx.Response:
    async def go():
        async with httpx.AsyncClient(transport=httpx.ASGITransport(app), base_url="http://127.0.0.1") as client:
            if data is None:
                return await client.get(url)
            return await client.post(url, content=data, headers={**FORM, **({"HX-Request": "true"} if fragment else {})})
    return asyncio.run(go())


@pytest.fixture(scope="module")
def folder(tmp_path_factory) -> Path:
    return copy_examples(tmp_path_factory.mktemp("folder"))


@pytest.fixture(scope="module")
def app(folder):
    return make_app(folder)


def dice_field(text: str) -> str:
    return re.search(r'<input type="hidden" name="dice" value="([^"]*)">', text).group(1)


def face_values(text: str) -> list[int]:
    return [int(v) for v in re.findall(r'<button type="submit" name="face" value="(\d+)"', text)]


def steps(text: str) -> list[str]:
    block = re.search(r'<ol class="steps">(.*?)</ol>', text, re.S)
    return [html.unescape(s) for s in re.findall(r"<li>(.*?)</li>", block.group(1), re.S)] if block else []


def play_through(app, scene: str, dice: list[int]) -> str:
    """Press the face of each die in turn, as the page asks for them; the last answer."""
    page = call(app, f"/table/{scene}")
    assert page.status_code == 200
    for n, value in enumerate(dice, 1):
        assert value in face_values(page.text), (scene, n, page.text[-800:])
        assert f"Die {n}: roll " in page.text
        page = call(app, f"/table/{scene}", f"dice={dice_field(page.text)}&face={value}")
        assert page.status_code == 200
    assert face_values(page.text) == [] and dice_field(page.text) == ",".join(map(str, dice))
    return page.text


@pytest.mark.parametrize("scene", SCENES)
def test_a_scene_played_die_by_die_resolves_as_roll_dice(app, run, folder, scene):
    """Every example scene: the dice a seeded roll took, pressed one by one, give the
    steps, changes and outcome `playaid roll --dice` gives with them."""
    first = run("roll", folder / scene, "--seed", "3", "--json")
    if first.exit_code != 0:  # a scene the rules refuse: the page says the same problem
        page = call(app, f"/table/{scene}").text
        assert '<ul class="problems"' in page and "to succeed" not in page
        return
    dice = json.loads(first.output)["rolled"]
    text = play_through(app, scene, dice)
    expected = roll_json(run, folder / scene, "--dice", ",".join(map(str, dice))) if dice else json.loads(first.output)
    assert steps(text) == [s["text"] for s in expected["steps"]]
    assert f"Outcome: <strong>{html.escape(expected['outcome'])}</strong>" in text
    for change in expected["changes"]:
        assert html.escape(change["text"]) in text


def test_the_list_shows_the_scenes_and_only_scenes(app):
    page = call(app, "/table").text
    listed = re.findall(r'<a href="/table/([^"]+)">', page)
    assert sorted(listed) == SCENES
    assert "dirt/moss.yaml" not in listed


def test_the_page_asks_for_the_die_the_procedure_takes_next(app, run, folder):
    page = call(app, "/table/isolation/scene-board-up.yaml").text
    expected = roll_json(run, folder / "isolation/scene-board-up.yaml", "--seed", "3")["rolled_for"][0]
    assert f"Die 1: roll {html.escape(expected)}, then press the face it shows" in page
    assert face_values(page) == [1, 2, 3, 4, 5, 6]


def test_each_game_draws_its_dice_as_they_look(app):
    spiral = call(app, "/table/sapio/scene-standoff.yaml").text
    assert face_values(spiral) == list(range(1, 13)) and 'data-symbol="spiral"' in spiral and 'data-symbol="hit"' in spiral
    assert 'aria-label="12: spare, spare"' in spiral  # the faces of the rule text's die, in words
    green = call(app, "/table/isolation/scene-board-up.yaml").text
    assert green.count('data-mark="circle"') == 3 and 'aria-label="green 2, counts"' in green  # evens marked by shape
    pips = call(app, "/table/dirt/scene-scuffle.yaml").text
    assert pips.count("data-pip") == 21  # 1 + 2 + … + 6
    contest = call(app, "/table/contest/scene-airlock.yaml").text
    assert '<span class="face-number">' in contest and "data-pip" not in contest


def test_undo_and_start_again_keep_the_dice_in_the_page(app):
    url = "/table/dirt/scene-scuffle.yaml"
    page = call(app, url, "dice=2,5&face=5").text
    assert dice_field(page) == "2,5,5"
    assert dice_field(call(app, url, "dice=2,5,5&undo=1").text) == "2,5"
    assert dice_field(call(app, url, "dice=2,5,5&restart=1").text) == ""


def test_a_face_off_the_die_is_a_problem_not_a_crash(app):
    page = call(app, "/table/dirt/scene-scuffle.yaml", "dice=&face=9").text
    assert "[roll.dice-value]" in page and "fix: that die shows a number from 1 to 6" in page
    assert call(app, "/table/dirt/scene-scuffle.yaml", "dice=1,x").status_code == 400


def test_only_the_folders_scene_files_play(app):
    assert call(app, "/table/../../etc/passwd.yaml").status_code == 404
    assert call(app, "/table/dirt/nothing.yaml").status_code == 404
    page = call(app, "/table/dirt/moss.yaml").text
    assert "[roll.not-a-scene]" in page and "fix: " in page


def test_without_htmx_a_post_answers_the_whole_page(app):
    whole = call(app, "/table/dirt/scene-scuffle.yaml", "dice=&face=2", fragment=False).text
    assert whole.startswith("<!doctype html>") and dice_field(whole) == "2"


def test_apply_writes_in_place_what_roll_apply_writes_and_undo_takes_it_back(run, tmp_path):
    """The studio's Apply is `playaid roll --apply --dice` (same files, same bytes, one
    journal), and its Undo puts every file back byte for byte."""
    studio_folder, cli_folder = copy_examples(tmp_path / "studio"), copy_examples(tmp_path / "cli")
    before = {p: p.read_bytes() for p in studio_folder.rglob("*.yaml")}
    scene = "dirt/scene-fight.yaml"
    dice = roll_json(run, cli_folder / scene, "--seed", "3")["rolled"]
    typed = ",".join(map(str, dice))
    cli = roll_json(run, cli_folder / scene, "--dice", typed, "--apply")
    assert cli["changed"], "the example should change a sheet"
    app = make_app(studio_folder)
    page = call(app, f"/table/{scene}", f"dice={typed}&apply=1").text
    assert "Written into the files" in page and dice_field(page) == ""  # the next roll is asked for
    for c in cli["changed"]:
        changed = Path(c["file"]).resolve().relative_to(cli_folder.resolve())
        assert (studio_folder / changed).read_bytes() == (cli_folder / changed).read_bytes()
        assert f"<code>{changed.as_posix()}: {c['field']}:" in html.unescape(page).replace("&#39;", "'")
    journal = (studio_folder / "dirt" / ".playaid" / "journal.jsonl").read_text(encoding="utf-8")
    entry = json.loads(journal.splitlines()[0])
    assert entry["dice"]["from"] == "studio" and entry["command"].startswith("playaid roll dirt/scene-fight.yaml")
    assert "roll" in call(app, f"/table/{scene}").text.split("The table's journal")[1]
    page = call(app, f"/table-undo/{scene}", "redo=0").text
    assert "Undid entry 1" in page
    assert {p: p.read_bytes() for p in studio_folder.rglob("*.yaml")} == before


@pytest.mark.browser
def test_in_a_browser_a_roll_with_typed_dice_equals_roll_dice(run, tmp_path):
    why = browser_ready()
    if why:
        pytest.skip(why)
    from playwright.sync_api import sync_playwright

    folder = copy_examples(tmp_path)
    scene = "sapio/scene-standoff.yaml"
    expected = roll_json(run, folder / scene, "--seed", "5")
    dice = expected["rolled"]
    expected = roll_json(run, folder / scene, "--dice", ",".join(map(str, dice)))
    with Served(make_app(folder)) as served, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM)
        page = browser.new_page()
        errors = []
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        page.goto(served.url + "/table")
        page.get_by_role("link", name=scene).click()
        for n, value in enumerate(dice, 1):
            page.get_by_text(f"Die {n}: roll").wait_for()
            with page.expect_response(lambda r: "/table/" in r.url and r.request.method == "POST"):
                page.locator(f'button.face[value="{value}"]').click()
        page.locator("ol.steps").wait_for()
        assert page.locator("ol.steps > li").all_inner_texts() == [s["text"] for s in expected["steps"]]
        assert page.locator(".outcome strong").inner_text() == expected["outcome"]
        assert not [e for e in errors if "Content Security Policy" in e], errors
        browser.close()


def test_a_scene_rolling_its_own_spiral_die_shows_that_dies_faces(tmp_path):
    """The buttons follow the `die:` file the scene names, as its procedure reads the faces."""
    import yaml

    folder = copy_examples(tmp_path)
    die = yaml.safe_load((folder / "sapio" / "spiral-d12.yaml").read_text(encoding="utf-8"))
    die["faces"] = [["spiral"]] * 12
    (folder / "sapio" / "all-spirals.yaml").write_text(yaml.safe_dump(die), encoding="utf-8")
    scene = yaml.safe_load((folder / "sapio" / "scene-standoff.yaml").read_text(encoding="utf-8"))
    scene["die"] = "all-spirals.yaml"
    (folder / "sapio" / "scene-own-die.yaml").write_text(yaml.safe_dump(scene), encoding="utf-8")
    page = call(make_app(folder), "/table/sapio/scene-own-die.yaml").text
    assert face_values(page) == list(range(1, 13)) and 'aria-label="12: spiral"' in page and 'data-symbol="hit"' not in page
