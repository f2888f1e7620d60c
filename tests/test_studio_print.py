"""The studio's Print buttons for a game's own outputs (deck, tokens, map, ready table …),
in-process: each writes a PDF that passes the print checks and equals, byte for byte, the
file the command line writes."""

from __future__ import annotations

import html
import re
import shlex
import shutil

import pytest

from conftest import EXAMPLES
from pdfs import assert_printable
from playaid.pregen.tables import table_games
from playaid.studio.printables import outputs
from print_checks import page_count
from test_studio_safety import SAME, run as serve

CASES = [
    # (game, file printed from, button label, the command line's arguments)
    ("fight-club", "deck-custom.yaml", "Card deck", ["deck", "{file}"]),
    ("fight-club", "club.yaml", "Card deck", ["deck"]),
    ("fight-club", "club.yaml", "Tokens and turn summary", ["deck", "--tokens", "--players", "{cast}"]),
    ("fight-club", "dale.yaml", "Tokens and turn summary", ["deck", "--tokens"]),
    ("isolation", "farmhouse.yaml", "Relationship map and worksheets", ["map", "{file}"]),
    ("isolation", "alice.yaml", "Blank relationship map", ["map", "--blank", "5"]),
    ("isolation", "alice.yaml", "Green paper dice", ["net", "--die", "d6", "--color", "green"]),
    ("isolation", "farmhouse.yaml", "Red paper dice", ["net", "--die", "d6", "--color", "red"]),
    ("sapio", "spiral-d12.yaml", "Paper Spiral dice", ["net", "--faces", "{file}"]),
    ("sapio", "ines.yaml", "Paper Spiral dice", ["net"]),
    ("dirt", "moss.yaml", "Paper dice", ["net", "--die", "d6"]),
    ("fight-sphere", "bo.yaml", "Paper dice", ["net", "--die", "d6"]),
]


@pytest.fixture
def folder(tmp_path):
    for game in ("fight-club", "isolation", "dirt", "sapio", "fight-sphere"):
        shutil.copytree(EXAMPLES[game], tmp_path / game)
    return tmp_path


def _print(folder, rel: str, output: str, **extra) -> tuple[str, list[str]]:
    """Press the Print button `output` of file `rel`: the status shown, and the names linked."""
    async def script(client):
        return await client.post(f"/api/print/{rel}", headers=SAME, data={"output": output, **extra})

    answer = serve(folder, script)
    assert answer.status_code == 200, answer.text
    return answer.text, [html.unescape(n) for n in re.findall(r"href='/download/([^']+)'", answer.text)]


def _output_id(game: str, kind: str, rel: str, label: str) -> str:
    return next(o.id for o in outputs(game, kind, rel) if o.label == label)


def _cast(path) -> int:
    from playaid.documents import Library
    from playaid.render.sheets import cast_of

    library = Library()
    return len(cast_of(library, path, library.load(path)).members)


@pytest.mark.parametrize("game, name, label, args", CASES, ids=[f"{c[0]}-{c[2]}-{c[1]}" for c in CASES])
def test_a_games_own_print_button_writes_what_its_command_writes(folder, run, tmp_path, game, name, label, args):
    from playaid.documents import Library

    path = folder / game / name
    kind = Library().load(path).kind
    status, linked = _print(folder, f"{game}/{name}", _output_id(game, kind, f"{game}/{name}", label))
    assert linked and "error" not in status, status
    cli = tmp_path / "cli"
    args = [str(_cast(path)) if a == "{cast}" else a.replace("{file}", str(path)) for a in args]
    result = run(*args, "--paper", "a4", "--out", cli)
    assert result.exit_code == 0, result.output
    for linked_name in linked:
        printed = folder / "output" / linked_name
        assert_printable(printed)
        assert page_count(printed) >= 1
        assert printed.read_bytes() == (cli / linked_name).read_bytes(), linked_name


@pytest.mark.parametrize("game", table_games())
def test_a_ready_table_is_the_one_its_command_line_makes_again(folder, run, tmp_path, game):
    from playaid.pregen import module

    count = module(game).DEMO_TABLE
    rel = "dirt/moss.yaml"  # a ready table is made for the game: any file of it offers one
    if game != "dirt":
        (folder / "table.yaml").write_text(f"system: {game}\nkind: setup\nname: Ours\ncharacters: []\n")
        rel = "table.yaml"
    status, linked = _print(folder, rel, "table", count=str(count))
    assert len(linked) == 1 and linked[0].endswith("-packet.pdf"), status
    packet = folder / "output" / linked[0]
    assert_printable(packet)
    written = sorted(p.name for p in packet.parent.iterdir())
    assert "table.yaml" in written and sum(n.startswith(f"{game}-") for n in written) == count, written
    command = html.unescape(re.search(r"<code class='cli'>([^<]+)</code>", status).group(1))
    if game == "dirt":  # the command said beside the files makes the same files again
        result = run(*shlex.split(command)[1:], "--paper", "a4", "--out", tmp_path / "cli")
        assert result.exit_code == 0, result.output
        for made in packet.parent.iterdir():
            assert made.read_bytes() == (tmp_path / "cli" / made.name).read_bytes(), made.name


def test_a_count_the_game_cannot_seat_is_said_not_printed(folder):
    status, linked = _print(folder, "fight-club/club.yaml", "table", count="2")
    assert not linked and "change the number of characters" in status
    assert not (folder / "output").exists() or not any((folder / "output").iterdir())


