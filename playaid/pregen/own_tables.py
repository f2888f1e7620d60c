"""A group's own pregen tables (`--tables-file FILE`), checked like any input.

The file names bundled tables and gives entries for them: the shared ones (the files of
`assets/data/pregen/`, without `.yaml`) and each game's own, found in its `data/` folder
(`draw.table_files`), an add-on's as much as ours. A list is added to ours, a mapping
merged into ours, a single value replaces ours; `replace: [table.entry, …]` makes a list
or mapping replace ours instead. Every value must have the shape our own entries have
(checked against them, so a new entry can never break the drawing), and the words the
Isolation map and Biases name must be words of the tables. Problems name the file, line and column.
"""

from __future__ import annotations

import copy
from pathlib import Path

import yaml

from ..problems import Path as At, Problem, error, unique
from ..source import read
from .draw import bundled, stray_braces, table_files

RULE = "pregen.tables-file"
SIZE_RULE = "pregen.tables-size"
SEXES = {"f", "m"}
MAX_ROWS = 1_000
"""Entries one list or mapping of a tables file may hold; ours hold at most 71."""
MAX_VALUES = 10_000
"""Values (texts, numbers) one tables file may hold in all: a thousand-row names culture
takes about 3,000."""


def table_names() -> list[str]:
    """The tables a group may add to or replace: the shared ones and every game's own."""
    return sorted(table_files())


def _kind(value) -> str:
    return {bool: "true or false", int: "a whole number", str: "a text", list: "a list",
            dict: "a mapping"}.get(type(value), type(value).__name__)


def _fits(value, examples: list) -> str | None:
    """None when `value` has the shape of our own `examples` (the values ours has in the
    same place), else why not. Mappings are checked field by field: a field every one of
    ours has is required, a field none has is refused."""
    same = [e for e in examples if type(e) is type(value)]
    if isinstance(value, list) and not same:
        # names.yaml: one list of names stands for a culture's `{f: […], m: […]}`
        same = [e[sex] for e in examples if isinstance(e, dict) and set(e) == SEXES for sex in SEXES]
    if not same:
        wanted = " or ".join(dict.fromkeys(_kind(e) for e in examples))
        return f"{wanted} is needed here, not {_kind(value)}"
    if isinstance(value, str) and not value.strip():
        return "an empty text"
    if isinstance(value, list):
        items = [item for e in same for item in e]
        for i, item in enumerate(value):
            why = _fits(item, items) if items else None
            if why:
                return f"item {i + 1}: {why}"
    if isinstance(value, dict):
        return _fits_mapping(value, same)
    return None


def _open(mapping: dict) -> bool:
    """A mapping keyed by name (cultures, cards, games), rather than a record of fields."""
    return bool(mapping) and (all(isinstance(v, dict) for v in mapping.values())
                              or all(isinstance(v, list) for v in mapping.values())) and len(mapping) > 2


def _fits_mapping(value: dict, examples: list[dict]) -> str | None:
    if all(_open(e) for e in examples):
        entries = [v for e in examples for v in e.values()]
        checks = {key: entries for key in value}
    else:
        fields = list(dict.fromkeys(k for e in examples for k in e))
        extra = [k for k in value if k not in fields]
        if extra:
            return f"`{extra[0]}` is not one of its fields ({', '.join(map(str, fields))})"
        missing = [k for k in fields if all(k in e for e in examples) and k not in value]
        if missing:
            return f"the field `{missing[0]}` is missing ({', '.join(map(str, fields))})"
        checks = {key: [e[key] for e in examples if key in e] for key in value}
    for key, item in value.items():
        why = _fits(item, checks[key])
        if why:
            return f"`{key}`: {why}"
    return None


def _merge(ours, theirs, replace: bool):
    if replace or not isinstance(ours, (list, dict)):
        return theirs
    if isinstance(ours, list):
        return ours + [t for t in theirs if t not in ours]
    merged = dict(ours)
    for key, value in theirs.items():
        merged[key] = _merge(ours[key], value, False) if key in ours else value
    return merged


