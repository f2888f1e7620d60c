"""The studio's odds explorer: controls from each game's own odds options, the words
`playaid odds` prints, a chart drawn from the engine's exact distribution, the handout."""

from __future__ import annotations

import asyncio
import html
import re
from fractions import Fraction

import pytest

from studio_pages import Served, browser_ready, copy_examples, make_app

import httpx  # noqa: E402  (after studio_pages: it skips the module without the web stack)

from playaid.odds import games, module
from playaid.odds.tables import Spread
from playaid.systems import REGISTRY

ASKING = [g for g in games() if getattr(module(g), "ASKING", None)]


def get(app, url: str, **kw) -> httpx.Response:
    async def go():
        async with httpx.AsyncClient(transport=httpx.ASGITransport(app), base_url="http://127.0.0.1") as client:
            return await client.request(kw.pop("method", "GET"), url, **kw)
    return asyncio.run(go())


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    return make_app(copy_examples(tmp_path_factory.mktemp("folder")))


def cli_flags(values: dict[str, str]) -> list[str]:
    return [a for k, v in values.items() if v for a in (f"--{k.replace('_', '-')}", v)]


def words(text: str) -> list[str]:
    return [html.unescape(m) for m in re.findall(r'<p class="odds-line[^"]*">(.*?)</p>', text, re.S)]


def bars(text: str) -> list[tuple[str, Fraction, Fraction, float]]:
    """(outcome, exactly, at least, drawn height of the exactly bar) of every bar in the chart."""
    found = re.findall(r'data-outcome="([^"]*)" data-exactly="([^"]*)" data-at-least="([^"]*)">.*?'
                       r'<rect class="exactly"[^>]* height="([^"]*)"', text, re.S)
    return [(html.unescape(o), Fraction(e), Fraction(a), float(h)) for o, e, a, h in found]


def test_the_list_names_every_game_with_odds_and_says_which_have_no_dice(app):
    page = get(app, "/odds")
    assert page.status_code == 200
    for g in games():
        title = html.escape(REGISTRY[g].title)
        assert title in page.text
        no_dice = getattr(module(g), "NO_DICE", "")
        assert (f'href="/odds/{g}"' in page.text) == (not no_dice), g


@pytest.mark.parametrize("system", ASKING)
def test_the_words_are_the_command_lines_and_the_bars_its_distribution(app, run, system):
    example = module(system).EXAMPLE
    page = get(app, f"/odds/{system}")
    assert page.status_code == 200
    cli = run("odds", system, *cli_flags(example))
    assert cli.exit_code == 0, cli.output
    assert words(page.text) == cli.output.rstrip("\n").split("\n")
    spread = module(system).answer({**{o.name: None for o in module(system).OPTIONS}, **example}).spread
    drawn = bars(page.text)
    assert [(o, e, a) for o, e, a, _ in drawn] == [(o, p, up) for (o, p), up in zip(spread.outcomes, spread.at_least())]
    tallest = max(e for _, e, _, _ in drawn)
    for _, e, _, height in drawn:  # heights on one scale: the chart does not stretch a small chance
        assert height == pytest.approx(float(e / tallest) * max(h for *_, h in drawn), abs=0.02)


def test_the_chart_is_the_engines_distribution_of_that_roll(app):
    """Drawn from the exact engine: Sapio's Hits, Fight Sphere's margin of ones, Dirt's degrees."""
    from playaid.games.dirt.odds import degrees
    from playaid.games.fight_sphere.odds import margin
    from playaid.games.sapio.odds import hits, success
    from playaid.games.sapio.spiral_die import default_die

    sapio = bars(get(app, "/odds/sapio/answer?pool=4&tn=3").text)
    assert [(int(o), e) for o, e, _, _ in sapio] == sorted(hits(default_die(), 4, 3).probabilities().items())
    assert dict((int(o), a) for o, _, a, _ in sapio)[3] == success(default_die(), 4, 3)
    sphere = bars(get(app, "/odds/fight-sphere/answer?pool=5&threshold=6").text)
    assert {int(o): e for o, e, _, _ in sphere} == {k: v for k, v in margin(5, 6).probabilities().items()} | {
        k: Fraction(0) for k in range(-6, 6) if k not in margin(5, 6).probabilities()}
    dirt = bars(get(app, "/odds/dirt/answer?pool=3&applies=hobby&difficulty=hard").text)
    assert [(int(o), e) for o, e, _, _ in dirt] == [(k, degrees(3, 4).p(k)) for k in range(0, 11)]


def test_spread_at_least_counts_the_tail_beyond_the_listed_outcomes():
    s = Spread("x", (("0", Fraction(1, 2)), ("1", Fraction(1, 4))), Fraction(1, 4))
    assert s.at_least() == (Fraction(1), Fraction(1, 2))


