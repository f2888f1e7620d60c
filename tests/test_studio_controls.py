"""The studio's missing controls (issue 35, item 10), each in a real Chromium: dice typed from
the keyboard at the table, a scene made from the At the table page, the odds page's
unopposed/opposed choice, and the counts of the printables that take one."""

from __future__ import annotations

import json
import shutil
from itertools import count

import pytest

from conftest import EXAMPLES, roll_json
from studio_pages import studio_served

pytestmark = pytest.mark.browser
pytest.importorskip("playwright.sync_api")

TOKEN = "controls-token"
_n = count()


@pytest.fixture(scope="module")
def studio(tmp_path_factory):
    folder = tmp_path_factory.mktemp("controls")
    with studio_served(folder, TOKEN) as url:
        yield url, folder


@pytest.fixture
def page(browser, studio):
    url, _ = studio
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    page = context.new_page()
    page.goto(f"{url}/?token={TOKEN}")
    page.studio_url = url
    yield page
    context.close()


def _game_folder(studio, game: str, *names: str) -> str:
    """A fresh folder of the studio's holding copies of `names` from `game`'s examples."""
    _, folder = studio
    sub = f"{game}-{next(_n)}"
    (folder / sub).mkdir()
    for name in names:
        shutil.copy(EXAMPLES[game] / name, folder / sub / name)
    return sub


def _turn(page):
    """Wait until the table's form has been redrawn after the last request."""
    page.wait_for_load_state("networkidle")


# --- dice typed at the table (item 10 b) ---------------------------------------------------

CLIMB = [2, 5, 1, 3, 1]
"""Every die the Dirt climb takes (the odds of a seed: any five faces of a d6 would do)."""


def test_dice_typed_in_one_box_reach_the_files_as_the_command_lines_dice_do(page, studio, run, tmp_path):
    sub = _game_folder(studio, "dirt", "moss.yaml", "scene-climb.yaml")
    _, folder = studio
    page.goto(f"{page.studio_url}/table/{sub}/scene-climb.yaml")
    page.get_by_label("Or type the dice you rolled").fill("2 5, 1")
    page.get_by_label("Or type the dice you rolled").press("Enter")
    page.get_by_role("heading", name="Dice so far: 2,5,1").wait_for()
    page.get_by_label("Or type the dice you rolled").fill("3 1")
    page.get_by_role("button", name="Add these dice").click()
    page.locator(".table-result").wait_for()
    shown = page.locator(".outcome strong").inner_text()
    page.get_by_role("button", name="Apply").click()
    page.locator(".table-applied").wait_for()  # a climb changes no sheet: the roll is journalled

    journal = (folder / sub / ".playaid" / "journal.jsonl").read_text(encoding="utf-8").splitlines()
    entry = next(e for e in map(json.loads, journal) if e.get("kind") == "roll")
    assert entry["dice"]["from"] == "studio"
    assert [d["value"] for d in entry["dice"]["rolled"]] == CLIMB
    assert entry["command"].endswith("--dice 2,5,1,3,1")
    # the command line, given the same dice, tells the same outcome
    copy = tmp_path / "cli"
    shutil.copytree(EXAMPLES["dirt"], copy)
    assert roll_json(run, copy / "scene-climb.yaml", "--dice", ",".join(map(str, CLIMB)))["outcome"] == shown


def test_a_typed_face_the_die_cannot_show_adds_nothing_and_says_which(page, studio):
    sub = _game_folder(studio, "dirt", "moss.yaml", "scene-climb.yaml")
    page.goto(f"{page.studio_url}/table/{sub}/scene-climb.yaml")
    box = page.get_by_label("Or type the dice you rolled")
    box.fill("2 9 1")
    box.press("Enter")
    problem = page.locator("#typed-problem")
    problem.wait_for()
    assert "second die you typed, 9" in problem.inner_text() and "1 to 6" in problem.inner_text()
    assert page.get_by_label("Or type the dice you rolled").input_value() == "2 9 1"  # kept to correct
    assert page.locator(".table-rolled").count() == 0  # nothing half-added
    page.get_by_label("Or type the dice you rolled").fill("2 5 1 3 1 4")  # one more than the roll takes
    page.get_by_label("Or type the dice you rolled").press("Enter")
    page.locator("#typed-problem", has_text="takes 5 more dice, and you typed 6").wait_for()
    page.get_by_label("Or type the dice you rolled").fill("two")
    page.get_by_label("Or type the dice you rolled").press("Enter")
    page.locator("#typed-problem", has_text="is not a die's face").wait_for()


