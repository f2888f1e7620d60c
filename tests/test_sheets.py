"""Character sheets end to end: every game rendered, read back, checked."""

from __future__ import annotations

import pikepdf
import pytest

import pdfs
from conftest import EXAMPLES, GAME_IDS, INVALID
from playaid.render import fonts

GAMES = {
    "fight-sphere": ("dana.yaml", ["Dana Okafor", "Death Wish", "fire axe"], {"pool": "5", "rel0_npc": "Marrow, the scrap-priest"}),
    "isolation": ("alice.yaml", ["Alice Moreau", "Nurse", "Compassionate", "Suspicious of anyone who drinks"], {}),
    "sapio": ("ines.yaml", ["Ines Varga", "Desert Commando", "Knife Work", "Large dagger"], {"luck": "2"}),
    "fight-club": ("marty.yaml", ["Marty Kowalski", "The Boss", "Ray, the carpool neighbour"], {"tok_pain": "3"}),
    "dirt": ("moss.yaml", ["Moss", "Roofer", "Skateboarding", "3+", "4+", "5+"], {"stat_physical": "5"}),
    "contest": ("harrow.yaml", ["Ensign Tomas Harrow", "Oratory", "d8", "Bullhorn", "d3", "Rehearsed speech"], {}),
}


def field_values(path) -> dict[str, str]:
    with pikepdf.open(path) as pdf:
        return {str(f.T): str(f.get("/V", "")) for f in pdf.Root.AcroForm.Fields}


@pytest.mark.parametrize("game", GAME_IDS)
def test_every_game_sheet_reads_back(game, tmp_path, run):
    assert game in GAMES, f"{game}: say here which example sheet to read back, and what it must show"
    name, texts, values = GAMES[game]
    result = run("sheet", EXAMPLES[game] / name, "--out", tmp_path, "--paper", "letter")
    assert result.exit_code == 0, result.output
    [pdf] = tmp_path.glob("*.pdf")
    assert all(abs(w - 215.9) < 0.01 and abs(h - 279.4) < 0.01 for w, h in pdfs.page_sizes_mm(pdf))
    pdfs.assert_printable(pdf)
    text = pdfs.text(pdf)
    for t in texts:
        assert t in text, t
    names = pdfs.form_field_names(pdf)
    assert names and len(names) == len(set(names))
    got = field_values(pdf)
    prefix = names[0].split("_")[0]
    for key, value in values.items():
        assert got[f"{prefix}_{key}"] == value


def test_fight_sphere_shows_effective_relationship_and_threshold_per_layer(tmp_path, run):
    run("sheet", EXAMPLES["fight-sphere"] / "campaign.yaml", "--out", tmp_path, "--flat")
    text = pdfs.text(tmp_path / "dana-okafor.pdf")
    # one Relationship (value 2): Layer 1 threshold 5 + one Relationship = 6
    assert "Threshold 5 + Relationships 1 = 6" in text
    assert pdfs.form_field_names(tmp_path / "dana-okafor.pdf") == []


def test_the_fight_sphere_judgment_pool_counts_relationships_like_roll_does():
    from playaid.render.sheets import sheet_for
    from playaid.games.fight_sphere.arithmetic import judgment_pool
    from playaid.games.fight_sphere.gladiators import Gladiator, Relationship
    from playaid.games.fight_sphere.sphere import Setup
    g = Gladiator(name="Ann", role="pc", drive="death-wish",
                  relationships=[Relationship("Marrow", 2), Relationship("Kit", 3)])
    sheet = sheet_for("fight-sphere", g, setup=Setup(name="x", players=[], characters=[], layer=3))
    assert "Threshold 7 + Relationships 2 = 9 " in sheet.game.judgment_rule
    assert judgment_pool(7, g.relationships) == 9
    blank = sheet_for("fight-sphere", None).game.judgment_rule
    assert "number of your Relationships" in blank and "sum" not in blank


def test_the_same_input_gives_the_same_bytes(tmp_path, run):
    for out in ("a", "b"):
        run("sheet", EXAMPLES["dirt"] / "moss.yaml", "--out", tmp_path / out)
    assert (tmp_path / "a" / "moss.pdf").read_bytes() == (tmp_path / "b" / "moss.pdf").read_bytes()