@pytest.mark.parametrize("system", ASKING)
def test_every_answer_spreads_over_every_outcome(system):
    """The chart's outcomes and what lies beyond them make the whole roll."""
    spread = module(system).answer({**{o.name: None for o in module(system).OPTIONS}, **module(system).EXAMPLE}).spread
    total = sum((p for _, p in spread.outcomes), spread.beyond)
    assert abs(total - 1) < Fraction(1, 10**6) and spread.at_least()[0] == total


@pytest.mark.parametrize("system", ASKING)
def test_the_controls_are_the_games_options_with_labels_and_limits(app, system):
    text = get(app, f"/odds/{system}").text
    game = module(system)
    for option in game.OPTIONS:
        assert f'<label for="odds-{option.name}">' in text and f'name="{option.name}"' in text
        tag = re.search(rf'<(input|select) id="odds-{option.name}"[^>]*>', text, re.S).group(0)
        assert 'hx-trigger="input changed delay:150ms"' in tag
        if option.name in getattr(game, "LIMITS", {}):
            low, high = game.LIMITS[option.name]
            assert f'min="{low}"' in tag and f'max="{high}"' in tag and f"{low} to {high}" in text


def test_a_value_out_of_range_says_what_is_allowed(app, run):
    page = get(app, "/odds/sapio/answer?pool=9&tn=3")
    assert page.status_code == 200
    # said beside the box it is about, in the page's words: the label, not the command line's flag
    problem = html.unescape(re.search(r'<p class="problem" id="odds-problem-pool" role="alert"[^>]*>(.*?)</p>',
                                      page.text).group(1))
    assert "give 1 to 6" in problem and "--pool" not in page.text
    assert problem.replace("“", "`").replace("”", "`") in run("odds", "sapio", "--pool", "9", "--tn", "3").output
    assert "to succeed" not in page.text


def test_a_file_option_takes_only_the_folders_yaml_files(app):
    listed = get(app, "/odds/sapio").text
    # only the files the option takes (a Spiral die file of Sapio): no scene, no other game's file
    assert '<option value="sapio/scene-hide.yaml">' not in listed and "dirt/" not in listed
    assert re.search(r'<option value="sapio/[^"]+">', listed)
    page = get(app, "/odds/sapio/answer?pool=2&tn=2&faces=../../etc/passwd.yaml")
    assert "not a YAML file of this folder" in page.text


def test_the_opening_query_is_the_games_example_and_the_url_can_ask_another(app):
    assert "4 dice against TN 3: 62.0% to succeed." in get(app, "/odds/sapio").text
    assert "2 dice against TN 5:" in get(app, "/odds/sapio?pool=2&tn=5").text


def test_a_game_without_dice_and_an_unknown_game(app):
    no_dice = [g for g in games() if getattr(module(g), "NO_DICE", "")]
    for g in no_dice:
        page = get(app, f"/odds/{g}")
        assert page.status_code == 200 and "uses no dice" in page.text and "odds-query" not in page.text
    assert get(app, "/odds/chess").status_code == 404
    assert get(app, "/odds/chess/answer").status_code == 404


def test_print_writes_the_handout_the_command_line_writes(app, run, tmp_path):
    from pdfs import text

    folder = app.state.studio.folder
    done = get(app, "/odds/sapio/print", method="POST", content="pool=4&tn=3&paper=letter",
               headers={"Content-Type": "application/x-www-form-urlencoded"})
    assert done.status_code == 200 and "output/odds-sapio.pdf" in done.text, done.text
    pdf = folder / "output" / "odds-sapio.pdf"
    assert pdf.read_bytes().startswith(b"%PDF")
    assert not [p for p in (folder / "output").iterdir() if p.name.startswith(".")]  # no temp file left
    assert run("odds", "sapio", "--paper", "letter", "--out", tmp_path).exit_code == 0
    assert text(pdf) == text(tmp_path / "odds-sapio.pdf")
    download = get(app, "/odds/sapio/handout.pdf")
    assert download.status_code == 200 and download.headers["content-type"] == "application/pdf"
    assert download.headers["content-disposition"].startswith("attachment") and download.content == pdf.read_bytes()
    assert get(app, "/odds/dirt/handout.pdf").status_code == 404  # not printed yet


def test_the_pages_stylesheet_is_served(app):
    css = get(app, "/odds/pages.css")
    assert css.status_code == 200 and css.headers["content-type"].startswith("text/css") and ".odds-chart" in css.text


