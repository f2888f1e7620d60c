"""The shared rendering base: paper sizes, font fallback, safe HTML → PDF."""

from __future__ import annotations

import pytest

from playaid.render import fonts
from playaid.render.html import Templates, html_to_pdf, page_context
from playaid.render.paper import paper, papers
from tests.pdfs import assert_printable, page_sizes_mm, text


def test_papers_are_exact_in_millimetres():
    assert (paper("A4").width_mm, paper("a4").height_mm) == (210, 297)
    assert (paper("letter").width_mm, paper("letter").height_mm) == (215.9, 279.4)
    assert set(papers()) == {"a4", "letter", "a3", "tabloid"}
    with pytest.raises(KeyError, match="a4, letter"):
        paper("b5")


def test_text_in_any_script_finds_a_face_and_emoji_fall_back_to_symbols():
    cut = fonts.runs("Ἀλέξης Дима 山田 🎲")
    assert "".join(run for _, run in cut) == "Ἀλέξης Дима 山田 🎲"
    assert [face for face, _ in cut] == [fonts.SANS, fonts.CJK, fonts.SYMBOLS]
    assert fonts.missing("Ἀλέξης Дима 山田 🎲") == []
    assert fonts.missing("\U000E0100x\U0001FAE8") == ["\U0001FAE8"]  # a glyph nobody has


def _page(body: str) -> str:
    ctx = page_context(paper("a4"), "test")
    return (f"<html><head><style>{ctx['fonts_css']} @page {{ size: {paper('a4').css_size} }}</style></head>"
            f"<body style='font-family: {ctx['font_stack']}'>{body}</body></html>")


def test_html_renders_every_script_with_embedded_fonts(tmp_path):
    pdf = tmp_path / "t.pdf"
    pdf.write_bytes(html_to_pdf(_page("<p>Ἀλέξης Дима 山田太郎 🎲</p>")))
    assert page_sizes_mm(pdf) == [pytest.approx((210, 297), abs=0.01)]
    assert "山田太郎" in text(pdf)
    assert_printable(pdf)


def test_the_fetcher_serves_nothing_outside_the_project(tmp_path, monkeypatch):
    secret = tmp_path / "secret.css"
    secret.write_text("body { color: red }")
    fetched = []
    import urllib.request

    monkeypatch.setattr(urllib.request, "urlopen", lambda *a, **k: fetched.append(a) or None)
    html = _page(f'<link rel="stylesheet" href="{secret.as_uri()}"><img src="http://127.0.0.1:9/x.png">'
                 '<img src="file:///etc/passwd"><p>plain</p>')
    out = tmp_path / "t.pdf"
    out.write_bytes(html_to_pdf(html))
    assert "plain" in text(out) and not fetched


def test_user_text_is_autoescaped_and_a_users_folder_falls_back_with_a_warning(tmp_path):
    mine = tmp_path / "mine"
    (mine / "shared").mkdir(parents=True)
    (mine / "shared" / "note.html").write_text("<b>{{ name }}</b>")
    templates = Templates(mine)
    assert templates.render("shared/note.html", name="<i>x</i>") == "<b>&lt;i&gt;x&lt;/i&gt;</b>"
    templates.render("shared/base.html", content="", **page_context(paper("a4"), "t"))
    assert templates.warnings == [f"{mine}: no shared/base.html; using the bundled one"]


def test_outputs_are_ordinary_files_not_private_ones(tmp_path):
    import os
    import stat

    from playaid.outputs import OutputFolder

    mask = os.umask(0o022)
    try:
        written = OutputFolder(tmp_path).write_text("a.txt", "x")
    finally:
        os.umask(mask)
    assert stat.S_IMODE(written.stat().st_mode) == 0o644


def test_the_shared_stylesheet_is_applied(tmp_path):
    """base.css sets the page's font size; a stylesheet served with the wrong type is dropped."""
    from weasyprint import HTML

    from playaid.render.html import TEMPLATES, local_fetcher

    html = Templates().render("shared/base.html", **page_context(paper("a4"), "t"))
    doc = HTML(string=html, base_url=TEMPLATES.as_uri() + "/", url_fetcher=local_fetcher([TEMPLATES])).render()
    root = doc.pages[0]._page_box.children[0]
    assert root.style["font_size"] == 9.5 * 4 / 3  # 9.5pt in CSS px
