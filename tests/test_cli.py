"""The command-line contract: output format, exit codes, help with examples."""

from __future__ import annotations

import json
import re

import click
import pytest

from conftest import EXAMPLES, GAME_IDS, ROOT
from playaid.cli import cli

GOOD = "system: dirt\nname: Moss\nstats: {mental: 2, physical: 5, social: 3}\njob: Roofer\nhobby: Skating\n"
BAD = "system: dirt\nname: Moss\nstats: {mental: 6, physical: 2, social: 2}\njob: Roofer\nhobby: Skating\n"
WARN = "system: dirt\nname: Moss\nstats: {mental: 1, physical: 5, social: 3}\njob: Roofer\nhobby: Skating\n"


def test_a_valid_file_exits_zero(files, run):
    result = run("validate", files.write("m.yaml", GOOD))
    assert result.exit_code == 0
    assert "checked 1 file: 0 errors, 0 warnings — valid" in result.output


def test_problems_print_as_file_line_col_severity_rule_with_a_fix(files, run):
    path = files.write("m.yaml", BAD)
    result = run("validate", path)
    assert result.exit_code == 1
    first = result.output.splitlines()[0]
    assert re.fullmatch(rf"{re.escape(str(path))}:3:17: error \[dirt\.stat-range\] .+", first), first
    assert result.output.splitlines()[1].startswith("    fix: ")


def test_json_lists_every_field_of_a_problem(files, run):
    result = run("validate", "--json", files.write("m.yaml", BAD))
    assert result.exit_code == 1
    [p] = json.loads(result.output)
    assert set(p) == {"file", "line", "column", "severity", "rule", "path", "message", "hint"}
    assert (p["line"], p["column"], p["path"], p["rule"]) == (3, 17, "stats.mental", "dirt.stat-range")


def test_warnings_pass_unless_strict(files, run):
    path = files.write("m.yaml", WARN)
    assert run("validate", path).exit_code == 0
    assert run("validate", "--strict", path).exit_code == 1


def test_a_folder_is_walked_for_yaml_files(files, run):
    files.write("a/m.yaml", GOOD)
    files.write("a/b/n.yaml", GOOD.replace("Moss", "Nell"))
    files.write("a/notes.txt", "not yaml")
    result = run("validate", files.root / "a")
    assert result.exit_code == 0 and "checked 2 files" in result.output


def test_a_missing_path_is_invalid_input_not_a_crash(files, run):
    result = run("validate", files.root / "nope.yaml")
    assert result.exit_code == 1 and "input.missing-file" in result.output


@pytest.mark.parametrize("args", [["validate"], ["validate", "--bogus", "x"], ["schema", "nosuchgame"], ["nosuchcommand"]])
def test_a_malformed_command_line_exits_two(run, args):
    assert run(*args).exit_code == 2


def test_schema_is_json_schema_for_every_game(run):
    result = run("schema")
    schema = json.loads(result.output)
    assert schema["$schema"].startswith("https://json-schema.org/")
    assert set(schema["properties"]["system"]["enum"]) == set(GAME_IDS)
    one = json.loads(run("schema", "dirt").output)
    models = {b["if"]["properties"]["kind"]["const"] for b in one["allOf"] if "kind" in b["if"]["properties"]}
    assert models == {"character", "setup", "scene"}


def test_systems_lists_every_game(run):
    out = run("systems").output
    assert len(GAME_IDS) >= 6
    for game in GAME_IDS:
        assert re.search(rf"^{game}\s", out, re.M)


def test_every_command_documents_an_example_and_has_its_reference_page(run):
    names = cli.list_commands(click.Context(cli))
    assert {"validate", "roll", "sheet", "packet", "map", "odds"} <= set(names)
    for name in names:
        help_text = run(name, "--help").output
        assert "Example: playaid " + name in help_text, name
        page = (ROOT / "docs" / "commands" / f"{name}.md").read_text(encoding="utf-8")
        assert f"# `playaid {name}`" in page, name  # tests/test_docs_site.py checks it is in the site


def _named_files(text: str) -> list[str]:
    return [w for w in text.split() if re.search(r"\.(ya?ml|csv|txt)$", w)]


def test_the_help_examples_work_in_any_folder_after_playaid_examples(run, tmp_path, monkeypatch):
    """A user of an installed playaid copies the examples out, then any `--help` example works."""
    monkeypatch.chdir(tmp_path)
    assert run("examples").exit_code == 0
    named, commands = [], []
    for name in cli.list_commands(click.Context(cli)):
        help_text = " ".join(run(name, "--help").output.split())
        for example in re.findall(r"Example: (playaid .*?)(?= Options:| Example:| For a| Queries:|$)", help_text):
            named += _named_files(example)
            commands.append(example)
    assert len(named) >= 4 and all(w.startswith("examples/") for w in named), named
    assert [w for w in named if not (tmp_path / w).is_file()] == []
    for example in commands:  # the quick ones run as written; the rendering ones name real files
        words = example.split()
        if words[1] in ("validate", "roll", "systems", "odds") and "&&" not in words:
            result = run(*words[1:])
            assert result.exit_code == 0, (example, result.output)


def test_the_readme_and_docs_examples_name_bundled_files():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    pages = [readme] + [p.read_text(encoding="utf-8") for p in sorted((ROOT / "docs").rglob("*.md"))]
    named = [w.strip("`(),") for text in pages for w in _named_files(text.replace("`", " "))]
    under = [w for w in named if w.startswith("examples/") and "<" not in w]  # not examples/<game>/*.yaml
    assert len(under) >= 20
    assert sorted({w for w in under if not (EXAMPLES / w.removeprefix("examples/")).is_file()}) == []
    assert "playaid examples" in readme


def test_demo_writes_the_validation_report_into_the_output_folder(demo_folder):
    out = demo_folder("a4")
    printed = demo_folder.printed["a4"]
    report = (out / "validation-report.txt").read_text(encoding="utf-8")
    assert "examples valid" in report
    rolls = (out / "example-rolls.txt").read_text(encoding="utf-8")
    assert "== dirt/scene-climb.yaml ==" in rolls and "outcome: " in rolls
    assert f"wrote {out}" in printed
    assert not [p for p in out.iterdir() if p.name.endswith(".part")]
    guide = (out / "README.txt").read_text(encoding="utf-8")
    listed = {line.strip() for line in guide.splitlines() if line.startswith("  ")}
    made = {p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file()} - {"README.txt"}
    assert listed == made  # every file the demo wrote, and only those, said what it is
    first = next(line.strip() for line in guide.splitlines() if line.startswith("  "))
    assert first.startswith("packets/") and "Also written" not in guide


def test_the_schema_accepts_every_example_and_rejects_a_typo(run):
    import jsonschema
    import yaml

    from conftest import EXAMPLES

    schema = json.loads(run("schema").output)
    validator = jsonschema.Draft202012Validator(schema)
    examples = sorted(EXAMPLES.rglob("*.yaml"))
    for path in examples:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        errors = list(validator.iter_errors(data))
        assert not errors, f"{path.name}: {errors[0].message}"
    moss = yaml.safe_load((EXAMPLES["dirt"] / "moss.yaml").read_text(encoding="utf-8"))
    assert list(validator.iter_errors({**moss, "hobbby": "x"}))