@pytest.mark.browser
def test_in_a_browser_the_chart_follows_a_control(tmp_path):
    why = browser_ready()
    if why:
        pytest.skip(why)
    from playwright.sync_api import expect, sync_playwright

    from conftest import CHROMIUM

    with Served(make_app(copy_examples(tmp_path))) as served, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM)
        page = browser.new_page()
        errors = []
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        page.goto(served.url + "/odds/sapio")
        headline = page.locator(".odds-headline")
        assert headline.inner_text() == "4 dice against TN 3: 62.0% to succeed."
        before = page.locator(".odds-bar").count()
        with page.expect_response(lambda r: "/odds/sapio/answer" in r.url):
            page.get_by_label("The Target Number").fill("5")
        expect(headline).to_contain_text("TN 5")  # a string for wait_for_function would need eval: CSP
        assert headline.inner_text().startswith("4 dice against TN 5:")
        with page.expect_response(lambda r: "/odds/sapio/answer" in r.url):
            page.get_by_label("Your dice").fill("6")
        expect(headline).to_have_text(re.compile(r"^6 dice"))
        assert page.locator(".odds-bar").count() > before  # more dice, more possible Hits
        assert page.locator("svg[role=img] title").first.text_content().startswith("6 dice against TN 5")
        assert not [e for e in errors if "Content Security Policy" in e], errors
        browser.close()


def test_the_chart_is_accessible_and_names_at_most_a_readable_number_of_outcomes(app):
    from playaid.odds.chart import MOST_LABELS, chart

    text = get(app, "/odds/fight-sphere/answer?pool=60&versus=60").text
    assert re.search(r'<svg [^>]*role="img" aria-labelledby="odds-chart-title odds-chart-desc"', text)
    assert '<title id="odds-chart-title">60 dice against a Gladiator' in text and '<desc id="odds-chart-desc">' in text
    rows = re.findall(r'<tr><th scope="row">', text)
    assert len(rows) == len(bars(text)) == 121  # every outcome in the table behind the chart
    spread = Spread("x", tuple((str(k), Fraction(1, 121)) for k in range(121)))
    drawn = chart(spread, "t")
    assert sum(c.named for c in drawn.columns) <= MOST_LABELS and drawn.columns[0].named
    assert all(c.named for c in chart(Spread("x", (("a", Fraction(1)),)), "t").columns)
    # two series told apart without colour: a dark solid bar and a light outlined one
    assert 'class="exactly"' in text and 'fill="#333333"' in text and 'fill="#d9d9d9" stroke="#333333"' in text


def test_sapio_hits_agree_with_the_success_the_tables_print():
    """The chart's Hits, at least the TN, are the success chance of the tables, for every pool and TN."""
    from playaid.games.sapio.odds import POOLS, TNS, hits, success
    from playaid.games.sapio.spiral_die import SpiralDie, default_die

    heavy = SpiralDie.from_symbols("heavy", [["hit", "hit", "hit"]] * 2 + [["hit", "hit"]] * 4 + [[]] * 6)
    for die in (default_die(), heavy):
        for pool in POOLS:
            for tn in TNS:
                d = hits(die, pool, tn)
                assert d.dropped == 0 and d.at_least(tn) == success(die, pool, tn), (die.name, pool, tn)


@pytest.fixture(scope="module")
def real_app(tmp_path_factory):
    """The studio itself (its own base page), not the pages' test frame above."""
    from playaid.studio import create_app
    from playaid.studio.security import cookie_name

    app = create_app(copy_examples(tmp_path_factory.mktemp("real")), token="t", watch=False)
    return app, {"cookie": f"{cookie_name('t')}=t"}


@pytest.mark.parametrize("url", ["/", "/odds", "/odds/sapio", "/odds/no-such-game", "/table",
                                 "/table/sapio/scene-leap.yaml", "/edit/sapio/wren.yaml", "/print/sapio"])
def test_every_page_title_names_the_studio_once(real_app, url):
    app, headers = real_app
    page = get(app, url, headers=headers)
    assert page.status_code == (404 if "no-such" in url else 200), page.text
    title = re.search(r"<title>(.*?)</title>", page.text, re.S).group(1)
    assert title.count("playaid studio") == 1 and title.endswith(" — playaid studio"), title


def test_the_page_downloads_the_chart_the_command_writes(app, tmp_path):
    from playaid.testing import run

    answer = get(app, "/odds/sapio/answer?pool=4&tn=3").text
    links = dict(re.findall(r'<a href="(/odds/sapio/chart\.(svg|png)\?[^"]*)" download>', answer))
    assert sorted(links.values()) == ["png", "svg"], answer
    svg = get(app, html.unescape(next(u for u, k in links.items() if k == "svg")))
    assert svg.status_code == 200 and svg.headers["content-type"].startswith("image/svg+xml")
    assert 'filename="odds-sapio-pool-4-tn-3.svg"' in svg.headers["content-disposition"]
    assert run("odds", "sapio", "--pool", "4", "--tn", "3", "--svg", "--out", tmp_path).exit_code == 0
    assert svg.content == (tmp_path / "odds-sapio-pool-4-tn-3.svg").read_bytes()
    assert get(app, "/odds/sapio/chart.gif?pool=4&tn=3").status_code == 404
