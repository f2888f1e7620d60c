"""The nets draw any die a game describes (`PaperDie`), and `playaid net` offers the dice
the registry's games declare (`GameSystem.paper_dice`), naming no game of its own."""

from __future__ import annotations

import dataclasses
import xml.etree.ElementTree as ET

import pytest

from conftest import GAME_IDS
from playaid.commands import net
from playaid.render.nets import D6, faces_of, nets_pdf, nets_svgs
from playaid.render.nets.dice import ANY_D6_GAME, COLOURED_PAGE, coloured_by
from playaid.render.nets.drawing import Circle, Style, Text
from playaid.render.nets.placement import balanced
from playaid.render.nets.solid import cube
from playaid.systems import REGISTRY
from playaid.systems.base import load
from test_net_geometry import NS


class Rings:
    """A toy die no game has: a cube whose face n shows n rings, its own legend."""

    numbered, note, stem, default_edge = False, "rings, not pips", "rings", 22.0
    title, game = "ring die", "Toy Game"

    def __init__(self):
        self.solid = cube()
        self.on = balanced(self.solid, [(n,) for n in range(6)])

    def face_attrs(self, index):
        return (("data-face", str(index + 1)),)

    def fill(self, index):
        return None

    def art(self, index, edge):
        return [(edge * 0.1 * (k + 1), Circle((0, 0), 1, Style(stroke="#000000", width=0.1), (("data-ring", "1"),)))
                for k in range(index + 1)]

    def legend(self, x, y):
        return [Text((x, y), "Rings: count them", 7.5)]


def test_a_die_no_game_has_is_drawn_from_its_description():
    root = ET.fromstring(nets_svgs(Rings(), "a4", 1)[0])
    rings = {int(g.get("data-face")): len(g.findall("svg:circle[@data-ring]", NS))
             for g in root.iterfind(".//svg:g[@class='face']", NS)}
    assert rings == {n: n for n in range(1, 7)}
    assert "ring die: net 1 of 1, edge 22 mm" in root.findtext("svg:text", namespaces=NS)
    assert b"Toy Game" in nets_pdf(Rings(), "a4", 1)


def test_a_value_no_game_draws_is_refused():
    with pytest.raises(TypeError, match="no game draws a str"):
        faces_of("a die")


@pytest.mark.parametrize("game", [g for g in GAME_IDS if REGISTRY[g].paper_dice])
def test_every_declared_paper_die_draws_the_games_own_die(game):
    g = REGISTRY[game]
    for name, dotted in g.paper_dice.items():
        die = load(dotted)(None)
        assert die.game == g.title and die.title and die.stem and die.default_edge > 0
        assert len(die.on) == len(die.solid.faces) and load(dotted)(object()) is None
        assert name in net.OFFERED and net.OFFERED[name][0].id == game


def test_the_die_choices_come_from_the_registry(monkeypatch):
    toy = dataclasses.replace(REGISTRY[GAME_IDS[0]], id="toy", title="Toy Game",
                              paper_dice={"rings": "x:y", "d6": "x:z"})
    monkeypatch.setattr(net, "REGISTRY", {"toy": toy})
    assert {name: (g.id, dotted) for name, (g, dotted) in net.offered().items()} == {"rings": ("toy", "x:y")}
    monkeypatch.setattr(net, "REGISTRY", {})
    assert net.offered() == {}


def test_red_and_green_d6_are_printed_for_the_game_whose_packet_prints_them(monkeypatch):
    owners = coloured_by()
    assert owners and all(any(d == COLOURED_PAGE for _, d in g.packet) for g in owners)
    assert faces_of(D6("red")).game == " and ".join(g.title for g in owners)
    assert faces_of(D6()).game == ANY_D6_GAME
    from playaid import systems

    monkeypatch.setattr(systems, "REGISTRY", {g: dataclasses.replace(REGISTRY[g], packet=()) for g in GAME_IDS})
    assert faces_of(D6("green")).game == ANY_D6_GAME


def test_the_command_is_generic(run):
    assert "net" in run("--help").output.split()
    assert all("net" not in REGISTRY[g].commands for g in GAME_IDS)


class Words(Rings):
    """A die whose faces say a word: text in face art turns with its face, as paths do."""

    WORDS = ("ONE", "TWO", "THREE", "FOUR", "FIVE", "SIX")

    def art(self, index, edge):
        return [(edge * 0.4, Text((0, -0.2), self.WORDS[index], 0.5, bold=True, anchor="middle"))]


def test_a_faces_art_may_hold_text_turned_with_its_face(tmp_path):
    import pdfs

    root = ET.fromstring(nets_svgs(Words(), "a4", 1)[0])
    said = {g.get("data-face"): [(t.text, t.get("transform"), float(t.get("font-size")))
                                 for t in g.iterfind("svg:text", NS)]
            for g in root.iterfind(".//svg:g[@class='face']", NS)}
    assert {face: [word for word, _, _ in texts] for face, texts in said.items()} == \
        {str(n + 1): [w] for n, w in enumerate(Words.WORDS)}
    turns = {turn for texts in said.values() for _, turn, _ in texts}
    assert len(turns) > 1 and all(t is None or t.startswith("rotate(") for t in turns)  # faces face many ways
    assert all(abs(size - 22 * 0.4 * 0.5) < 0.01 for texts in said.values() for _, _, size in texts)  # in mm
    (tmp_path / "words.pdf").write_bytes(nets_pdf(Words(), "a4", 1))
    text = pdfs.text(tmp_path / "words.pdf")
    assert all(w in text for w in Words.WORDS), text
