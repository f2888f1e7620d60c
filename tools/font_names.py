"""Naming a derived font: the faces tools/ makes are renamed, as the OFL asks of modified fonts."""

from __future__ import annotations

from fontTools.ttLib import TTFont


def rename(font: TTFont, family: str, source_family: str) -> None:
    """Give `font` the family `family` in every name record, crediting `source_family`."""
    names = font["name"]
    for record in list(names.names):
        ids = (record.platformID, record.platEncID, record.langID)
        if record.nameID in (1, 4):
            names.setName(family, record.nameID, *ids)
        elif record.nameID == 6:
            names.setName(family.replace(" ", ""), 6, *ids)
        elif record.nameID == 3:
            names.setName(f"{family}; derived from {source_family}", 3, *ids)
