"""Drawing from the pre-built character tables, and writing a character as YAML.

All chance goes through one `random.Random` made from the seed, and every table is
read in file order, so one seed always gives the same characters.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import cache
from typing import Any, Sequence

import yaml
from .. import resources

DATA = resources.DATA / "pregen"


class PregenError(Exception):
    """The request cannot be met (a table too small, players that do not fit the game)."""


@cache
def table(name: str) -> dict:
    """The data file `assets/data/pregen/<name>.yaml`."""
    return yaml.safe_load((DATA / f"{name}.yaml").read_text(encoding="utf-8"))


@dataclass(frozen=True)
class Name:
    """A person's name as written, and in Latin letters (for file names)."""

    written: str
    latin: str
    short: str
    """The given name alone, as written: what the character's sentences call them."""


def _spelling(entry: str | list[str]) -> tuple[str, str]:
    return (entry[0], entry[1]) if isinstance(entry, list) else (entry, entry)


def _for(part: list | dict, sex: str) -> list:
    return part[sex] if isinstance(part, dict) else part


class Drawer:
    """The seeded source of every choice made for one batch of characters."""

    def __init__(self, seed: int, salt: str = ""):
        # A text seed is hashed the same way on every run and machine; the salt (the
        # game's id) keeps one seed from giving every game the same names.
        self.rng = random.Random(f"{salt}:{seed}")
        self._names: set[str] = set()

    def pick(self, items: Sequence[Any]) -> Any:
        return items[self.rng.randrange(len(items))]

    def sample(self, items: Sequence[Any], k: int) -> list[Any]:
        """`k` different items, in the order drawn."""
        if k > len(items):
            raise PregenError(f"a table holds {len(items)} entries, {k} were asked for")
        return self.rng.sample(list(items), k)

    def shuffled(self, items: Sequence[Any]) -> list[Any]:
        out = list(items)
        self.rng.shuffle(out)
        return out

    def name(self) -> Name:
        """A full name not yet drawn in this batch, from a culture drawn first.

        Cultures are drawn evenly, so a batch mixes many of them rather than mostly
        the ones with the longest lists.
        """
        cultures = table("names")["cultures"]
        for _ in range(200):
            culture = cultures[self.pick(list(cultures))]
            sex = self.pick(("f", "m"))
            given = _spelling(self.pick(_for(culture["given"], sex)))
            family = _spelling(self.pick(_for(culture["family"], sex)))
            first, second = (family, given) if culture.get("family_first") else (given, family)
            name = Name(f"{first[0]} {second[0]}", f"{first[1]} {second[1]}", given[0])
            if name.written.casefold() not in self._names:
                self._names.add(name.written.casefold())
                return name
        raise PregenError("the names table ran out of new names for this many characters")

    def given_name(self, sex: str | None = None) -> str:
        """A given name alone (for the people in a character's life), a woman's (`f`) or
        a man's (`m`) when `sex` says so."""
        cultures = table("names")["cultures"]
        culture = cultures[self.pick(list(cultures))]
        return _spelling(self.pick(_for(culture["given"], sex or self.pick(("f", "m")))))[0]


def fill(template: str, **values: str) -> str:
    """A table's sentence with its `{placeholders}` filled in."""
    return template.format(**values)


class _Dumper(yaml.SafeDumper):
    """Long text as a folded block, short lists and mappings on one line, like the examples."""


def _text(dumper: yaml.SafeDumper, value: str) -> yaml.ScalarNode:
    style = ">" if len(value) > 80 and "\n" not in value else None
    return dumper.represent_scalar("tag:yaml.org,2002:str", value, style=style)


_Dumper.add_representer(str, _text)


def dump(data: dict, header: str) -> str:
    """A character as YAML text, `system:` and `kind:` first, a comment line on top."""
    body = yaml.dump(data, Dumper=_Dumper, sort_keys=False, allow_unicode=True,
                     default_flow_style=None, width=88)
    return f"# {header}\n{body}"
