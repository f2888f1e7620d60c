"""Checking a batch with the rules core before anything is written.

The rules core reads files, so the batch is put in a private temporary folder, loaded
from there and thrown away; problems name the files as they will be called.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

from ..documents import Library
from ..problems import Problem, unique
from .draw import dump

SETUP_NAME = "table.yaml"
"""The setup a batch is checked in (for games whose rules are about the whole table)."""


def problems_of(system: str, files: dict[str, str], setup: dict | None = None) -> list[Problem]:
    """Every problem, errors and warnings alike, of the characters `files` (name → YAML)
    and, when given, of a setup holding them all; a pre-built character should have none."""
    if setup is not None:
        files = {**files, SETUP_NAME: dump({"system": system, "kind": "setup", **setup}, "check only")}
    return problems_in(files)


def problems_in(files: dict[str, str], folder: str = "") -> list[Problem]:
    """Every problem of a whole table as it will be written (characters and their setup,
    name → YAML text), the files named as they will be inside the output folder."""
    with tempfile.TemporaryDirectory(prefix="playaid-pregen-") as tmp:
        root = Path(tmp)
        for name, text in files.items():
            (root / name).write_text(text, encoding="utf-8")
        library = Library()
        for name in files:
            library.load(root / name, f"{folder}/{name}" if folder else name)
        return unique(library.problems())