def test_a_deck_that_breaks_its_rules_is_not_printed(folder):
    deck = folder / "fight-club" / "deck-custom.yaml"
    deck.write_text(deck.read_text(encoding="utf-8").replace("cards:", "cards: []\nold_cards:", 1), encoding="utf-8")
    status, linked = _print(folder, "fight-club/deck-custom.yaml", _output_id(
        "fight-club", "deck", "fight-club/deck-custom.yaml", "Card deck"))
    assert not linked and "Not printed" in status, status


def test_a_printed_file_downloads_from_its_folder_and_nothing_outside(folder):
    (folder / "output" / "dirt-table-7").mkdir(parents=True)
    (folder / "output" / "dirt-table-7" / "table-packet.pdf").write_bytes(b"%PDF-1.7 test")
    (folder / "secret.pdf").write_bytes(b"%PDF secret")

    async def script(client):
        names = ["dirt-table-7/table-packet.pdf", "..%2Fsecret.pdf", "dirt-table-7/..%2F..%2Fsecret.pdf",
                 ".hidden/x.pdf", "a/b/c.pdf", "dirt-table-7/table.yaml"]
        return [await client.get(f"/download/{n}") for n in names]

    good, *refused = serve(folder, script)
    assert good.status_code == 200 and good.content == b"%PDF-1.7 test"
    assert good.headers["content-disposition"].startswith("attachment")
    assert [r.status_code for r in refused] == [404] * len(refused)


def test_every_printable_a_game_declares_is_offered_and_tested_here():
    from playaid.systems import REGISTRY
    from playaid.systems.base import KINDS

    declared = {(game.id, label) for game in REGISTRY.values() for label, *_ in game.printables}
    assert declared == {(game, label) for game, _, label, _ in CASES}
    for game in REGISTRY.values():
        for label, made_from, function, command in game.printables:
            assert made_from.split() and set(made_from.split()) <= {*KINDS, "game"}, (game.id, label)
            assert command.startswith("playaid "), label
            assert "{file}" not in command or "game" not in made_from.split(), label  # no file to name
            assert function == "" or ":" in function, label


def test_a_setup_naming_its_own_deck_prints_that_deck(folder, run, tmp_path):
    club = folder / "fight-club" / "club.yaml"
    (folder / "fight-club" / "office.yaml").write_text(club.read_text(encoding="utf-8").rstrip("\n")
                                                        + "\ndeck: deck-custom.yaml\n", encoding="utf-8")
    rel = "fight-club/office.yaml"
    status, linked = _print(folder, rel, _output_id("fight-club", "setup", rel, "Card deck"))
    assert linked == ["office-edition-deck.pdf"], status
    result = run("deck", folder / "fight-club" / "deck-custom.yaml", "--paper", "a4", "--out", tmp_path)
    assert result.exit_code == 0, result.output
    assert (folder / "output" / linked[0]).read_bytes() == (tmp_path / linked[0]).read_bytes()


def test_a_game_prints_without_a_file_from_its_own_page(folder, run, tmp_path):
    deck = next(o for o in outputs("fight-club", None, "") if o.label == "Card deck")

    async def script(client):
        page = await client.get("/print/fight-club")
        printed = await client.post("/api/print-game/fight-club", headers=SAME,
                                    data={"output": deck.id, "paper": "letter"})
        cross = await client.post("/api/print-game/fight-club", data={"output": deck.id},
                                  headers={"sec-fetch-site": "cross-site"})
        return (page, printed, cross, await client.get("/print/chess"),
                await client.post("/api/print-game/dirt", headers=SAME, data={"output": deck.id}))

    page, printed, cross, unknown, wrong = serve(folder, script)
    assert page.status_code == 200 and "Print card deck" in page.text and "Print ready table" in page.text
    assert "Print character sheet" not in page.text  # a sheet prints from its file
    name = re.search(r"href='/download/([^']+)'", printed.text).group(1)
    result = run("deck", "--paper", "letter", "--out", tmp_path)
    assert result.exit_code == 0, result.output
    assert (folder / "output" / name).read_bytes() == (tmp_path / name).read_bytes()
    assert cross.status_code == 403 and unknown.status_code == 404
    assert "Nothing called" in wrong.text and "Not printed" not in wrong.text


def test_a_printables_number_has_the_command_lines_range_and_default():
    """The studio asks a printable's number within the range its command line takes, and
    opens with the number the command line uses when none is given."""
    from playaid.games.fight_club.cards import settings
    from playaid.games.isolation.commands import BLANK_CAST
    from playaid.games.isolation.maps import MAX_CAST, MIN_CAST
    from playaid.systems import REGISTRY

    assert REGISTRY["isolation"].printable_counts["Blank relationship map"][1:] == (MIN_CAST, MAX_CAST, BLANK_CAST)
    players = REGISTRY["fight-club"].printable_counts["Tokens and turn summary"]
    assert players[3] == settings.layout()["tokens"]["default_players"] and players[1:3] == (1, 50)
    for game in REGISTRY.values():
        labels = {label for label, made_from, *_ in game.printables if "game" in made_from.split()}
        assert set(game.printable_counts) <= labels, game.id
        for label, made_from, _, command in game.printables:
            assert ("{count}" in command) == (label in game.printable_counts and "game" in made_from.split()), label
