"""The built wheel, installed into a fresh virtual environment, runs every command from an
unrelated folder: templates, fonts, data tables and examples all travel inside the package.

The wheel is built offline from a copy of the sources (nothing is written into the checkout).
Its dependencies are lent from the environment running the tests through a `.pth` path line,
so no registry is needed; `playaid` itself can only come from the wheel, which the test checks.
"""

from __future__ import annotations

import os
import shutil
import site
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from conftest import EXAMPLES, ROOT
from pdfs import assert_printable



def _sh(*args, cwd: Path, env: dict | None = None, timeout: int = 300) -> subprocess.CompletedProcess:
    result = subprocess.run([str(a) for a in args], cwd=cwd, env=env, capture_output=True, text=True,
                            timeout=timeout)
    assert result.returncode == 0, f"{args}: {result.stdout}\n{result.stderr}"
    return result


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    base = tmp_path_factory.mktemp("build")
    source = base / "source"
    source.mkdir()
    for name in ("pyproject.toml", "README.md"):
        shutil.copy2(ROOT / name, source / name)
    shutil.copytree(ROOT / "playaid", source / "playaid", ignore=shutil.ignore_patterns("__pycache__"))
    _sh(sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "--no-build-isolation", "-w", base / "dist",
        source, cwd=base)
    (built,) = (base / "dist").glob("playaid-*.whl")
    return built


@pytest.fixture(scope="module")
def installed(wheel, tmp_path_factory) -> tuple[Path, dict]:
    """(the fresh environment's bin folder, an environment for running it)."""
    base = tmp_path_factory.mktemp("fresh")
    fresh = base / "venv"
    _sh(sys.executable, "-m", "venv", "--without-pip", fresh, cwd=base)
    python = fresh / "bin" / "python"
    _sh(sys.executable, "-m", "pip", "--python", python, "install", "-q", "--no-deps", wheel, cwd=base)
    target = _sh(python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])", cwd=base)
    (Path(target.stdout.strip()) / "lent-dependencies.pth").write_text("\n".join(site.getsitepackages()) + "\n")
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    return fresh / "bin", env


@pytest.fixture
def elsewhere(tmp_path) -> Path:
    """A working folder with none of the project's files, holding copies of two inputs."""
    for name in ("fight-sphere/dana.yaml", "isolation/farmhouse.yaml", "isolation/alice.yaml",
                 "isolation/bob.yaml", "isolation/eve.yaml", "isolation/scene-board-up.yaml"):
        shutil.copy2(EXAMPLES / name, tmp_path / Path(name).name)
    return tmp_path


def test_the_wheel_carries_templates_fonts_data_and_examples_but_no_test_fixtures(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    for needed in ("playaid/games/sapio/templates/sheets/sapio.html", "playaid/templates/shared/base.html",
                   "playaid/assets/fonts/PlayaidFormSans.ttf", "playaid/games/fight_club/data/frustrations.yaml",
                   "playaid/games/fight_club/data/cards/layout.yaml", "playaid/games/isolation/data/pregen-map.yaml",
                   "playaid/games/isolation/data/maps/text.yaml", "playaid/games/sapio/data/handout.yaml",
                   "playaid/games/dirt/data/cover.yaml", "playaid/assets/data/pregen/names.yaml",
                   "playaid/games/isolation/examples/farmhouse.yaml"):
        assert needed in names, needed
    assert not [n for n in names if n.startswith("tests/") or "/invalid/" in n]


def test_the_installed_package_is_the_wheel_not_the_checkout(installed, elsewhere):
    bin_dir, env = installed
    found = _sh(bin_dir / "python", "-c", "import playaid, pathlib; print(pathlib.Path(playaid.__file__).parent)",
                cwd=elsewhere, env=env).stdout.strip()
    assert Path(found).is_relative_to(bin_dir.parent), found
    package = Path(found)
    for part in ("templates/sheets", "assets/fonts", "assets/data/paper.yaml", "games/sapio/examples/wren.yaml",
                 "games/sapio/data/spiral-d12.yaml"):
        assert (package / part).exists(), part
    assert not list(package.rglob("invalid"))


def test_every_command_runs_from_another_folder(installed, elsewhere):
    bin_dir, env = installed
    playaid = bin_dir / "playaid"
    out = elsewhere / "out"

    def run(*args: str) -> str:
        return _sh(playaid, *args, "--out", out, cwd=elsewhere, env=env).stdout

    assert "checked 4 files" in _sh(playaid, "validate", "farmhouse.yaml", cwd=elsewhere, env=env).stdout
    assert "outcome" in _sh(playaid, "roll", "scene-board-up.yaml", "--seed", "3", cwd=elsewhere, env=env).stdout
    assert '"$schema"' in _sh(playaid, "schema", "sapio", cwd=elsewhere, env=env).stdout
    run("sheet", "dana.yaml")
    run("sheet", "--reference", "sapio")
    run("deck")
    run("net", "--die", "spiral")
    run("map", "farmhouse.yaml")
    run("odds", "dirt")
    run("pregen", "dirt", "--count", "2", "--seed", "1")
    run("packet", "farmhouse.yaml")
    pdfs = sorted(out.rglob("*.pdf"))
    assert len(pdfs) == 7, [p.name for p in pdfs]
    assert len(list(out.glob("dirt-*.yaml"))) == 2
    for pdf in pdfs:
        assert_printable(pdf)


def test_the_demo_runs_from_another_folder(installed, elsewhere):
    bin_dir, env = installed
    _sh(bin_dir / "playaid", "demo", "--out", elsewhere / "demo", cwd=elsewhere, env=env, timeout=600)
    written = list((elsewhere / "demo").rglob("*.pdf"))
    assert len(written) > 20
    assert (elsewhere / "demo" / "validation-report.txt").is_file()