def load(path: Path) -> tuple[dict[str, dict], list[Problem]]:
    """The tables the file gives (name → whole merged table), or the problems that refuse it."""
    source, problems = read(path, str(path))
    if source is None:
        return {}, problems
    found: list[Problem] = []

    def fail(message: str, hint: str, at: At, key: bool = False) -> None:
        found.append(source.pin(error(RULE, message, hint, at), key=key))

    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8-sig"))
    except yaml.YAMLError as exc:  # composed, but a value cannot be read (a bad `!!binary`, say)
        fail(f"a value cannot be read: {exc}", "write plain texts, numbers, lists and mappings", ())
        return {}, found

    if not isinstance(data, dict):
        fail("a tables file is a mapping of table names", f"start with one of: {', '.join(table_names())}", ())
        return {}, found
    found += [source.pin(p) for p in _too_big(data)]
    if found:  # checking shapes and words of a huge file would itself take long
        return {}, found
    replace = data.get("replace", [])
    if not isinstance(replace, list) or not all(isinstance(r, str) and "." in r for r in replace):
        fail("`replace` lists entries as `table.entry`", "e.g. replace: [isolation-map.locales]", ("replace",))
        replace = []
    files = table_files()
    out: dict[str, dict] = {}
    for name, entries in data.items():
        if name == "replace":
            continue
        if name not in files:
            fail(f"`{name}` is not one of our tables", f"use one of: {', '.join(sorted(files))}", (name,), key=True)
            continue
        if not isinstance(entries, dict):
            fail(f"`{name}` needs a mapping of entries", "e.g. locales: [A flooded subway station]", (name,))
            continue
        ours = copy.deepcopy(bundled(name))
        for key, value in entries.items():
            if key not in ours:
                fail(f"the {name} table has no entry `{key}`", f"its entries: {', '.join(map(str, ours))}", (name, key),
                     key=True)
                continue
            why = _fits(value, [ours[key]])
            if why:
                fail(f"{name}.{key} does not have the shape of ours: {why}",
                     f"write it like the entries of {files[name][1]}", (name, key))
                continue
            if _sentences(name, key, value, fail):
                continue
            replacing = f"{name}.{key}" in replace
            if replacing and isinstance(value, (list, dict)) and not value:
                fail(f"{name}.{key} would be left empty", "give at least one entry to draw from", (name, key))
                continue
            ours[key] = _merge(ours[key], value, replacing)
            found += [source.pin(p) for p in _range(ours[key], (name, key))]
        out[name] = ours
    for i, entry in enumerate(replace):
        table, _, key = entry.partition(".")
        given = data.get(table)
        if not isinstance(given, dict) or key not in given:
            fail(f"`replace` names {entry}, which the file does not give", "give the entry or leave it out of `replace`",
                 ("replace", i))
    if not found:
        found += [source.pin(p) for p in _words(out)]
    return out, unique(found)


def _range(value, at: At) -> list[Problem]:
    """A `{min, max}` range (players, table) runs from 1 up."""
    if isinstance(value, dict) and set(value) == {"min", "max"} and not 1 <= value["min"] <= value["max"]:
        return [error(RULE, f"the range {value['min']} to {value['max']} is empty or starts below 1",
                      "give min 1 or more and max at least min", at)]
    return []


def _words(tables: dict[str, dict]) -> list[Problem]:
    """What each game checks across its tables (the Isolation map names words of the
    people's tables): the game's pregen module's `check_tables`, when it has one."""
    from . import games, module

    return [p for g in games() for p in getattr(module(g), "check_tables", lambda _: [])(tables)]


def _too_big(data: dict) -> list[Problem]:
    """Lists and mappings past `MAX_ROWS`, a file past `MAX_VALUES`: drawing and checking
    stay quick whatever the file holds (the names a table makes are counted, never listed)."""
    out, values = [], 0
    stack: list[tuple[At, object]] = [((), data)]
    while stack:
        at, value = stack.pop()
        if not isinstance(value, (list, dict)):
            values += 1
            continue
        if len(value) > MAX_ROWS:
            where = ".".join(map(str, at))
            out.append(error(SIZE_RULE, f"{where} holds {len(value):,} entries; a table's list or mapping holds "
                                        f"at most {MAX_ROWS:,}", "keep the entries a table draws from; split a long "
                                                                 "list of names into several cultures", at))
        items = value.items() if isinstance(value, dict) else enumerate(value)
        stack += [((*at, k), v) for k, v in items]
    if values > MAX_VALUES:
        out.append(error(SIZE_RULE, f"the tables file holds {values:,} values; at most {MAX_VALUES:,} are allowed",
                         "keep the entries your tables draw from; leave the rest out", ()))
    return out


def sentences() -> dict[tuple[str, str], tuple[str, ...]]:
    """(table, entry) → the placeholders its sentences may hold: each game's pregen
    module's `SENTENCES`, for the table named after the game."""
    from . import games, module

    return {(g, key): names for g in games() for key, names in getattr(module(g), "SENTENCES", {}).items()}


def _sentences(name: str, key: str, value, fail) -> bool:
    """True, with a problem for each, when a sentence of `value` holds a brace that is not an
    allowed placeholder: sentences are filled with those names alone, nothing else."""
    allowed = sentences().get((name, key))
    if allowed is None:
        return False
    texts = value if isinstance(value, list) else [value]
    bad = False
    for i, text in enumerate(texts):
        stray = stray_braces(text, allowed) if isinstance(text, str) else []
        if stray:
            bad = True
            listed = ", ".join(f"{{{a}}}" for a in allowed)
            fail(f"{name}.{key} item {i + 1} holds `{stray[0]}`, which is not one of its placeholders ({listed})",
                 f"write only {listed}, exactly so: no format spec, conversion, attribute or index, and no "
                 "other braces", (name, key, i) if isinstance(value, list) else (name, key))
    return bad
