"""`playaid new`: commented starters for every game and kind, and the step-by-step interview."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import yaml

from conftest import EXAMPLES
from playaid.documents import Library
from playaid.starter import MARK
from playaid.systems import REGISTRY

EVERY = [(game, kind) for game in REGISTRY for kind in REGISTRY[game].models]


def _example(game: str, kind: str) -> dict:
    """The first bundled example of that game and kind (a setup of the example characters
    where the game bundles none)."""
    found = {}
    for path in sorted((EXAMPLES[game]).glob("*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        found.setdefault(data.get("kind", "character"), (path, data))
    if kind in found:
        return found[kind][1]
    assert kind == "setup", f"no bundled {game} {kind} example"
    characters = [p.name for p in sorted((EXAMPLES[game]).glob("*.yaml"))
                  if yaml.safe_load(p.read_text(encoding="utf-8")).get("kind", "character") == "character"]
    return {"name": "A table", "characters": characters}


def _filled(starter: str, example: dict) -> str:
    """The starter with every marked blank given the example's value at the same place."""
    out, stack = [], []
    for line in starter.splitlines():
        body = line.lstrip(" ")
        indent = len(line) - len(body)
        commented = body.startswith("# ") and ":" in body and " " not in body[2:].split(":", 1)[0]
        if commented and indent == 0 and body[2:].split(":", 1)[0] in example:
            body = line = body[2:]  # an optional line the example uses: take it in, as a user would
        elif body.startswith("#") or not body.strip():
            out.append(line)
            continue
        while stack and stack[-1][0] >= indent:
            stack.pop()
        if body.startswith("-") and MARK in body:
            key = stack[-1][1]
            value = _at(example, [k for _, k in stack])
            out[-1] = " " * stack[-1][0] + f"{key}: {yaml.safe_dump(value, default_flow_style=True, width=10**6).strip()}"
            continue
        key = body.split(":", 1)[0]
        stack.append((indent, key))
        inline = body.split(":", 1)[1].split("#")[0].strip()
        if MARK in body or commented or (indent == 0 and key in example and inline):
            try:
                value = _at(example, [k for _, k in stack])
            except KeyError:  # the example leaves this one out: keep the starter's default
                value = yaml.safe_load(body.split(":", 1)[1].split("#")[0] or "null")
            line = " " * indent + f"{key}: {yaml.safe_dump(value, default_flow_style=True, width=10**6).strip().removesuffix('...').strip()}"
        out.append(line)
    return "\n".join(out) + "\n"


def _at(data: dict, keys: list[str]):
    for key in keys:
        data = data[key]
    return data


@pytest.mark.parametrize("game,kind", EVERY)
def test_blank_starter_marks_every_blank_and_validates_once_filled(game, kind, run, tmp_path):
    # beside a copy of the game's examples, so file names in the examples resolve
    folder = tmp_path / game
    shutil.copytree(EXAMPLES[game], folder)
    result = run("new", game, kind, "--blank", "--out", folder)
    assert result.exit_code == 0, result.output
    written = folder / f"{game}-{kind}.yaml"
    assert f"wrote {written}" in result.output
    starter = written.read_text(encoding="utf-8")
    library = Library()
    library.load(written)
    blanks = [p for p in library.problems() if p.is_error]
    assert blanks, "a starter with nothing to fill in"
    marked = {i + 1 for i, line in enumerate(starter.splitlines()) if MARK in line}
    assert all(p.rule == "input.required" for p in blanks), [p.message for p in blanks]
    assert {p.line for p in blanks} <= marked | {p.line for p in blanks if p.line - 1 in marked}

    example = _example(game, kind)
    written.write_text(_filled(starter, example), encoding="utf-8")
    library = Library()
    library.load(written)
    left = [p for p in library.problems() if p.is_error]
    if kind == "scene":
        # a scene's type decides which optional fields its rules need: the blanks alone
        # give a file the loader accepts, and the rules then name what the type needs
        assert not [p for p in left if p.rule.startswith("input.")], [p.message for p in left]
    else:
        assert not left, [f"{p.line}: {p.message}" for p in left]


