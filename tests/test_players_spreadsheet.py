"""Players files from spreadsheets (issue 40, item 1): a CSV or TSV export is read as a
table, its header picking the column of names; the other columns never reach a name."""

from __future__ import annotations

import pytest

from playaid.convention.names import read_names

# What a sign-up form's "Download as CSV" gives: a byte-order mark, CRLF, a header row,
# an accented name, a name holding a comma (quoted), and e-mail addresses.
SIGNUPS = ("\ufeffName,Pronouns,Email\r\n\"Zoë Müller\",she/her,zoe@example.org\r\n"
           "\"Smith, Jordan\",they/them,jordan@example.org\r\nAnn,,ann@example.org\r\nKofi,he/him,kofi@example.org\r\n")
SEATED = ["Zoë Müller", "Smith, Jordan", "Ann", "Kofi"]


def _file(tmp_path, name: str, text: str):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_a_gms_csv_export_seats_four_players_by_name_with_no_email(tmp_path, run):
    signups = _file(tmp_path, "signups.csv", SIGNUPS)
    result = run("pregen", "fight-club", "--count", "4", "--players-file", signups, "--table", "--seed", "7",
                 "--out", tmp_path / "table")
    assert result.exit_code == 0, result.output
    import yaml

    written = {p.name: p.read_text(encoding="utf-8") for p in (tmp_path / "table").iterdir()}
    assert yaml.safe_load(written["table.yaml"])["players"] == SEATED
    characters = [yaml.safe_load(t) for n, t in written.items() if n != "table.yaml"]
    assert sorted(c["player"] for c in characters) == sorted(SEATED)
    assert not any("@" in text or "Name" in yaml.safe_load(text).get("players", []) for text in written.values())
    # the pronouns column is kept: each character carries its player's (Ann gave none)
    assert {c["player"]: c.get("pronouns") for c in characters} == {
        "Zoë Müller": "she/her", "Smith, Jordan": "they/them", "Ann": None, "Kofi": "he/him"}
    assert "only the names and pronouns are read; column `Email` left out" in result.output


def test_the_same_export_seats_a_conventions_players(tmp_path, run):
    _file(tmp_path, "signups.csv", SIGNUPS)
    plan = _file(tmp_path, "plan.yaml", "name: Con\nseed: 7\nplayers_file: signups.csv\n"
                                        "tables:\n  - {game: dirt, count: 3, tables: 2}\n")
    result = run("convention", plan, "--out", tmp_path / "out")
    assert result.exit_code == 0, result.output
    seating = (tmp_path / "out" / "seating.txt").read_text(encoding="utf-8")
    assert all(name in seating for name in SEATED) and "@" not in seating and "Email" not in seating


@pytest.mark.parametrize("header", ["name", "Player", " PLAYERS ", "Nom", "Jugador", "full_name", "Spieler"])
def test_a_known_header_in_any_case_picks_the_column_of_names(tmp_path, header):
    assert read_names(_file(tmp_path, "s.csv", f"Email,{header}\nann@example.org,Ann\nben@example.org,Ben\n")) == (
        ["Ann", "Ben"], [])


def test_a_one_column_table_without_a_known_header_is_a_list_of_names(tmp_path):
    assert read_names(_file(tmp_path, "s.csv", "Ann\nBen\n\"Smith, Jordan\"\n"))[0] == ["Ann", "Ben", "Smith, Jordan"]


@pytest.mark.parametrize("name, text", [("s.tsv", "Email\tPlayer\na@x.org\tAnn\nb@x.org\tBen\n"),
                                        ("s.csv", "Email;Player\na@x.org;Ann\nb@x.org;Ben\n")])
def test_a_tsv_and_a_semicolon_csv_are_tables_too(tmp_path, name, text):
    assert read_names(_file(tmp_path, name, text))[0] == ["Ann", "Ben"]


def test_without_a_column_of_names_the_file_is_refused_at_its_header(tmp_path, run):
    signups = _file(tmp_path, "s.csv", "First,Mail\nAnn,ann@example.org\n")
    result = run("pregen", "dirt", "--count", "3", "--players-file", signups, "--out", tmp_path / "o")
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert f"{signups}:1:1: error [players.file] no column is headed `name` or `player`" in result.output
    assert "--column HEADER" in result.output and not (tmp_path / "o").exists()


