"""Printed pages in the players' languages: `--lang`, `language` in playaid.toml, a character's
`language:`, each checked on the PDF's own text (and its form fields' tooltips)."""

from __future__ import annotations

import re
import sys

import pikepdf
import pytest
from click.testing import CliRunner

import pdfs
from conftest import ROOT
from playaid import language
from playaid.cli import cli, settings
from playaid.defaults import PREFIX
from playaid.systems import REGISTRY

sys.path.insert(0, str(ROOT / "tools"))
import catalogs  # noqa: E402  (tools/ is not a package)

GAMES = sorted(g for g in REGISTRY if REGISTRY[g].sheet)
PLACEHOLDER = re.compile(r"%\(\w+\)s")
PLAYER = {"en": "player", "fr": "joueur", "de": "spieler", "es": "jugador"}
"""A word every sheet prints (the masthead's label), in each language."""


def english_phrases(code: str) -> list[str]:
    """The English pieces of language `code`'s catalog that must not be printed in it: each
    message's text between placeholders, less the messages its language writes alike
    (Concept, Notes in French) and pieces too short to be words of their own."""
    catalog = catalogs.read(code)
    said = " ".join(m.string.lower() for m in catalog if m.id)
    phrases = set()
    for m in catalog:
        if not m.id or m.id == m.string:
            continue
        for piece in PLACEHOLDER.split(m.id.replace("%%", "%")):
            piece = piece.strip(" :;,.—–()+=").strip()
            if len(piece) >= 2 and not re.search(rf"\b{re.escape(piece.lower())}\b", said):
                phrases.add(piece)
    return sorted(phrases, key=len, reverse=True)


GAME_NAMES = sorted({n for g in REGISTRY.values() for n in (g.title, g.short_title)}, key=len, reverse=True)
"""Proper names, printed as they are in every language ("Fight Club Frustration Game")."""


def english_in(text: str, code: str) -> list[str]:
    """Which English phrases of the catalog `text` holds, as whole words, in any case (the
    games' names aside)."""
    flat = " ".join(text.split())
    for name in GAME_NAMES:
        flat = re.sub(re.escape(name), " ", flat, flags=re.IGNORECASE)
    return [p for p in english_phrases(code) if re.search(rf"(?<!\w){re.escape(p)}(?!\w)", flat, re.IGNORECASE)]


def tooltips(path) -> list[str]:
    with pikepdf.open(path) as pdf:
        acro = pdf.Root.get("/AcroForm")
        found = []

        def walk(field):
            if "/TU" in field:
                found.append(str(field.TU))
            for kid in field.get("/Kids", []):
                walk(kid)

        for field in acro.Fields if acro is not None else []:
            walk(field)
        return found


def test_the_english_check_finds_english_and_spares_words_both_languages_share():
    assert english_in("SANTÉ  Indemne  Player name", "fr") == ["Player name", "Player"]
    assert english_in("NOTES  CONCEPT  ASPECTS", "fr") == []  # French writes these alike
    assert "Notes" in english_in("Notes", "de")  # German does not (Notizen)


@pytest.mark.parametrize("code", ["fr", "de", "es"])
@pytest.mark.parametrize("game", GAMES)
def test_a_blank_sheet_prints_no_english_word_of_the_catalog(run, tmp_path, game, code):
    result = run("sheet", "--blank", game, "--lang", code, "--out", tmp_path)
    assert result.exit_code == 0, result.output
    path = tmp_path / f"blank-{game}.pdf"
    text = pdfs.text(path)
    assert PLAYER[code] in text.lower()
    assert english_in(text, code) == [], f"{game} in {code}: English on the page"
    tips = tooltips(path)
    assert tips and english_in(" | ".join(tips), code) == [], f"{game} in {code}: English in a field's tooltip"
    assert all(re.fullmatch(r"[A-Za-z0-9_-]+", n) for n in pdfs.form_field_names(path))  # names stay ASCII
    with pikepdf.open(path) as pdf:
        assert str(pdf.Root.Lang) == code


def test_english_stays_the_default_and_the_check_fails_on_an_english_sheet(run, tmp_path):
    assert run("sheet", "--blank", "sapio", "--out", tmp_path).exit_code == 0
    text = pdfs.text(tmp_path / "blank-sapio.pdf")
    assert "PLAYER" in text.upper() and {"Luck", "Special talents"} <= set(english_in(text, "fr"))


