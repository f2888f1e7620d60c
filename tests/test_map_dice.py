"""The dice table (page 2 of `playaid map`) read back from its SVG and followed as its key
says: the Active Player adds up the A cells of everyone asked and the Stress Level once.
The dice that reading gives are then listed in a scene and replayed by `playaid roll`'s
own procedure, which refuses a pool of any other size; so the printed table and the
rules core cannot drift apart, for one Passive Player and for several."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from itertools import combinations

import pytest
import yaml

from playaid.play import resolve_scene
from map_setups import setup

SVG = "{http://www.w3.org/2000/svg}"
CELL = re.compile(r"^([AP]) \+(\d+) –(\d+)$")


def dice_cells(svg: ET.Element) -> dict[tuple[int, int], dict[str, tuple[int, int]]]:
    """{(row, column): {"A": (green, red), "P": (green, red)}} by the characters' numbers,
    placed by the x of the header cells and the y of the row labels."""
    texts = [(float(t.get("x")), float(t.get("y")), t.text or "") for t in svg.iter(SVG + "text")
             if t.get("class") in ("cell", "cell-head")]
    header_y = min(y for _, y, s in texts if s.casefold() == "active, passive")
    columns = {round(x): int(s) for x, y, s in texts if y == header_y and s.isdigit()}
    left = min(x for x, _, _ in texts)
    rows = sorted((y, int(s.split()[0])) for x, y, s in texts if x == left and y > header_y and s[:1].isdigit())
    cells: dict = {}
    for x, y, s in texts:
        found = CELL.match(s)
        if found:
            row = max((ry, n) for ry, n in rows if ry <= y + 0.01)[1]
            cells.setdefault((row, columns[round(x)]), {})[found.group(1)] = (int(found.group(2)), int(found.group(3)))
    return cells


def render(files, run, text: str) -> tuple[ET.Element, dict]:
    path = files.write("setup.yaml", text)
    out = files.root / "out"
    result = run("map", path, "--format", "svg", "--out", out)
    assert result.exit_code == 0, result.output
    return ET.parse(out / "setup-dice.svg").getroot(), yaml.safe_load(text)


def replay(files, active: str, asked: list[str], counts: dict[str, tuple[int, int]], gm: int):
    """`playaid roll`'s procedure on a scene listing exactly `counts` dice per character:
    odd greens and threes in red, so no die is even or earns an extra die."""
    dice = {who: {"green": [3] * g, "red": [3] * r} for who, (g, r) in counts.items()}
    dice["GM"] = {"red": [3] * gm}
    scene = {"system": "isolation", "kind": "scene", "setup": "setup.yaml", "active": active,
             "action": "Hold the door", "persuade": asked, "difficulty": "hard", "dice": dice}
    result, problems, _ = resolve_scene(files.write("scene.yaml", yaml.safe_dump(scene)), None)
    return result, [p.message for p in problems if p.is_error]


def read_pool(cells, active: int, asked: list[int], stress: int) -> tuple[int, int]:
    """The Active Player's pool as the table's key says to make it."""
    a = [cells[active, j]["A"] for j in asked]
    return sum(g for g, _ in a), sum(r for _, r in a) + stress


@pytest.mark.parametrize("n, stress", [(3, 2), (4, 1), (5, 3)])
def test_the_printed_table_gives_the_pool_roll_uses_for_one_and_for_several(files, run, n, stress):
    svg, data = render(files, run, setup(n, long=False, stress=stress))
    cells = dice_cells(svg)
    names = [c["name"] for c in data["characters"]]
    gm = 3 + n + stress
    for active in range(1, n + 1):
        others = [j for j in range(1, n + 1) if j != active]
        for asked in [others[:1], others[:2], others]:
            counts = {names[active - 1]: read_pool(cells, active, asked, stress)}
            counts |= {names[j - 1]: cells[active, j]["P"] for j in asked}
            result, errors = replay(files, names[active - 1], [names[j - 1] for j in asked], counts, gm)
            assert result is not None and not errors, (active, asked, errors)


def test_counting_the_stress_in_every_cell_is_refused_by_roll(files, run):
    """The old reading (Stress in each A cell, cells added up) gives a pool roll refuses."""
    svg, data = render(files, run, setup(3, long=False, stress=2))
    cells = dice_cells(svg)
    names = [c["name"] for c in data["characters"]]
    green, red = read_pool(cells, 2, [1, 3], 2)
    counts = {names[1]: (green, red + 2), names[0]: cells[2, 1]["P"], names[2]: cells[2, 3]["P"]}
    result, errors = replay(files, names[1], [names[0], names[2]], counts, 3 + 3 + 2)
    assert result is None and errors


def test_the_farmhouse_example_is_printed_with_the_stress_once(files, run):
    from pdfs import text

    out = files.root / "out"
    for name in ("alice.yaml", "bob.yaml", "eve.yaml"):
        files.copy_example("isolation", name)
    assert run("map", files.copy_example("isolation", "farmhouse.yaml"), "--out", out).exit_code == 0
    page = " ".join(text(out / "farmhouse-map.pdf", 1).split())
    # Bob Tanner (2) has +2 –1 with Alice and +1 –2 with Eve: 3 green, 3 red, and Stress 2 once
    assert "A +2 –1" in page and "A +1 –2" in page
    assert "3 green and 5 red dice" in page
    assert "the Stress Level once" in page


def test_every_cell_pair_is_symmetric_in_its_links(files, run):
    svg, _ = render(files, run, setup(4, long=False))
    cells = dice_cells(svg)
    for i, j in combinations(range(1, 5), 2):
        assert cells[i, j]["A"] == cells[j, i]["P"] and cells[i, j]["P"] == cells[j, i]["A"]