def test_column_names_the_column_of_names(tmp_path, run):
    signups = _file(tmp_path, "s.csv", "First,Mail\nAnn,a@x.org\nBen,b@x.org\nCat,c@x.org\n")
    result = run("pregen", "dirt", "--count", "3", "--players-file", signups, "--column", "first",
                 "--out", tmp_path / "o")
    assert result.exit_code == 0, result.output
    assert "@" not in "".join(p.read_text(encoding="utf-8") for p in (tmp_path / "o").iterdir())
    missing = run("pregen", "dirt", "--count", "3", "--players-file", signups, "--column", "Nick", "--out", tmp_path / "p")
    assert missing.exit_code == 1 and "no column is headed `Nick`" in missing.output
    alone = run("pregen", "dirt", "--count", "3", "--column", "first", "--out", tmp_path / "q")
    assert alone.exit_code == 2 and "--players-file" in alone.output


def test_a_row_without_a_name_is_refused_at_its_line(tmp_path):
    names, problems = read_names(_file(tmp_path, "s.csv", "name,email\nAnn,a@x.org\n,b@x.org\n"))
    assert names == [] and [(p.line, p.message) for p in problems] == [
        (3, "the row has no name under `name`")]


@pytest.mark.parametrize("suffix", [".xlsx", ".ods"])
def test_a_workbook_is_refused_with_the_way_to_export_it(tmp_path, run, suffix):
    book = tmp_path / f"signups{suffix}"
    book.write_bytes(b"PK\x03\x04 not read")
    result = run("pregen", "dirt", "--count", "3", "--players-file", book, "--out", tmp_path / "o")
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert "workbook is not read" in result.output and "as CSV (UTF-8), then give signups.csv" in result.output


def test_a_text_file_stays_one_name_a_line(tmp_path):
    assert read_names(_file(tmp_path, "s.txt", "name\nSmith, Jordan\n"))[0] == ["name", "Smith, Jordan"]


def test_players_takes_a_quoted_name_holding_a_comma(tmp_path, run):
    result = run("pregen", "fight-club", "--count", "4", "--players", '"Smith, Jordan",Ann,Ben,Cat', "--table",
                 "--seed", "1", "--out", tmp_path / "o")
    assert result.exit_code == 0, result.output
    assert "players: ['Smith, Jordan', Ann, Ben, Cat]" in (tmp_path / "o" / "table.yaml").read_text(encoding="utf-8")
    unclosed = run("pregen", "fight-club", "--count", "4", "--players", '"Smith, Jordan,Ann,Ben', "--out", tmp_path / "p")
    assert unclosed.exit_code == 2 and "quoted whole" in unclosed.output


def test_the_decks_players_take_a_quoted_name_holding_a_comma():
    from playaid.games.fight_club.cards.deal import player_names

    assert player_names('"Smith, Jordan", Ann,Ben', 0) == ["Smith, Jordan", "Ann", "Ben"]


def test_a_plans_column_picks_the_column_of_names(tmp_path, run):
    _file(tmp_path, "s.csv", "First,Mail\nAnn,a@x.org\nBen,b@x.org\n")
    plan = _file(tmp_path, "plan.yaml", "name: Con\nplayers_file: s.csv\ncolumn: First\n"
                                        "tables:\n  - {game: dirt, count: 3}\n")
    result = run("convention", plan, "--check")
    assert result.exit_code == 0 and "2 players seated" in result.output, result.output
    assert "column `Mail` left out" in result.output
    overridden = run("convention", plan, "--check", "--column", "Nick")  # the command line comes first
    assert overridden.exit_code == 1 and "no column is headed `Nick`" in overridden.output
    stray = _file(tmp_path, "stray.yaml", "name: Con\ncolumn: First\ntables:\n  - {game: dirt, count: 3}\n")
    refused = run("convention", stray, "--check")
    assert refused.exit_code == 1 and f"{stray}:2:" in refused.output


def test_a_deck_reads_a_tsv_and_refuses_a_workbook(tmp_path, run):
    from playaid.games.fight_club.cards.sources import load

    deck, problems = load(_file(tmp_path, "d.tsv", "name\tcopies\nStubbed toe\t2\nLost keys\t1\n"))
    assert problems == [] and deck is not None and len(deck.cards) == 2
    book = tmp_path / "d.ods"
    book.write_bytes(b"PK\x03\x04")
    deck, problems = load(book)
    assert deck is None and [p.rule for p in problems] == ["deck.workbook"]
    result = run("deck", book, "--out", tmp_path / "o")
    assert result.exit_code == 1 and "[deck.workbook]" in result.output and "Traceback" not in result.output


def test_a_tsv_given_as_players_is_taken_for_the_file_it_is(tmp_path, run):
    result = run("pregen", "dirt", "--count", "3", "--players", "signups.tsv", "--out", tmp_path / "o")
    assert result.exit_code == 2 and "use --players-file signups.tsv" in result.output
