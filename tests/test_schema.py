"""`playaid schema`: editors point at the field that is wrong, not at the whole file."""

from __future__ import annotations

import json

import pytest
import yaml

from conftest import EXAMPLES

jsonschema = pytest.importorskip("jsonschema")


@pytest.fixture(scope="module", params=[["schema"], ["schema", "sapio"]], ids=["every game", "sapio"])
def validator(request):
    from click.testing import CliRunner

    from playaid.cli import cli

    result = CliRunner().invoke(cli, request.param)
    return jsonschema.Draft202012Validator(json.loads(result.output))


def _wren() -> dict:
    return yaml.safe_load((EXAMPLES["sapio"] / "wren.yaml").read_text(encoding="utf-8"))


def _errors(validator, data) -> list[tuple[list, str]]:
    return [(list(e.absolute_path), e.validator) for e in validator.iter_errors(data)]


def test_a_wrong_field_of_a_sapio_character_is_reported_at_that_field(validator):
    assert _errors(validator, _wren()) == []
    best = jsonschema.exceptions.best_match(validator.iter_errors({**_wren(), "luck": "lots"}))
    assert list(best.absolute_path) == ["luck"] and best.validator == "type"
    assert _errors(validator, {**_wren(), "luck": "lots"}) == [(["luck"], "type")]


def test_a_nested_wrong_field_and_a_typo_are_reported_where_they_are(validator):
    wren = _wren()
    wren["weapons"][0]["name"] = 5
    assert _errors(validator, wren) == [(["weapons", 0, "name"], "type")]
    assert _errors(validator, {**_wren(), "lukc": 1}) == [([], "additionalProperties")]


def test_an_unknown_game_or_kind_is_reported_at_system_or_kind(validator):
    assert [p for p, _ in _errors(validator, {**_wren(), "system": "sapioo"})] == [["system"]]
    assert [p for p, _ in _errors(validator, {**_wren(), "kind": "charcter"})] == [["kind"]]
