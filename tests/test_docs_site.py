"""The way in (issue 40 item 4): a README that fits on one screen, a documentation site that
builds offline and strictly, links that lead somewhere, and every `playaid` command the pages
show running as the page says."""

from __future__ import annotations

import re
import subprocess
import sys

import click
import pytest
import yaml

import doc_pages
from conftest import ROOT
from playaid.cli import cli

README = ROOT / "README.md"
DOCS = ROOT / "docs"
PAGES = [README, *sorted(DOCS.rglob("*.md"))]
# during-the-session.md runs command by command in tests/test_campaign_guide.py, which also
# checks what each one prints; running it twice would only cost time.
RUN_ELSEWHERE = {DOCS / "during-the-session.md"}


def _name(page) -> str:
    return page.relative_to(ROOT).as_posix()


def test_the_readme_fits_on_one_screen():
    assert len(README.read_text(encoding="utf-8")) < 10_000


def test_the_readme_is_the_getting_started_page_the_issue_asks_for():
    text = README.read_text(encoding="utf-8")
    assert "](docs/studio.png)" in text or "](docs/gallery/" in text  # the one picture
    assert "make demo" in text and "make test" in text and "playaid studio" in text
    for task in ("ready-table", "edit-and-reprint", "real-dice", "odds-to-send", "print-shop-deck"):
        assert f"](docs/howto/{task}.md)" in text, task
    assert re.search(r"^\| 7\. odds .*\| PASS \|$", text, re.M)  # issue 41's goal table stays


def _build(tmp_path):
    site = tmp_path / "site"
    result = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-q",
                             "-f", str(ROOT / "mkdocs.yml"), "-d", str(site)],
                            cwd=tmp_path, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stdout + result.stderr
    return site


NETWORK = re.compile(r"""<(?:script|link|img|iframe|source)\b[^>]*\b(?:src|href)\s*=\s*["']?(?:https?:)?//""", re.I)


def loads_from_network(html: str) -> list[str]:
    return [html[m.start(): html.index(">", m.start()) + 1] for m in NETWORK.finditer(html)]


def test_a_page_that_loads_from_a_cdn_is_caught():
    assert loads_from_network('<script src="https://cdnjs.example/highlight.min.js"></script>')
    assert loads_from_network("<link rel=stylesheet href=//fonts.example/a.css>")
    assert not loads_from_network('<script src="js/base.js"></script><a href="https://www.mkdocs.org/">')


def test_the_site_builds_strictly_offline_with_every_command_s_help(tmp_path):
    site = _build(tmp_path)
    pages = sorted(site.rglob("*.html"))
    assert len(pages) > 40
    online = {p.name: found for p in pages if (found := loads_from_network(p.read_text(encoding="utf-8")))}
    assert online == {}, "the site must work offline"
    for name in cli.list_commands(click.Context(cli)):
        page = (site / "commands" / f"{name}.html").read_text(encoding="utf-8")
        assert f"Usage: playaid {name} [OPTIONS]" in page, name  # the hook put the live --help there


def _nav_pages(items):
    for item in items:
        for value in item.values():
            yield from _nav_pages(value) if isinstance(value, list) else [value]


def test_every_command_has_a_reference_page_in_the_site_s_menu():
    listed = set(_nav_pages(yaml.safe_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))["nav"]))
    for name in cli.list_commands(click.Context(cli)):
        page = DOCS / "commands" / f"{name}.md"
        assert f"<!-- help: {name} -->" in page.read_text(encoding="utf-8"), name
        assert f"commands/{name}.md" in listed, name


def test_a_broken_link_or_anchor_is_found(tmp_path):
    (tmp_path / "a.md").write_text("# Top\n\n## Two words\n\nSee [b](b.md#there), [me](#two-words), "
                                   "[gone](gone.md), [out](../x.md), `[code](nowhere.md)`.\n")
    (tmp_path / "b.md").write_text("# B\n\n## Here\n")
    assert doc_pages.broken_links(tmp_path / "a.md", tmp_path) == [
        "b.md#there: no heading #there in b.md", "gone.md: no such file", "../x.md: no such file"]
    (tmp_path / "a.md").write_text("[b](b.md#here) and <img src=\"b.md\"> and [web](https://example.org)\n")
    assert doc_pages.broken_links(tmp_path / "a.md", tmp_path) == []


@pytest.mark.parametrize("page", PAGES, ids=_name)
def test_every_relative_link_and_anchor_leads_somewhere(page):
    assert doc_pages.broken_links(page, ROOT if page == README else DOCS) == []


def test_external_links_are_listed_never_fetched():
    """The pages' web links, for a reader to check by hand; each must at least be https."""
    external = sorted({t for page in PAGES for t in doc_pages.external_links(page.read_text(encoding="utf-8"))})
    assert [t for t in external if not t.startswith("https://")] == []


def test_a_console_block_says_what_a_command_prints_and_a_comment_its_exit_code():
    block = doc_pages.Block("console", "$ playaid odds dirt --pool 2\n2 dice: 40% to succeed.\n", None)
    (shown,) = doc_pages.commands(block)
    assert shown.words == ["playaid", "odds", "dirt", "--pool", "2"] and shown.shows == ["2 dice: 40% to succeed."]
    sh = doc_pages.Block("sh", "make demo\nplaid x\nplaying\nplayaid reprint p --check   # stale (exit 1)\n"
                               "playaid schema > s.json\n", None)
    check, schema = doc_pages.commands(sh)
    assert (check.exit_code, schema.exit_code, schema.stdout_to) == (1, 0, "s.json")


NOT_RUN_AT_MOST = 8


def test_few_blocks_are_spared_and_no_command_hides_outside_a_shell_block():
    spared, hidden = [], []
    for page in PAGES:
        text = page.read_text(encoding="utf-8")
        spared += [(_name(page), b.not_run) for b in doc_pages.fenced(text) if b.not_run]
        hidden += [(_name(page), line) for line in doc_pages.hidden_commands(text)]
        markers = len(doc_pages.NOT_RUN.findall(doc_pages.prose(text)))
        assert markers == sum(1 for b in doc_pages.fenced(text) if b.not_run), f"{_name(page)}: a marker above no block"
    assert 0 < len(spared) <= NOT_RUN_AT_MOST, spared
    assert hidden == []


@pytest.mark.slow
@pytest.mark.parametrize("page", [p for p in PAGES if p not in RUN_ELSEWHERE], ids=_name)
def test_every_command_shown_runs_as_the_page_says(page, tmp_path, run, monkeypatch):
    """In a fresh folder holding the bundled examples, the page's commands in the page's order."""
    monkeypatch.chdir(tmp_path)
    assert run("examples").exit_code == 0
    blocks = [b for b in doc_pages.fenced(page.read_text(encoding="utf-8")) if b.lang in doc_pages.SHELL]
    for block in blocks:
        if block.not_run:
            continue
        for command in doc_pages.commands(block):
            result = run(*command.words[1:])
            assert result.exit_code == command.exit_code, (command.line, result.output)
            for line in command.shows:
                assert line in result.output, (command.line, line, result.output)
            if command.stdout_to:
                (tmp_path / command.stdout_to).write_text(result.output, encoding="utf-8")
