"""`playaid convention PLAN.yaml` and `pregen --players-file`: a convention's players seated
once each across its tables, every table's packet, the seating list and the GM's index;
a bad plan or players file writes nothing and says every problem with its line."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from playaid.convention import build
from playaid.convention.plan import load

from pdfs import assert_printable, page_sizes_mm, text

NAMES = ["Ann Smith", "Борис Петров", "李雷", "Søren Kierkegaard", "Αλέξανδρος", "山田 花子", "Zoë", "Kofi Mensah",
         "Мария Иванова", "Mateus", "王芳", "Priya Nair", "Olúmídé", "Ewa Łukasik", "Ελένη", "Tomás", "Ilse",
         "Hana Nováková", "Aiyana", "Rahul"]
"""Twenty names in Latin, Cyrillic, Greek, Chinese and Japanese: scripts the bundled fonts print."""

PLAN = """name: SpielCon 2026
seed: 7
players_file: names.txt
tables:
  - {game: dirt, count: 3, tables: 4}
  - {game: isolation, count: 4, tables: 2}
"""
FOLDERS = ["dirt-1", "dirt-2", "dirt-3", "dirt-4", "isolation-1", "isolation-2"]


def _plan(tmp_path: Path, plan: str = PLAN, names: list[str] = NAMES) -> Path:
    (tmp_path / "names.txt").write_text("\ufeff# sign-ups, Saturday\n\n" + "\n".join(names) + "\n", encoding="utf-8")
    (tmp_path / "plan.yaml").write_text(plan, encoding="utf-8")
    return tmp_path / "plan.yaml"


def _players(folder: Path) -> list[str]:
    return [data["player"] for p in sorted(folder.glob("*.yaml"))
            if p.name != "table.yaml" and "player" in (data := yaml.safe_load(p.read_text(encoding="utf-8")))]


# the one test that renders: six packets and the index (about 25 s)
def test_a_plan_seats_each_name_once_and_writes_every_packet_the_seating_and_the_index(run, tmp_path):
    out = tmp_path / "con"
    result = run("convention", _plan(tmp_path, PLAN.replace("seed: 7", "seed: 7\npaper: letter")), "--out", out)
    assert result.exit_code == 0, result.output
    seated = {f: _players(out / f) for f in FOLDERS}
    assert sorted(n for names in seated.values() for n in names) == sorted(NAMES)  # each name once
    assert seated["dirt-1"] == NAMES[:3] and seated["isolation-2"] == NAMES[16:]  # file order, table by table
    for folder in FOLDERS:
        assert (out / folder / "table-packet.pdf").stat().st_size > 10_000
        strict = run("validate", "--strict", out / folder)
        assert strict.exit_code == 0, strict.output
    seating = (out / "seating.txt").read_text(encoding="utf-8")
    for name in NAMES:
        assert len(re.findall(rf"^    {re.escape(name)} +\S", seating, re.M)) == 2  # at a table, and by name
    index = out / "index.pdf"
    assert_printable(index)
    for pdf in (index, out / "dirt-1" / "table-packet.pdf"):  # the plan's paper, as no --paper was given
        assert all(abs(w - 215.9) < 0.5 and abs(h - 279.4) < 0.5 for w, h in page_sizes_mm(pdf))
    shown = re.sub(r"\s+", " ", text(index))
    assert "SpielCon 2026" in shown and "20 players seated at 20 seats" in shown
    for item in [*NAMES, *(f"{f}/table-packet.pdf" for f in FOLDERS)]:
        assert item in shown, item


def test_the_same_plan_gives_the_same_tables_seating_and_index_bytes(tmp_path):
    plan, problems = load(_plan(tmp_path))
    assert not problems
    made = []
    for _ in range(2):
        tables, problems = build.draw(plan, "playaid convention plan.yaml")
        assert not problems
        files = {f"{t.folder}/{n}": text for t in tables for n, text in t.table.files.items()}
        made.append((files, build.seating_text(plan, tables),
                     build.index_pdf(plan, tables, [[f"{t.folder}/table-packet.pdf"] for t in tables], "letter")))
    assert made[0] == made[1]
    assert [t.folder for t in tables] == FOLDERS


def test_check_draws_and_validates_every_table_and_writes_nothing(run, tmp_path):
    result = run("convention", _plan(tmp_path), "--check", "--out", tmp_path / "con")
    assert result.exit_code == 0, result.output
    assert "6 tables, 20 players seated; every table passes its game's rules" in result.output
    assert not (tmp_path / "con").exists()


def test_a_bad_plan_writes_nothing_and_lists_every_problem_with_its_line(run, tmp_path):
    plan = _plan(tmp_path, """name: SpielCon 2026
players_file: missing.txt
tables:
  - {game: dirty, count: 3}
  - {game: isolation, count: 0}
  - {game: dirt, count: 3, tabels: 2}