def test_blank_and_reference_pages_with_previews(tmp_path, run):
    result = run("sheet", "--blank", "sapio", "--reference", "isolation", "--png", "--out", tmp_path)
    assert result.exit_code == 0, result.output
    pdfs.assert_printable(tmp_path / "blank-sapio.pdf")
    assert "Complete Success" in pdfs.text(tmp_path / "reference-isolation.pdf")
    assert (tmp_path / "blank-sapio-p1.png").read_bytes()[:4] == b"\x89PNG"
    [(w, h)] = pdfs.page_sizes_mm(tmp_path / "blank-sapio.pdf")
    assert (w, h) == (pytest.approx(210, abs=0.01), pytest.approx(297, abs=0.01))


@pytest.mark.parametrize("game, wanted", [
    ("fight-sphere", ["Background: one die", "costs one die from your Conflict Pool", "take one reward",
                      "a die for your Conflict Pool", "cut-scene", "the number of Relationships"]),
    ("isolation", ["red links with everyone Neutral or Hostile", "must erase a labelled green link"]),
])
def test_reference_pages_say_what_the_rule_text_gives(game, wanted, tmp_path, run):
    run("sheet", "--reference", game, "--out", tmp_path)
    text = " ".join(pdfs.text(tmp_path / f"reference-{game}.pdf").split())
    assert [w for w in wanted if w not in text] == []


def test_an_invalid_character_is_refused_and_nothing_written(tmp_path, run):
    result = run("sheet", INVALID / "dirt" / "stat-six.yaml", "--out", tmp_path / "out")
    assert result.exit_code == 1 and "[dirt.stat-range]" in result.output
    assert not (tmp_path / "out").exists()


def test_a_valid_character_passes_where_the_invalid_one_fails(tmp_path, run):
    assert run("sheet", EXAMPLES["dirt"] / "scout.yaml", "--out", tmp_path).exit_code == 0


SCRIPTS = "Ελένη Παπαδοπούλου", "Юлия Смирнова", "山田 花子", "Zoë 🔥🎲"


def test_names_and_notes_in_every_script_render_with_real_glyphs(files, tmp_path, run):
    for i, name in enumerate(SCRIPTS):
        assert fonts.missing(name) == []
        files.write(f"c{i}.yaml", f"system: dirt\nname: {name}\nstats: {{mental: 3, physical: 3, social: 3}}\n"
                                  f"job: Δάσκαλος\nhobby: Чтение\nnotes: 東京 ✨ {name}\n")
        result = run("sheet", files.root / f"c{i}.yaml", "--out", tmp_path / "out" / str(i), "--flat")
        assert result.exit_code == 0, result.output
    for pdf in (tmp_path / "out").rglob("*.pdf"):
        pdfs.assert_printable(pdf)
        text = pdfs.text(pdf)
        assert "\ufffd" not in text
    texts = "".join(pdfs.text(p) for p in (tmp_path / "out").rglob("*.pdf"))
    for name in SCRIPTS:
        assert name in texts, name
    used = {f["name"].split("+")[-1] for p in (tmp_path / "out").rglob("*.pdf") for f in pdfs.fonts(p)}
    assert any("Droid" in u for u in used) and any("Symbola" in u for u in used)


HOSTILE = ['<b>Bold</b><img src="file:///etc/passwd">', "</style><style>*{color:red}</style>",
           "file:///etc/passwd", "http://127.0.0.1:9/x.css", "url(http://example.invalid/a.png)"]


def test_hostile_names_stay_literal_and_nothing_is_fetched(files, tmp_path, run, monkeypatch):
    from playaid.render import html

    asked = []
    real = html.local_fetcher

    def recording(roots):
        from weasyprint.urls import URLFetcher

        inner = real(roots)

        class Recorder(URLFetcher):
            def fetch(self, url, headers=None):
                asked.append(url)
                return inner.fetch(url, headers)

        return Recorder()

    monkeypatch.setattr(html, "local_fetcher", recording)
    for i, text in enumerate(HOSTILE):
        files.write(f"h{i}.yaml", "system: dirt\nname: 'x'\nstats: {mental: 3, physical: 3, social: 3}\n"
                                  "job: Roofer\nhobby: Skating\n")
        path = files.root / f"h{i}.yaml"
        import yaml
        data = yaml.safe_load(path.read_text())
        data.update(name=text, notes=text)
        path.write_text(yaml.safe_dump(data, allow_unicode=True))
        result = run("sheet", path, "--out", tmp_path / "out", "--flat")
        assert result.exit_code == 0, result.output
    texts = "".join(pdfs.text(p) for p in (tmp_path / "out").rglob("*.pdf"))
    for text in HOSTILE:
        assert text in texts.replace("\r\n", "").replace("\n", ""), text
    assert asked, "the stylesheets and fonts are fetched through the fetcher"
    assert not [u for u in asked if "passwd" in u or "127.0.0.1" in u or "invalid" in u], asked


