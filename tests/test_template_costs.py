"""A user's template (`--template-dir`) ends fast with a clear message whatever it asks for:
loops of any kind, huge widths and repeats, doubling texts, endless rows or pages, deep
nesting, giant pages. The hostile cases run in a subprocess with a memory limit, so a
bound that acted only after the memory was taken fails here."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
import time

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from playaid.cli import cli
from playaid.render import layout_bounds
from playaid.render.html import TemplateProblem, Templates, layout
from playaid.render.layout_bounds import LayoutTooBig, page_limit
from playaid.render.sheets.pdf import template_document
from tests.conftest import EXAMPLES

MEMORY = 1024 ** 3
"""Address space of the subprocess: a render and a layout take under 300 MB; the
cases below asked for 3 to 24 GB before they were bounded."""

DOUBLING = "{% set ns = namespace(x='ab') %}{% for i in range(60) %}{% set ns.x = EXPR %}{% endfor %}{{ ns.x|length }}"

HOSTILE = {
    "loop-over-text": ("{% for c in 'x' * 900000 %}{% for d in 'y' * 900000 %}{% endfor %}{% endfor %}",
                       "more than 2,000,000 steps"),
    "loop-over-list": ("{% set l = [1] * 100000 %}{% for a in l %}{% for b in l %}{% endfor %}{% endfor %}",
                       "more than 2,000,000 steps"),
    "recursive-loop": ("{% set s = 'x' * 999999 %}{% for x in [s, s, s] recursive %}{% if x|length > 1 %}"
                       "{{ loop(x) }}{% endif %}{% endfor %}", "more than 2,000,000 steps"),
    "lipsum": ("{{ lipsum(n=100000000) }}", "lipsum(n=100,000,000) is more than the 100 allowed"),
    "center": ("{{ 'x'|center(1500000000) }}", "`center` asks for a width of 1,500,000,000; at most 10,000"),
    "format-filter": ("{{ '%1500000000d'|format(1) }}", "a `%` format asks for a width of 1,500,000,000"),
    "percent": ("{{ '%1500000000d' % 1 }}", "a `%` format asks for a width of 1,500,000,000"),
    "str-format": ("{{ '{:>1500000000}'.format(1) }}", "a format spec asks for a width of 1,500,000,000"),
    "ljust": ("{{ 'x'.ljust(1500000000) }}", "`.ljust()` asks for a width of 1,500,000,000"),
    "indent": ("{{ ('\\n' * 900000)|indent(9000) }}", "`indent` would make a text of 8,100,909,000 characters"),
    "replace": ("{{ ('x' * 500000)|replace('', 'yy') }}", "`replace` would make a text of 1,500,002 characters"),
    "batch": ("{{ range(3)|batch(1000000000, 'x')|list }}", "`batch` would make a list of 1,000,000,000 items"),
    "repeat-list": ("{{ ([1] * 1000000000)|length }}", "would make a list of 1,000,000,000 items"),
    "double-concat": (DOUBLING.replace("EXPR", "ns.x ~ ns.x"), "`~` made a text of 1,048,576 characters"),
    "double-plus": (DOUBLING.replace("EXPR", "ns.x + ns.x"), "`+` would make a text of 1,048,576 characters"),
    "double-join": (DOUBLING.replace("EXPR", "[ns.x, ns.x]|join"), "`join` would make a text of 1,048,576"),
    "double-block": ("{% set ns = namespace(x='ab') %}{% for i in range(60) %}{% set x %}{{ ns.x }}{{ ns.x }}"
                     "{% endset %}{% set ns.x = x %}{% endfor %}", "a macro, block or `{% set %}` block produced"),
    "rows": ("<table>{% for i in range(40000) %}<tr><td>{{ i }}</td></tr>{% endfor %}</table>",
             "more than 20,000 elements"),
    "pages": ("{% for i in range(5000) %}<div style='break-after: page'>{{ i }}</div>{% endfor %}",
              "runs past 200 pages"),
    "text": ("{% for i in range(500) %}<p>{{ lipsum(n=10, html=False) }}</p>{% endfor %}", "characters of text"),
    "nesting": ("{% for i in range(300) %}<div>{% endfor %}x{% for i in range(300) %}</div>{% endfor %}",
                "nests elements more than 64 deep"),
    "page-size": ("<style>@page { size: 20000mm }</style>x", "page 1 is 20,000 × 20,000 mm; at most 1,200 mm"),
}

RUNNER = textwrap.dedent("""
    import json, resource, sys, time
    resource.setrlimit(resource.RLIMIT_AS, ({memory}, {memory}))
    from pathlib import Path
    from playaid.render.html import TemplateProblem, Templates
    from playaid.render.sheets.pdf import template_document
    root, out = Path(sys.argv[1]), {{}}
    for path in sorted((root / "shared").glob("*.html")):
        started = time.perf_counter()
        try:
            template_document(Templates(root), "shared/" + path.name)
            said = "rendered"
        except TemplateProblem as exc:
            said = str(exc)
        out[path.stem] = [said, time.perf_counter() - started]
    print(json.dumps(out))
