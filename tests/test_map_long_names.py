"""Names on the relationship map (the packet's map page) are read whole when there is
room below: a long player's name goes onto a second line, not behind an ellipsis."""

from __future__ import annotations

from playaid.games.isolation.maps.circle import fitted
from playaid.games.isolation.maps.style import style
from playaid.render.paper import paper
from playaid.games.isolation.maps.worksheet import Person


def _lines(person: Person) -> list[str]:
    lines, _, _ = fitted(1, person, style("map", paper("a4")), blank=False)
    return [text for text, _, _ in lines]


def test_a_long_players_name_is_wrapped_not_cut():
    lines = _lines(Person("Alice Moreau", player="Søren Kierkegaard Christiansen", profession="Nurse"))
    assert not any("…" in line for line in lines), lines
    assert "played by Søren Kierkegaard Christiansen" == " ".join(lines[1:3])


def test_a_short_name_keeps_one_line_and_a_huge_one_is_cut_after_two():
    assert _lines(Person("Bob", player="Eve"))[:2] == ["1  Bob", "played by Eve"]
    lines = _lines(Person("Bob", player=" ".join(["Wolfeschlegelsteinhausen"] * 6)))
    assert lines[1] == "played by" and lines[2].startswith("Wolfe") and lines[2].endswith("…")