def test_a_long_backstory_and_name_are_fitted_or_warned(files, tmp_path, run):
    story = " ".join(["word"] * 100)
    files.write("long.yaml", f"system: dirt\nname: {'N' * 60}\nstats: {{mental: 3, physical: 3, social: 3}}\n"
                             f"job: Roofer\nhobby: Skating\nnotes: {story}\n")
    result = run("sheet", files.root / "long.yaml", "--out", tmp_path)
    assert result.exit_code == 0
    assert "N" * 60 in pdfs.text(next(tmp_path.glob("*.pdf"))).replace("\r\n", "")
    files.write("longer.yaml", f"system: dirt\nname: Ann\nstats: {{mental: 3, physical: 3, social: 3}}\n"
                               f"job: {'x' * 200}\nhobby: Skating\n")
    result = run("sheet", files.root / "longer.yaml", "--out", tmp_path)
    assert "warning:" in result.output and "job is 200 characters" in result.output


def test_template_dir_falls_back_with_a_warning_and_names_syntax_errors(tmp_path, run):
    mine = tmp_path / "mine" / "sheets"
    mine.mkdir(parents=True)
    result = run("sheet", EXAMPLES["dirt"] / "moss.yaml", "--out", tmp_path / "o", "--template-dir", mine.parent)
    assert result.exit_code == 0 and "using the bundled one" in result.output
    (mine / "dirt.html").write_text('{% extends "sheets/layout.html" %}\n{% block body %}\n{% if %}\n{% endblock %}\n')
    result = run("sheet", EXAMPLES["dirt"] / "moss.yaml", "--out", tmp_path / "o2", "--template-dir", mine.parent)
    assert result.exit_code == 1 and "dirt.html:3" in result.output


@pytest.mark.parametrize("game", GAME_IDS)
def test_a_blank_sheet_fits_one_letter_page_with_fields(game, tmp_path, run):
    assert run("sheet", "--blank", game, "--paper", "letter", "--out", tmp_path).exit_code == 0
    pdf = tmp_path / f"blank-{game}.pdf"
    assert len(pdfs.page_sizes_mm(pdf)) == 1
    names = pdfs.form_field_names(pdf)
    assert names and len(names) == len(set(names))
    # every field, check boxes too, names a font: poppler reports "Missing 'Tf'" otherwise
    with pikepdf.open(pdf) as doc:
        fields = list(doc.Root.AcroForm.Fields)
        assert game != "dirt" or any(f.get("/FT") == "/Btn" for f in fields)
        assert all(" Tf" in str(f.get("/DA", "")) for f in fields), [str(f.T) for f in fields if "/DA" not in f]


def test_a_users_template_is_used_before_the_bundled_one(tmp_path, run):
    mine = tmp_path / "mine" / "sheets"
    mine.mkdir(parents=True)
    (mine / "dirt.html").write_text('{% extends "sheets/layout.html" %}\n{% block body %}OUR OWN LOOK{% endblock %}\n')
    result = run("sheet", EXAMPLES["dirt"] / "moss.yaml", "--out", tmp_path / "o", "--template-dir", mine.parent)
    assert result.exit_code == 0 and "OUR OWN LOOK" in pdfs.text(tmp_path / "o" / "moss.pdf")


def test_nothing_to_print_is_a_usage_error(run):
    assert run("sheet").exit_code == 2
    assert run("sheet", "--blank", "nosuchgame").exit_code == 2


def test_a_scene_file_is_refused_with_what_to_name_instead(tmp_path, run):
    result = run("sheet", EXAMPLES["dirt"] / "scene-climb.yaml", "--out", tmp_path / "o")
    assert result.exit_code == 1 and "name character or setup files" in result.output
    assert not (tmp_path / "o").exists()


def test_the_sheet_fetcher_serves_css_typed_and_refuses_anything_else():
    from weasyprint.urls import URLFetchingError

    from playaid.render.html import TEMPLATES, local_fetcher

    fetcher = local_fetcher([TEMPLATES])
    assert fetcher.fetch((TEMPLATES / "sheets" / "sheet.css").as_uri()).content_type == "text/css"
    for url in ("file:///etc/passwd", "http://127.0.0.1/x.css"):
        with pytest.raises(URLFetchingError):
            fetcher.fetch(url)


