"""Each ready table's packet, made by the same code as `playaid packet`.

A packet is made from a setup file, so a table's files go to a private temporary folder
first, exactly as they will be written; the packet is then the one `playaid packet
table.yaml` makes from the written files, the game's own handouts included. Several
tables are rendered side by side, one worker process per core.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import Callable

from ..packets import packet
from ..render.paper import paper as paper_named
from ..render.workers import render_pool
from .tables import SETUP, Table


def _packet(files: dict[str, str], paper_id: str, lang: str | None = None) -> tuple[dict[str, bytes], list[str]]:
    with tempfile.TemporaryDirectory(prefix="playaid-table-") as tmp:
        root = Path(tmp)
        for name, text in files.items():
            (root / name).write_text(text, encoding="utf-8")
        return packet(root / SETUP, paper_named(paper_id), workers=1, lang=lang)


def packets(tables: list[Table], paper_id: str, done: Callable[[], None] = lambda: None, lang: str | None = None,
            ) -> list[tuple[dict[str, bytes], list[str]]]:
    """Per table, in order: the packet (file name → PDF bytes) and its layout warnings;
    `done` is called as each one is ready (a progress bar). `lang`: the tables' language."""
    out = []
    if len(tables) == 1:
        out.append(_packet(tables[0].files, paper_id, lang))
        done()
        return out
    with render_pool(min(len(tables), os.cpu_count() or 1)) as pool:
        for result in pool.map(_packet, [t.files for t in tables], [paper_id] * len(tables), [lang] * len(tables)):
            out.append(result)
            done()
    return out
