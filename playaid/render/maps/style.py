"""The sizes and colours of the worksheets (`assets/data/maps/layout.yaml`), scaled to
the paper: A3 and tabloid draw the same layout larger, as a poster."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import yaml

from ..paper import MM, Paper
from ... import resources

DATA = resources.DATA / "maps" / "layout.yaml"


@cache
def _data() -> dict:
    with open(DATA, encoding="utf-8") as fh:
        return yaml.safe_load(fh)


@dataclass(frozen=True)
class Style:
    scale: float
    colours: dict
    section: dict

    def pt(self, key: str) -> float:
        """A font size or line width of this section, scaled."""
        return self.section[key] * self.scale

    def mm(self, key: str) -> float:
        """A length of this section in points, scaled."""
        return self.section[key] * MM * self.scale

    def colour(self, key: str) -> str:
        return self.colours[key]

    def shrunk(self, factor: float) -> "Style":
        return Style(self.scale * factor, self.colours, self.section)


def style(section: str, paper: Paper) -> Style:
    """The `map` or `table` sizes for `paper` (its longer side against landscape A4)."""
    data = _data()
    longer = max(paper.width_mm, paper.height_mm)
    return Style(max(1.0, longer / data["base_width_mm"]) if section == "map" else 1.0,
                 data["colours"], data[section])