def test_field_values_the_form_face_cannot_draw_are_printed_as_text(files, tmp_path, run):
    files.write("i.yaml", "system: dirt\nname: Ann\nstats: {mental: 3, physical: 3, social: 3}\njob: Roofer\n"
                          "hobby: Skating\nitems: [Фонарь, 提灯, Rope]\n")
    assert run("sheet", files.root / "i.yaml", "--out", tmp_path).exit_code == 0
    pdf = tmp_path / "ann.pdf"
    assert "提灯" in pdfs.text(pdf)  # CJK: page text in the field's box
    values = field_values(pdf)
    # Cyrillic is in the form face: a field like the Latin one, drawn by its own appearance
    assert values["ann_item0"] == "Фонарь" and values["ann_item2"] == "Rope" and "ann_item1" not in values
    assert "Фонарь" in pdfs.flattened_text(pdf)


def test_form_fields_carry_the_trimmed_face_so_a_sheet_stays_small(tmp_path, run):
    assert run("sheet", EXAMPLES["dirt"] / "moss.yaml", "--out", tmp_path).exit_code == 0
    pdf = tmp_path / "moss.pdf"
    with pikepdf.open(pdf) as doc:
        embedded = {str(f.FontDescriptor.FontName).split("+")[-1]: len(f.FontDescriptor.FontFile2.read_bytes())
                    for page in doc.pages for f in page.Resources.Font.values()
                    for f in [f.get("/DescendantFonts", [f])[0]]}  # the tick font is a simple one
    # WeasyPrint embeds a field's font whole; whole Noto Sans made every sheet ~290 KB
    assert embedded["Playaid-Form-Sans"] < 160_000
    assert max(v for k, v in embedded.items() if k != "Playaid-Form-Sans") < 60_000
    assert pdf.stat().st_size < 150_000


def test_the_form_face_is_noto_sans_trimmed_to_latin_greek_and_cyrillic():
    from fontTools.ttLib import TTFont

    form, sans = TTFont(fonts.FORM.path), TTFont(fonts.SANS.path)
    cmap = form.getBestCmap()
    for text in ("Zoë Ångström", "Ελένη", "Фонарь", "Nguyễn", "– “ ” …"):
        assert all(ord(c) in cmap for c in text if not c.isspace()), text
    assert ord("提") not in cmap
    assert not {"fpgm", "prep", "cvt ", "GSUB", "GPOS"} & set(form.keys())
    widths, source = form["hmtx"], sans["hmtx"]
    sans_cmap = sans.getBestCmap()
    assert all(widths[cmap[c]][0] == source[sans_cmap[c]][0] for c in map(ord, "Aa0Ωж"))
    assert form["name"].getDebugName(1) == "Playaid Form Sans"


def test_ticked_check_boxes_are_drawn_from_an_embedded_font_without_poppler_errors(tmp_path, run):
    import subprocess

    from PIL import Image

    # Dana with her drive switched: a ticked check box beside the radio groups' dots
    dana = tmp_path / "dana.yaml"
    dana.write_text((EXAMPLES["fight-sphere"] / "dana.yaml").read_text(encoding="utf-8") + "drive_switched: true\n",
                    encoding="utf-8")
    assert run("sheet", dana, "--out", tmp_path).exit_code == 0
    pdf = tmp_path / "dana-okafor.pdf"
    pdfs.assert_printable(pdf)
    for command in (["pdftotext", pdf, tmp_path / "t.txt"], ["pdftoppm", "-r", "144", "-png", pdf, tmp_path / "p"]):
        done = subprocess.run([str(c) for c in command], capture_output=True, text=True)
        assert done.returncode == 0 and "ZaDb" not in done.stderr and "Error" not in done.stderr, done.stderr
    with pikepdf.open(pdf) as doc:
        height = float(doc.pages[0].MediaBox[3])
        radio = 1 << 15  # a radio group (Drive, State) marks its choice with a dot, not a tick
        boxes = {str(f.get("/V")): [float(v) for v in f.Rect] for f in doc.Root.AcroForm.Fields
                 if f.get("/FT") == "/Btn" and not int(f.get("/Ff", 0)) & radio}
    assert set(boxes) == {"/on", "/Off"}  # one ticked box at least

    def ink(rect) -> float:
        """The share of dark pixels inside a box (its border left out), as poppler drew it."""
        x1, y1, x2, y2 = (v * 2 for v in rect)  # 144 dpi: two pixels a point
        left, right, bottom, top = min(x1, x2), max(x1, x2), min(y1, y2), max(y1, y2)
        image = Image.open(tmp_path / "p-1.png").convert("L")
        inner = image.crop((int(left) + 3, int(height * 2 - top) + 3, int(right) - 3, int(height * 2 - bottom) - 3))
        shades = inner.histogram()
        return sum(shades[:128]) / sum(shades)

    assert ink(boxes["/on"]) > 0.12 and ink(boxes["/Off"]) < 0.02
