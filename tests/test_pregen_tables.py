"""`playaid pregen … --table / --packet / --tables K`: ready tables that validate strictly,
follow each game's creation procedure, come out the same for one seed, share no
character, and refuse what they cannot fill."""

from __future__ import annotations

import re
from collections import Counter

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from playaid.pregen.draw import all_names, table
from playaid.pregen.tables import SETUP, make_tables, table_games

SYSTEMS = table_games()
COUNTS = {"isolation": 5, "fight-sphere": 6, "fight-club": 5, "sapio": 4, "dirt": 4, "contest": 4}


def _load(text: str) -> dict:
    return yaml.safe_load(text)


def _setup(t) -> dict:
    return _load(t.files[SETUP])


def _cast(t) -> list[dict]:
    return [_load(text) for name, text in t.files.items() if name != SETUP]


@pytest.mark.parametrize("system", SYSTEMS)
def test_every_table_of_many_seeds_has_no_problem_at_all(system):
    for seed in range(25):
        for t in make_tables(system, COUNTS[system], 2, seed):
            assert t.problems == [], (seed, [str(p) for p in t.problems])
            assert _setup(t)["characters"] == [n for n in t.files if n != SETUP]


@pytest.mark.parametrize("system", SYSTEMS)
def test_written_tables_validate_strictly_and_the_same_seed_gives_the_same_bytes(system, run, tmp_path):
    for out, seed in (("a", "9"), ("b", "9"), ("c", "10")):
        result = run("pregen", system, "--count", str(COUNTS[system]), "--tables", "2", "--seed", seed,
                     "--out", tmp_path / out)
        assert result.exit_code == 0, result.output
    for folder in ("table-01", "table-02"):
        assert (tmp_path / "a" / folder / SETUP).is_file()
        strict = run("validate", "--strict", tmp_path / "a" / folder)
        assert strict.exit_code == 0, strict.output
    files = {out: {p.relative_to(tmp_path / out): p.read_bytes() for p in (tmp_path / out).rglob("*.yaml")}
             for out in "abc"}
    assert files["a"] == files["b"] and files["a"] != files["c"]


@pytest.mark.parametrize("system", SYSTEMS)
def test_no_character_sits_at_two_tables(system):
    made = make_tables(system, COUNTS[system], 6, 3)
    names = [c["name"].casefold() for t in made for c in _cast(t)]
    assert len(names) == len(set(names)) == 6 * COUNTS[system]
    assert len({_setup(t)["name"] for t in made}) == 6


def test_without_a_seed_the_seed_is_printed_and_remakes_the_table(run, tmp_path):
    first = run("pregen", "isolation", "--count", "3", "--table", "--out", tmp_path / "a")
    seed = re.match(r"seed (\d+) ", first.output).group(1)
    assert run("pregen", "isolation", "--count", "3", "--table", "--seed", seed, "--out", tmp_path / "b").exit_code == 0
    a, b = ({p.name: p.read_bytes() for p in (tmp_path / d).iterdir()} for d in "ab")
    assert a == b and SETUP in a


# -- Isolation: the map as the text builds it ------------------------------------------------

def _words(c: dict) -> set[str]:
    return {c["profession"], *c["positive"], *c["negative"]}


@pytest.mark.parametrize("seed", range(12))
def test_isolation_links_come_from_our_tables_and_link_everyone(seed):
    t = make_tables("isolation", 6, 1, seed)[0]
    setup, cast = _setup(t), {c["name"]: c for c in _cast(t)}
    pairs = {frozenset(p.split(" / ")): colour for key, colour in (("compatible", "green"), ("incompatible", "red"))
             for p in table("isolation-map")[key]}
    biases = {b["bias"]: b for b in table("isolation")["biases"]}
    opposed = {frozenset(p) for p in table("isolation-map")["opposed_goals"]}
    linked = Counter()
    for link in setup["links"]:
        a, b = (cast[n] for n in link["between"])
        linked[frozenset(link["between"])] += 1
        if link["kind"] == "descriptor":
            x, y = link["label"].split(" / ")
            assert x in _words(a) and y in _words(b) and pairs[frozenset((x, y))] == link["color"]
        elif link["kind"] == "bias":
            assert link["label"] in (a["bias"], b["bias"])
        else:
            assert link["kind"] == "goal" and link["label"] in (a["goal"], b["goal"])
            goals = frozenset((a["goal"], b["goal"]))
            assert a["goal"] == b["goal"] or goals in opposed  # "MUCH more strictly"
            assert link["color"] == ("red" if goals in opposed else "green")
    assert len(linked) == 6 * 5 // 2  # every pair
    for c in cast.values():  # "you cannot have a bias that won't come into play"
        bias = biases[c["bias"]]
        assert not set(bias["falls_on"]) & _words(c)
        assert any(set(bias["falls_on"]) & _words(o) for o in cast.values() if o is not c)
        assert len(c["positive"]) == len(c["negative"]) == 3
    assert setup["locale"] in table("isolation-map")["locales"] and 1 <= setup["stress"] <= 3
    assert setup["threat"] in [x["threat"] for x in table("isolation-map")["threats"]]


