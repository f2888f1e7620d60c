"""A user's template cannot run forever, fill the memory, or read a file through a hard link."""

from __future__ import annotations

import os
import time

import pytest
from click.testing import CliRunner

from playaid.cli import cli
from playaid.render import bounds
from playaid.render.html import TemplateProblem, Templates
from tests.conftest import EXAMPLES


def _mine(tmp_path, name: str, text: str):
    root = tmp_path / "mine"
    path = root / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return root


@pytest.mark.parametrize("body, why", [
    ("{% for i in range(100000) %}{% for j in range(100000) %}{% endfor %}{% endfor %}", "steps"),
    ("{% set r = range(100000) %}{% for i in r %}{% for j in r %}{% endfor %}{% endfor %}", "steps"),
    ("{% macro f(n) %}{{ f(n) }}{{ f(n) }}{% endmacro %}{{ f(1) }}", "steps|recursion"),
    ("{% for i in range(100000) %}{{ 'x' * 1000 }}{% endfor %}", "characters of HTML"),
    ("{{ 'x' * 100000000 }}", "repeating"),
    ("{{ 7 ** 100000000 }}", "power"),
])
def test_a_runaway_template_stops_quickly_with_a_clear_error(tmp_path, body, why):
    mine = _mine(tmp_path, "shared/x.html", body)
    started = time.perf_counter()
    with pytest.raises(TemplateProblem, match=why) as caught:
        Templates(mine).render("shared/x.html")
    assert time.perf_counter() - started < 20
    assert str(caught.value).startswith("shared/x.html: ")


def test_loops_within_the_bounds_render_in_full(tmp_path):
    mine = _mine(tmp_path, "shared/x.html",
                 "{% for i in range(1000) %}{% for j in range(100)|reverse %}{% endfor %}{% endfor %}"
                 "{{ range(5)|list|length }}{{ 3 in range(5) }}{{ range(10)[2] }}{{ 2 ** 8 }}{{ 'ab' * 3 }}")
    assert Templates(mine).render("shared/x.html") == "5True2256ababab"


def test_the_budget_is_per_render(tmp_path):
    mine = _mine(tmp_path, "shared/x.html", "{% for i in range(100000) %}{% for j in range(15) %}{% endfor %}{% endfor %}")
    templates = Templates(mine)
    for _ in range(3):  # 1.6 million steps each: fine once, and again, never summed
        assert templates.render("shared/x.html") == ""
    assert bounds.MAX_STEPS < 3 * 1_600_000


def test_a_runaway_template_is_a_one_line_error_from_the_cli(tmp_path):
    mine = _mine(tmp_path, "sheets/dirt.html", "{% for i in range(100000) %}{% for j in range(100000) %}"
                                               "{% endfor %}{% endfor %}")
    result = CliRunner().invoke(cli, ["sheet", str(EXAMPLES["dirt"] / "moss.yaml"), "--template-dir", str(mine),
                                      "--out", str(tmp_path / "out")])
    assert result.exit_code == 1, result.output
    assert "sheets/dirt.html: the template ran more than 2,000,000 steps" in result.output
    assert "Traceback" not in result.output and not (tmp_path / "out").exists()


def test_a_hard_linked_template_is_refused_and_a_copy_kept(tmp_path):
    secret = tmp_path / "secret.txt"
    secret.write_text("TOP SECRET")
    mine = _mine(tmp_path, "shared/copy.html", "TOP SECRET")
    os.link(secret, mine / "shared" / "x.html")
    templates = Templates(mine)
    assert templates.render("shared/copy.html") == "TOP SECRET"
    with pytest.raises(TemplateProblem, match="hard links") as caught:
        templates.render("shared/x.html")
    assert "TOP SECRET" not in str(caught.value)


def test_a_hard_linked_stylesheet_is_not_fetched(tmp_path):
    from playaid.render.html import layout

    secret = tmp_path / "secret.css"
    secret.write_text("p { font-size: 40pt }")
    mine = _mine(tmp_path, "own.css", "p { font-size: 40pt }")
    os.link(secret, mine / "linked.css")
    html = '<link rel="stylesheet" href="{}"><p>x</p>'

    def size(sheet: str) -> float:
        page = layout(html.format(sheet), [mine]).pages[0]
        box = page._page_box
        while box.children:
            box = box.children[0]
        return box.style["font_size"]

    assert size("own.css") == pytest.approx(40 * 4 / 3)
    assert size("linked.css") != pytest.approx(40 * 4 / 3)
