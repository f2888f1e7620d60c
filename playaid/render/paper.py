"""Paper sizes and the printable margin, read from `assets/data/paper.yaml`."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import yaml
from .. import resources

ASSETS = resources.ASSETS
MM = 72 / 25.4
"""PostScript points in one millimetre."""


@dataclass(frozen=True)
class Paper:
    id: str
    label: str
    width_mm: float
    height_mm: float
    margin_mm: float

    @property
    def size_pt(self) -> tuple[float, float]:
        return self.width_mm * MM, self.height_mm * MM

    def landscape(self) -> Paper:
        return Paper(self.id, self.label, self.height_mm, self.width_mm, self.margin_mm)

    @property
    def css_size(self) -> str:
        """The CSS `@page { size: … }` value, exact in millimetres."""
        return f"{self.width_mm:g}mm {self.height_mm:g}mm"


@cache
def _table() -> dict:
    with open(ASSETS / "data" / "paper.yaml", encoding="utf-8") as fh:
        return yaml.safe_load(fh)


def papers() -> dict[str, Paper]:
    """Every known paper by id: a4, letter, a3, tabloid."""
    data = _table()
    return {
        key: Paper(key, v["label"], float(v["width"]), float(v["height"]), float(data["margin"]))
        for key, v in data["sizes"].items()
    }


def paper(name: str) -> Paper:
    """The paper called `name` (case-insensitive); KeyError names the known ones."""
    known = papers()
    try:
        return known[name.lower()]
    except KeyError:
        raise KeyError(f"unknown paper {name!r}; use one of {', '.join(known)}") from None