""")
    result = run("convention", plan, "--out", tmp_path / "con")
    assert result.exit_code == 1, result.output
    out = result.output
    assert re.search(r"plan\.yaml:4:\d+: error \[convention\.plan\] `game` is 'dirty'.*\n    fix: did you mean `dirt`", out)
    assert re.search(r"plan\.yaml:5:\d+: error .*`tables\.1\.count` is 0", out)
    assert re.search(r"plan\.yaml:6:\d+: error .*`tabels` is not a field.*\n    fix: did you mean `tables`", out)
    assert re.search(r"plan\.yaml:2:\d+: error .*players file 'missing\.txt' is not there", out)
    assert "nothing was drawn or written" in out and "Traceback" not in out
    assert not (tmp_path / "con").exists()


def test_more_names_than_seats_is_refused_at_the_players_line(run, tmp_path):
    plan = _plan(tmp_path, PLAN.replace("tables: 4}", "tables: 3}"))  # 17 seats for 20 names
    result = run("convention", plan, "--out", tmp_path / "con")
    assert result.exit_code == 1
    assert re.search(r"plan\.yaml:3:\d+: error \[convention\.plan\] 20 players and 17 seats", result.output)
    assert not (tmp_path / "con").exists()


def test_a_table_its_game_cannot_seat_is_pinned_to_its_entry(run, tmp_path):
    plan = _plan(tmp_path, PLAN.replace("{game: isolation, count: 4, tables: 2}", "{game: isolation, count: 40}"))
    result = run("convention", plan, "--check")
    assert result.exit_code == 1
    assert re.search(r"plan\.yaml:6:\d+: error \[convention\.plan\] an Isolation table seats", result.output)


# --- pregen --players-file -----------------------------------------------------------------


def _names_file(tmp_path: Path, body: str, encoding: str = "utf-8") -> Path:
    path = tmp_path / "signups.txt"
    path.write_bytes(body.encode(encoding))
    return path


def test_players_file_seats_each_name_once_across_the_tables_and_names_the_empty_seats(run, tmp_path):
    names = _names_file(tmp_path, "\ufeff# Saturday\nAnn\n\nБорис\n  李雷  \n# late\nSøren\nΕλένη\n")
    result = run("pregen", "dirt", "--count", "3", "--tables", "3", "--players-file", names, "--seed", "4",
                 "--out", tmp_path / "o")
    assert result.exit_code == 0, result.output
    assert [_players(tmp_path / "o" / f"table-0{k}") for k in (1, 2, 3)] == [
        ["Ann", "Борис", "李雷"], ["Søren", "Ελένη"], []]
    assert "4 seats stay without a player (table-02: 1 of 3; table-03: 3 of 3)" in result.output
    for k in (1, 2, 3):
        assert run("validate", "--strict", tmp_path / "o" / f"table-0{k}").exit_code == 0


def test_players_file_gives_the_names_of_one_table_too(run, tmp_path):
    names = _names_file(tmp_path, "Ann\nBen\n")
    result = run("pregen", "isolation", "--count", "3", "--players-file", names, "--seed", "1", "--out", tmp_path / "o")
    assert result.exit_code == 0, result.output
    assert _players(tmp_path / "o") == ["Ann", "Ben"]


def test_fight_club_seats_left_empty_keep_the_games_own_seat_names(run, tmp_path):
    names = _names_file(tmp_path, "\n".join(["Ann", "Ben", "Cat", "Dan", "Eve", "Fay"]))
    result = run("pregen", "fight-club", "--count", "4", "--tables", "2", "--players-file", names, "--seed", "2",
                 "--out", tmp_path / "o")
    assert result.exit_code == 0, result.output
    assert _players(tmp_path / "o" / "table-02") == ["Eve", "Fay", "Player 3", "Player 4"]
    assert "2 seats stay without a player (table-02: 2 of 4)" in result.output
    assert run("validate", "--strict", tmp_path / "o" / "table-02").exit_code == 0


def test_players_file_refuses_more_names_than_seats_and_writes_nothing(run, tmp_path):
    names = _names_file(tmp_path, "\n".join(f"Player {chr(65 + i)}" for i in range(7)))
    result = run("pregen", "dirt", "--count", "3", "--tables", "2", "--players-file", names, "--out", tmp_path / "o")
    assert result.exit_code == 1
    assert "7 players and 6 seats (3 + 3 at 2 tables)" in result.output
    assert not (tmp_path / "o").exists()


def test_a_name_twice_is_refused_with_both_lines(run, tmp_path):
    names = _names_file(tmp_path, "Ann\nBen\n# x\nann\n")
    result = run("pregen", "dirt", "--count", "3", "--tables", "2", "--players-file", names, "--out", tmp_path / "o")
    assert result.exit_code == 1
    assert re.search(r"signups\.txt:4:1: error \[players\.file\] `ann` is already on line 1\n    fix: list each", result.output)
    assert not (tmp_path / "o").exists()


@pytest.mark.parametrize("body, encoding, said", [
    ("Ann\nBen\n", "utf-16", "not UTF-8 text"),
    ("Ann\n\xe9\n", "latin-1", "signups.txt:2:1: error [players.file] the file is not UTF-8"),
    ("# nobody yet\n\n", "utf-8", "the file names no player"),
    ("Ann\n" + "x" * 81 + "\n", "utf-8", "signups.txt:2:1: error [players.file] the name is 81 characters"),
    ("Ann\tBen\n", "utf-8", "control character"),
    ("".join(f"P{i}\n" for i in range(1001)), "utf-8", "more than 1000 names"),
    ("A\n" * 70_000, "utf-8", "larger than 64 KiB"),
])
def test_a_players_file_that_cannot_be_read_says_why_and_where(run, tmp_path, body, encoding, said):
    names = _names_file(tmp_path, body, encoding)
    result = run("pregen", "dirt", "--count", "3", "--tables", "2", "--players-file", names, "--out", tmp_path / "o")
    assert result.exit_code == 1
    assert said in result.output and "fix the players file" in result.output
    assert not (tmp_path / "o").exists()


def test_a_missing_players_file_is_one_line_and_exit_1(run, tmp_path):
    result = run("pregen", "dirt", "--count", "3", "--players-file", tmp_path / "nope.txt", "--out", tmp_path / "o")
    assert result.exit_code == 1
    assert "nope.txt:1:1: error [input.missing-file] file not found" in result.output


def test_players_and_players_file_together_is_a_usage_error(run, tmp_path):
    names = _names_file(tmp_path, "Ann\n")
    result = run("pregen", "dirt", "--count", "3", "--players", "Ann,Ben", "--players-file", names)
    assert result.exit_code == 2
    assert "--players or with --players-file, not both" in result.output


def test_new_writes_a_starter_that_checks_and_never_overwrites(run, tmp_path):
    folder = tmp_path / "spielcon"
    result = run("convention", "--new", folder)
    assert result.exit_code == 0, result.output
    checked = run("convention", folder, "--check")  # a folder stands for its plan.yaml
    assert checked.exit_code == 0, checked.output
    assert "3 tables, 7 players seated" in checked.output and "isolation-1: 2 of 3" in checked.output
    (folder / "plan.yaml").write_text("name: edited\n", encoding="utf-8")
    again = run("convention", "--new", folder)
    assert again.exit_code == 1 and "already there; nothing was written" in again.output
    assert (folder / "plan.yaml").read_text(encoding="utf-8") == "name: edited\n"


def test_an_inline_player_list_is_checked_name_by_name(run, tmp_path):
    plan = _plan(tmp_path, PLAN.replace("players_file: names.txt", "players: [Ann, Ben, ann, '']"))
    result = run("convention", plan, "--check")
    assert result.exit_code == 1
    assert "plan.yaml:3:" in result.output and "`players` is a list of names" in result.output
    plan.write_text(PLAN.replace("players_file: names.txt", f"players: [Ann, Ben, ann, {'x' * 81}]"), encoding="utf-8")
    result = run("convention", plan, "--check")
    assert result.exit_code == 1 and re.search(r"plan\.yaml:3:\d+: error .*`ann` is listed twice", result.output)
    assert "`players` item 4: the name is 81 characters; a name holds at most 80" in result.output


def test_a_game_file_or_a_missing_plan_is_refused_in_one_line(run, tmp_path):
    game = tmp_path / "moss.yaml"
    game.write_text("system: dirt\nname: Moss\n", encoding="utf-8")
    result = run("convention", game, "--check")
    assert result.exit_code == 1 and "a convention plan is a mapping with `name:` and `tables:`" in result.output
    result = run("convention", tmp_path / "nope.yaml")
    assert result.exit_code == 1 and "nope.yaml:1:1: error [input.missing-file] file not found" in result.output
    assert "Traceback" not in result.output


def test_a_games_tables_are_numbered_through_the_plan_like_their_folders(tmp_path):
    plan, problems = load(_plan(tmp_path, PLAN.replace("tables: 4}", "tables: 2}\n  - {game: dirt, count: 3, seed: 3}"),
                                NAMES[:17]))
    assert not problems
    tables, problems = build.draw(plan, "playaid convention plan.yaml")
    assert not problems
    titles = {t.folder: yaml.safe_load(t.table.files["table.yaml"])["name"].split(":")[0] for t in tables}
    assert titles == {"dirt-1": "Table 1", "dirt-2": "Table 2", "dirt-3": "Table 3",
                      "isolation-1": "Table 1", "isolation-2": "Table 2"}
