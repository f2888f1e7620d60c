"""Drawing from the pre-built character tables, and writing a character as YAML.

All chance goes through one `random.Random` made from the seed, and every table is
read in file order, so one seed always gives the same characters.
"""

from __future__ import annotations

import random
import re
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from functools import cache
from itertools import islice
from pathlib import Path
from typing import Any, Iterator, Sequence

import yaml
from .. import game_data, resources
from ..systems import REGISTRY

DATA = resources.DATA / "pregen"
"""The tables every game shares (`names.yaml`); each game's own are in its `data/` folder."""
OWN = "pregen"
"""A game's tables are `data/pregen.yaml` (the table named after the game) and
`data/pregen-<part>.yaml` (the table `<game>-<part>`: Isolation's map is `isolation-map`)."""
FALLBACK = 10_000
"""The most names left a nearly full batch chooses among (bundled tables make about 1,600)."""


class PregenError(Exception):
    """The request cannot be met (a table too small, players that do not fit the game)."""


def table_files() -> dict[str, tuple[Path, str]]:
    """Every table there is to draw from, by name: its file and where a reader finds it.

    The shared tables of `assets/data/pregen/`, then each game's own, found in its `data/`
    folder (built-in and add-on alike; see `OWN`).
    """
    out = {p.stem: (p, f"playaid/assets/data/pregen/{p.name}") for p in sorted(DATA.glob("*.yaml"))}
    for game in REGISTRY:
        folder = REGISTRY[game].data
        for path in sorted(folder.glob(f"{OWN}*.yaml")) if folder is not None else []:
            part = path.stem[len(OWN):]
            if part == "" or part.startswith("-"):
                out.setdefault(game + part, (path, game_data.shown(game, path.name)))
    return out


@cache
def bundled(name: str) -> dict:
    """The table `name` as shipped (KeyError for a table there is not)."""
    shared = DATA / f"{name}.yaml"
    # the shared names are asked for with every name drawn: found without listing the games
    path = shared if shared.is_file() else table_files()[name][0]
    return yaml.safe_load(path.read_text(encoding="utf-8"))


_OWN: ContextVar[dict[str, dict]] = ContextVar("pregen_tables", default={})
"""A group's own tables (`--tables-file`), by table name, in force while drawing."""


def table(name: str) -> dict:
    """The table `name`: the group's own version when one is in force, else ours."""
    return _OWN.get().get(name) or bundled(name)


@contextmanager
def own_tables(tables: dict[str, dict]):
    """Draw from `tables` (table name → whole table) instead of the bundled ones inside the block."""
    token = _OWN.set(tables)
    try:
        yield
    finally:
        _OWN.reset(token)


class CountError(PregenError):
    """A `--count` no table of the game seats: the command line is wrong, not a file (exit 2)."""


def fits_table(count: int, seats: dict, says: str) -> None:
    """Refuse a `count` outside a table's `{min, max}`; `says` tells the limit, with `{low}`, `{high}`."""
    low, high = seats["min"], seats["max"]
    if not low <= count <= high:
        raise CountError(f"{says.format(low=low, high=high)}; use --count {low} to {high}")


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
            name = _full(culture, given, family)
            if name.written.casefold() not in self._names:
                return self._take(name)
        # Nearly every name is taken: choose among the ones left rather than guess again
        # (the first FALLBACK of them: a group's table can make millions of names).
        left = list(islice((n for n in different_names() if n.written.casefold() not in self._names), FALLBACK))
        if not left:
            raise PregenError(f"the names table holds {count_names()} different names, "
                              "and every one is taken: make fewer characters or add names")
        return self._take(self.pick(left))

    def _take(self, name: Name) -> Name:
        self._names.add(name.written.casefold())
        return name

    def given_name(self, sex: str | None = None) -> str:
        """A given name alone (for the people in a character's life), a woman's (`f`) or
        a man's (`m`) when `sex` says so."""
        cultures = table("names")["cultures"]
        culture = cultures[self.pick(list(cultures))]
        return _spelling(self.pick(_for(culture["given"], sex or self.pick(("f", "m")))))[0]


