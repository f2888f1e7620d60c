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

import yaml

from ..packets import packet
from ..render import page_cache
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
    page_cache.warm()  # playaid's files hashed once here, not again in every worker
    with render_pool(min(len(tables), os.cpu_count() or 1)) as pool:
        started = {i: pool.submit(_packet, tables[i].files, paper_id, lang) for i in _spread(tables)}
        for i in range(len(tables)):
            out.append(started[i].result())
            done()
    return out


def _spread(tables: list[Table]) -> list[int]:
    """The order to start the tables in: every game's first table before any game's second.
    A game's pages are drawn once and kept (`page_cache`); two tables of one game started
    side by side would both draw them, its second one started later finds them kept."""
    seen: dict[str, int] = {}
    rank = []
    for i, t in enumerate(tables):
        game = str((yaml.safe_load(t.files[SETUP]) or {}).get("system", ""))
        rank.append((seen.get(game, 0), i))
        seen[game] = seen.get(game, 0) + 1
    return [i for _, i in sorted(rank)]