def test_isolation_goal_links_by_the_letter():
    from playaid.games.isolation.pregen_table import goal_links

    kill, capture, hide = "Kill the thing that is hunting them", "Capture the thing alive", "Hole up and wait for rescue"
    opposed = {frozenset((kill, capture))}
    a, b = {"name": "A", "goal": kill}, {"name": "B", "goal": capture}
    assert [link["color"] for link in goal_links(a, b, opposed)] == ["red"] * 3
    assert goal_links(a, {"name": "B", "goal": hide}, opposed) == []  # not "merely incompatible"
    assert [link["color"] for link in goal_links(a, {"name": "B", "goal": kill}, opposed)] == ["green"] * 3


def test_isolation_refuses_a_table_larger_than_its_limit(run, tmp_path):
    result = run("pregen", "isolation", "--count", "9", "--table", "--out", tmp_path / "o")
    assert result.exit_code == 2 and "2 to 8 characters" in result.output
    assert not (tmp_path / "o").exists()


# -- Fight Sphere: players, one PC each, Layer 1, every Gladiator in one Episode ------------

@pytest.mark.parametrize("seed", range(15))
def test_fight_sphere_episodes_hold_everyone_once_and_a_pc_each(seed):
    t = make_tables("fight-sphere", 7, 1, seed, ["Ann", "Ben", "Cat"])[0]
    setup, cast = _setup(t), _cast(t)
    assert setup["layer"] == 1 and setup["players"] == ["Ann", "Ben", "Cat"]
    roles = {c["name"]: c["role"] for c in cast}
    assert Counter(c["player"] for c in cast if c["role"] == "pc") == Counter(["Ann", "Ben", "Cat"])
    placed = [n for episode in setup["episodes"] for n in episode]
    assert sorted(placed) == sorted(roles)
    for episode in setup["episodes"]:
        assert len(episode) >= 2 and any(roles[n] == "pc" for n in episode)
    for c in cast:
        [rel] = c["relationships"]
        assert rel["value"] == (2 if c["drive"] == "death-wish" else 0) and rel["npc"] not in roles


# -- Fight Club: 4–20 players, cards dealt without replacement ------------------------------

def test_fight_club_table_deals_each_card_once_and_seats_its_players():
    t = make_tables("fight-club", 20, 1, 5)[0]
    cards = [card for c in _cast(t) for card in c["frustrations"]]
    assert len(cards) == len(set(cards)) == 60
    assert _setup(t)["players"] == [f"Player {i}" for i in range(1, 21)]


# -- Sapio, Dirt, contest: a premise from the tables ----------------------------------------

def test_party_games_draw_their_premise_from_the_tables():
    t = {s: table(s) for s in ("sapio", "dirt", "contest")}  # each game's own table, in its data/
    sapio, dirt, contest = (_setup(make_tables(s, 3, 1, 2)[0]) for s in ("sapio", "dirt", "contest"))
    assert sapio["setting"] in t["sapio"]["settings"] and sapio["notes"] in t["sapio"]["premises"]
    assert (dirt["antagonist"], dirt["objective"]) in [(a, o) for a in t["dirt"]["antagonists"]
                                                       for o in t["dirt"]["objectives"]]
    assert contest["name"] in t["contest"]["crews"] and contest["notes"] in t["contest"]["premises"]


# -- bad input: nothing written, the reason said --------------------------------------------