def _full(culture: dict, given: tuple[str, str], family: tuple[str, str]) -> Name:
    first, second = (family, given) if culture.get("family_first") else (given, family)
    return Name(f"{first[0]} {second[0]}", f"{first[1]} {second[1]}", given[0])


def different_names() -> Iterator[Name]:
    """Every different full name the names table can make, in table order, one at a time.

    A group's table of a thousand given and a thousand family names makes a million
    names: callers take what they need (`count_names`) instead of building them all.
    Each culture's lists are read without repeats first, so a list of one name written
    a thousand times costs one name, not a thousand turns.
    """
    seen: set[str] = set()
    for culture in table("names")["cultures"].values():
        for sex in ("f", "m"):
            givens, families = (_once(_for(culture[part], sex)) for part in ("given", "family"))
            for given in givens:
                for family in families:
                    name = _full(culture, given, family)
                    key = name.written.casefold()
                    if key not in seen:
                        seen.add(key)
                        yield name


def _once(entries: list) -> list[tuple[str, str]]:
    """A list of names as (written, Latin) spellings, each written form once."""
    out: dict[str, tuple[str, str]] = {}
    for entry in entries:
        written, latin = _spelling(entry)
        out.setdefault(written.casefold(), (written, latin))
    return list(out.values())


def count_names(most: int | None = None) -> int:
    """How many different full names the table makes, counting no further than `most`."""
    return sum(1 for _ in islice(different_names(), most))


def all_names() -> list[Name]:
    """Every different full name the names table can make, in table order (bundled-size tables)."""
    return list(different_names())


PLACEHOLDER = re.compile(r"\{([^{}]*)\}")
"""A `{word}` of a table's sentence. Sentences are filled here, never by `str.format`,
which would also obey format specs (`{short:>1500000000}`) and attributes
(`{short.__class__}`) written into a group's own tables."""


def fill(template: str, **values: str) -> str:
    """A table's sentence with its `{placeholders}` filled in: `{short}` becomes `values["short"]`.

    Every placeholder must be one of `values` (`own_tables` checks a group's sentences
    when it loads them); any other brace is kept as written.
    """
    return PLACEHOLDER.sub(lambda m: values[m.group(1)], template)


def stray_braces(text: str, allowed: Sequence[str]) -> list[str]:
    """The `{…}` pieces (and lone braces) of `text` that are not one of the `allowed` placeholders."""
    bad = [f"{{{m.group(1)}}}" for m in PLACEHOLDER.finditer(text) if m.group(1) not in allowed]
    rest = PLACEHOLDER.sub("", text)
    return bad + [c for c in "{}" if c in rest]


class _Dumper(yaml.SafeDumper):
    """Long text as a folded block, short lists and mappings on one line, like the examples."""


def _text(dumper: yaml.SafeDumper, value: str) -> yaml.ScalarNode:
    style = ">" if len(value) > 80 and "\n" not in value else None
    return dumper.represent_scalar("tag:yaml.org,2002:str", value, style=style)


class Flow(dict):
    """A mapping written on one line (`{between: [A, B], color: red, …}`), as the examples write links."""


_Dumper.add_representer(str, _text)
_Dumper.add_representer(Flow, lambda dumper, value: dumper.represent_mapping(
    "tag:yaml.org,2002:map", value.items(), flow_style=True))


def dump(data: dict, header: str, width: int = 88) -> str:
    """A character or setup as YAML text, `system:` and `kind:` first, a comment line on top;
    `width` wider for a setup, so each link stays on one line."""
    body = yaml.dump(data, Dumper=_Dumper, sort_keys=False, allow_unicode=True,
                     default_flow_style=None, width=width)
    return f"# {header}\n{body}"
