"""Names in Korean, Arabic and Hebrew print with real glyphs, in reading order, on a sheet
(WeasyPrint) and on an Isolation map (ReportLab); where no font has them, a readable
stand-in prints and one line says what to install (issue 40, item 3)."""

from __future__ import annotations

import shutil
import subprocess
import unicodedata
from pathlib import Path

import pikepdf
import pytest

from playaid.render import fonts, script_fonts, shaping

KOREAN = "김민준"
ARABIC = "سمير حداد"
HEBREW = "דנה כהן"

INSTALLED = all(script_fonts.find(s.regular) for s in script_fonts.SCRIPTS)
needs_fonts = pytest.mark.skipif(not INSTALLED, reason="Debian's fonts-noto-core and fonts-wqy-microhei are not "
                                                       "installed (`make system-packages` installs them)")


def _text(pdf: Path) -> str:
    """The PDF's text as pdftotext reads it (it puts right-to-left runs back in reading
    order), compatibility forms folded: ReportLab's shaped Arabic letters come out as their
    presentation forms, which fold to the letters typed."""
    out = subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, check=True, text=True).stdout
    return unicodedata.normalize("NFKC", out).replace("\u202b", "").replace("\u202c", "").replace("\u202a", "")


def _fonts_and_codes(pdf: Path) -> dict[str, list[int]]:
    """Every font the pages draw text with (base name without the subset tag) → the glyph
    codes drawn in it, read from the content streams and the forms they use."""
    drawn: dict[str, list[int]] = {}
    with pikepdf.open(pdf) as doc:
        def walk(owner, resources) -> None:
            font_of = resources.get("/Font", {}) if resources is not None else {}
            current = None
            for operands, op in pikepdf.parse_content_stream(owner):
                name = str(op)
                if name == "Tf":
                    current = font_of[operands[0]]
                elif name in ("Tj", "TJ", "'", '"') and current is not None:
                    wide = current.get("/Subtype") == "/Type0"
                    base = str(current.BaseFont).split("+", 1)[-1]
                    for item in (operands[-1] if name == "TJ" else [operands[-1]]):
                        if isinstance(item, pikepdf.String):
                            raw = bytes(item)
                            codes = ([int.from_bytes(raw[i:i + 2], "big") for i in range(0, len(raw), 2)]
                                     if wide else list(raw))
                            drawn.setdefault(base, []).extend(codes)
                elif name == "Do":
                    xobject = resources.XObject[operands[0]]
                    if xobject.get("/Subtype") == "/Form":
                        walk(xobject, xobject.get("/Resources", resources))
        for page in doc.pages:
            walk(page, page.obj.get("/Resources"))
    return drawn


def _isolation_setup(files, first: str, third: str) -> Path:
    for name in ("alice.yaml", "bob.yaml", "eve.yaml", "farmhouse.yaml"):
        text = files.copy_example("isolation", name).read_text(encoding="utf-8")
        files.write(f"isolation/{name}", text.replace("Alice Moreau", first).replace("Eve Lindqvist", third))
    return files.root / "isolation" / "farmhouse.yaml"


def _dirt(files, name: str, player: str) -> Path:
    return files.write("ko.yaml", f"""
        system: dirt
        name: {name}
        player: {player}
        stats: {{mental: 2, physical: 5, social: 3}}
        job: Roofer
        hobby: Skateboarding
        """)


@needs_fonts
def test_a_korean_and_an_arabic_name_print_on_a_sheet(run, files, tmp_path):
    result = run("sheet", str(_dirt(files, KOREAN, ARABIC)), "--out", str(tmp_path / "out"))
    assert result.exit_code == 0, result.output
    assert "printed as" not in result.output
    pdf = next((tmp_path / "out").glob("*.pdf"))
    text = _text(pdf)
    assert KOREAN in text and ARABIC in text  # logical order: سمير first, as typed
    drawn = _fonts_and_codes(pdf)
    assert {"Playaid-Hangul-Bold", "Playaid-Arabic"} <= set(drawn), sorted(drawn)
    assert all(0 not in codes for codes in drawn.values()), "a .notdef glyph (gid 0) is drawn"


