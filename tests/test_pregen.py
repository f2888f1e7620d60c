"""`playaid pregen`: every game's pre-built characters are valid, reproducible, and refused
whole when the request does not fit the game."""

from __future__ import annotations

import re

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from playaid.documents import Library
from playaid.pregen import COUNT, games, generate, player_range

GAMES = games()
from playaid.pregen.draw import table
from playaid.safe_text import slug
from playaid.games.fight_sphere import pregen as fight_sphere
from playaid.pregen.seats import one_each

TABLE = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay"]


def players_for(system: str) -> list[str] | None:
    return TABLE if system == "fight-club" else None


@pytest.mark.parametrize("system", list(GAMES))
def test_many_seeds_give_characters_without_a_single_problem(system):
    for seed in range(30):
        batch = generate(system, 6, seed, players_for(system))
        assert batch.problems == [], (seed, [str(p) for p in batch.problems])
        assert len(batch.files) == 6


@pytest.mark.parametrize("system", list(GAMES))
def test_written_files_validate_strictly_and_say_their_game_and_kind(system, run, tmp_path):
    args = ["pregen", system, "--count", "6", "--seed", "11", "--out", tmp_path]
    if system == "fight-club":
        args += ["--players", ",".join(TABLE)]
    result = run(*args)
    assert result.exit_code == 0, result.output
    written = sorted(tmp_path.glob("*.yaml"))
    assert len(written) == 6 and all(f"wrote {p}" in result.output for p in written)
    assert run("validate", "--strict", tmp_path).exit_code == 0
    for path in written:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        assert list(data)[:2] == ["system", "kind"] and (data["system"], data["kind"]) == (system, "character")
        assert re.fullmatch(rf"{system}-\d\d-[a-z0-9-]+\.yaml", path.name)


@pytest.mark.parametrize("system", list(GAMES))
def test_the_same_seed_gives_the_same_bytes_and_another_seed_other_characters(system, run, tmp_path):
    extra = ["--players", ",".join(TABLE)] if system == "fight-club" else []
    for out, seed in (("a", "5"), ("b", "5"), ("c", "6")):
        assert run("pregen", system, "--count", "5", "--seed", seed, "--out", tmp_path / out, *extra).exit_code == 0
    files = {out: {p.name: p.read_bytes() for p in (tmp_path / out).iterdir()} for out in "abc"}
    assert files["a"] == files["b"]
    assert files["a"] != files["c"]


def test_without_a_seed_one_is_printed_and_makes_the_same_files_again(run, tmp_path):
    first = run("pregen", "dirt", "--count", "3", "--out", tmp_path / "a")
    seed = re.match(r"seed (\d+) ", first.output).group(1)
    assert run("pregen", "dirt", "--count", "3", "--seed", seed, "--out", tmp_path / "b").exit_code == 0
    a, b = ({p.name: p.read_bytes() for p in (tmp_path / d).iterdir()} for d in "ab")
    assert a == b


def test_names_are_unique_in_a_batch_and_come_in_many_scripts():
    names = []
    for seed in range(3):
        batch = generate("isolation", 100, seed)
        these = [yaml.safe_load(t)["name"] for t in batch.files.values()]
        assert len({n.casefold() for n in these}) == 100
        names += these
    text = "".join(names)
    assert re.search("[\u0370-\u03ff]", text), "Greek"
    assert re.search("[\u0400-\u04ff]", text), "Cyrillic"
    assert re.search("[\u4e00-\u9fff]", text), "Japanese kanji"


def test_file_names_are_plain_latin_even_for_names_in_other_scripts():
    assert slug("Seán Ó Briain") == "sean-o-briain"
    assert slug("Nguyễn Đức Huy") == "nguyen-duc-huy"
    assert slug("Mikołaj Wiśniewski") == "mikolaj-wisniewski"
    # file names come from the table's Latin spelling, never the written one
    for system in GAMES:
        names = generate(system, 4, 11).files
        assert all(n.isascii() for n in names), names


# -- Fight Club: the deal and the Connections ---------------------------------------------

def _characters(batch) -> list[dict]:
    return [yaml.safe_load(t) for t in batch.files.values()]


