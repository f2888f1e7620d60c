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