@pytest.mark.parametrize("args, code, says", [
    (["dirt", "--count", "6", "--table"], 2, "2 to 5 characters"),
    (["fight-club", "--count", "3", "--table"], 2, "4 to 20"),
    (["sapio", "--count", "9", "--packet"], 2, "1 to 8"),
    (["fight-sphere", "--count", "25", "--table"], 2, "2 to 24 Gladiators"),
    (["isolation", "--count", "2", "--tables", "0"], 2, "--tables"),
    (["isolation", "--count", "2", "--tables", "21"], 2, "--tables"),
    (["nosuchgame", "--count", "2", "--table"], 2, "nosuchgame"),
    (["fight-club", "--count", "4", "--table", "--players", "Ann,Ben,ann,Dan"], 1, "more than once"),
    (["fight-sphere", "--count", "5", "--table", "--players", "Ann,Ben,Cat"], 1, "at least 2 Gladiators"),
    (["isolation", "--count", "3", "--table", "--players", "A,B,C,D,E,F,G,H,I"], 1, "2 to 8 players"),
])
def test_a_table_that_cannot_be_filled_is_refused(run, tmp_path, args, code, says):
    out = tmp_path / "out"
    result = run("pregen", *args, "--seed", "1", "--out", out)
    assert result.exit_code == code, result.output
    assert says in result.output and "Traceback" not in result.output
    assert not out.exists()


def test_more_characters_than_names_is_refused_with_both_numbers(run, tmp_path):
    assert len(all_names()) > 24 * 20  # ours fill twenty of the largest tables: a group's short list runs out
    own = tmp_path / "names.yaml"
    own.write_text("names:\n  cultures:\n    few:\n      given: {f: [Ann, Bea], m: [Carl, Dan]}\n"
                   "      family: [Ash, Birch, Cedar]\nreplace: [names.cultures]\n", encoding="utf-8")
    args = ["pregen", "dirt", "--count", "4", "--seed", "1", "--tables-file", own]
    result = run(*args, "--tables", "4", "--out", tmp_path / "o")
    assert "need 16 different names" in result.output and "holds 12" in result.output
    assert result.exit_code == 1 and not (tmp_path / "o").exists()
    filled = run(*args, "--tables", "3", "--out", tmp_path / "all")  # exactly 12: every name, none twice
    assert filled.exit_code == 0, filled.output
    names = [_load(p.read_text(encoding="utf-8"))["name"] for p in (tmp_path / "all").rglob("dirt-*.yaml")]
    assert len(set(names)) == 12


def test_an_output_folder_that_is_a_file_is_refused_before_drawing(run, tmp_path):
    out = tmp_path / "taken"
    out.write_text("mine", encoding="utf-8")
    result = run("pregen", "isolation", "--count", "3", "--packet", "--seed", "1", "--out", out)
    assert result.exit_code == 2 and "is not a folder" in result.output  # refused as the option is read
    assert out.read_text(encoding="utf-8") == "mine"


# -- a group's own tables --------------------------------------------------------------------

def test_a_groups_tables_file_adds_to_ours(run, tmp_path):
    own = tmp_path / "ours.yaml"
    own.write_text("isolation-map:\n  locales: [A flooded subway station]\n  compatible: ['Devout / Funny']\n"
                   "replace: [isolation-map.locales]\n", encoding="utf-8")
    result = run("pregen", "isolation", "--count", "4", "--table", "--seed", "2", "--tables-file", own,
                 "--out", tmp_path / "o")
    assert result.exit_code == 0, result.output
    assert _load((tmp_path / "o" / SETUP).read_text(encoding="utf-8"))["locale"] == "A flooded subway station"
    assert run("validate", "--strict", tmp_path / "o").exit_code == 0


@pytest.mark.parametrize("text, where, says", [
    ("isolation-map:\n  locales: [Fine, 3]\n", ":2:", "a text is needed here, not a whole number"),
    ("isolation-map:\n  nonsense: 4\n", ":2:", "has no entry `nonsense`"),
    ("nosuch:\n  x: [1]\n", ":1:", "not one of our tables"),
    ("isolation-map:\n  compatible: ['Devout / Fnuny']\n", ":2:", "not two descriptors"),
    ("isolation-map:\n  table: {min: 5, max: 2}\n", ":2:", "is empty or starts below 1"),
    ("isolation-map:\n  locales: []\nreplace: [isolation-map.locales]\n", ":2:", "left empty"),
    ("replace: [isolation-map.threats]\n", ":1:", "which the file does not give"),
    ("isolation-map: [\n", ":", "malformed YAML"),
])
def test_a_broken_tables_file_is_refused_with_its_line(run, tmp_path, text, where, says):
    own = tmp_path / "ours.yaml"
    own.write_text(text, encoding="utf-8")
    result = run("pregen", "isolation", "--count", "3", "--table", "--seed", "2", "--tables-file", own,
                 "--out", tmp_path / "o")
    assert result.exit_code == 1 and says in result.output and f"ours.yaml{where}" in result.output, result.output
    assert "Traceback" not in result.output and not (tmp_path / "o").exists()


