"""The two documented commands set up the same environment, in either order (dry runs of make)."""

from __future__ import annotations

import os
import re
import shutil
import subprocess

import pytest

from conftest import ROOT

pytestmark = pytest.mark.skipif(shutil.which("make") is None, reason="needs make")

INSTALL_TEST = 'pip install -q -c constraints.txt -e ".[test]"'


def _dry_run(folder, target: str) -> str:
    result = subprocess.run(["make", "-n", target], cwd=folder, capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    return result.stdout


@pytest.fixture
def clone(tmp_path):
    """The Makefile beside a pyproject.toml, as in a fresh clone (no .venv yet)."""
    shutil.copy(ROOT / "Makefile", tmp_path / "Makefile")
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    shutil.copy(ROOT / "constraints.txt", tmp_path / "constraints.txt")
    return tmp_path


@pytest.mark.parametrize("target", ["demo", "test"])
def test_on_a_fresh_clone_both_commands_install_the_test_extras(clone, target):
    commands = _dry_run(clone, target)
    assert "-m venv .venv" in commands and INSTALL_TEST in commands
    assert ("playaid demo" if target == "demo" else "-m pytest") in commands


@pytest.mark.parametrize("first, then", [("demo", "test"), ("test", "demo")])
def test_after_one_command_the_other_installs_nothing_more(clone, first, then):
    # what `make FIRST` leaves: the venv and its stamp, newer than pyproject.toml
    (clone / ".venv" / "bin").mkdir(parents=True)
    (clone / ".venv" / "bin" / "python").write_text("")
    stamp = clone / ".venv" / ".installed-test"
    stamp.write_text("")
    later = os.stat(clone / "pyproject.toml").st_mtime + 5
    os.utime(stamp, (later, later))
    assert INSTALL_TEST not in _dry_run(clone, first)
    assert INSTALL_TEST not in _dry_run(clone, then)


def test_every_make_command_the_readme_and_docs_document_is_a_target():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    docs = "\n".join(p.read_text(encoding="utf-8") for p in sorted((ROOT / "docs").rglob("*.md")))
    targets = set(re.findall(r"^([a-z-]+):", (ROOT / "Makefile").read_text(encoding="utf-8"), re.M))
    in_code = r"(?:^|`)make ([a-z-]+)"  # in code, not prose
    documented = set(re.findall(in_code, readme, re.M)) | set(re.findall(in_code, docs, re.M))
    assert {"demo", "test", "docs"} <= set(re.findall(in_code, readme, re.M)) and documented <= targets
    assert {"lock", "test-newest", "test-fast", "bench", "screenshot"} <= documented
    assert ".venv/bin/python -m pytest tests/" in readme
