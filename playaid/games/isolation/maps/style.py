"""The sizes and colours of the worksheets (the game's `data/maps/layout.yaml`), scaled to
the paper. A3 and tabloid are posters read from across the table: lengths grow with the
paper, and the type takes the poster's own sizes, larger than the paper's ratio."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

import yaml

from playaid.render.paper import MM, Paper

DATA = Path(__file__).parents[1] / "data" / "maps" / "layout.yaml"


@cache
def _data() -> dict:
    with open(DATA, encoding="utf-8") as fh:
        return yaml.safe_load(fh)


POSTER_MM = 400
"""A sheet whose longer side reaches this is a poster (A3, tabloid)."""


@dataclass(frozen=True)
class Style:
    scale: float
    colours: dict
    section: dict
    type: dict | None = None
    """Type sizes that replace the section's (a poster's); shrinking them keeps the floor."""
    floor: float = 7.0
    """No text is set smaller than this, however the layout shrinks."""
    squeeze: float = 1.0
    """How far the layout has been shrunk to fit: lengths and type alike."""

    def pt(self, key: str) -> float:
        """A font size or line width of this section, scaled. Font sizes (keys ending in
        `_pt` other than line widths) never go below the floor."""
        if self.type is not None and key in self.type:
            value = self.type[key] * self.squeeze
        else:
            value = self.section[key] * self.scale
        if key not in TYPE_KEYS:
            return value
        return max(value, (self.type or {}).get(key.replace("_pt", "_floor_pt"), self.floor))

    def mm(self, key: str) -> float:
        """A length of this section in points, scaled."""
        return self.section[key] * MM * self.scale

    def colour(self, key: str) -> str:
        return self.colours[key]

    def shrunk(self, factor: float) -> "Style":
        return Style(self.scale * factor, self.colours, self.section, self.type, self.floor, self.squeeze * factor)


TYPE_KEYS = frozenset({"title_pt", "subtitle_pt", "name_pt", "detail_pt", "badge_pt", "badge_min_pt", "label_pt",
                       "key_pt", "key_head_pt", "head_pt", "body_pt", "small_pt"})


def poster(paper: Paper) -> bool:
    return max(paper.width_mm, paper.height_mm) >= POSTER_MM


def style(section: str, paper: Paper) -> Style:
    """The `map` or `table` sizes for `paper` (its longer side against landscape A4); a
    poster's map takes the type sizes of `poster` and its floor."""
    data = _data()
    longer = max(paper.width_mm, paper.height_mm)
    if section != "map":
        # the portrait worksheets grow with a poster's paper too (A4's long side is the
        # landscape A4 width), so their type is not an A4 page's on a sheet twice the size
        return Style(max(1.0, longer / data["base_width_mm"]), data["colours"], data[section],
                     floor=data["type_floor_pt"])
    if poster(paper):
        sizes = data["poster"]
        return Style(longer / data["base_width_mm"], data["colours"], data[section], sizes, sizes["floor_pt"])
    return Style(max(1.0, longer / data["base_width_mm"]), data["colours"], data[section],
                 floor=data["type_floor_pt"])


def worksheet_paper() -> dict[str, str]:
    """The paper the dice table and session worksheet print on, by the map's paper id,
    where the two differ (a poster's map, a hand-sized worksheet)."""
    return dict(_data().get("worksheet_paper", {}))
