"""The nets' data file, `assets/data/nets/nets.yaml`: sizes, tabs, fold trees, line styles."""

from __future__ import annotations

from functools import cache

import yaml
from ... import resources

DATA = resources.DATA / "nets" / "nets.yaml"


@cache
def settings() -> dict:
    """Sizes and line styles of every net, from `assets/data/nets/nets.yaml`."""
    return yaml.safe_load(DATA.read_text(encoding="utf-8"))