def test_one_key_per_die_presses_that_face_even_typed_fast(page, studio):
    sub = _game_folder(studio, "dirt", "moss.yaml", "scene-climb.yaml")
    page.goto(f"{page.studio_url}/table/{sub}/scene-climb.yaml")
    page.locator("h1").click()  # the cursor outside any box
    page.keyboard.type("251", delay=0)  # faster than the page answers: each waits its turn
    page.get_by_role("heading", name="Dice so far: 2,5,1").wait_for()
    page.keyboard.press("3")
    page.get_by_role("heading", name="Dice so far: 2,5,1,3").wait_for()
    box = page.get_by_label("Or type the dice you rolled")
    box.type("4")  # a digit typed into the box stays in the box
    assert box.input_value() == "4"
    assert page.get_by_role("heading", name="Dice so far: 2,5,1,3").is_visible()


# --- a scene made from the At the table page (item 10 d) ----------------------------------

def test_the_table_page_of_a_folder_without_scenes_makes_one_from_a_name(browser, tmp_path):
    folder = tmp_path / "club"
    (folder / "dirt").mkdir(parents=True)
    shutil.copy(EXAMPLES["dirt"] / "moss.yaml", folder / "dirt" / "moss.yaml")
    with studio_served(folder, TOKEN) as url:
        page = browser.new_context().new_page()
        page.goto(f"{url}/?token={TOKEN}")
        page.goto(f"{url}/table")
        page.get_by_text("This folder has no scene yet").wait_for()
        # the game of the folder's files is the one offered first
        assert page.get_by_label("Game").input_value() == "dirt/scene"
        page.get_by_label("Name").fill("The Climb")
        page.get_by_role("button", name="Create the scene").click()
        page.wait_for_url(f"{url}/edit/the-climb.yaml")
        made = (folder / "the-climb.yaml").read_text(encoding="utf-8")
        assert "system: dirt" in made and "kind: scene" in made
        page.goto(f"{url}/table")
        page.get_by_role("link", name="the-climb.yaml").first.wait_for()
        assert page.get_by_role("heading", name="Start another scene").is_visible()
        page.context.close()


# --- the odds page (item 10 c) -------------------------------------------------------------

def _headline(page) -> str:
    return page.locator(".odds-headline").inner_text()


def test_the_odds_page_asks_unopposed_or_opposed_and_shows_one_at_a_time(page):
    page.goto(f"{page.studio_url}/odds/dirt")
    assert page.get_by_label("Unopposed: against the check's difficulty").is_checked()
    assert page.locator("#odds-difficulty").is_visible() and not page.locator("#odds-versus").is_visible()
    assert "average check" in _headline(page)
    page.get_by_label("Opposed: against another character's dice").check()
    page.locator("#odds-versus").wait_for(state="visible")
    assert not page.locator("#odds-difficulty").is_visible()
    page.locator(".odds-headline", has_text="4 dice against 4 dice").wait_for()
    page.locator("#odds-versus").fill("6")
    page.locator(".odds-headline", has_text="4 dice against 6 dice").wait_for()
    assert page.locator(".odds-chart svg").count() == 1
    # and back: never both at once (the command line refuses that), the difficulty as it opened
    page.get_by_label("Unopposed: against the check's difficulty").check()
    page.locator(".odds-headline", has_text="average check").wait_for()
    assert not page.locator("#odds-versus").is_visible()
    assert "not both" not in page.locator("main").inner_text()