@needs_fonts
def test_a_korean_and_an_arabic_name_print_on_an_isolation_map(run, files, tmp_path):
    result = run("map", str(_isolation_setup(files, KOREAN, ARABIC)), "--out", str(tmp_path / "out"))
    assert result.exit_code == 0, result.output
    assert "printed as" not in result.output
    pdf = tmp_path / "out" / "farmhouse-map.pdf"
    text = _text(pdf)
    assert f"1 {KOREAN}" in text and f"3 {ARABIC}" in text
    drawn = _fonts_and_codes(pdf)
    assert {"WenQuanYiMicroHei-0", "NotoSansArabic-Regular"} <= set(drawn), sorted(drawn)
    assert all(0 not in codes for codes in drawn.values()), "a .notdef glyph (code 0) is drawn"


@needs_fonts
def test_right_to_left_runs_are_drawn_right_to_left_and_joined():
    # Hebrew needs no joining: its letters drawn in reverse are its visual order
    ((face, part),) = shaping.drawn_runs(HEBREW)
    assert face.file == "NotoSansHebrew-Regular.ttf" and str(part) == HEBREW[::-1]
    # Arabic letters are joined: the shaped glyphs are not the isolated letters reversed
    ((face, part),) = shaping.drawn_runs(ARABIC)
    joined = [c for c in str(part) if 0xFB50 <= ord(c) <= 0xFDFF or 0xFE70 <= ord(c) <= 0xFEFF]
    assert face.file == "NotoSansArabic-Regular.ttf" and joined and str(part) != ARABIC[::-1]
    # the first name typed is drawn rightmost, where a reader of Arabic starts
    rightmost = unicodedata.normalize("NFKC", str(part).split(" ")[-1])
    assert sorted(rightmost) == sorted("سمير")
    # a number before a name stays before it; the name reads right to left after it
    drawn = shaping.drawn_runs(f"3 {HEBREW} and Bob")
    assert "".join(map(str, (p for _, p in drawn))) == f"3 {HEBREW[::-1]} and Bob"
    # text with no right-to-left letter is cut exactly as before
    assert shaping.drawn_runs("Ann 김") == fonts.runs("Ann 김")


def test_without_the_fonts_a_stand_in_prints_and_one_line_says_what_to_install(run, files, tmp_path, monkeypatch):
    empty = tmp_path / "no-fonts"
    empty.mkdir()
    monkeypatch.setenv(script_fonts.FONT_DIRS, str(empty))
    result = run("map", str(_isolation_setup(files, KOREAN, ARABIC)), "--out", str(tmp_path / "out"))
    assert result.exit_code == 0, result.output
    said = [line for line in result.output.splitlines() if "printed as" in line]
    assert said == [
        f"warning: `{KOREAN}` is printed as `gimminjun` in farmhouse-map.pdf: no font here has 김 민 준; "
        "install Debian's fonts-wqy-microhei (make system-packages), or name a font with --font",
        f"warning: `{ARABIC}` is printed as `smyr hdad` in farmhouse-map.pdf: no font here has س م ي ر ح د; "
        "install Debian's fonts-noto-core (make system-packages), or name a font with --font",
    ]
    pdf = tmp_path / "out" / "farmhouse-map.pdf"
    assert "1 gimminjun" in _text(pdf) and "3 smyr hdad" in _text(pdf)
    drawn = _fonts_and_codes(pdf)
    assert not {"WenQuanYiMicroHei-0", "NotoSansArabic-Regular"} & set(drawn)
    assert all(0 not in codes for codes in drawn.values()), "a box (.notdef) is drawn"


def test_a_sheet_without_the_fonts_prints_the_stand_in(run, files, tmp_path, monkeypatch):
    empty = tmp_path / "no-fonts"
    empty.mkdir()
    monkeypatch.setenv(script_fonts.FONT_DIRS, str(empty))
    result = run("sheet", str(_dirt(files, KOREAN, "Mia")), "--out", str(tmp_path / "out"))
    assert result.exit_code == 0, result.output
    assert f"`{KOREAN}` is printed as `gimminjun` in" in result.output
    assert "gimminjun" in _text(next((tmp_path / "out").glob("*.pdf")))


@needs_fonts
def test_a_font_the_user_names_is_used_first(run, files, tmp_path, monkeypatch):
    monkeypatch.setenv(script_fonts.USER_FONTS, "")
    own = tmp_path / "mine.ttf"  # a serif Hebrew (same Debian package) instead of the sans one found
    shutil.copyfile(script_fonts.find("NotoSerifHebrew-Regular.ttf"), own)
    result = run("--font", str(own), "map", str(_isolation_setup(files, HEBREW, "Eve")),
                 "--out", str(tmp_path / "out"))
    assert result.exit_code == 0, result.output
    drawn = _fonts_and_codes(tmp_path / "out" / "farmhouse-map.pdf")
    assert "NotoSerifHebrew-Regular" in drawn and "NotoSansHebrew-Regular" not in drawn
    assert f"1 {HEBREW}" in _text(tmp_path / "out" / "farmhouse-map.pdf")