def _character(name: str, lang: str | None) -> str:
    said = f", language: {lang}" if lang else ""
    return (f"  - {{name: {name}, player: P{name}, stats: {{mental: 3, physical: 4, social: 3}}, "
            f"job: Ranger, hobby: Chess{said}}}\n")


def test_a_packet_prints_each_sheet_in_its_players_language(files, run, tmp_path):
    """A table whose players read four languages: each sheet in its own; the cover, in the
    table's (the command line's), says where each sheet is."""
    cast = {"Ana": "en", "Bea": "fr", "Cem": "de", "Dia": "es", "Eli": None}
    setup = files.write("mixed.yaml", "system: dirt\nkind: setup\nname: Mixed table\nsetting: A ferry\n"
                                      "antagonist: The fog\nobjective: Land\ncharacters:\n"
                        + "".join(_character(n, lang) for n, lang in cast.items()))
    result = run("packet", setup, "--lang", "de", "--out", tmp_path)
    assert result.exit_code == 0, result.output
    path = tmp_path / "mixed-packet.pdf"
    pdfs.assert_printable(path)
    pages = pdfs.text(path).split("\f")
    cover = pages[0]
    assert "An diesem Tisch".upper() in cover.upper() and english_in(cover, "de") == []
    for name, lang in cast.items():
        spoken = lang or "de"  # no language of its own: the table's
        (page,) = [p for p in pages[1:] if f"P{name}" in p]
        assert PLAYER[spoken] in page.lower(), (name, page[:200])
        if spoken != "en":
            assert english_in(page, spoken) == [], name
        for other in set(PLAYER) - {spoken}:
            assert PLAYER[other] not in page.lower(), (name, other)
    titles = pdfs.outline_titles(path)
    assert titles[:2] == ["Deckblatt", "Figuren"] and "Übersicht" in titles
    with pikepdf.open(path) as pdf:
        assert str(pdf.Root.Lang) == "de"


def test_a_packet_without_a_language_is_english(files, run, tmp_path):
    setup = files.write("t.yaml", "system: dirt\nkind: setup\nname: T\ncharacters:\n" + _character("Ana", None))
    assert run("packet", setup, "--out", tmp_path).exit_code == 0
    pages = pdfs.text(tmp_path / "t-packet.pdf").split("\f")
    assert "AT THIS TABLE" in pages[0].upper() and "PLAYER" in pages[1].upper()


def _in_folder(folder, *args):
    """`playaid ARGS` with the settings of `folder`'s playaid.toml, as the command line reads them."""
    return CliRunner().invoke(cli, [str(a) for a in args], default_map=settings(folder), auto_envvar_prefix=PREFIX,
                              catch_exceptions=False)


def test_the_character_comes_before_the_command_line_and_the_folder(files, tmp_path):
    files.write("playaid.toml", 'language = "es"\n')
    one = files.write("one.yaml", "system: dirt\nname: One\nstats: {mental: 3, physical: 4, social: 3}\n"
                                  "job: Ranger\nhobby: Chess\nlanguage: fr\n")
    two = files.write("two.yaml", "system: dirt\nname: Two\nstats: {mental: 3, physical: 4, social: 3}\n"
                                  "job: Ranger\nhobby: Chess\n")
    assert _in_folder(files.root, "sheet", one, two, "--out", tmp_path / "a").exit_code == 0
    assert "joueur" in pdfs.text(tmp_path / "a" / "one.pdf").lower()  # its own
    assert "jugador" in pdfs.text(tmp_path / "a" / "two.pdf").lower()  # the folder's
    assert _in_folder(files.root, "sheet", one, two, "--lang", "de", "--out", tmp_path / "b").exit_code == 0
    assert "joueur" in pdfs.text(tmp_path / "b" / "one.pdf").lower()
    assert "spieler" in pdfs.text(tmp_path / "b" / "two.pdf").lower()  # the command line's