def test_a_bad_value_keeps_the_last_chart_and_says_why_beside_the_box(page):
    page.goto(f"{page.studio_url}/odds/sapio")
    before = _headline(page)
    page.locator("#odds-pool").fill("9")
    beside = page.locator("#odds-problem-pool")
    beside.filter(has_text="give 1 to 6").wait_for()
    assert "--pool" not in beside.inner_text() and "--" not in page.locator("main").inner_text()
    assert _headline(page) == before and page.locator(".odds-chart svg").is_visible()
    assert page.locator("#odds-stale").is_visible()
    page.locator("#odds-pool").fill("5")
    page.locator(".odds-headline", has_text="5").wait_for()
    assert beside.inner_text() == "" and not page.locator("#odds-stale").is_visible()


def test_a_file_choice_lists_only_files_that_fit_and_no_server_path_shows(page, studio):
    _, folder = studio
    sub = _game_folder(studio, "isolation", "alice.yaml", "bob.yaml", "eve.yaml", "farmhouse.yaml",
                       "scene-board-up.yaml")
    _game_folder(studio, "dirt", "moss.yaml", "scene-climb.yaml")
    broken = (folder / sub / "scene-board-up.yaml").read_text(encoding="utf-8").replace("difficulty: 3", "difficulty: 99")
    (folder / sub / "scene-broken.yaml").write_text(broken, encoding="utf-8")
    page.goto(f"{page.studio_url}/odds/isolation")
    listed = [o for o in page.locator("#odds-scene option").all_inner_texts() if not o.startswith("—")]
    assert f"{sub}/scene-board-up.yaml" in listed and f"{sub}/scene-broken.yaml" in listed
    assert all(name.startswith("isolation-") and "/scene-" in name for name in listed), listed  # no character, no Dirt
    page.locator("#odds-scene").select_option(f"{sub}/scene-board-up.yaml")
    page.locator(".odds-headline", has_text="Bob Tanner has a").wait_for()
    page.locator("#odds-scene").select_option(f"{sub}/scene-broken.yaml")
    said = page.locator("#odds-problem-scene")
    said.filter(has_text="scene-broken.yaml").wait_for()
    text = page.locator("main").inner_text()
    assert str(folder) not in text and str(folder.resolve()) not in text and "/tmp" not in text
    assert "difficulty" in said.inner_text().lower() and "problems above" not in said.inner_text()


# --- the numbers the command line takes for a game's printables (item 10 a) ----------------

@pytest.mark.parametrize("game, button, box, number, cli", [
    ("isolation", "Print blank relationship map", "Characters on the map", 3, ["map", "--blank", "3"]),
    ("fight-club", "Print tokens and turn summary", "Players", 6, ["deck", "--tokens", "--players", "6"]),
])
def test_a_printable_that_takes_a_number_prints_for_the_number_typed(page, studio, run, tmp_path,
                                                                      game, button, box, number, cli):
    _, folder = studio
    page.goto(f"{page.studio_url}/print/{game}")
    page.get_by_label(box).fill(str(number))
    with page.expect_response(lambda r: "/api/print-game/" in r.url):
        page.get_by_role("button", name=button).click()
    status = page.locator("#print-status")
    status.get_by_text("To make the same again").wait_for()
    assert f"playaid {' '.join(cli)}" in status.inner_text()
    name = status.get_by_role("link").first.inner_text()
    result = run(*cli, "--paper", "a4", "--out", tmp_path)
    assert result.exit_code == 0, result.output
    assert (folder / "output" / name).read_bytes() == (tmp_path / name).read_bytes()
    # a number the command line refuses is refused beside the button, and nothing is written
    page.get_by_label(box).fill("99")
    with page.expect_response(lambda r: "/api/print-game/" in r.url):
        page.get_by_role("button", name=button).click()
    page.locator("#print-status", has_text="Not printed").wait_for()
    assert "99" in status.inner_text() and "--" not in status.inner_text()
    assert run(*cli[:-1], "99", "--paper", "a4", "--out", tmp_path / "refused").exit_code == 2