# -- one packet, end to end -------------------------------------------------------------------

def test_packet_renders_each_table_through_playaid_packet_and_holds_the_map(run, tmp_path):
    import pikepdf

    from pdfs import text as pdf_text

    result = run("pregen", "isolation", "--count", "3", "--tables", "2", "--packet", "--seed", "4",
                 "--out", tmp_path / "o")
    assert result.exit_code == 0, result.output
    for folder in ("table-01", "table-02"):
        [pdf] = (tmp_path / "o" / folder).glob("*-packet.pdf")
        with pikepdf.open(pdf) as doc, doc.open_outline() as outline:
            titles = [item.title for item in outline.root]
        assert titles[:2] == ["Cover", "Characters"] and "Relationship map" in titles and "Paper dice" in titles
        setup = _load((tmp_path / "o" / folder / SETUP).read_text(encoding="utf-8"))
        text = pdf_text(pdf)
        assert setup["locale"] in text
        cast = [_load(p.read_text(encoding="utf-8")) for p in (tmp_path / "o" / folder).glob("isolation-*.yaml")]
        assert all(c["profession"] in text for c in cast)
        again = run("packet", tmp_path / "o" / folder / SETUP, "--out", tmp_path / "again" / folder)
        assert again.exit_code == 0
        # `table.yaml` is every table's name: the packet command names the packet after its folder too
        assert (tmp_path / "again" / folder / f"{folder}-{pdf.name}").read_bytes() == pdf.read_bytes()


def test_the_demo_makes_one_valid_table_per_game_with_its_packet(demo_folder, run):
    # read from the suite's one A4 demo: making the tables again here would render every packet twice
    for system in SYSTEMS:
        folder = demo_folder("a4") / "tables" / system
        assert (folder / SETUP).is_file() and len(list(folder.glob("*-packet.pdf"))) == 1
        assert run("validate", "--strict", folder).exit_code == 0


@settings(max_examples=30, deadline=None)
@given(system=st.sampled_from(SYSTEMS), seed=st.integers(0, 2**32 - 1), data=st.data())
def test_any_seed_and_any_count_the_table_seats_give_a_table_without_problems(system, seed, data):
    seats = {"isolation": (2, 8), "fight-sphere": (2, 24), "fight-club": (4, 20), "sapio": (1, 8),
             "dirt": (2, 5), "contest": (1, 8)}[system]
    count = data.draw(st.integers(*seats))
    [t] = make_tables(system, count, 1, seed)
    assert t.problems == [] and len(t.files) == count + 1


def test_a_groups_names_may_be_one_list_for_everyone_and_every_character_takes_them(run, tmp_path):
    own = tmp_path / "names.yaml"
    own.write_text("names:\n  cultures:\n    club:\n      given: [Ash, [Βέτα, Beta]]\n      family: [Oak, Elm]\n"
                   "replace: [names.cultures]\n", encoding="utf-8")
    result = run("pregen", "dirt", "--count", "4", "--table", "--seed", "3", "--tables-file", own, "--out", tmp_path / "o")
    assert result.exit_code == 0, result.output
    names = {_load(p.read_text(encoding="utf-8"))["name"] for p in (tmp_path / "o").glob("dirt-*.yaml")}
    assert names == {"Ash Oak", "Ash Elm", "Βέτα Oak", "Βέτα Elm"}
    assert sum("-beta-" in p.name for p in (tmp_path / "o").iterdir()) == 2  # files take the Latin spelling


def test_a_group_bias_without_whom_it_falls_on_is_refused(run, tmp_path):
    own = tmp_path / "ours.yaml"
    own.write_text("isolation:\n  biases:\n    - {bias: Hates mimes, color: red}\n", encoding="utf-8")
    result = run("pregen", "isolation", "--count", "3", "--table", "--tables-file", own, "--out", tmp_path / "o")
    assert result.exit_code == 1 and "ours.yaml:3:" in result.output and "`falls_on` is missing" in result.output


def test_a_count_no_table_seats_is_a_usage_error(run, tmp_path):
    result = run("pregen", "isolation", "--count", "9", "--table", "--seed", "1", "--out", tmp_path)
    assert result.exit_code == 2, result.output
    assert "Invalid value for --count: an Isolation table seats 2 to 8" in result.output
    assert not list(tmp_path.iterdir())
