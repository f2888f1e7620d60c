"""What a packet's cover says the table is about: a premise, a threat, an opening scene.

A convention GM reads the cover first. The setup says what it can (a ready table fills
those fields from the game's tables: Dirt's objective and antagonist, Isolation's locale
and threat); the rest is drawn, seeded by the setup's name so a packet made again says the
same thing. Both halves are data in the game's `data/` folder, read through the registry
(an add-on's as much as ours): `cover.yaml` names the setup fields that tell the premise
and the threat and holds the cover's own lists; `pregen.yaml` holds the lists a ready
table fills those fields from.
"""

from __future__ import annotations

import hashlib
import random
from dataclasses import dataclass

from .. import game_data
from ..language import gettext

COVER = "cover.yaml"
LISTS = "pregen.yaml"
PARTS = ("premise", "threat", "opening")


class CoverError(ValueError):
    """A game's `cover.yaml` that does not say what a cover needs (the message names the file)."""


@dataclass(frozen=True)
class Story:
    premise: str
    threat: str
    opening: str
    drawn: tuple[str, ...]
    """Which of the three were drawn rather than read from the setup (the cover says so)."""


def story(system: str, setup) -> Story | None:
    """The cover story of `setup` (a game's setup model); None for a game without cover data."""
    cover = cover_data(system)
    if cover is None:
        return None
    draw = random.Random(hashlib.sha256(f"{system}\n{setup.name}".encode()).digest())
    found, drawn = {}, []
    lists = game_data.read(system, LISTS) or {}
    for part in PARTS:
        bits, guessed = [], False
        for key in cover.get(part, []):
            # a field the setup leaves empty is drawn from the list a ready table fills it from
            value = str(getattr(setup, key, "") or "").strip()
            if not value and lists.get(f"{key}s"):
                value, guessed = gettext(draw.choice(lists[f"{key}s"])), True
            bits += [value] if value else []
        if not bits:  # nothing in the setup says it: the cover's own list, else the game's
            choices = cover.get(f"{part}s") or lists.get(f"{part}s", [])
            bits, guessed = [gettext(draw.choice(choices))] if choices else [], bool(choices)
        found[part] = " — ".join(bits)
        if guessed:
            drawn.append(part)
    premise = _more_than_the_name(found["premise"], setup.name, cover, lists, draw)
    if premise != found["premise"] and "premise" not in drawn:
        drawn.insert(0, "premise")
    found["premise"] = premise
    return Story(found["premise"], found["threat"], found["opening"], tuple(drawn))


def _more_than_the_name(premise: str, name: str, cover: dict, lists: dict, draw: random.Random) -> str:
    """A premise that only says the setup's name again (a ready table is named after its
    locale) tells nothing the title does not: the game's own premise goes before it, so
    the cover says what kind of story this place holds."""
    if not premise or _plain(premise) != _plain(name):
        return premise
    choices = cover.get("premises") or lists.get("premises", [])
    if not choices:
        return premise
    first, _, rest = premise.partition(" ")
    # "A snowed-in farmhouse" continues a sentence; a proper name keeps its capital
    place = f"{first.lower()} {rest}" if first in ARTICLES else premise
    return f"{draw.choice(choices).rstrip('. ')}: {place.rstrip('.')}."


ARTICLES = ("A", "An", "The")


def _plain(text: str) -> str:
    return " ".join(text.casefold().replace("—", " ").split()).strip(" .")


def cover_data(system: str) -> dict | None:
    """Game `system`'s `cover.yaml`, checked whole: `premise`, `threat` (and `opening`) list
    names of the setup's fields, `premises`, `threats`, `openings` list texts. A file of
    another shape is the game author's slip, told as a `CoverError` naming the file: read
    as it is, a text would be taken letter by letter and the cover would silently lose it."""
    cover = game_data.read(system, COVER)
    if cover is None:
        return None
    where = game_data.shown(system, COVER)
    if not isinstance(cover, dict):
        raise CoverError(f"{where}: write `key: value` lines (premise:, threat:, openings: …), not {_kind(cover)}")
    setup = _setup_fields(system)
    wrong = []
    for key, value in cover.items():
        part = key[:-1] if isinstance(key, str) and key.endswith("s") else key
        if part not in PARTS:
            wrong.append(f"`{key}` is not a key of the cover (premise, threat, opening, premises, threats, openings)")
        elif not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            what = "texts" if key != part else "the setup's field names"
            wrong.append(f"`{key}:` is {_kind(value)}; write a list of {what}: `{key}: [{'…' if key != part else 'notes'}]`")
        elif key == part and setup is not None:
            wrong += [f"`{key}:` names `{v}`, which is no field of the game's setup (it has: {', '.join(setup)})"
                      for v in value if v not in setup]
    if wrong:
        raise CoverError(f"{where}: " + "; ".join(wrong))
    return cover


def _setup_fields(system: str) -> list[str] | None:
    import dataclasses

    from ..systems import REGISTRY

    model = REGISTRY[system].models.get("setup")
    return [f.name for f in dataclasses.fields(model)] if model is not None and dataclasses.is_dataclass(model) else None


def _kind(value) -> str:
    if isinstance(value, list):
        return "a list holding more than texts"
    return {str: "a text", dict: "a mapping", type(None): "empty", bool: "true or false"}.get(
        type(value), f"a {type(value).__name__}")