def test_an_unknown_language_is_refused_with_the_allowed_ones(files, run, tmp_path):
    bad = files.write("c.yaml", "system: sapio\nname: X\nlanguage: pt\n")
    result = run("validate", bad)
    assert result.exit_code == 1 and "`language` is `pt`; allowed: `en`, `fr`, `de`, `es`" in result.output
    result = run("sheet", "--blank", "dirt", "--lang", "pt", "--out", tmp_path / "out")
    assert result.exit_code == 2 and "'pt' is not one of 'en', 'fr', 'de', 'es'" in result.output
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("game", GAMES)
def test_every_game_accepts_a_language(files, run, game):
    """Every game's character takes `language:` (the schema lists the codes); only the
    language is checked here, so other missing fields may be reported."""
    bad = files.write("c.yaml", f"system: {game}\nname: X\nlanguage: xx\n")
    assert "`language` is `xx`; allowed: `en`, `fr`, `de`, `es`" in run("validate", bad).output
    good = files.write("d.yaml", f"system: {game}\nname: X\nlanguage: fr\n")
    assert "`language`" not in run("validate", good).output


def test_numbers_follow_the_language():
    with language.speaking("fr"):
        assert language.number(1.5) == "1,5" and language.gettext("Luck") == "Chance"
    with language.speaking("de"):
        assert language.number(12345) == "12.345"
    assert language.number(1.5) == "1.5" and language.gettext("Luck") == "Luck"
    with pytest.raises(language.UnknownLanguage, match="en \\(English\\), fr"):
        language.checked("pt")


def test_a_blank_page_of_a_packet_speaks_the_tables_language_and_is_cached_per_language(tmp_path):
    from playaid.render.packet_plan import blank_page
    from playaid.render.paper import paper

    said = {}
    for code in ("en", "fr", "en"):
        with language.speaking(code):
            path = tmp_path / f"{code}.pdf"
            path.write_bytes(blank_page(paper("a4")))
            said[code] = pdfs.text(path)
    assert "intentionally blank" in said["en"] and "laissée blanche" in said["fr"]


def test_the_studio_prints_a_characters_sheet_in_its_language(tmp_path):
    """The studio's own words stay English; the sheet it prints follows the character."""
    from test_studio_safety import SAME, run as studio

    (tmp_path / "dirt").mkdir()
    (tmp_path / "dirt" / "bea.yaml").write_text("system: dirt\nname: Bea\nstats: {mental: 3, physical: 4, social: 3}\n"
                                                "job: Ranger\nhobby: Chess\nlanguage: es\n", encoding="utf-8")

    async def script(client):
        return await client.post("/api/print/dirt/bea.yaml", headers=SAME, data={"output": "sheet"})

    assert studio(tmp_path, script).status_code == 200
    (pdf,) = (tmp_path / "output").glob("*.pdf")
    assert "jugador" in pdfs.text(pdf).lower() and english_in(pdfs.text(pdf), "es") == []


def test_a_ready_tables_packet_takes_the_command_lines_language(run, tmp_path):
    """The packet's words are French; the table's own texts (its name, setting, the
    characters' jobs) are what pregen wrote into its files, in English for now."""
    result = run("pregen", "dirt", "--count", "3", "--seed", "4", "--packet", "--lang", "fr", "--out", tmp_path)
    assert result.exit_code == 0, result.output
    (packet,) = tmp_path.glob("*-packet.pdf")
    pages = pdfs.text(packet).split("\f")
    assert "À CETTE TABLE" in pages[0].upper() and "HOW TO PRINT" not in pages[0].upper()
    assert all("joueur" in p.lower() and "player" not in p.lower() for p in pages[1:4])


def test_a_packets_untranslated_handouts_say_they_are_english(monkeypatch, tmp_path):
    """The reference page is not translated yet: in a French packet it is made as English."""
    from playaid import packets

    monkeypatch.setenv("PLAYAID_CACHE", "off")  # a page kept from an earlier test would not be drawn
    seen = []
    real = packets.reference_pdf
    monkeypatch.setattr(packets, "reference_pdf", lambda *a: seen.append(language.current()) or real(*a))
    setup = tmp_path / "t.yaml"
    setup.write_text("system: dirt\nkind: setup\nname: T\ncharacters:\n" + _character("Ana", None), encoding="utf-8")
    from playaid.render.paper import paper

    files, _ = packets.packet(setup, paper("a4"), lang="fr")
    assert seen == ["en"] and files


def test_a_reference_page_asked_in_another_language_says_it_is_english(run, tmp_path):
    result = run("sheet", "--reference", "dirt", "--lang", "fr", "--out", tmp_path)
    assert result.exit_code == 0 and "reference pages are printed in English for now" in result.output
    assert "for now" not in run("sheet", "--reference", "dirt", "--out", tmp_path / "en").output
