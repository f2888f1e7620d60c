"""Every message that names a field names one the game's schema has.

A problem's path, and each field a message or fix line quotes (`damage_dice`,
`sides[1].dice`, `stat:`), must be a key the game's JSON Schema knows: a message that
sends the user to a field that does not exist (`dice` where Dirt takes `damage_dice`)
fails here. The problems come from every invalid fixture and from scenes whose listed
dice are one short or one too many, in every game that lists dice.
"""

from __future__ import annotations

import json
import re
import shutil
from functools import cache
from pathlib import Path

import pytest
import yaml

from conftest import EXAMPLES, GAME_IDS, INVALID
from playaid.documents import Library
from playaid.play import resolve_scene
from playaid.problems import Problem
from playaid.schema import document_schema
from playaid.systems import REGISTRY

DICE_KEYS = ("dice", "rolled", "damage_dice", "green", "red")
"""Keys under which scenes list dice (Isolation splits a character's by colour)."""


@cache
def vocabulary(game: str) -> tuple[frozenset[str], frozenset[str]]:
    """(every property name, every enum value) in `game`'s schema."""
    props: set[str] = set()
    enums: set[str] = set()

    def walk(node):
        if isinstance(node, dict):
            props.update(node.get("properties", {}))
            enums.update(str(v) for v in node.get("enum", []))
            for v in node.values():
                walk(v)
        elif isinstance(node, list):
            for v in node:
                walk(v)

    walk(document_schema([REGISTRY[game]]))
    return frozenset(props), frozenset(enums)


def named_fields(text: str) -> list[str]:
    """The field names a message quotes: `key:` and `key: value`, paths such as
    `sides[1].dice`, and snake_case names; plain words may be values and are left out."""
    found = []
    for quoted in re.findall(r"`([^`]+)`", text):
        if re.search(r"\.(ya?ml|csv|txt|pdf)$", quoted):
            continue  # a file name
        key = re.fullmatch(r"([a-z][a-z0-9_]*):(\s.*)?", quoted)
        if key:
            found.append(key[1])
        elif re.fullmatch(r"[a-z][a-z0-9_]*(\[\d+\]|\.[a-z][a-z0-9_]*)+(\[\d+\])?", quoted) or \
                re.fullmatch(r"[a-z][a-z0-9]*(_[a-z0-9]+)+", quoted):
            found += re.findall(r"[a-z][a-z0-9_]*", quoted)
    return found


def wrong_names(game: str, problem: Problem, file_text: str) -> list[str]:
    props, _ = vocabulary(game)
    path = [s for s in problem.path if isinstance(s, str)]
    if problem.rule == "input.unknown-key":
        path = path[:-1]  # the unknown key itself is the point of the message
    # keys of free mappings (a character's name under Isolation's `dice:`) are the user's own words
    bad = [s for s in path if s not in props and s not in file_text]
    return bad + [f for f in named_fields(problem.message + " " + problem.hint) if f not in props]


def invalid_files() -> list[Path]:
    return sorted(p for p in INVALID.rglob("*.yaml") if p.parent.name in GAME_IDS)


@pytest.mark.parametrize("path", invalid_files(), ids=lambda p: f"{p.parent.name}/{p.name}")
def test_each_invalid_file_s_messages_name_real_fields(path):
    library = Library()
    library.load(path)
    problems = library.problems()
    assert problems
    text = path.read_text(encoding="utf-8")
    for p in problems:
        assert not wrong_names(path.parent.name, p, text), p


def first_dice_list(node, path=()):
    """The path of the first list of listed dice in a scene document."""
    if isinstance(node, dict):
        for k, v in node.items():
            if k in DICE_KEYS and isinstance(v, list) and v and all(isinstance(x, int) for x in v):
                return path + (k,)
            found = first_dice_list(v, path + (k,))
            if found:
                return found
    if isinstance(node, list):
        for i, v in enumerate(node):
            found = first_dice_list(v, path + (i,))
            if found:
                return found
    return None


def listing_scenes() -> list[Path]:
    out = []
    for game in GAME_IDS:
        for path in sorted((EXAMPLES[game]).glob("scene-*.yaml")):
            if first_dice_list(yaml.safe_load(path.read_text(encoding="utf-8"))):
                out.append(path)
    return out


@pytest.mark.parametrize("scene", listing_scenes(), ids=EXAMPLES.relative)
@pytest.mark.parametrize("change", ["one short", "one too many"])
def test_a_listed_die_too_few_or_too_many_names_the_field_that_takes_it(tmp_path, scene, change):
    folder = tmp_path / scene.parent.name
    shutil.copytree(scene.parent, folder)
    doc = yaml.safe_load(scene.read_text(encoding="utf-8"))
    at = first_dice_list(doc)
    holder = doc
    for step in at[:-1]:
        holder = holder[step]
    dice = holder[at[-1]]
    holder[at[-1]] = dice[:-1] if change == "one short" else dice + [1]
    changed = folder / scene.name
    changed.write_text(yaml.safe_dump(doc, sort_keys=False, allow_unicode=True), encoding="utf-8")
    result, problems, _ = resolve_scene(changed, None)
    errors = [p for p in problems if p.is_error]
    assert result is None and errors, json.dumps(result.as_dict() if result else None)
    text = changed.read_text(encoding="utf-8")
    for p in errors:
        assert not wrong_names(EXAMPLES.relative(scene).split("/")[0], p, text), p
        assert p.path, p  # it points into the file, at the dice


def test_the_check_catches_a_field_the_game_lacks():
    wrong = Problem("error", "x.y", "too few dice listed", "list them under `dice_rolled`", ("sides", 0, "rolls"))
    assert wrong_names("dirt", wrong, "") == ["rolls", "dice_rolled"]
    right = Problem("error", "x.y", "too few dice listed", "list them under `damage_dice:`", ("sides", 0, "dice"))
    assert wrong_names("dirt", right, "") == []