def test_a_second_blank_does_not_overwrite_the_first(run, tmp_path):
    run("new", "dirt", "--blank", "--out", tmp_path)
    result = run("new", "dirt", "--blank", "--out", tmp_path)
    assert result.exit_code == 0
    assert (tmp_path / "dirt-character.yaml").exists() and (tmp_path / "dirt-character-2.yaml").exists()


def test_a_kind_the_game_has_not_is_a_usage_error(run, tmp_path):
    result = run("new", "isolation", "deck", "--out", tmp_path)
    assert result.exit_code == 2
    assert "isolation files are: character, setup, scene" in result.output
    assert not list(tmp_path.iterdir())


def test_in_a_pipe_it_writes_the_starter_without_asking(run, tmp_path):
    result = run("new", "sapio", "--out", tmp_path)
    assert result.exit_code == 0
    assert MARK in (tmp_path / "sapio-character.yaml").read_text(encoding="utf-8")


def _ask(tmp_path: Path, game: str, kind: str, answers: list[str]):
    from click.testing import CliRunner

    from playaid.cli import cli

    return CliRunner().invoke(cli, ["new", game, kind, "--ask", "--out", str(tmp_path)],
                              input="\n".join(answers) + "\n")


def test_interview_refuses_a_wrong_answer_and_a_rule_broken_at_once(tmp_path):
    answers = ["Moss", "6", "five", "4", "5", "3",  # 6 out of range, `five` not a number; 12 in all
               "3", "4", "3",                        # asked again at once: the total is at most 10
               "", "Roofer", "Skateboarding",        # the rules need a job: Enter does not leave it out
               "rope, knife", "Leo", "", ""]         # no pronouns, no notes
    result = _ask(tmp_path, "dirt", "character", answers)
    assert result.exit_code == 0, result.output
    assert "6 is out of range: a whole number from 1 to 5" in result.output
    assert "must be a whole number, not `five`" in result.output
    assert "M + P + S is 12; it may be at most 10" in result.output and "job is needed" in result.output
    data = yaml.safe_load((tmp_path / "moss.yaml").read_text(encoding="utf-8"))
    assert data == {"system": "dirt", "kind": "character", "name": "Moss", "stats": {"mental": 3, "physical": 4, "social": 3},
                    "job": "Roofer", "hobby": "Skateboarding", "player": "Leo", "pronouns": "", "items": ["rope", "knife"],
                    "notes": ""}


def test_interview_follows_the_rule_texts_order_and_builds_nested_entries(tmp_path):
    # Fight Club: frustrations first, then the concept, a Connection per frustration, tokens
    answers = ["Dale Pruitt", "Publishers, Parents, Constant rush", "Claims adjuster, unpublished novelist",
               "3",
               "Mr. Hobbs", "Publishers", "Ann",
               "Carol", "Parents", "Cat",
               "Priya", "Constant rush", "Dan",
               "3", "3", "3", "Ben", ""]
    result = _ask(tmp_path, "fight-club", "character", answers)
    assert "wrote" in result.output, result.output
    order = [line.split(" — ")[0].lstrip("> ") for line in result.output.splitlines() if " — " in line]
    assert order[:3] == ["name", "frustrations", "concept"]
    data = yaml.safe_load((tmp_path / "dale-pruitt.yaml").read_text(encoding="utf-8"))
    assert data["connections"][2] == {"npc": "Priya", "frustration": "Constant rush", "played_by": "Dan"}
    assert data["tokens"] == {"frustration": 3, "pain": 3, "retirement": 3}


def test_interview_reads_asset_dice_as_name_die_pairs(tmp_path):
    answers = ["Harrow", "Strength: d6, Agility: d8", "Oratory: d8", "", "Pistol: d12", "Stubborn", "", "Leo", ""]
    result = _ask(tmp_path, "contest", "character", answers)
    assert result.exit_code == 0, result.output
    data = yaml.safe_load((tmp_path / "harrow.yaml").read_text(encoding="utf-8"))
    assert data["attributes"] == {"Strength": "d6", "Agility": "d8"} and data["gear"] == {"Pistol": "d12"}