@pytest.mark.parametrize("content, said", [
    (None, "no such file"),
    (b"not a font at all", "not a font file playaid can read"),
    (b"OTTO" + bytes(60), "PostScript (CFF)"),
])
def test_a_font_that_cannot_be_used_is_refused_with_what_to_do(run, tmp_path, monkeypatch, content, said):
    monkeypatch.setenv(script_fonts.USER_FONTS, "")
    font = tmp_path / "font.ttf"
    if content is not None:
        font.write_bytes(content)
    result = run("--font", str(font), "systems")
    assert result.exit_code == 1
    assert said in result.output and "name a TrueType font file (.ttf)" in result.output
    assert "Traceback" not in result.output


def test_fallback_spelling_is_readable():
    assert "".join(map(script_fonts.spelled, KOREAN)) == "gimminjun"
    assert "".join(map(script_fonts.spelled, "דנה")) == "dnh"
    assert script_fonts.spelled("\u2603") == "?"


@needs_fonts
def test_the_same_names_give_the_same_bytes(run, files, tmp_path):
    setup = _isolation_setup(files, KOREAN, ARABIC)
    sheet = _dirt(files, KOREAN, ARABIC)
    made = []
    for n in (1, 2):
        for args in (("map", str(setup)), ("sheet", str(sheet))):
            assert run(*args, "--out", str(tmp_path / f"out{n}")).exit_code == 0
        made.append({p.name: p.read_bytes() for p in sorted((tmp_path / f"out{n}").glob("*.pdf"))})
    assert len(made[0]) == 2 and made[0] == made[1]


def test_every_font_stack_with_a_fallback_reaches_the_script_fonts():
    import re

    from playaid.resources import TEMPLATES

    stacks = [m.group(1) for css in TEMPLATES.rglob("*.css")
              for m in re.finditer(r"font-family:([^;]*)", css.read_text(encoding="utf-8"))
              if "Droid Sans Fallback" in m.group(1)]
    assert len(stacks) >= 5
    for stack in stacks:
        assert all(f'"{family}"' in stack for family in (fonts.USER_FAMILY, *fonts.SCRIPT_FAMILIES)), stack


def _playaid_in(folder: Path, *args: str) -> subprocess.CompletedProcess:
    import os
    import sys

    env = {k: v for k, v in os.environ.items() if k not in (script_fonts.USER_FONTS, "PLAYAID_NO_SETTINGS")}
    return subprocess.run([sys.executable, "-m", "playaid", *args], cwd=folder, capture_output=True, text=True,
                          env={**env, "PYTHONPATH": str(Path(__file__).resolve().parents[1])})


@needs_fonts
def test_playaid_toml_names_a_font_relative_to_its_folder(files, tmp_path):
    (tmp_path / "fonts").mkdir()
    shutil.copyfile(script_fonts.find("NotoSerifHebrew-Regular.ttf"), tmp_path / "fonts" / "mine.ttf")
    (tmp_path / "playaid.toml").write_text('font = "fonts/mine.ttf"\n', encoding="utf-8")
    setup = _isolation_setup(files, HEBREW, "Eve")
    done = _playaid_in(tmp_path, "map", str(setup), "--out", "out")
    assert done.returncode == 0, done.stderr
    assert "NotoSerifHebrew-Regular" in _fonts_and_codes(tmp_path / "out" / "farmhouse-map.pdf")
    (tmp_path / "playaid.toml").write_text('font = "fonts/gone.ttf"\n', encoding="utf-8")
    refused = _playaid_in(tmp_path, "map", str(setup), "--out", "out2")
    assert refused.returncode == 1 and "gone.ttf: no such file" in refused.stderr
    assert not (tmp_path / "out2").exists()
    (tmp_path / "playaid.toml").write_text("font = 3\n", encoding="utf-8")
    refused = _playaid_in(tmp_path, "systems")
    assert refused.returncode == 1 and "playaid.toml:1: `font` is `3`; write the font file's path" in refused.stderr