@pytest.mark.parametrize("seed", range(10))
def test_fight_club_deals_without_replacement_and_connections_go_to_other_players(seed):
    players = TABLE + ["Gus"]
    people = _characters(generate("fight-club", 6, seed, players))
    dealt = [card for c in people for card in c["frustrations"]]
    assert len(dealt) == 18 and len(set(dealt)) == 18
    for seat, c in enumerate(people):
        assert c["player"] == players[seat]
        assert len(c["frustrations"]) == 3 and c["tokens"] == {"frustration": 3, "pain": 3, "retirement": 3}
        links = c["connections"]
        assert sorted(link["frustration"] for link in links) == sorted(c["frustrations"])
        played_by = [link["played_by"] for link in links]
        assert len(set(played_by)) == 3 and c["player"] not in played_by and set(played_by) <= set(players)


def test_fight_club_can_deal_the_whole_deck_to_its_largest_table():
    from playaid.games.fight_club.deck import pile, standard_deck

    low, high = player_range("fight-club")
    assert (low, high) == (4, len(pile(standard_deck())) // 3)
    players = [f"P{i}" for i in range(high)]
    batch = generate("fight-club", high, 1, players)
    assert batch.problems == []
    dealt = [card for c in _characters(batch) for card in c["frustrations"]]
    deck = pile(standard_deck())
    assert len(set(dealt)) == len(dealt) == 3 * high > len(deck) - 3 and set(dealt) <= set(deck)


def test_every_standard_card_says_why_it_bothers_and_who_it_brings():
    from playaid.games.fight_club.deck import names, standard_deck

    cards = table("fight-club")["cards"]
    assert set(cards) == set(names(standard_deck()).values())
    assert all(entry["why"] and len(entry["who"]) >= 2 for entry in cards.values())


def _given_names(sex: str) -> set[str]:
    out = set()
    for culture in table("names")["cultures"].values():
        given = culture["given"]
        for entry in given[sex] if isinstance(given, dict) else given:
            out.add(entry[0] if isinstance(entry, list) else entry)
    return out


def test_a_connection_named_as_a_sister_or_a_brother_gets_a_name_to_match():
    from playaid.games.fight_club.pregen import role_sex

    gendered = table("fight-club")["gendered"]
    assert role_sex("the successful older sister", gendered) == "f"
    assert role_sex("the brother-in-law with the doctorate", gendered) == "m"
    assert role_sex("the man in the doorway", gendered) == "m"
    assert role_sex("the ex's new partner", gendered) is None
    women, men = _given_names("f"), _given_names("m")
    seen = {"f": 0, "m": 0}
    for seed in range(8):
        for c in _characters(generate("fight-club", 20, seed, [f"P{i}" for i in range(20)])):
            for link in c["connections"]:
                given, who = link["npc"].split(", ", 1)
                sex = role_sex(who, gendered)
                if sex:
                    seen[sex] += 1
                    assert given in (women if sex == "f" else men), link["npc"]
    assert seen["f"] > 5 and seen["m"] > 5


def test_fight_club_without_players_seats_one_player_per_character():
    people = _characters(generate("fight-club", 4, 3))
    assert [c["player"] for c in people] == ["Player 1", "Player 2", "Player 3", "Player 4"]


# -- Fight Sphere: each named player makes two or more, one of them their own --------------

def test_fight_sphere_gives_each_player_one_pc_and_npcs():
    people = _characters(generate("fight-sphere", 5, 2, ["Ann", "Ben"]))
    assert [(c["player"], c["role"]) for c in people] == [
        ("Ann", "pc"), ("Ben", "pc"), ("Ann", "npc"), ("Ben", "npc"), ("Ann", "npc")]
    assert all(50 <= len(c["backstory"].split()) <= 100 for c in people)


def test_seats_for_fewer_players_than_characters_leave_the_rest_unplayed():
    assert one_each(3, ["Ann", "Ben"]) == ["Ann", "Ben", ""]
    assert fight_sphere.seats(2, []) == [("", "pc"), ("", "pc")]


def test_named_players_fill_player_in_other_games():
    people = _characters(generate("sapio", 3, 4, ["Ann", "Ben"]))
    assert [c.get("player", "") for c in people] == ["Ann", "Ben", ""]


# -- bad input: refused, nothing written -----------------------------------------------------

@pytest.mark.parametrize("args, code, says", [
    (["dirt", "--count", "0"], 2, "is out of range: give 1 to 100"),
    (["dirt", "--count", "10000"], 2, "is out of range: give 1 to 100"),
    (["nosuchgame", "--count", "2"], 2, "nosuchgame"),
    (["dirt"], 2, "--count"),
    (["dirt", "--count", "2", "--seed", "-1"], 2, "--seed"),
    (["dirt", "--count", "4", "--players", "Ann,,Ben"], 2, "none empty"),
    (["fight-club", "--count", "3", "--players", "Ann,Ben,Cat"], 1, "4 to 20 players"),
    (["fight-club", "--count", "3"], 1, "4 to 20 players"),
    (["fight-club", "--count", "4", "--players", ",".join(f"P{i}" for i in range(21))], 1, "names 21"),
    (["fight-club", "--count", "21"], 1, "4 to 20"),
    (["fight-club", "--count", "5", "--players", "Ann,Ben,Cat,Dan"], 1, "5 characters need 5 players"),
    (["fight-club", "--count", "4", "--players", "Ann,Ben,ann,Dan"], 1, "more than once"),
    (["fight-sphere", "--count", "3", "--players", "Ann,Ben"], 1, "at least 2 Gladiators"),
    (["dirt", "--count", "6", "--players", "A,B,C,D,E,F"], 1, "2 to 5 players"),
    (["isolation", "--count", "2", "--players", "Ann,Ben,Cat"], 1, "at least 3 characters"),
])
def test_a_request_that_does_not_fit_is_refused_and_writes_nothing(run, tmp_path, args, code, says):
    out = tmp_path / "out"
    result = run("pregen", *args, "--out", out)
    assert result.exit_code == code, result.output
    assert says in result.output
    assert "Traceback" not in result.output and "seed " not in result.output
    assert not out.exists()


def test_a_batch_breaking_the_rules_is_refused_whole_with_the_rule_messages(run, tmp_path, monkeypatch):
    from playaid.games.dirt import pregen as dirt

    broken = {**table("dirt"), "stats": [[5, 5, 5]]}
    monkeypatch.setattr(dirt, "table", lambda name: broken)
    out = tmp_path / "out"
    result = run("pregen", "dirt", "--count", "3", "--seed", "1", "--out", out)
    assert result.exit_code == 1
    assert "[dirt.stat-total]" in result.output and "nothing was written" in result.output
    assert not out.exists()


def test_the_count_range_is_stated_in_the_help(run):
    low, high = COUNT
    assert f"({low}–{high})" in run("pregen", "--help").output


def test_demo_writes_four_per_game_into_its_own_folders(tmp_path):
    from playaid.commands.pregen import demo_outputs
    from playaid.outputs import OutputFolder

    written = demo_outputs(OutputFolder(tmp_path), 2026)
    assert len(written) == 4 * len(GAMES)
    library = Library()
    for system in GAMES:
        for path in sorted((tmp_path / "pregen" / system).glob("*.yaml")):
            assert library.load(path).valid
    assert library.problems() == []


@pytest.mark.parametrize("system", list(GAMES))
def test_the_json_schema_for_editors_accepts_every_pre_built_character(system, run):
    import json

    import jsonschema

    validator = jsonschema.Draft202012Validator(json.loads(run("schema", system).output))
    for text in generate(system, 6, 3, players_for(system)).files.values():
        errors = list(validator.iter_errors(yaml.safe_load(text)))
        assert not errors, errors[0].message


@settings(max_examples=25, deadline=None)
@given(system=st.sampled_from(list(GAMES)), count=st.integers(4, 12), seed=st.integers(0, 2**32 - 1))
def test_any_seed_and_count_give_a_valid_batch(system, count, seed):
    players = [f"P{i}" for i in range(count)] if system == "fight-club" else None
    batch = generate(system, count, seed, players)
    assert batch.problems == [] and len(batch.files) == count


def test_seats_left_without_a_player_are_named(run, tmp_path):
    result = run("pregen", "dirt", "--count", "5", "--players", "Ann,Ben,Cat", "--seed", "1", "--table",
                 "--out", tmp_path)
    assert result.exit_code == 0, result.output
    said = " ".join(result.output.split())
    assert "warning: 3 players named for 5 characters: 2 seats have no player: dirt-04-" in said
    assert "dirt-05-" in said.split("2 seats have no player:")[1]
    full = run("pregen", "dirt", "--count", "3", "--players", "Ann,Ben,Cat", "--seed", "1", "--out", tmp_path / "b")
    assert "no player" not in full.output
    unnamed = run("pregen", "dirt", "--count", "3", "--seed", "1", "--out", tmp_path / "c")
    assert "no player" not in unnamed.output
