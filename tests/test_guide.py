"""docs/adding-a-game.md and the toy game agree: every `GameSystem` field is in the guide's
table and no other, every path of the guide's tree is in the toy add-on, the toy declares
only what differs from the convention, and the guide's copy-and-rename recipe gives an
add-on that installs and keeps the contract out of the box (issue 29, item 5)."""

from __future__ import annotations

import dataclasses
import re
import shutil
import subprocess
import tomllib

from conftest import ROOT, TOY_PROJECT
from playaid.systems.base import GameSystem
from playaid.systems.conventions import FOLDERS, MODULES
from test_add_on_install import Installed, install

GUIDE = (ROOT / "docs" / "adding-a-game.md").read_text(encoding="utf-8")


def block(language: str, after: str) -> str:
    """The first fenced `language` block of the guide after the text `after`."""
    start = GUIDE.index(after)
    return re.search(rf"```{language}\n(.*?)```", GUIDE[start:], re.S).group(1)


def test_the_guide_lists_every_field_of_a_game_and_no_other():
    listed = re.findall(r"^\| `(\w+)` \|", GUIDE, re.M)
    assert len(listed) == len(set(listed))
    assert set(listed) == {f.name for f in dataclasses.fields(GameSystem)}


def test_every_path_of_the_guides_tree_is_in_the_toy_add_on():
    stack: list[tuple[int, str]] = []
    paths = []
    for line in block("text", "## The shape").splitlines():
        indent, name = len(line) - len(line.lstrip()), line.split()[0]
        stack = [(i, n) for i, n in stack if i < indent]
        paths.append("/".join([n.rstrip("/") for _, n in stack] + [name.rstrip("/")]))
        if name.endswith("/"):
            stack.append((indent, name))
    assert paths[0] == "tests/toy_game" and len(paths) > 8
    missing = [p for p in paths if not (ROOT / p).exists()]
    assert missing == []


def test_the_toy_declares_only_what_differs_from_the_convention():
    from toy_game import SYSTEM

    for name in (*MODULES, *FOLDERS):
        assert getattr(SYSTEM, name) is None, f"the toy names its {name}: the convention finds it"
    package = TOY_PROJECT / "toy_game"
    assert all((package / f"{m}.py").is_file() for m in MODULES) and all((package / f).is_dir() for f in FOLDERS)


def test_the_guides_pyproject_lines_are_the_toys():
    guide = tomllib.loads(block("toml", "The entry point registers it"))
    toy = tomllib.loads((TOY_PROJECT / "pyproject.toml").read_text(encoding="utf-8"))
    assert guide["project"]["entry-points"] == toy["project"]["entry-points"]
    assert guide["tool"]["setuptools"]["package-data"] == toy["tool"]["setuptools"]["package-data"]


def test_the_guides_copy_of_the_toy_is_a_working_add_on(tmp_path):
    """Section 1's shell lines, run as written on a copy of the toy, then installed."""
    repo = tmp_path / "playaid"
    shutil.copytree(TOY_PROJECT, repo / "tests" / "toy_game",
                    ignore=shutil.ignore_patterns("__pycache__", "build", "*.egg-info"))
    recipe = [line for line in block("sh", "## 1. Start").splitlines() if not line.startswith(("pip", "playaid"))]
    done = subprocess.run(["bash", "-euo", "pipefail", "-c", "\n".join(recipe)], cwd=repo, capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    project = tmp_path / "playaid-zombies"
    assert not list(project.rglob("*toy*")), "a file still named after the toy"
    install(project, tmp_path / "site")
    work = tmp_path / "work"
    work.mkdir()
    zombies = Installed(tmp_path / "site", tmp_path / "site" / "zombies_game" / "examples", "", work)
    assert "[add-on: playaid-zombies 0.1.0]" in zombies.run("systems").stdout
    checked = zombies.run("-c", "import sys, pathlib; from playaid.testing import check_contract; "
                          "check_contract('zombies', pathlib.Path(sys.argv[1]))", work / "out", module=None)
    assert checked.returncode == 0, checked.stderr[-3000:]


def test_the_sheet_context_macros_and_classes_the_guide_names_exist():
    from playaid.render.sheets import Sheet
    from playaid.render.sheets.common import Header
    from playaid.resources import TEMPLATES

    section = GUIDE[GUIDE.index("## 4. The sheet"):GUIDE.index("## 5. Odds")]
    named = set(re.findall(r"`sheet\.(\w+)`", section)) - {"py"} | {"header"}  # `sheet.py` is a file
    assert named and named <= {f.name for f in dataclasses.fields(Sheet)}
    header = re.search(r"`sheet\.header` \(([^)]*)\)", section).group(1)
    assert set(re.findall(r"`(\w+)`", header)) == {f.name for f in dataclasses.fields(Header)}
    macros = set(re.findall(r"{% macro (\w+)", (TEMPLATES / "sheets" / "macros.html").read_text(encoding="utf-8")))
    assert set(re.findall(r"`m\.(\w+)\(", section)) <= macros
    css = (TEMPLATES / "sheets" / "sheet.css").read_text(encoding="utf-8")
    classes = section[section.index("The sheet's CSS classes"):section.index("templates/sheets/motifs")]
    listed = set(re.findall(r"`([a-z0-9-]+)`", classes))
    assert len(listed) > 15 and {c for c in listed if not re.search(rf"\.{c}\b", css)} == set()


RECIPE = GUIDE[GUIDE.index("## 11. A second recipe"):GUIDE.index("## Add-ons written before this layout")]
CHECK_TIDE = """
import pathlib, sys, warnings
warnings.simplefilter("error")  # its odds have a twin: nothing may go unchecked
from playaid.testing import check_contract
from playaid.studio.printables import make_for_game
check_contract("tide", pathlib.Path(sys.argv[1]))
printed = make_for_game("game-0", "tide", "a4")
assert not printed.get("error"), printed["error"]
assert printed["files"] == {"tide-die-nets.pdf": pathlib.Path("output/tide-die-nets.pdf").read_bytes()}
"""


def test_the_guides_second_recipe_is_a_working_add_on(tmp_path):
    """Section 11's files, written as the guide gives them, installed, its shell lines run,
    the contract kept and the Print button giving what its command line writes."""
    files = re.findall(r"^`(playaid-tide/[^`]+)`:\n\n```\w+\n(.*?)```", RECIPE, re.M | re.S)
    assert len(files) >= 10 and len({name for name, _ in files}) == len(files)
    for name, text in files:
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text, encoding="utf-8")
    install(tmp_path / "playaid-tide", tmp_path / "site")
    work = tmp_path / "work"
    work.mkdir()
    tide = Installed(tmp_path / "site", tmp_path / "site" / "tide_game" / "examples", "", work)
    lines = [line.split() for line in block("sh", "## 11. A second recipe").splitlines()]
    assert lines[0][:2] == ["pip", "install"] and all(words[0] == "playaid" for words in lines[1:])
    for words in lines[1:]:
        done = tide.run(*words[1:])
        assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
    assert "[add-on: playaid-tide 0.1.0]" in tide.run("systems").stdout
    checked = tide.run("-c", CHECK_TIDE, work / "out", module=None)
    assert checked.returncode == 0, checked.stderr[-3000:]
    bad = work / "bad.yaml"
    bad.write_text("system: tide\nkind: character\nname: Wren\nnerve: 5\ncare: 5\n", encoding="utf-8")
    said = tide.run("validate", bad).stdout
    assert "[tide.balance] nerve 5 and care 5 add up to 10, not 6" in said