""")


@pytest.fixture(scope="module")
def hostile_results(tmp_path_factory):
    root = tmp_path_factory.mktemp("hostile")
    (root / "shared").mkdir()
    for name, (body, _) in HOSTILE.items():
        (root / "shared" / f"{name}.html").write_text(body, encoding="utf-8")
    done = subprocess.run([sys.executable, "-c", RUNNER.format(memory=MEMORY), str(root)], capture_output=True,
                          text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    return json.loads(done.stdout)


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_a_hostile_template_ends_fast_with_its_bound_named(hostile_results, name):
    said, seconds = hostile_results[name]
    assert HOSTILE[name][1] in said, said
    assert seconds < 20
    assert "Traceback" not in said and "MemoryError" not in said


def test_what_a_restyle_needs_still_renders(tmp_path):
    root = tmp_path / "mine"
    (root / "shared").mkdir(parents=True)
    (root / "shared" / "x.html").write_text(
        "{% macro row(a) %}[{{ a }}]{% endmacro %}"
        "{% for w in ['a', 'b', 'c'] %}{{ loop.index }}/{{ loop.length }}{{ row(w) }}{% endfor %}"
        "{% for x in [[1, [2, [3]]]] recursive %}{{ loop(x) if x is iterable else x }}{% endfor %}|"
        "{{ 'ab' ~ 'cd' }}|{{ 'x'|center(5) }}|{{ '%5d'|format(42) }}|{{ '{:>4}'.format('z') }}|"
        "{{ [1, 2, 3]|map('string')|join(',') }}|{{ range(7)|batch(3)|list|length }}|{{ 'a b'|replace(' ', '-') }}|"
        "{{ lipsum(n=1, html=False)|wordcount > 10 }}|{% set b %}{{ 'in' }}{% endset %}{{ b }}|"
        "{{ 'abc'|indent(2, first=True) }}|{{ ('word ' * 30)|wordwrap(20)|length }}|{{ 'x' * 3 + 'y' }}",
        encoding="utf-8")
    assert Templates(root).render("shared/x.html") == (
        "1/3[a]2/3[b]3/3[c]123|abcd|  x  |   42|   z|1,2,3|3|a-b|True|in|  abc|149|xxxy")


def test_page_counting_stops_a_layout_at_its_limit():
    html = "<div style='break-after: page'>x</div>" * 10
    with page_limit(3), pytest.raises(LayoutTooBig, match="past 3 pages"):
        layout_bounds_document(html)
    assert len(layout(html).pages) == 10  # the limit holds only inside the block


def layout_bounds_document(html: str):
    from weasyprint import HTML

    return HTML(string=html).render()


def test_a_layout_error_of_a_user_template_is_a_clean_problem(tmp_path, monkeypatch):
    from weasyprint import HTML

    root = tmp_path / "mine"
    (root / "shared").mkdir(parents=True)
    (root / "shared" / "x.html").write_text("<p>x</p>", encoding="utf-8")

    def broken(*_, **__):
        raise ZeroDivisionError("deep inside WeasyPrint")

    monkeypatch.setattr(HTML, "render", broken)
    with pytest.raises(TemplateProblem, match="layout of your template failed: ZeroDivisionError"):
        template_document(Templates(root), "shared/x.html")
    with pytest.raises(ZeroDivisionError):  # our own templates: a bug of ours, shown as one
        layout("<p>x</p>")


def test_a_preview_too_large_is_refused_before_any_pixel_is_drawn(monkeypatch):
    import io

    import pikepdf
    import pypdfium2

    from playaid.render.previews import page_pngs

    pdf = pikepdf.new()
    pdf.add_blank_page(page_size=(14_400, 14_400))  # the largest page PDF allows, 5 m a side
    buffer = io.BytesIO()
    pdf.save(buffer)
    monkeypatch.setattr(pypdfium2.PdfPage, "render", lambda *a, **k: pytest.fail("rasterized"))
    with pytest.raises(LayoutTooBig, match="would be a preview of 400,000,000 pixels; at most 25,000,000"):
        page_pngs(buffer.getvalue(), "big")


def test_a_giant_page_with_png_is_a_one_line_error_from_the_cli(tmp_path):
    mine = tmp_path / "mine"
    (mine / "sheets").mkdir(parents=True)
    (mine / "sheets" / "dirt.html").write_text("<style>@page { size: 20000mm }</style><p>x</p>", encoding="utf-8")
    started = time.perf_counter()
    result = CliRunner().invoke(cli, ["sheet", str(EXAMPLES["dirt"] / "moss.yaml"), "--png", "--template-dir",
                                      str(mine), "--out", str(tmp_path / "out")])
    assert time.perf_counter() - started < 20
    assert result.exit_code == 1, result.output
    assert "page 1 is 20,000 × 20,000 mm; at most 1,200 mm a side" in result.output
    assert "Traceback" not in result.output and not (tmp_path / "out").exists()


def test_bundled_sheets_stay_far_inside_the_layout_bounds():
    from weasyprint import HTML

    from playaid.render.paper import paper
    from playaid.render.sheets import _sheet_context, sheet_for

    sheets = [sheet_for("contest", None) for _ in range(25)]  # a packet block of the busiest sheet
    html = Templates().render("sheets/contest.html", sheets=sheets, **_sheet_context(paper("a4"), sheets, "x"))
    elements = sum(1 for _ in HTML(string=html).etree_element.iter())
    assert elements < layout_bounds.MAX_ELEMENTS / 3


# -- fuzz ------------------------------------------------------------------------------------

_N = st.sampled_from([0, 1, 3, 1_000, 20_000, 1_000_000_000])  # 20,000 turns of lipsum: 8 MB of HTML
_LEAF = st.one_of(
    st.just("<p>x</p>"), st.just("{{ lipsum(n=1) }}"),
    _N.map(lambda n: f"{{{{ 'ab' * {n} }}}}"), _N.map(lambda n: f"{{{{ 'x'|center({n}) }}}}"),
    _N.map(lambda n: f"{{{{ '%{n}d' % 1 }}}}"), _N.map(lambda n: f"{{{{ lipsum(n={n}) }}}}"),
    _N.map(lambda n: f"{{{{ range({n})|list|length }}}}"), _N.map(lambda n: f"{{{{ 'a'|indent({n}) }}}}"),
    _N.map(lambda n: f"<style>@page {{ size: {n}mm }}</style>"),
)
_TEMPLATE = st.recursive(_LEAF, lambda inner: st.one_of(
    st.tuples(_N, inner).map(lambda t: f"{{% for i in range({t[0]}) %}}{t[1]}{{% endfor %}}"),
    st.tuples(_N, inner).map(lambda t: f"{{% for c in 'ab' * {t[0]} %}}{t[1]}{{% endfor %}}"),
    st.tuples(st.integers(1, 200), inner).map(lambda t: "<div>" * t[0] + t[1] + "</div>" * t[0]),
    st.tuples(inner, inner).map("".join),
    inner.map(lambda body: f"{{% set ns = namespace(x='ab') %}}{{% for i in range(40) %}}{{% set ns.x = ns.x ~ ns.x "
                           f"%}}{{% endfor %}}{body}"),
), max_leaves=4)


# No `explain` phase: it reruns a failing example under a tracer, fifty times slower.
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture],
          phases=[Phase.explicit, Phase.reuse, Phase.generate, Phase.shrink])
@given(body=_TEMPLATE)
def test_fuzzed_user_templates_render_or_stop_with_a_problem(tmp_path, body):
    root = tmp_path / "fuzz"
    (root / "shared").mkdir(parents=True, exist_ok=True)
    (root / "shared" / "x.html").write_text(body, encoding="utf-8")
    started = time.perf_counter()
    try:
        template_document(Templates(root), "shared/x.html")
    except TemplateProblem as exc:
        assert "\n" not in str(exc)
    assert time.perf_counter() - started < 30, body  # 5 s at most when idle


def test_a_recursion_error_of_the_layout_is_a_clean_problem(monkeypatch):
    monkeypatch.setattr(layout_bounds, "MAX_DEPTH", 10_000)  # let 300 nested <div> through to WeasyPrint
    with pytest.raises(TemplateProblem, match="nests too deeply for WeasyPrint"):
        layout("<div>" * 300 + "x" + "</div>" * 300)
